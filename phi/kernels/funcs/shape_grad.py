"""Gradients of the shape ops: reshape / flatten / squeeze / unsqueeze copy the output
gradient into the input's dims (recorded by XShape); transpose permutes it back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.transpose import normalize_perm


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
