"""Lowering of softmax."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import softmax as softmax_funcs
from phi.kernels.impl.softmax_kernel_impl import softmax_kernel
from phi.lowering import FLOATS, Emit, lowers


@lowers("softmax", softmax_kernel, FLOATS)
def softmax(emit: Emit, x: Any, axis: int, out: Any) -> list[str]:
    return [emit.call(softmax_funcs.softmax, emit.xp, emit.array(x), axis,
                      emit.output(out, x.dtype))]
