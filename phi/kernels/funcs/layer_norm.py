"""Layer normalization over the trailing dims starting at `begin_norm_axis`."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from phi.common import DataType


def flatten_at(dims: tuple[int, ...], axis: int) -> tuple[int, int]:
    """(product of dims before `axis`, product of dims from `axis` on)."""
    return math.prod(dims[:axis]), math.prod(dims[axis:])


def check_begin_norm_axis(rank: int, begin_norm_axis: int) -> int:
    if not 0 < begin_norm_axis < rank:
        raise ValueError(f"layer_norm: begin_norm_axis must be in [1, {rank - 1}] for a "
                         f"{rank}-D input, got {begin_norm_axis}")
    return begin_norm_axis


def stats_dtype(x_dtype: DataType) -> DataType:
    """Mean/Variance (and the arithmetic) are float32 for half inputs, else the input type."""
    if x_dtype in (DataType.FLOAT16, DataType.BFLOAT16):
        return DataType.FLOAT32
    return x_dtype


def layer_norm_dims(x_dims: tuple[int, ...], begin_norm_axis: int, epsilon: float = 1e-5
                    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(dims of Y, dims of Mean/Variance).

    Mean/Variance keep the leading dims, x.dims[:begin_norm_axis], as Paddle 2.6
    and 3.x shape them (releases up to 2.4 flattened them to [prod(...)]; the
    values and their order are the same either way).
    """
    check_begin_norm_axis(len(x_dims), begin_norm_axis)
    if not 0.0 <= np.float32(epsilon) <= np.float32(0.001):  # Paddle checks the float32
        raise ValueError(f"layer_norm: epsilon must be in [0, 0.001], got {epsilon}")
    return tuple(x_dims), tuple(int(d) for d in x_dims[:begin_norm_axis])


def _row_vector(v: Any, right: int, cdt: np.dtype) -> Any:
    """Scale or bias as a vector broadcasting along the rows, in the compute type (itself
    when it is one already)."""
    if v.ndim == 1 and v.dtype == cdt and v.shape[0] == right:
        return v
    return v.reshape(1, right).astype(cdt, copy=False)


def _stat_buffer(buf: Any | None, left: int, cdt: np.dtype) -> Any | None:
    """Mean / Variance as the flat vector the statistics are summed into, when it can hold
    them as they are computed (None: they are copied in at the end)."""
    if buf is None or buf.dtype != cdt or not buf.flags.c_contiguous or buf.size != left:
        return None
    return buf.reshape(left)


#: what `layer_norm_rows` takes besides (xp, ..., y, mean, variance): rows (x as [left,
#: right] in the compute type), scale and bias rows (or None), epsilon in the compute
#: type, the compute type, right, y's rows when the work happens in y (else None), and
#: mean / variance as the flat vectors the statistics are summed into (else None)
LayerNormOperands = tuple[Any, Any, Any, Any, np.dtype, int, Any, Any, Any]


def layer_norm_operands(xp: Any, x: Any, scale: Any | None, bias: Any | None, epsilon: float,
                        begin_norm_axis: int, y: Any, mean: Any | None, variance: Any | None
                        ) -> LayerNormOperands:
    """The views and constants `layer_norm_rows` computes with (views of the arguments for
    float32 / float64 x and C-contiguous arrays; copies for half x)."""
    left, right = flatten_at(tuple(x.shape), begin_norm_axis)
    cdt = np.dtype(np.float32) if x.dtype.itemsize < 4 else x.dtype
    rows = x.reshape(left, right).astype(cdt, copy=False)
    in_y = y.dtype == cdt and y.flags.c_contiguous and not xp.may_share_memory(x, y)
    return (rows, None if scale is None else _row_vector(scale, right, cdt),
            None if bias is None else _row_vector(bias, right, cdt), cdt.type(epsilon), cdt,
            right, y.reshape(left, right) if in_y else None, _stat_buffer(mean, left, cdt),
            _stat_buffer(variance, left, cdt))


def layer_norm_rows(xp: Any, rows: Any, scale_row: Any | None, bias_row: Any | None,
                    eps: Any, cdt: np.dtype, right: int, y_rows: Any | None,
                    mean_out: Any | None, var_out: Any | None, y: Any, mean: Any | None,
                    variance: Any | None) -> None:
    """layer_norm on `layer_norm_operands`' views (see `LayerNormOperands`)."""
    # means as sum / count with array methods: NumPy's mean, without its per-call overhead
    mu = rows.sum(axis=1, dtype=cdt, out=mean_out)
    mu /= right
    if y_rows is not None:  # the work happens in y's own memory
        norm = xp.subtract(rows, mu[:, None], out=y_rows)
    else:
        norm = rows - mu[:, None]
    var = (norm * norm).sum(axis=1, dtype=cdt, out=var_out)
    var /= right
    norm /= xp.sqrt(var + eps)[:, None]
    if scale_row is not None:
        norm *= scale_row
    if bias_row is not None:
        norm += bias_row
    if y_rows is None:
        y[...] = norm.reshape(y.shape)
    if mean is not None and mean_out is None:
        mean[...] = mu.reshape(mean.shape)
    if variance is not None and var_out is None:
        variance[...] = var.reshape(variance.shape)


def layer_norm(xp: Any, x: Any, scale: Any | None, bias: Any | None, epsilon: float,
               begin_norm_axis: int, y: Any, mean: Any | None, variance: Any | None) -> None:
    """y = (x - mean) / sqrt(var + epsilon) * scale + bias, statistics per leading row.

    Variance is the biased one (divided by the row length). Statistics and the
    normalization are computed in float32 for half inputs, else in x's type.
    """
    operands = layer_norm_operands(xp, x, scale, bias, epsilon, begin_norm_axis, y, mean,
                                   variance)
    layer_norm_rows(xp, *operands, y, mean, variance)
