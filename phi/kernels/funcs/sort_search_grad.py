"""Gradients of the sorting ops (argsort, topk, kthvalue, mode), shared by PHI and legacy
kernels: each output element came from X at its index along the axis, so X's gradient is
zero but the output gradient put back there."""

from __future__ import annotations

from typing import Any


def put_back_grad(xp: Any, indices: Any, out_grad: Any, axis: int, keepdim: bool,
                  x_grad: Any) -> None:
    """x_grad = 0, then out_grad[p] at x_grad[..., indices[p], ...] along `axis` for every
    position p (a reduced output without `keepdim` lacks the axis: it is put back first);
    a 0-d x_grad takes out_grad itself. `indices` may be a host array (the legacy op reads
    Indices unmoved): it is put on x_grad's device first."""
    if x_grad.ndim == 0:
        xp.copyto(x_grad, out_grad.reshape(()), casting="unsafe")
        return
    x_grad[...] = 0
    ax = axis % x_grad.ndim
    indices = xp.asarray(indices)  # read as fed: a host Indices is copied to x_grad's device
    if not keepdim:
        indices = xp.expand_dims(indices, ax)
        out_grad = xp.expand_dims(out_grad, ax)
    xp.put_along_axis(x_grad, indices.astype(xp.int64, copy=False), out_grad, ax)
