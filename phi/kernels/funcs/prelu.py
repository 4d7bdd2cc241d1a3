"""PReLU: out = x where x > 0, alpha * x elsewhere, with alpha shared per mode.

mode "all": one alpha; "channel": one per channel (axis 1, or the last axis for
channel-last formats); "element": one per element of a sample (x.shape[1:]).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

CHANNEL_LAST = ("NHWC", "NLC", "NDHWC")
MODES = ("all", "channel", "element")


def alpha_shape(x_dims: Sequence[int], mode: str, data_format: str) -> tuple[int, ...]:
    """The shape alpha broadcasts as against x (also checks its element count)."""
    rank = len(x_dims)
    if mode == "all":
        return (1,) * max(rank, 1)
    if mode == "channel":
        if rank < 2:
            raise ValueError(f"prelu: mode 'channel' needs an input of rank >= 2, got {rank}")
        axis = rank - 1 if data_format in CHANNEL_LAST else 1
        return tuple(int(d) if i == axis else 1 for i, d in enumerate(x_dims))
    if mode == "element":
        if rank < 1:
            raise ValueError("prelu: mode 'element' needs an input of rank >= 1")
        return (1, *(int(d) for d in x_dims[1:]))
    raise ValueError(f"prelu: mode must be one of {MODES}, got {mode!r}")


def check_alpha(x_dims: Sequence[int], alpha_numel: int, mode: str, data_format: str) -> None:
    want = int(np.prod(alpha_shape(x_dims, mode, data_format), dtype=np.int64))
    if alpha_numel != want:
        raise ValueError(f"prelu: mode '{mode}' ({data_format}) wants {want} alpha values for "
                         f"input dims {list(x_dims)}, got {alpha_numel}")


def prelu(xp: Any, x: Any, alpha: Any, data_format: str, mode: str, out: Any) -> None:
    check_alpha(x.shape, int(alpha.size), mode, data_format)
    a = alpha.reshape(alpha_shape(x.shape, mode, data_format)).astype(x.dtype, copy=False)
    out[...] = xp.where(x > 0, x, a * x)
