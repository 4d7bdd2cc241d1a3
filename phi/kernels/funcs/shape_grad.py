"""Gradients of the shape ops: reshape / flatten / squeeze / unsqueeze copy the output
gradient into the input's dims (recorded by XShape); transpose permutes it back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.common import DataType
from phi.kernels.funcs.transpose import normalize_perm

#: Paddle 3.3.1's CPU dtypes of flatten_grad (flatten_contiguous_range_grad): no float16 or
#: complex, which its forward has
FLATTEN_GRAD_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16,
                          DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
                          DataType.BFLOAT16)


def inverse_perm(rank: int, axis: Sequence[int]) -> tuple[int, ...]:
    """The permutation undoing the forward's `axis`."""
    perm = normalize_perm(rank, axis)
    inverse = [0] * rank
    for i, p in enumerate(perm):
        inverse[p] = i
    return tuple(inverse)


def transpose_grad_dims(out_grad_dims: Sequence[int], axis: Sequence[int]) -> tuple[int, ...]:
    dims = [int(d) for d in out_grad_dims]
    return tuple(dims[p] for p in inverse_perm(len(dims), axis))


def x_dims_from_xshape(xshape_dims: Sequence[int]) -> tuple[int, ...]:
    """The forward input's dims that an XShape ([0, *x.dims]) records."""
    dims = tuple(int(d) for d in xshape_dims)
    if not dims or dims[0] != 0:
        raise ValueError(f"XShape must have dims [0, *x.dims], got {list(dims)}")
    return dims[1:]


def transpose_grad(xp: Any, out_grad: Any, axis: Sequence[int], x_grad: Any) -> None:
    x_grad[...] = xp.transpose(out_grad, inverse_perm(out_grad.ndim, axis))
