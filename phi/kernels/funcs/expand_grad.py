"""Gradients of expand (expand_v2) and tile: the output gradient summed back onto x.

expand broadcasts x (right-aligned, size-1 dims stretched, new leading dims), so x's
gradient sums the output gradient over the new leading axes and the stretched ones. tile
repeats x whole along each (right-aligned) axis, so each axis of the output gradient splits
into (repeat, x's size), repeat-major, and the repeats are summed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.common import DataType

#: Paddle 3.3.1's CPU dtypes of tile_grad and expand_grad
TILE_GRAD_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16,
                   DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
                   DataType.COMPLEX64, DataType.COMPLEX128)
EXPAND_GRAD_TYPES = (*TILE_GRAD_TYPES, DataType.FLOAT16, DataType.BFLOAT16)
#: expand_grad's GPU dtypes (not checked against Paddle's GPU build)
EXPAND_GRAD_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)


def expand_grad(xp: Any, x_shape: Sequence[int], out_grad: Any, x_grad: Any) -> None:
    lead = out_grad.ndim - len(x_shape)
    stretched = tuple(lead + i for i, d in enumerate(x_shape)
                      if int(d) == 1 and out_grad.shape[lead + i] != 1)
    summed = out_grad.sum(axis=tuple(range(lead)) + stretched, keepdims=True)
    xp.copyto(x_grad, summed.reshape(x_grad.shape), casting="unsafe")


def tile_grad(xp: Any, x_shape: Sequence[int], out_grad: Any, x_grad: Any) -> None:
    n = out_grad.ndim
    dims = [1] * (n - len(x_shape)) + [int(d) for d in x_shape]
    if any(d == 0 for d in dims) or out_grad.size == 0:
        x_grad[...] = 0
        return
    split = []
    for size, d in zip(out_grad.shape, dims):
        split += [size // d, d]
    summed = out_grad.reshape(split).sum(axis=tuple(range(0, 2 * n, 2)))
    xp.copyto(x_grad, summed.reshape(x_grad.shape), casting="unsafe")
