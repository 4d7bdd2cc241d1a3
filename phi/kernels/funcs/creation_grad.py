"""Gradients of the creation family's writing ops: what the forward overwrote gets no
gradient, the rest passes Out@GRAD through.

- fill_any (PHI fill): every element is overwritten, X@GRAD is zero;
- fill_diagonal: Out@GRAD with the diagonal the forward wrote (same offset / wrap walk) zeroed;
- fill_diagonal_tensor: Out@GRAD with the (dim1, dim2, offset) diagonal zeroed;
- set_value: Input's gradient is Out@GRAD with the written window zeroed, ValueTensor's the
  window's gradient summed back to the value's dims.
"""

from __future__ import annotations

from collections.abc import Sequence
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


def set_value_grad(xp: Any, out_grad: Any, axes: Sequence[int], starts: Sequence[int],
                   ends: Sequence[int], steps: Sequence[int], decrease_axes: Sequence[int],
                   none_axes: Sequence[int], x_grad: Any | None, value_grad: Any | None
                   ) -> None:
    """set_value's gradients: x_grad is out_grad with the written window zeroed; value_grad
    (in the value's dims) is the window's gradient summed over what the value was broadcast
    along (zero for an empty window). Either output may be None (not asked for)."""
    windows = creation_funcs.set_value_windows(out_grad.shape, axes, starts, ends, steps)
    window = out_grad[windows] if windows else out_grad[...]
    if x_grad is not None:
        copy_into(xp, out_grad, x_grad)
        (x_grad[windows] if windows else x_grad[...])[...] = 0
    if value_grad is None:
        return
    target = creation_funcs.set_value_target_dims(window.shape, decrease_axes, none_axes)
    creation_funcs.check_value_dims(target, value_grad.shape)
    if window.size == 0:
        value_grad[...] = 0
        return
    full = creation_funcs.strip_ones(target)
    value = creation_funcs.strip_ones(value_grad.shape)
    grad = window.reshape(full)
    lead = len(full) - len(value)
    summed = tuple(range(lead)) + tuple(lead + i for i, d in enumerate(value)
                                        if d == 1 and full[lead + i] != 1)
    value_grad[...] = xp.sum(grad, axis=summed).reshape(value_grad.shape)
