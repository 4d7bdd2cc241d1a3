"""Creation and in-place writing math shared by the PHI and legacy kernels: set_value (slice
assignment), fill_constant_batch_size_like, fill_any. Functions of `xp` (NumPy or CuPy).

Creation math shared by the PHI and legacy kernels: eye, linspace, logspace, tril_indices,
triu_indices, one_hot and numel (fluid's size). Functions of `xp` (NumPy or CuPy).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs.assign import value_array
from phi.kernels.funcs.cast import FLOAT8_SATURATION, float_to_int, saturate_float8
from phi.kernels.funcs.common import copy_into, quiet, to_host

# -- set_value -------------------------------------------------------------------------------


def set_value_windows(dims: Sequence[int], axes: Sequence[int], starts: Sequence[int],
                      ends: Sequence[int], steps: Sequence[int]) -> tuple[slice, ...]:
    """One Python slice per axis of Input (full where the axis is not sliced): Paddle's
    set_value clamps and counts bounds as Python's slicing does."""
    rank = len(dims)
    if not len(axes) == len(starts) == len(ends) == len(steps):
        raise ValueError(f"set_value: axes {list(axes)}, starts {list(starts)}, ends "
                         f"{list(ends)} and steps {list(steps)} must have one entry each")
    windows = [slice(None)] * rank
    for i, axis in enumerate(axes):
        if axis >= rank:
            raise ValueError(f"set_value: The axis value should be less than the rank of "
                             f"input, but received axes[{i}] = {axis}, rank of input is {rank}")
        if axis < 0:  # Paddle 3.3.1 leaves Input unchanged then: refused, never guessed
            raise ValueError(f"set_value: axes[{i}] = {axis} is negative; set_value's axes "
                             f"count from 0")
        if int(steps[i]) == 0:
            raise ValueError(f"set_value: Step should not be 0, but received step = 0 "
                             f"(axes[{i}] = {axis})")
        windows[axis] = slice(int(starts[i]), int(ends[i]), int(steps[i]))
    return tuple(windows)


def strip_ones(dims: Sequence[int]) -> tuple[int, ...]:
    dims = tuple(int(d) for d in dims)
    lead = next((i for i, d in enumerate(dims) if d != 1), len(dims))
    return dims[lead:]


def set_value_target_dims(slice_dims: Sequence[int], decrease_axes: Sequence[int],
                          none_axes: Sequence[int]) -> tuple[int, ...]:
    """The dims the value broadcasts to: the slice's without `decrease_axes` (each of size
    1), with a 1 inserted before slice axis i for each none axis <= i (the rest at the end)."""
    for axis in decrease_axes:
        if not 0 <= axis < len(slice_dims) or slice_dims[axis] != 1:
            raise ValueError(f"set_value: decrease axis {axis} must be a sliced axis of size "
                             f"1, the slice's dims are {list(slice_dims)}")
    nones = sorted(int(a) for a in none_axes)
    target: list[int] = []
    for i, dim in enumerate(slice_dims):
        target.extend(1 for a in nones if a <= i)
        nones = [a for a in nones if a > i]
        if i not in decrease_axes:
            target.append(int(dim))
    return (*target, *(1 for _ in nones))


def check_value_dims(target: Sequence[int], value: Sequence[int]) -> None:
    """Leading 1s aside, the value's dims must match the target's trailing ones (or be 1)."""
    want, got = strip_ones(target), strip_ones(value)
    if len(got) <= len(want) and all(g in (1, w) for g, w in zip(reversed(got),
                                                                   reversed(want))):
        return
    raise ValueError(f"set_value: the value's shape {list(value)} must match the shape of "
                     f"target shape {list(target)} (the slice's dims, decrease_axes removed "
                     f"and none_axes inserted)")


def set_value(xp: Any, x: Any, value: Any, axes: Sequence[int], starts: Sequence[int],
              ends: Sequence[int], steps: Sequence[int], decrease_axes: Sequence[int],
              none_axes: Sequence[int], out: Any) -> None:
    """out = x with x[windows] = value broadcast (see set_value_target_dims)."""
    windows = set_value_windows(x.shape, axes, starts, ends, steps)
    copy_into(xp, x, out)
    view = out[windows] if windows else out[...]  # a 0-D out: its view, not a scalar
    target = set_value_target_dims(view.shape, decrease_axes, none_axes)
    check_value_dims(target, value.shape)
    if view.size:
        stripped = xp.asarray(value).reshape(strip_ones(value.shape))
        view[...] = xp.broadcast_to(stripped, strip_ones(target)).reshape(view.shape)


def check_value_dtype(x_dtype: DataType, value_dtype: DataType) -> None:
    if value_dtype != x_dtype:
        raise ValueError(f"set_value: ValueTensor is {value_dtype.name.lower()} but Input is "
                         f"{x_dtype.name.lower()}: the value must have Input's type")


def set_value_array(shape: Sequence[int], dtype: DataType, values: Sequence[Any]) -> Any:
    """The value set_value writes from its `values` attribute (Scalars in `shape`)."""
    return value_array(shape, dtype, values, "set_value")


