"""increment: out = x + step, step cast to x's element type first (an integer counter adds
int(step), truncated toward zero, as Paddle's static_cast does); x holds one element."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def check_increment_dims(dims: Sequence[int]) -> None:
    count = 1
    for d in dims:
        count *= int(d)
    if count != 1:
        raise ValueError(f"increment: X must hold exactly one element, got dims {list(dims)}")


def increment(xp: Any, x: Any, step: float, out: Any) -> None:
    xp.add(x, x.dtype.type(step), out=out)
