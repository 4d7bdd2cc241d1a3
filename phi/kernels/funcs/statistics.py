"""Statistics math shared by the PHI and legacy kernels: std, var. Functions of `xp`
(NumPy or CuPy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.reduce import reduce_axes, reduce_dims


def moment_dims(x_dims: Sequence[int], axis: Sequence[int], keepdim: bool
                ) -> tuple[int, ...]:
    """std / var: x's dims without the reduced axes (1s with keepdim); no axis: all."""
    return reduce_dims(x_dims, axis, keepdim, not axis)


def variance(xp: Any, x: Any, axis: Sequence[int], correction: float, out: Any,
             root: bool = False) -> None:
    """out = sum((x - mean)^2) / (N - correction) over `axis` (all when empty), its square
    root with `root` (std). Paddle's kernels ignore `unbiased`: `correction` alone decides
    (N - correction = 0 gives inf, or NaN for no spread; no elements give NaN)."""
    axes = reduce_axes(x.ndim, axis, not axis)
    count = 1
    for a in axes:
        count *= x.shape[a]
    if count == 0:  # Paddle's mean of nothing is NaN, and so is every moment
        out.fill(float("nan"))
        return
    with quiet(xp):
        dev = x - xp.mean(x, axis=axes, keepdims=True)
        total = xp.sum(dev * dev, axis=axes).reshape(out.shape)
        xp.divide(total, x.dtype.type(count - correction), out=out)
        if root:
            xp.sqrt(out, out=out)
