"""Dropout: the inference transform, and the random-mask training form.

Inference: "downgrade_in_infer" scales by (1 - p) (computed in float32, as
the attribute is a float32); "upscale_in_train" passes x through.
Training: keep each element with probability 1 - p (mask 1 = kept);
"upscale_in_train" divides the kept elements by (1 - p). With a fixed non-zero seed the
mask is Paddle's own (phi.kernels.funcs.cpu_engine).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from phi.kernels.funcs import cpu_engine
from phi.kernels.funcs import random as random_funcs

MODES = ("downgrade_in_infer", "upscale_in_train")


def check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"dropout_implementation must be one of {MODES}, got {mode!r}")


def dropout_infer(xp: Any, x: Any, p: float, mode: str, out: Any) -> None:
    check_mode(mode)
    if mode == "upscale_in_train":
        out[...] = x
        return
    keep = np.float32(1.0) - np.float32(p)
    out[...] = x * x.dtype.type(keep)


def keep_mask(shape: tuple[int, ...], p: float, seed: int | None) -> np.ndarray:
    """Which elements training dropout keeps (bool, host). A non-zero `seed` gives Paddle's
    CPU mask exactly (a fresh std::mt19937_64 seeded with it, an element dropped where its
    uniform float draw is below p); None or 0 draws from fluidphi's process-wide NumPy
    generator (`random.seed_all`), which is not Paddle's."""
    count = math.prod(shape)
    if seed:
        draws = cpu_engine.uniform_float(seed, count)
    else:
        draws = random_funcs.global_generator().random(count, dtype=np.float32)
    return ~(draws < np.float32(p)).reshape(shape)


def dropout_train(xp: Any, x: Any, p: float, mode: str, seed: int | None, out: Any,
                  mask: Any | None) -> None:
    """Training dropout as Paddle's CPU kernel: p == 1 zeroes everything; kept elements
    are x / (1 - p) ("upscale_in_train", 1 - p rounded to float32 first) or x."""
    check_mode(mode)
    if np.float32(p) == np.float32(1.0):
        out[...] = 0
        if mask is not None:
            mask[...] = 0
        return
    keep = xp.asarray(keep_mask(tuple(x.shape), p, seed))
    if mode == "upscale_in_train":
        kept = x / x.dtype.type(np.float32(1.0) - np.float32(p))
    else:
        kept = x
    out[...] = xp.where(keep, kept, x.dtype.type(0))
    if mask is not None:
        mask[...] = keep


def dropout_grad(xp: Any, mask: Any | None, out_grad: Any, p: float, is_test: bool, mode: str,
                 x_grad: Any) -> None:
    """The gradient through dropout, as Paddle's CPU dropout_grad: in test mode dy scaled
    like the forward ("downgrade_in_infer": by 1 - p); in training dy where Mask kept the
    element, divided by 1 - p for "upscale_in_train" (p == 1: 0 * dy, so NaN stays NaN).
    `mask` may be None in test mode, which never reads it."""
    check_mode(mode)
    dtype = out_grad.dtype.type
    keep = dtype(np.float32(1.0) - np.float32(p))
    if is_test:
        x_grad[...] = out_grad if mode == "upscale_in_train" else out_grad * keep
        return
    if mask is None:
        raise ValueError("dropout_grad: training mode needs the forward's Mask")
    kept = out_grad * mask.astype(out_grad.dtype)
    if mode == "downgrade_in_infer":
        x_grad[...] = kept
    elif np.float32(p) == np.float32(1.0):
        x_grad[...] = out_grad * dtype(0)
    else:
        xp.divide(kept, keep, out=x_grad)
