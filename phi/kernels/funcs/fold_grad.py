"""Grads of the fold family shared by the PHI and legacy kernels: unfold_grad (col2im: each
block's gradient added back where its taps read, the padding dropped) and fold_grad (im2col
of the output gradient: each block takes what its taps wrote, zero in the padding). Loops
run over kernel taps only. Functions of `xp` (NumPy or CuPy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.common import DataType
from phi.kernels.funcs.fold import block_taps, fold_blocks, unfold, unfold_blocks

#: Paddle 3.3.1's CPU dtypes of each grad kernel.
UNFOLD_GRAD_TYPES = [DataType.FLOAT32, DataType.FLOAT64]
FOLD_GRAD_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]


def unfold_grad(xp: Any, y_grad: Any, kernel_sizes: Sequence[int], strides: Sequence[int],
                paddings: Sequence[int], dilations: Sequence[int], x_grad: Any) -> None:
    """x_grad = y_grad's blocks summed back into [N, C, H, W]; paddings are [top, left,
    bottom, right]."""
    rows, cols = unfold_blocks(x_grad.shape, kernel_sizes, strides, paddings, dilations)
    n, c, height, width = x_grad.shape
    top, left = paddings[0], paddings[1]
    padded = xp.zeros((n, c, height + top + paddings[2], width + left + paddings[3]),
                      y_grad.dtype)
    blocks = y_grad.reshape(n, c, kernel_sizes[0], kernel_sizes[1], rows, cols)
    for i, j, (h, w) in block_taps(kernel_sizes, strides, dilations, rows, cols):
        padded[:, :, h, w] += blocks[:, :, i, j]
    x_grad[...] = padded[:, :, top:top + height, left:left + width]


def fold_grad(xp: Any, y_grad: Any, output_sizes: Sequence[int], kernel_sizes: Sequence[int],
              strides: Sequence[int], paddings: Sequence[int], dilations: Sequence[int],
              x_grad: Any) -> None:
    """x_grad = the blocks of y_grad (fold pads paddings[0] on top and bottom, paddings[1] on
    left and right)."""
    fold_blocks(x_grad.shape, output_sizes, kernel_sizes, strides, paddings, dilations)
    top, left = paddings[0], paddings[1]
    unfold(xp, y_grad, kernel_sizes, strides, [top, left, top, left], dilations, x_grad)
