"""Gradients of the diagonal and triangle ops (phi.kernels.funcs.diag), shared by the PHI
and legacy grad kernels, as Paddle 3.3.1's CPU grad kernels:

- tril_triu: X@GRAD is Out@GRAD's lower (upper) triangle from `diagonal` on, 0 elsewhere;
- diag_v2 (PHI diag): for a vector (or 0-D) X, X@GRAD is Out@GRAD's diagonal `offset`
  (padding_value has no gradient); for a matrix X, Out@GRAD on the diagonal `offset`, 0
  elsewhere;
- diagonal: Input@GRAD is Out@GRAD (the diagonal as its last axis) on the diagonal `offset`
  of the planes (axis1, axis2), 0 elsewhere.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.common import check_out_grad
from phi.kernels.funcs.diag import diagonal_axes, diagonal_dims, diagonal_length, tril_triu


def scatter_diagonal(xp: Any, values: Any, offset: int, axis1: int, axis2: int,
                     out: Any) -> None:
    """out = 0 with `values` (broadcast to [..., diagonal length], the other axes in out's
    order) on the diagonal `offset` of the planes (axis1, axis2) (normalized axes)."""
    out.fill(0)
    planes = xp.moveaxis(out, (axis1, axis2), (-2, -1))  # a view: writes land in out
    rows, cols = planes.shape[-2:]
    i = xp.arange(diagonal_length(rows, cols, offset))
    planes[..., i + max(-offset, 0), i + max(offset, 0)] = values


def tril_triu_grad(xp: Any, out_grad: Any, diagonal: int, lower: bool, x_grad: Any) -> None:
    check_out_grad("tril_triu_grad", out_grad, x_grad.shape)
    tril_triu(xp, out_grad, diagonal, lower, x_grad)


def diag_grad(xp: Any, x: Any, out_grad: Any, offset: int, x_grad: Any) -> None:
    if x.ndim == 2:
        check_out_grad("diag_v2_grad", out_grad,
                       (diagonal_length(x.shape[0], x.shape[1], offset),))
        scatter_diagonal(xp, out_grad, offset, 0, 1, x_grad)
        return
    n = x.size + abs(offset)
    check_out_grad("diag_v2_grad", out_grad, (n, n))
    x_grad[...] = xp.diagonal(out_grad, offset).reshape(x.shape)


def diagonal_grad(xp: Any, out_grad: Any, offset: int, axis1: int, axis2: int,
                  input_grad: Any) -> None:
    check_out_grad("diagonal_grad", out_grad,
                   diagonal_dims(input_grad.shape, offset, axis1, axis2))
    a1, a2 = diagonal_axes(input_grad.shape, axis1, axis2)
    scatter_diagonal(xp, out_grad, offset, a1, a2, input_grad)
