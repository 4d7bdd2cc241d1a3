"""Gradients of the creation family's writing ops: what the forward overwrote gets no
gradient, the rest passes Out@GRAD through.

- fill_any (PHI fill): every element is overwritten, X@GRAD is zero;
- fill_diagonal: Out@GRAD with the diagonal the forward wrote (same offset / wrap walk) zeroed;
- fill_diagonal_tensor: Out@GRAD with the (dim1, dim2, offset) diagonal zeroed.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import creation as creation_funcs
from phi.kernels.funcs.common import copy_into


def fill_grad(xp: Any, out_grad: Any, x_grad: Any) -> None:
    x_grad[...] = 0


def fill_diagonal_grad(xp: Any, out_grad: Any, offset: int, wrap: bool, x_grad: Any) -> None:
    creation_funcs.fill_diagonal(xp, out_grad, 0.0, offset, wrap, x_grad)


def fill_diagonal_tensor_grad(xp: Any, out_grad: Any, offset: int, dim1: int, dim2: int,
                              x_grad: Any) -> None:
    length = creation_funcs.diagonal_fill_dims(out_grad.shape, offset, dim1, dim2)[-1]
    copy_into(xp, out_grad, x_grad)
    creation_funcs.write_diagonal(xp, x_grad, 0, length, offset, dim1, dim2)
