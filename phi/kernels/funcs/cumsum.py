"""cumsum: running sums along one axis (or over the flattened tensor), shared by PHI and
legacy kernels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import compute_dtype, quiet


def cumsum_axis(axis: int, rank: int, flatten: bool) -> int:
    """The axis the scan runs along (0 when flattened); negative axes count from the end."""
    if flatten or rank == 0:
        return 0
    if not -rank <= axis < rank:
        raise ValueError(f"cumsum: axis {axis} is out of range for a {rank}-D input")
    return axis % rank


def cumsum_dims(x_dims: Sequence[int], flatten: bool) -> tuple[int, ...]:
    """x's dims, or [numel] when flattened."""
    if flatten:
        return (int(np.prod(x_dims, dtype=np.int64)),)
    return tuple(int(d) for d in x_dims)


def cumsum(xp: Any, x: Any, axis: int, flatten: bool, exclusive: bool, reverse: bool,
           out: Any) -> None:
    """Inclusive (or exclusive: each position leaves itself out) prefix sums, from the front
    (or from the back when `reverse`). Sums run sequentially in x's type (float32 for
    float16/bfloat16); integers wrap. A one-element x is copied whatever `exclusive` says
    (as Paddle 3.3.1's CPU kernel does).
    """
    if x.size == 1:
        xp.copyto(out, x.reshape(out.shape), casting="unsafe")
        return
    w = x.reshape(-1) if flatten or x.ndim == 0 else x
    ax = cumsum_axis(axis, x.ndim, flatten)
    acc = compute_dtype(x.dtype)
    if w.shape[ax] == 0:
        return
    if reverse:
        w = xp.flip(w, axis=ax)
    with quiet(xp):
        scan = xp.cumsum(w, axis=ax, dtype=acc)
    if exclusive:
        head = [slice(None)] * w.ndim
        head[ax] = slice(0, 1)
        body = [slice(None)] * w.ndim
        body[ax] = slice(0, -1)
        scan = xp.concatenate([xp.zeros_like(scan[tuple(head)]), scan[tuple(body)]], axis=ax)
    if reverse:
        scan = xp.flip(scan, axis=ax)
    xp.copyto(out, scan.reshape(out.shape), casting="unsafe")


def cumsum_grad(xp: Any, out_grad: Any, axis: int, flatten: bool, exclusive: bool,
                reverse: bool, x_grad: Any) -> None:
    """x_grad (x's dims) of cumsum: each input element feeds the outputs after it (before it
    when `reverse`), so its gradient is the running sum of out_grad from the other end, with
    the forward's `exclusive`; out_grad is 1-D when `flatten`."""
    cumsum(xp, out_grad, axis, flatten, exclusive, not reverse, x_grad)
