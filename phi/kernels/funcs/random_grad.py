"""Gradients of the random family's ops, as Paddle 3.3.1's kernels compute them; none
depends on the draw beyond the forward outputs it is given.

- gaussian_inplace, uniform_random_inplace, poisson, random: Out does not depend on X's
  values, X@GRAD is zero.
- gumbel_softmax: softmax's gradient from Out, without the 1 / temperature of the
  derivative (Paddle's kernel leaves it out; with `hard`, Out is the one-hot).
- shuffle_batch: row i of X@GRAD is row ShuffleIdx[i] of Out@GRAD (the forward moved X's
  row i there), rows being every dim but the last.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.activation_grad import softmax_grad


def zero_grad(xp: Any, out_grad: Any, x_grad: Any) -> None:
    x_grad[...] = 0


def gumbel_softmax_grad(xp: Any, out: Any, out_grad: Any, axis: int, x_grad: Any) -> None:
    softmax_grad(xp, out, out_grad, axis, x_grad)


def shuffle_batch_grad(xp: Any, shuffle_idx: Any, out_grad: Any, x_grad: Any) -> None:
    rows = x_grad.reshape(-1, x_grad.shape[-1]) if x_grad.ndim else x_grad.reshape(1, 1)
    idx = xp.asarray(shuffle_idx).reshape(-1).astype(xp.int64)  # a host index: to the device
    if idx.shape[0] != rows.shape[0]:
        raise ValueError(f"shuffle_batch_grad: ShuffleIdx holds {idx.shape[0]} rows, X@GRAD "
                         f"{rows.shape[0]} (every dim but the last)")
    rows[...] = out_grad.reshape(rows.shape)[idx]
