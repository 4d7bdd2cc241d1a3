"""Gradient-clipping math as Paddle's CPU kernels compute it (in the input's dtype):

- squared_l2_norm: sum(x * x) as a [1] tensor (ClipGradByGlobalNorm sums these over the
  parameters, then takes sqrt);
- clip_by_norm: x * scaling, scaling = 1 when ||x|| <= max_norm, else
  max_norm / (||x|| + eps) with eps 1e-6 only when ||x|| <= 1e-30 (a NaN norm compares
  false and so scales by max_norm / NaN, as in Paddle).
"""

from __future__ import annotations

from typing import Any


def squared_l2_norm(xp: Any, x: Any, out: Any) -> None:
    out[...] = xp.sum(x * x, dtype=x.dtype)


def clip_by_norm(xp: Any, x: Any, max_norm: float, out: Any) -> None:
    t = x.dtype.type
    norm = xp.sqrt(xp.sum(x * x, dtype=x.dtype))
    # comparisons stay in xp (the norm lives with x: no host conversion on a device)
    inside = (norm <= t(max_norm)).astype(x.dtype)
    eps = xp.where(norm <= t(1e-30), t(1e-6), t(0)).astype(x.dtype)
    scaling = inside + (t(1) - inside) * t(max_norm) / (norm + eps)
    xp.multiply(x, scaling, out=out)
