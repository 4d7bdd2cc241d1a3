"""data_norm math shared by the PHI and legacy kernels (functions of `xp`, NumPy or CuPy):
CTR feature normalisation from accumulated statistics, as Paddle 2.6's CPU kernel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet

#: A slot's show count within this of zero counts as no show (Paddle's float `1e-7f`).
SHOW_PRECISION = 1e-7


def data_norm_channels(x_dims: Sequence[int], data_layout: str,
                       stat_dims: Sequence[Sequence[int]]) -> int:
    """The column count C of a 2-D X (axis 1 for NCHW, the last for NHWC: the same for 2-D),
    checking X's rank and that BatchSize / BatchSum / BatchSquareSum (and scale_w / bias
    when given) are 1-D of size C."""
    if data_layout not in ("NCHW", "NHWC"):
        raise ValueError(f"data_norm: Unknown storage order {data_layout!r}, please use NCHW "
                         f"or NHWC")
    if len(x_dims) != 2:
        raise ValueError(f"data_norm: The Input dim size should be 2, X has dims {list(x_dims)}")
    if 0 in x_dims:
        raise ValueError(f"data_norm: The dims of Input(X) should be greater than 0, X has "
                         f"dims {list(x_dims)}")
    c = int(x_dims[1] if data_layout == "NCHW" else x_dims[-1])
    for dims in stat_dims:
        if list(dims) != [c]:
            raise ValueError(f"data_norm: statistics and scale_w / bias must be 1-D of X's "
                             f"{c} columns, got dims {list(dims)}")
    return c


def data_norm(xp: Any, x: Any, batch_size: Any, batch_sum: Any, batch_square_sum: Any,
              scale_w: Any | None, bias: Any | None, epsilon: float, slot_dim: int,
              scale_and_shift: bool, data_layout: str, y: Any, means: Any,
              scales: Any) -> None:
    """Means = BatchSum / BatchSize, Scales = sqrt(BatchSize / BatchSquareSum), y = (x -
    Means) * Scales (times scale_w plus bias with `scale_and_shift`: without slots as
    x * (Scales * scale_w) + (bias - Means * Scales * scale_w), in Paddle's order). With
    `slot_dim` > 0 every slot of slot_dim columns whose first value is within 1e-7 of zero
    (no show) is zero. `epsilon` (training's) is checked as Paddle's attribute checker does."""
    if not 0.0 <= np.float32(epsilon) <= np.float32(0.001):  # a float attribute
        raise ValueError(f"data_norm: 'epsilon' should be between 0.0 and 0.001, got {epsilon}")
    data_norm_channels(x.shape, data_layout, [])
    for name, stat in (("BatchSize", batch_size), ("BatchSum", batch_sum),
                       ("BatchSquareSum", batch_square_sum)):
        if stat.dtype != x.dtype:
            raise TypeError(f"data_norm: {name} input should be of {x.dtype} type (X's), "
                            f"got {stat.dtype}")
    c = x.shape[1]
    if slot_dim > 0 and c % slot_dim:
        raise ValueError(f"data_norm: slot_dim {slot_dim} does not divide X's {c} columns "
                         f"(Paddle would read past the statistics)")
    if scale_and_shift and (scale_w is None or bias is None):
        raise ValueError("data_norm: enable_scale_and_shift needs the scale_w and bias inputs")
    with quiet(xp):  # zero statistics give inf / NaN, as in Paddle
        _normalize(xp, x, means, scales, batch_size, batch_sum, batch_square_sum, scale_w,
                   bias, slot_dim, scale_and_shift, y)


def _normalize(xp: Any, x: Any, means: Any, scales: Any, batch_size: Any, batch_sum: Any,
               batch_square_sum: Any, scale_w: Any, bias: Any, slot_dim: int,
               scale_and_shift: bool, y: Any) -> None:
    xp.divide(batch_sum, batch_size, out=means)
    xp.sqrt(batch_size / batch_square_sum, out=scales)
    if scale_and_shift and slot_dim <= 0:
        new_scale = scales * scale_w
        xp.add(x * new_scale, bias - means * scales * scale_w, out=y)
        return
    xp.multiply(x - means, scales, out=y)
    if scale_and_shift:
        xp.add(y * scale_w, bias, out=y)
    if slot_dim > 0:
        show = x[:, ::slot_dim]
        limit = x.dtype.type(xp.float32(SHOW_PRECISION))
        none = (show > -limit) & (show < limit)
        y.reshape(x.shape[0], -1, slot_dim)[none] = 0


def _row_sum(xp: Any, rows: Any) -> Any:
    """Rows added one after the other (Paddle's order: results independent of SIMD)."""
    acc = xp.zeros(rows.shape[1:], rows.dtype)
    for row in rows:
        acc += row
    return acc


def data_norm_grad(xp: Any, x: Any, y_grad: Any, means: Any, scales: Any,
                   scale_w: Any | None, epsilon: float, slot_dim: int, scale_and_shift: bool,
                   data_layout: str, x_grad: Any | None, scale_w_grad: Any | None,
                   bias_grad: Any | None, batch_size_grad: Any, batch_sum_grad: Any,
                   batch_square_sum_grad: Any) -> None:
    """X@GRAD = Y@GRAD * Scales (times scale_w with `scale_and_shift`, where slots without
    a show give zeros; without it every slot gets the product); scale_w@GRAD / bias@GRAD the
    column sums of Y@GRAD * (X - Means) * Scales / Y@GRAD over shown slots. The statistics'
    "gradients" are this batch's statistics for the accumulators: without slots [N],
    sum X and sum (X - Means)^2 + N * epsilon per column; with slots, over the rows where a
    column's slot shows, count, mean and mean squared deviation + count * epsilon, the count
    then 1 (columns never shown: zeros)."""
    data_norm_channels(x.shape, data_layout, [])
    if scale_and_shift and scale_w is None:
        raise ValueError("data_norm_grad: enable_scale_and_shift needs the scale_w input")
    eps = x.dtype.type(np.float32(epsilon))
    shown = None
    if slot_dim > 0:
        if x.shape[1] % slot_dim:
            raise ValueError(f"data_norm_grad: slot_dim {slot_dim} does not divide X's "
                             f"{x.shape[1]} columns")
        limit = x.dtype.type(np.float32(SHOW_PRECISION))
        show = x[:, ::slot_dim]
        shown = xp.repeat(~((show > -limit) & (show < limit)), slot_dim, axis=1)
    with quiet(xp):
        # scale_w@GRAD / bias@GRAD do not depend on X@GRAD being asked for: written either way
        _x_grad(xp, x, y_grad, means, scales, scale_w, scale_and_shift, shown, x_grad,
                scale_w_grad, bias_grad)
        dev = (x - means) * (x - means)
        if shown is None:
            batch_size_grad[...] = x.shape[0]
            batch_sum_grad[...] = _row_sum(xp, x)
            batch_square_sum_grad[...] = _row_sum(xp, dev) + batch_size_grad * eps
            return
        count = _row_sum(xp, shown.astype(x.dtype))
        total = _row_sum(xp, xp.where(shown, x, 0))
        square = _row_sum(xp, xp.where(shown, dev, 0))
        seen = count >= 1
        batch_sum_grad[...] = xp.where(seen, total / xp.where(seen, count, 1), total)
        batch_square_sum_grad[...] = xp.where(
            seen, square / xp.where(seen, count, 1) + count * eps, square)
        batch_size_grad[...] = xp.where(seen, 1, count)


def _x_grad(xp: Any, x: Any, y_grad: Any, means: Any, scales: Any, scale_w: Any | None,
            scale_and_shift: bool, shown: Any | None, x_grad: Any | None,
            scale_w_grad: Any | None, bias_grad: Any | None) -> None:
    if not scale_and_shift:  # scale_w / bias unused: zero derivatives (Paddle writes none)
        if x_grad is not None:
            xp.multiply(y_grad, scales, out=x_grad)
        for grad in (scale_w_grad, bias_grad):
            if grad is not None:
                grad[...] = 0
        return
    if x_grad is not None:
        x_grad[...] = y_grad * scales * scale_w
    dy, prod = y_grad, (x - means) * scales * y_grad
    if shown is not None:
        if x_grad is not None:
            x_grad[~shown] = 0
        dy, prod = xp.where(shown, y_grad, 0), xp.where(shown, prod, 0)
    if bias_grad is not None:
        bias_grad[...] = _row_sum(xp, dy)
    if scale_w_grad is not None:
        scale_w_grad[...] = _row_sum(xp, prod)
