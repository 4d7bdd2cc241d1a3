"""Grads of the pad family shared by the PHI and legacy kernels: pad (the output gradient
cropped back to x) and pad3d (the output gradient added back onto the elements each output
position copied, axis by axis; in constant mode the fill positions take none). Functions of
`xp` (NumPy or CuPy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.common import DataType
from phi.kernels.funcs.pad import PadMode, pad_pairs, pad_sources, spatial_axes

#: Paddle 3.3.1's CPU dtypes of pad_grad (GPU: the same but bfloat16) and pad3d_grad.
PAD_GRAD_TYPES = [DataType.INT16, DataType.INT32, DataType.INT64, DataType.BFLOAT16,
                  DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
PAD_GRAD_GPU_TYPES = [DataType.INT16, DataType.INT32, DataType.INT64, DataType.FLOAT32,
                      DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
PAD3D_GRAD_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
                    DataType.COMPLEX128]


def pad_grad_dims(out_grad_dims: Sequence[int], paddings: Sequence[int]) -> tuple[int, ...]:
    """x's dims: the output gradient's less (before, after) per axis."""
    pairs = pad_pairs(len(out_grad_dims), paddings)
    dims = tuple(int(d) - a - b for d, (a, b) in zip(out_grad_dims, pairs))
    if any(d < 0 for d in dims):
        raise ValueError(f"pad_grad: Out@GRAD dims {list(out_grad_dims)} are smaller than the "
                         f"paddings {list(paddings)}")
    return dims


def pad_grad(xp: Any, out_grad: Any, paddings: Sequence[int], x_grad: Any) -> None:
    """x_grad = out_grad without the padding."""
    pairs = pad_pairs(out_grad.ndim, paddings)
    x_grad[...] = out_grad[tuple(slice(a, a + n) for (a, _), n in zip(pairs, x_grad.shape))]


def pad3d_grad(xp: Any, out_grad: Any, paddings: Sequence[int], mode: str, data_format: str,
               x_grad: Any) -> None:
    """x_grad[s] = the sum of out_grad over the output positions that copied source s (the
    forward's gathers transposed: D, then H, then W); cropped positions take nothing."""
    mode = PadMode.parse(mode)
    axes = spatial_axes(data_format)
    if x_grad.size == 0 or out_grad.size == 0:
        x_grad[...] = 0
        return
    grad = out_grad
    sources = [pad_sources(xp, mode, int(x_grad.shape[axis]), int(before),
                           int(out_grad.shape[axis]))
               for axis, before in zip(axes, paddings[::2])]
    if mode is PadMode.CONSTANT:
        keep = None
        for axis, (_, valid) in zip(axes, sources):
            shape = [1] * out_grad.ndim
            shape[axis] = valid.size
            keep = valid.reshape(shape) if keep is None else keep & valid.reshape(shape)
        grad = xp.where(keep, out_grad, 0)
    for axis, (index, _) in reversed(list(zip(axes, sources))):
        shape = list(grad.shape)
        shape[axis] = int(x_grad.shape[axis])
        summed = xp.zeros(shape, grad.dtype)
        xp.add.at(xp.moveaxis(summed, axis, 0), index, xp.moveaxis(grad, axis, 0))
        grad = summed
    x_grad[...] = grad
