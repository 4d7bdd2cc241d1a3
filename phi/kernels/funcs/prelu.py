"""PReLU: out = x where x > 0, alpha * x elsewhere, with alpha shared per mode.

mode "all": one alpha; "channel": one per channel (axis 1 for "NCHW", the last axis for
"NHWC"); "element": one per element of a sample (x.shape[1:]). The checks are Paddle's
PReluInferMeta: channel mode takes only NCHW or NHWC; element mode wants alpha with x's
rank and the product of its dims after the first equal to x's (Paddle's kernel reads the
first prod(x.shape[1:]) values).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet

CHANNEL_FORMATS = ("NCHW", "NHWC")
MODES = ("all", "channel", "element")


def alpha_shape(x_dims: Sequence[int], mode: str, data_format: str) -> tuple[int, ...]:
    """The shape the alpha values used broadcast as against x."""
    rank = len(x_dims)
    if mode == "all":
        return (1,) * max(rank, 1)
    if mode == "channel":
        axis = rank - 1 if data_format == "NHWC" else 1
        return tuple(int(d) if i == axis else 1 for i, d in enumerate(x_dims))
    return (1, *(int(d) for d in x_dims[1:]))


def _numel(dims: Sequence[int]) -> int:
    return int(np.prod(dims, dtype=np.int64))


def check_alpha(x_dims: Sequence[int], a_dims: Sequence[int], mode: str,
                data_format: str) -> None:
    """Paddle's rules for Alpha's dims against X's per mode (ValueError when broken)."""
    rank, got = len(x_dims), _numel(a_dims)
    if mode == "all":
        if got != 1:
            raise ValueError(f"prelu: mode 'all' wants 1 alpha value, got dims {list(a_dims)}")
    elif mode == "channel":
        if rank < 2:
            raise ValueError(f"prelu: mode 'channel' needs an input of rank >= 2, got {rank}")
        if data_format not in CHANNEL_FORMATS:
            raise ValueError(f"prelu: mode 'channel' takes data_format NCHW or NHWC, got "
                             f"{data_format!r}")
        want = int(x_dims[1] if data_format == "NCHW" else x_dims[-1])
        if got != want:
            raise ValueError(f"prelu: mode 'channel' ({data_format}) wants {want} alpha values "
                             f"for input dims {list(x_dims)}, got dims {list(a_dims)}")
    elif mode == "element":
        if rank < 1 or len(a_dims) != rank:
            raise ValueError(f"prelu: mode 'element' wants alpha of X's rank {rank}, got dims "
                             f"{list(a_dims)}")
        if _numel(a_dims[1:]) != _numel(x_dims[1:]):
            raise ValueError(f"prelu: mode 'element' wants alpha dims [*, "
                             f"{', '.join(str(d) for d in x_dims[1:])}] (same count), got "
                             f"{list(a_dims)}")
    else:
        raise ValueError(f"prelu: mode must be one of {MODES}, got {mode!r}")


def prelu(xp: Any, x: Any, alpha: Any, data_format: str, mode: str, out: Any) -> None:
    check_alpha(x.shape, alpha.shape, mode, data_format)
    shape = alpha_shape(x.shape, mode, data_format)
    a = alpha.reshape(-1)[:_numel(shape)].reshape(shape).astype(x.dtype, copy=False)
    with quiet(xp):  # 0 * inf is NaN, as in Paddle
        out[...] = xp.where(x > 0, x, a * x)
