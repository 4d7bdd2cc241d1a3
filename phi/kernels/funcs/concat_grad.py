"""Gradients of concat and stack: the output gradient cut back into the inputs' pieces
(concat: along the axis, by the inputs' sizes there; stack: the slices of the new axis).
An input whose gradient is not asked for (None) is skipped."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.concat_split import normalize_axis, stack_axis


def concat_grad(xp: Any, x_shapes: Sequence[Sequence[int]], out_grad: Any, axis: int,
                x_grads: Sequence[Any | None]) -> None:
    ax = normalize_axis(axis, out_grad.ndim)
    start = 0
    for shape, x_grad in zip(x_shapes, x_grads):
        size = int(shape[ax])
        if x_grad is not None:
            index = [slice(None)] * out_grad.ndim
            index[ax] = slice(start, start + size)
            xp.copyto(x_grad, out_grad[tuple(index)], casting="unsafe")
        start += size


def stack_grad(xp: Any, out_grad: Any, axis: int, x_grads: Sequence[Any | None]) -> None:
    ax = stack_axis(axis, out_grad.ndim - 1)
    for i, x_grad in enumerate(x_grads):
        if x_grad is not None:
            xp.copyto(x_grad, xp.take(out_grad, i, axis=ax), casting="unsafe")