# -- fill_constant_batch_size_like -----------------------------------------------------------


def batch_size_like_dims(in_dims: Sequence[int], shape: Sequence[int], input_dim_idx: int,
                         output_dim_idx: int) -> tuple[int, ...]:
    """`shape` with dim output_dim_idx replaced by Input's dim input_dim_idx."""
    op = "fill_constant_batch_size_like"
    if not shape:
        raise ValueError(f"{op}: shape must not be empty")
    if not 0 <= input_dim_idx < len(in_dims):
        raise ValueError(f"{op}: input_dim_idx {input_dim_idx} is out of range for Input's "
                         f"{len(in_dims)} dims {list(in_dims)}")
    if not 0 <= output_dim_idx < len(shape):
        raise ValueError(f"{op}: output_dim_idx {output_dim_idx} is out of range for shape "
                         f"{list(shape)}")
    dims = [int(d) for d in shape]
    dims[output_dim_idx] = int(in_dims[input_dim_idx])
    return tuple(dims)


# -- fill_any, fill_diagonal -----------------------------------------------------------------


def scalar_as(value: float, dtype: Any) -> Any:
    """A float attribute converted as C does, as a Python number (any array module takes
    it): integers as cast.float_to_int (truncated toward zero; int8 300.0 -> 44; out of the
    type's range as Paddle's CPU build; infinities refused), bool is value != 0."""
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        try:
            return float_to_int(value, dtype)
        except ValueError:
            raise ValueError(f"fill value {value} cannot be converted to {dtype}") from None
    if dtype.kind == "b":
        return value != 0
    if dtype in FLOAT8_SATURATION:  # Paddle's saturating conversion to float8
        return saturate_float8(np, np.array(value), dtype).astype(dtype).item()
    return np.array(value).astype(dtype).item()


def fill(xp: Any, value: float, out: Any) -> None:
    """Fill `out` with `value` (scalar_as); NaN is refused, as by Paddle's fill_any."""
    if math.isnan(value):
        raise ValueError("fill_any: fill value should not be NaN, but received NaN")
    out[...] = scalar_as(value, out.dtype)


def fill_diagonal(xp: Any, x: Any, value: float, offset: int, wrap: bool, out: Any) -> None:
    """out = x with its diagonal (shifted right by `offset`) set to `value`, walking the flat
    data with stride 1 + dims[-1] + dims[-1] * dims[-2] + ... (2-D: cols + 1) over the first
    dims[1]^2 elements (wrap: all of them; a tall matrix restarts after each square block),
    skipping positions the offset would push into another row."""
    if x.ndim < 2:
        raise ValueError(f"fill_diagonal: X must have at least 2 dims, got {list(x.shape)}")
    copy_into(xp, x, out)
    if x.size == 0:
        return
    cols = int(x.shape[1])
    stride = sum(int(np.prod(x.shape[k + 1:], dtype=np.int64)) for k in range(x.ndim))
    size = x.size if wrap else min(x.size, cols * cols)
    starts = xp.arange(0, size, stride, dtype=xp.int64)
    col = starts % cols + offset
    flat = out.reshape(-1)
    flat[starts[(col >= 0) & (col < cols)] + offset] = scalar_as(value, out.dtype)


# -- fill_diagonal_tensor --------------------------------------------------------------------


def diagonal_fill_dims(x_dims: Sequence[int], offset: int, dim1: int, dim2: int
                       ) -> tuple[int, ...]:
    """The dims Y must have: X's without dim1 and dim2, then the diagonal's length."""
    op, rank = "fill_diagonal_tensor", len(x_dims)
    for name, d in (("dim1", dim1), ("dim2", dim2)):
        if not 0 <= d < rank:  # Paddle 3.3.1's kernel crashes on negative dims
            raise ValueError(f"{op}: {name} {d} must be in [0, {rank}) for X's dims "
                             f"{list(x_dims)}")
    if dim1 == dim2:
        raise ValueError(f"{op}: dim1 and dim2 must differ, both are {dim1}")
    rows, cols = int(x_dims[dim1]), int(x_dims[dim2])
    length = min(rows, cols - offset) if offset >= 0 else min(rows + offset, cols)
    rest = tuple(int(d) for k, d in enumerate(x_dims) if k not in (dim1, dim2))
    if length < 0:
        raise ValueError(f"{op}: offset {offset} leaves no diagonal in X's dims "
                         f"{list(x_dims)} (dim1 {dim1}, dim2 {dim2})")
    return (*rest, length)


def fill_diagonal_tensor(xp: Any, x: Any, y: Any, offset: int, dim1: int, dim2: int,
                         out: Any) -> None:
    """out = x with the diagonal over (dim1, dim2), `offset` to the right, replaced by y."""
    want = diagonal_fill_dims(x.shape, offset, dim1, dim2)
    if tuple(y.shape) != want:
        batch = int(np.prod(want[:-1], dtype=np.int64))
        raise ValueError(f"fill_diagonal_tensor: Y's dims {list(y.shape)}: the dims should "
                         f"be {batch} x {want[-1]} (X's other dims, then the diagonal)")
    copy_into(xp, x, out)
    write_diagonal(xp, out, y, want[-1], offset, dim1, dim2)


