"""out = scale * x + bias, or scale * (x + bias): computed in the element type of x."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.common import typed_scalar


def scale(xp: Any, x: Any, scale: float, bias: float, bias_after_scale: bool, out: Any) -> None:
    s = typed_scalar(x.dtype, scale)
    b = typed_scalar(x.dtype, bias)
    if bias_after_scale:
        xp.multiply(x, s, out=out)
        out += b
    else:
        xp.add(x, b, out=out)
        out *= s
