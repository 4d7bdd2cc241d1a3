"""out = scale * x + bias, or scale * (x + bias): computed in the element type of x."""

from __future__ import annotations

from typing import Any


def scale(xp: Any, x: Any, scale: float, bias: float, bias_after_scale: bool, out: Any) -> None:
    s = x.dtype.type(scale)
    b = x.dtype.type(bias)
    if bias_after_scale:
        xp.multiply(x, s, out=out)
        out += b
    else:
        xp.add(x, b, out=out)
        out *= s