def write_diagonal(xp: Any, out: Any, value: Any, length: int, offset: int, dim1: int,
                   dim2: int) -> None:
    """out's diagonal over (dim1, dim2), `offset` to the right, `length` long, = value."""
    view = xp.moveaxis(out, (dim1, dim2), (-2, -1))
    steps = xp.arange(length, dtype=xp.int64)
    view[..., steps + max(-offset, 0), steps + max(offset, 0)] = value


def eye_dims(num_rows: int, num_columns: int) -> tuple[int, int]:
    """(rows, columns); columns -1 (or any negative) means as many as rows."""
    if num_rows < 0:
        raise ValueError(f"eye: num_rows must be >= 0, got {num_rows}")
    return (num_rows, num_rows if num_columns < 0 else num_columns)


def eye(xp: Any, out: Any) -> None:
    """out (sized) = ones on the main diagonal, zeros elsewhere."""
    out[...] = 0
    n = min(out.shape)
    out[xp.arange(n), xp.arange(n)] = 1


def _scalar(tensor: Any) -> Any:
    """The one element of a 0-D / 1-element tensor, on the host."""
    return to_host(tensor).reshape(-1)[0]


def space_count(op: str, num: Any) -> int:
    """The requested length: Num's value (>= 0 for linspace, > 0 for logspace, which reads
    Num as int32 only)."""
    host = to_host(num)
    if op == "logspace" and host.dtype != np.int32:
        raise TypeError(f"logspace: Num must be int32 (Paddle reads it as int32), got "
                        f"{host.dtype}")
    count = int(host.reshape(-1)[0])
    if count < 0 or (op == "logspace" and count == 0):
        bound = "larger than 0" if op == "logspace" else "larger than or equal to 0"
        raise ValueError(f"{op}: The num of {op} op should be {bound}, but received num is "
                         f"{count}")
    return count


def _exponents(start: Any, stop: Any, count: int, dtype: np.dtype) -> np.ndarray:
    """Paddle's symmetric steps in double: start (cast to the output type) + step * i for
    the lower half, stop - step * (count - 1 - i) for the upper half."""
    first = np.asarray(_scalar(start)).astype(dtype)
    last = np.asarray(_scalar(stop)).astype(dtype)
    if count == 1:
        return np.asarray([first], np.float64)
    with np.errstate(over="ignore"):
        step = np.float64(last - first) / (count - 1)  # the difference is taken in dtype
    i = np.arange(count)
    return np.where(i < count // 2, np.float64(first) + step * i,
                    np.float64(last) - step * (count - 1 - i))


def linspace(xp: Any, start: Any, stop: Any, out: Any) -> None:
    """out[i]: evenly spaced from start to stop (both ends included), cast to out's type."""
    if out.size:
        with quiet(np):
            values = _exponents(start, stop, out.size, out.dtype).astype(out.dtype)
        out[...] = xp.asarray(values)


def logspace(xp: Any, start: Any, stop: Any, base: Any, out: Any) -> None:
    """out[i] = base ** linspace exponent i, in double, cast to out's type."""
    if out.size:
        base_value = np.float64(np.asarray(_scalar(base)).astype(out.dtype))
        with quiet(np):
            exponents = _exponents(start, stop, out.size, out.dtype)
            values = np.power(base_value, exponents).astype(out.dtype)
        out[...] = xp.asarray(values)


def triangle_indices(op: str, rows: int, cols: int, offset: int) -> np.ndarray:
    """[2, n] (row, column) pairs of the lower (tril_indices) or upper (triu_indices)
    triangle from diagonal `offset` on, row-major."""
    if rows < 0 or cols < 0:
        raise ValueError(f"{op}: rows ({rows}) and cols ({cols}) must be >= 0")
    make = np.tril_indices if op == "tril_indices" else np.triu_indices
    return np.stack(make(rows, offset, cols)) if rows and cols else np.zeros((2, 0), np.int64)


def one_hot_dims(x_dims: tuple[int, ...], depth: int) -> tuple[int, ...]:
    return (*x_dims, depth)


def one_hot(xp: Any, x: Any, depth: int, out: Any) -> None:
    """out[..., k] = 1 where x == k, else 0; ids must lie in [0, depth) (Paddle ignores
    allow_out_of_range and raises)."""
    host = to_host(x)
    if host.size and int(host.min()) < 0:
        raise ValueError(f"one_hot: Illegal index value, Input(input) value should be at least "
                         f"0, but received input ({int(host.min())}) less than 0")
    if host.size and int(host.max()) >= depth:
        raise ValueError(f"one_hot: Illegal index value, Input(input) value should be less "
                         f"than Input(depth), but received input ({int(host.max())}) not less "
                         f"than depth ({depth})")
    out[...] = x[..., None] == xp.arange(depth)


def numel(x: Any, out: Any) -> None:
    """out (0-D int64) = the number of elements of x."""
    out[...] = x.size
