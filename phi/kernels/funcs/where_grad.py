"""Gradient of where, shared by PHI and legacy kernels: Out@GRAD goes to x where the
condition holds and to y elsewhere, each summed back to its operand's dims (equal dims:
the forward takes no others, as Paddle 3.3.1's where)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.elementwise import sum_to


def where_grad(xp: Any, condition: Any, x_shape: Sequence[int], y_shape: Sequence[int],
               out_grad: Any, x_grad: Any | None, y_grad: Any | None) -> None:
    """x_grad = out_grad where condition, else 0; y_grad = the rest (a gradient passed as
    None is not asked for)."""
    # condition may be a host array (the legacy op reads it unmoved): on out_grad's device
    holds = xp.broadcast_to(xp.asarray(condition).astype(bool, copy=False), out_grad.shape)
    zero = xp.zeros((), out_grad.dtype)
    if x_grad is not None:
        sum_to(xp, xp.where(holds, out_grad, zero), x_shape, -1, x_grad)
    if y_grad is not None:
        sum_to(xp, xp.where(holds, zero, out_grad), y_shape, -1, y_grad)
