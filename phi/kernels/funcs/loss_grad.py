"""Gradients of the loss family's cvm and identity_loss (the other loss grads live with
their forwards in phi.kernels.funcs.loss).

- cvm_grad: X@GRAD's feature columns are Y@GRAD's (use_cvm: its columns after the first two;
  else all of them); its first two columns are the CVM input's show / click values, as
  Paddle's kernel writes them (no derivative: they feed the sparse table's statistics). With
  a LoD on X, CVM holds one row per sequence, written to every row of it.
- identity_loss_grad: Out@GRAD broadcast over X (reduction 0, sum), divided by X's size
  (1, mean) or passed through (2, none).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.loss import IDENTITY_REDUCTIONS


def cvm_grad(xp: Any, cvm: Any, out_grad: Any, use_cvm: bool, lod: Sequence[int] | None,
             x_grad: Any) -> None:
    rows = int(x_grad.shape[0])
    x_grad[:, 2:] = out_grad[:, 2:] if use_cvm else out_grad
    if lod:
        offsets = xp.asarray(lod, dtype=xp.int64)
        if int(offsets[-1]) != rows or int(cvm.shape[0]) != len(lod) - 1:
            raise ValueError(f"cvm_grad: X's LoD {list(lod)} must cover its {rows} rows and "
                             f"CVM must hold one row per sequence, got {int(cvm.shape[0])}")
        x_grad[:, :2] = xp.repeat(cvm[:, :2], xp.diff(offsets), axis=0)
        return
    if int(cvm.shape[0]) != rows:
        raise ValueError(f"cvm_grad: CVM must hold one row per row of X ({rows}), got "
                         f"{int(cvm.shape[0])}")
    x_grad[:, :2] = cvm[:, :2]


def identity_loss_grad(xp: Any, out_grad: Any, reduction: int, x_grad: Any) -> None:
    if reduction not in IDENTITY_REDUCTIONS:
        raise ValueError(f"identity_loss_grad: reduction must be 0 (sum), 1 (mean) or 2 "
                         f"(none), got {reduction}")
    if reduction == 2:
        x_grad[...] = out_grad
        return
    x_grad[...] = out_grad.reshape(()) if reduction == 0 else out_grad.reshape(()) / x_grad.size
