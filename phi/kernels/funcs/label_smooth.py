"""label_smooth: out = (1 - epsilon) * x + epsilon * prior over the last axis (K classes),
prior = PriorDist (K values, one per class) or the uniform 1 / K.

The coefficients are single-precision as in Paddle's kernel (1 - epsilon and epsilon / K
are float computations, then cast to x's type).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def label_smooth_dims(x_dims: Sequence[int], prior_dims: Sequence[int] | None
                      ) -> tuple[int, ...]:
    if len(x_dims) < 1:
        raise ValueError("label_smooth: X must have at least 1 dim (the classes)")
    classes = int(x_dims[-1])
    if prior_dims is not None and int(np.prod(prior_dims, dtype=np.int64)) != classes:
        raise ValueError(f"label_smooth: PriorDist must hold one value per class ({classes}), "
                         f"got dims {list(prior_dims)}")
    return tuple(int(d) for d in x_dims)


def label_smooth(xp: Any, x: Any, prior: Any | None, epsilon: float, out: Any) -> None:
    label_smooth_dims(x.shape, None if prior is None else prior.shape)
    classes = int(x.shape[-1])
    if out.size == 0:
        return
    dtype = x.dtype.type
    eps = np.float32(epsilon)
    keep = dtype(np.float32(1) - eps)
    rows = x.reshape(-1, classes)
    if prior is None:
        smoothed = rows * keep + dtype(eps / np.float32(classes))
    else:
        smoothed = rows * keep + dtype(eps) * prior.reshape(1, classes).astype(x.dtype)
    out[...] = smoothed.reshape(out.shape)
