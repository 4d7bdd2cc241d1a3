"""Grads of the manipulation family shared by the PHI and legacy kernels: strided_slice,
roll, expand_as, repeat_interleave, meshgrid and view_shape. Each writes into the gradient
buffers it is given (their dims are the forward inputs'). Functions of `xp` (NumPy or
CuPy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs.elementwise import sum_to
from phi.kernels.funcs.manipulation import normalized_axis, strided_slice_windows

_INTS = [DataType.INT32, DataType.INT64]
_FLOATS = [DataType.FLOAT32, DataType.FLOAT64]
_COMPLEX = [DataType.COMPLEX64, DataType.COMPLEX128]
#: Paddle 3.3.1's plain CPU dtypes of each grad kernel (strided_slice_grad's float16 and
#: uint8 are strided-layout kernels only; its float8 ones have no fluidphi dtype); GPU:
#: strided_slice_grad's without bfloat16.
STRIDED_SLICE_GRAD_TYPES = [DataType.BOOL, DataType.INT8, DataType.INT16, *_INTS,
                            DataType.BFLOAT16, *_FLOATS, *_COMPLEX]
STRIDED_SLICE_GRAD_GPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16,
                                *_INTS, DataType.FLOAT16, *_FLOATS, *_COMPLEX]
ROLL_GRAD_TYPES = [*_INTS, *_FLOATS, *_COMPLEX]
EXPAND_AS_GRAD_TYPES = [*_INTS, *_FLOATS]
REPEAT_INTERLEAVE_GRAD_TYPES = [*_INTS, DataType.BFLOAT16, *_FLOATS]
REPEAT_INTERLEAVE_GRAD_GPU_TYPES = [*_INTS, *_FLOATS]
MESHGRID_GRAD_TYPES = [*_INTS, *_FLOATS, *_COMPLEX]
#: view_shape_grad: the forward's float and complex types (its integer and bool types have
#: no derivative). Paddle 3.3.1 registers a PHI kernel for every type but no operator, so
#: its static executor runs none (tests/ops/grad_dtype_gaps.py, NO_STATIC_KERNEL).
VIEW_SHAPE_GRAD_TYPES = [DataType.FLOAT16, DataType.BFLOAT16, *_FLOATS, *_COMPLEX]


def strided_slice_grad(xp: Any, out_grad: Any, axes: Sequence[int], starts: Sequence[int],
                       ends: Sequence[int], strides: Sequence[int],
                       infer_flags: Sequence[int], decrease_axis: Sequence[int],
                       input_grad: Any) -> None:
    """input_grad = out_grad written back into the window the forward read, zero
    elsewhere (decreased axes restored)."""
    windows = tuple(strided_slice_windows(input_grad.shape, axes, starts, ends, strides,
                                          infer_flags, decrease_axis))
    input_grad[...] = 0
    view = input_grad[windows]  # basic slices: a view of input_grad
    view[...] = out_grad.reshape(view.shape)


def roll_grad(xp: Any, out_grad: Any, shifts: Sequence[int], axes: Sequence[int],
              x_grad: Any) -> None:
    """x_grad = out_grad rolled back (every shift negated)."""
    back = [-int(s) for s in shifts]
    if not axes:
        if len(back) != 1:
            raise ValueError(f"roll_grad: without axes shifts needs one entry, got {list(shifts)}")
        if out_grad.size:
            x_grad[...] = xp.roll(out_grad.reshape(-1), back[0]).reshape(x_grad.shape)
        return
    if len(axes) != len(back):
        raise ValueError(f"roll_grad: axes {list(axes)} and shifts {list(shifts)} differ in "
                         "length")
    axes = [normalized_axis("roll_grad", int(a), out_grad.ndim) for a in axes]
    x_grad[...] = xp.roll(out_grad, back, axis=axes) if out_grad.size else out_grad


def expand_as_grad(xp: Any, out_grad: Any, x_grad: Any) -> None:
    """x_grad = out_grad summed over the dims x was broadcast along."""
    sum_to(xp, out_grad, x_grad.shape, -1, x_grad)


def repeat_interleave_grad(xp: Any, out_grad: Any, repeats: int | np.ndarray, axis: int,
                           x_grad: Any) -> None:
    """x_grad's slice i along `axis` = the sum of out_grad's slices it was repeated into
    (`repeats`: one count for every slice, or one per slice)."""
    size = int(x_grad.shape[axis])
    counts = np.full(size, repeats, np.int64) if isinstance(repeats, int) else \
        np.asarray(repeats, np.int64)
    owners = xp.asarray(np.repeat(np.arange(size), counts))
    if owners.size != out_grad.shape[axis]:
        raise ValueError(f"repeat_interleave_grad: Out@GRAD has {out_grad.shape[axis]} "
                         f"slices along dim {axis}, the repeats make {owners.size}")
    x_grad[...] = 0
    xp.add.at(xp.moveaxis(x_grad, axis, 0), owners, xp.moveaxis(out_grad, axis, 0))


def meshgrid_grad(xp: Any, out_grads: Sequence[Any | None], x_grads: Sequence[Any | None]
                  ) -> None:
    """x_grads[i] = out_grads[i] summed over every grid axis but i (either may be None: an
    output with no gradient contributes none, an input's gradient not asked for)."""
    for i, grad in enumerate(x_grads):
        if grad is None:
            continue
        source = out_grads[i]
        if source is None:
            grad[...] = 0
            continue
        others = tuple(a for a in range(source.ndim) if a != i)
        grad[...] = xp.sum(source, axis=others).reshape(grad.shape)


def view_shape_grad(xp: Any, out_grad: Any, input_grad: Any) -> None:
    """input_grad = out_grad laid out in input's dims (view_shape's out has input's
    elements in order, whatever dims it was given)."""
    if out_grad.size != input_grad.size:
        raise ValueError(f"view_shape_grad: out_grad has {out_grad.size} elements "
                         f"{list(out_grad.shape)}, the input {input_grad.size} "
                         f"{list(input_grad.shape)}: they must be equal")
    input_grad[...] = out_grad.reshape(input_grad.shape)
