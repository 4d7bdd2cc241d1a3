"""cast: element-type conversion with C cast semantics, shared by PHI and legacy kernels."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet


def cast(xp: Any, x: Any, out: Any) -> None:
    """out = x converted to out's dtype (floats truncate toward zero; complex -> real part)."""
    if np.dtype(x.dtype).kind == "c" and np.dtype(out.dtype).kind != "c":
        x = x.real
    with quiet(xp):
        xp.copyto(out, x, casting="unsafe")
