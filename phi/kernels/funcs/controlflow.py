"""Control-flow helpers with a kernel, shared by the PHI and legacy kernels: is_empty."""

from __future__ import annotations

from typing import Any


def is_empty(xp: Any, x: Any, out: Any) -> None:
    """out (0-D bool) = whether x has no elements (a 0-D x has one)."""
    out[...] = x.size == 0
