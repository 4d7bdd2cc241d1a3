"""Sliding-block math shared by the PHI and legacy kernels: unfold (im2col) and fold (col2im).

Blocks are laid out channel-major: row c * kh * kw + i * kw + j of the columns holds kernel
tap (i, j) of channel c for every block, blocks row-major. Loops run over kernel taps only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def _blocks(size: int, kernel: int, stride: int, pad_before: int, pad_after: int,
            dilation: int) -> int:
    return (size + pad_before + pad_after - (dilation * (kernel - 1) + 1)) // stride + 1


def unfold_blocks(x_dims: Sequence[int], kernel_sizes: Sequence[int], strides: Sequence[int],
                  paddings: Sequence[int], dilations: Sequence[int]) -> tuple[int, int]:
    """Blocks along H and W; paddings are [top, left, bottom, right]."""
    if len(x_dims) != 4:
        raise ValueError(f"unfold: X must be 4-D [N, C, H, W], got dims {list(x_dims)}")
    k, s, p, d = kernel_sizes, strides, paddings, dilations
    rows = _blocks(int(x_dims[2]), k[0], s[0], p[0], p[2], d[0])
    cols = _blocks(int(x_dims[3]), k[1], s[1], p[1], p[3], d[1])
    if rows <= 0 or cols <= 0:
        raise ValueError(f"unfold: The sliding blocks calculated from input spatial size "
                         f"({x_dims[2]}, {x_dims[3]}), kernel_sizes {tuple(k)}, strides "
                         f"{tuple(s)}, dilations {tuple(d)}, is ({rows}, {cols}), which should "
                         "be a positive integer")
    return rows, cols


def unfold_dims(x_dims: Sequence[int], kernel_sizes: Sequence[int], strides: Sequence[int],
                paddings: Sequence[int], dilations: Sequence[int]) -> tuple[int, int, int]:
    rows, cols = unfold_blocks(x_dims, kernel_sizes, strides, paddings, dilations)
    return (int(x_dims[0]), int(x_dims[1]) * kernel_sizes[0] * kernel_sizes[1], rows * cols)


def block_taps(kernel_sizes: Sequence[int], strides: Sequence[int], dilations: Sequence[int],
          rows: int, cols: int):
    """(i, j, window of the padded image) for every kernel tap."""
    for i in range(kernel_sizes[0]):
        for j in range(kernel_sizes[1]):
            top, left = i * dilations[0], j * dilations[1]
            yield i, j, (slice(top, top + strides[0] * (rows - 1) + 1, strides[0]),
                         slice(left, left + strides[1] * (cols - 1) + 1, strides[1]))


def unfold(xp: Any, x: Any, kernel_sizes: Sequence[int], strides: Sequence[int],
           paddings: Sequence[int], dilations: Sequence[int], out: Any) -> None:
    rows, cols = unfold_blocks(x.shape, kernel_sizes, strides, paddings, dilations)
    n, c = x.shape[:2]
    padded = xp.pad(x, ((0, 0), (0, 0), (paddings[0], paddings[2]), (paddings[1], paddings[3])))
    blocks = out.reshape(n, c, kernel_sizes[0], kernel_sizes[1], rows, cols)
    for i, j, (h, w) in block_taps(kernel_sizes, strides, dilations, rows, cols):
        blocks[:, :, i, j] = padded[:, :, h, w]


def fold_blocks(x_dims: Sequence[int], output_sizes: Sequence[int],
                kernel_sizes: Sequence[int], strides: Sequence[int], paddings: Sequence[int],
                dilations: Sequence[int]) -> tuple[int, int]:
    """Blocks along H and W as Paddle counts them (paddings[0] / [1] on both sides), which
    x's last dim must equal; paddings[2] / [3] must give the same counts."""
    if len(x_dims) != 3:
        raise ValueError(f"fold: X must be 3-D [N, C*kh*kw, L], got dims {list(x_dims)}")
    k, s, p, d = kernel_sizes, strides, paddings, dilations
    rows = _blocks(output_sizes[0], k[0], s[0], p[0], p[0], d[0])
    cols = _blocks(output_sizes[1], k[1], s[1], p[1], p[1], d[1])
    if rows * cols != x_dims[2] or x_dims[1] % (k[0] * k[1]):
        raise ValueError(f"fold: Given output_size {tuple(output_sizes)}, kernel_sizes "
                         f"{tuple(k)}, strides {tuple(s)}, dilations {tuple(d)}, X's dims "
                         f"{list(x_dims)} should be [N, C*{k[0] * k[1]}, {rows} * {cols}]")
    if _blocks(output_sizes[0], k[0], s[0], p[0], p[2], d[0]) != rows:
        raise ValueError("fold: Output_height and padding(padding_up, padding_down) are "
                         "inconsistent")
    if _blocks(output_sizes[1], k[1], s[1], p[1], p[3], d[1]) != cols:
        raise ValueError("fold: Output_width and padding(padding_left, padding_right) are "
                         "inconsistent")
    return rows, cols


def fold_dims(x_dims: Sequence[int], output_sizes: Sequence[int],
              kernel_sizes: Sequence[int]) -> tuple[int, int, int, int]:
    return (int(x_dims[0]), int(x_dims[1]) // (kernel_sizes[0] * kernel_sizes[1]),
            int(output_sizes[0]), int(output_sizes[1]))


def fold(xp: Any, x: Any, output_sizes: Sequence[int], kernel_sizes: Sequence[int],
         strides: Sequence[int], paddings: Sequence[int], dilations: Sequence[int],
         out: Any) -> None:
    """out = the blocks of x summed back where they came from (padding dropped)."""
    rows, cols = fold_blocks(x.shape, output_sizes, kernel_sizes, strides, paddings, dilations)
    n, c, height, width = out.shape
    top, left = paddings[0], paddings[1]
    padded = xp.zeros((n, c, height + 2 * top, width + 2 * left), out.dtype)
    blocks = x.reshape(n, c, kernel_sizes[0], kernel_sizes[1], rows, cols)
    for i, j, (h, w) in block_taps(kernel_sizes, strides, dilations, rows, cols):
        padded[:, :, h, w] += blocks[:, :, i, j]
    out[...] = padded[:, :, top:top + height, left:left + width]
