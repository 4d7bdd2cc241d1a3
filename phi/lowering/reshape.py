"""Lowering of reshape (reshape2): a copy into Out's buffer, as the kernel writes it, from a
view of X in Out's dims made once; XShape keeps its dims and no buffer (the kernel does not
touch it)."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.impl.reshape_kernel_impl import reshape_kernel
from phi.lowering import Emit, lowers

#: every dtype the kernel takes: a copy is exact for each
_ALL = [t for t in DataType if t not in (DataType.UNDEFINED, DataType.ALL_DTYPE)]


@lowers("reshape", reshape_kernel, _ALL)
def reshape(emit: Emit, x: Any, shape: Any, out: Any, xshape: Any) -> list[str]:
    xn, on = emit.array(x), emit.output(out, x.dtype)
    view = emit.view(xn, emit.buffer(xn).reshape(emit.buffer(on).shape), "x_as_out")
    return [emit.call(np.copyto, on, view)]
