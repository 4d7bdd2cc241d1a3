"""2-D max / average pooling (plain, global, adaptive): pool2d's entry points into the
N-d pooling of phi.kernels.funcs.pooling_nd (window rules documented there)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import Workspace
from phi.kernels.funcs.pooling_nd import pool_nd, pool_nd_out_dims


def pool2d_out_dims(x_dims: Sequence[int], kernel_size: Sequence[int], strides: Sequence[int],
                    paddings: Sequence[int], ceil_mode: bool, data_format: str,
                    global_pooling: bool, adaptive: bool,
                    padding_algorithm: str) -> tuple[int, ...]:
    return pool_nd_out_dims(x_dims, kernel_size, strides, paddings, ceil_mode, data_format,
                            global_pooling, adaptive, padding_algorithm, 2, "pool2d")


def pool2d(xp: Any, x: Any, kernel_size: Sequence[int], strides: Sequence[int],
           paddings: Sequence[int], ceil_mode: bool, exclusive: bool, data_format: str,
           pooling_type: str, global_pooling: bool, adaptive: bool, padding_algorithm: str,
           out: Any, workspace: Workspace | None = None) -> None:
    """out = pool2d(x); `out` has the dims `pool2d_out_dims` gives (scratch memory from
    `workspace`, fresh when None)."""
    pool_nd(xp, x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format,
            pooling_type, global_pooling, adaptive, padding_algorithm, out, "pool2d",
            workspace)
