"""Dropout: the inference transform, and the random-mask training form.

Inference: "downgrade_in_infer" scales by (1 - p) (computed in float32, as
the attribute is a float32); "upscale_in_train" passes x through.
Training: keep each element with probability 1 - p (mask 1 = kept);
"upscale_in_train" divides the kept elements by (1 - p).
"""

from __future__ import annotations

from typing import Any

import numpy as np

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


def dropout_train(xp: Any, x: Any, p: float, mode: str, seed: int | None, out: Any,
                  mask: Any | None) -> None:
    """Random dropout; `seed` None draws a fresh seed (not reproducible)."""
    check_mode(mode)
    rng = np.random.default_rng(seed)
    keep_host = rng.random(tuple(x.shape), dtype=np.float32) >= np.float32(p)
    keep = xp.asarray(keep_host)
    if mode == "upscale_in_train":
        if p >= 1.0:
            out[...] = xp.zeros_like(x)
        else:
            factor = x.dtype.type(np.float32(1.0) / (np.float32(1.0) - np.float32(p)))
            out[...] = x * keep.astype(x.dtype) * factor
    else:
        out[...] = x * keep.astype(x.dtype)
    if mask is not None:
        mask[...] = keep.astype(np.uint8)
