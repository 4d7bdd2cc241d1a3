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
