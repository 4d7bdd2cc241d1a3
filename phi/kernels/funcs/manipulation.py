"""Manipulation math shared by the PHI and legacy kernels of the manipulation family:
unstack. Functions of `xp` (NumPy or CuPy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs import manipulation_ext


def unstack_dims(x_dims: Sequence[int], axis: int, num: int,
                 count: int) -> list[tuple[int, ...]]:
    """x's dims without `axis`, once per output: `num` outputs, x.dims[axis] of them."""
    if count != num:
        raise ValueError(f"unstack: {count} outputs Y, but attribute num is {num}")
    return manipulation_ext.unbind_dims(x_dims, axis, count, "unstack")


def unstack(xp: Any, x: Any, axis: int, num: int, outs: Sequence[Any]) -> None:
    """outs[i] = x's slice i along `axis`."""
    unstack_dims(x.shape, axis, num, len(outs))
    manipulation_ext.unbind(xp, x, axis, outs, "unstack")
