"""out = scale * x + bias, or scale * (x + bias): computed in the element type of x."""

from __future__ import annotations

from typing import Any

#: element types a Python float scalar is rounded to exactly as `dtype.type(value)` rounds
#: it (NumPy's weak scalars): no scalar object needs making per call
_WEAK_FLOAT_KINDS = frozenset({"float32", "float64"})


def scale(xp: Any, x: Any, scale: float, bias: float, bias_after_scale: bool, out: Any) -> None:
    if x.dtype.name in _WEAK_FLOAT_KINDS:
        s, b = float(scale), float(bias)
    else:
        s, b = x.dtype.type(scale), x.dtype.type(bias)
    if bias_after_scale:
        xp.multiply(x, s, out=out)
        out += b
    else:
        xp.add(x, b, out=out)
        out *= s
