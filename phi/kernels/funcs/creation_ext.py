"""Creation math shared by the PHI and legacy kernels: eye, linspace, logspace, tril_indices,
triu_indices, one_hot and numel (fluid's size). Functions of `xp` (NumPy or CuPy)."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet, to_host


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
