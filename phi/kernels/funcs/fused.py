"""Fused inference ops (what Paddle's inference passes emit, and fluidphi's plan passes):
conv2d + bias + residual + activation, and fc (matmul + bias + activation).

The activation runs in place on the output, through the same functions the
standalone activation kernels use, so a fused op computes what its parts do.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import conv as conv_funcs
from phi.kernels.funcs.common import Workspace


def _relu6(xp: Any, x: Any, alpha: float, out: Any) -> None:
    act_funcs.relu6(xp, x, 6.0, out)


#: activation attribute -> an in-place function (xp, x, alpha, out); "identity" does nothing.
IN_PLACE: dict[str, Callable[[Any, Any, float, Any], None]] = {
    "relu": lambda xp, x, alpha, out: act_funcs.relu(xp, x, out),
    "relu6": _relu6,
    "sigmoid": lambda xp, x, alpha, out: act_funcs.sigmoid(xp, x, out),
    "tanh": lambda xp, x, alpha, out: act_funcs.tanh(xp, x, out),
    "leaky_relu": act_funcs.leaky_relu,
    "hardswish": lambda xp, x, alpha, out: act_funcs.hardswish(xp, x, 6.0, 6.0, 3.0, out),
}
#: What `activate` accepts.
ACTIVATIONS = ("identity", "", *IN_PLACE)


def in_place(name: str) -> Callable[[Any, Any, float, Any], None] | None:
    """The in-place function of activation `name` (None for "identity" or "")."""
    if name in ("identity", ""):
        return None
    try:
        return IN_PLACE[name]
    except KeyError:
        raise ValueError(f"activation {name!r} is not supported (supported: "
                         f"{', '.join(repr(a) for a in ACTIVATIONS)})") from None


def activate(xp: Any, name: str, out: Any, alpha: float = 0.0) -> None:
    """Apply activation `name` to `out` in place ("identity" or "": none)."""
    fn = in_place(name)
    if fn is not None:
        fn(xp, out, alpha, out)


def conv2d_add_act(xp: Any, x: Any, w: Any, bias: Any | None, residual: Any | None,
                   strides: Any, paddings: Any, padding_algorithm: str, dilations: Any,
                   groups: int, data_format: str, activation: str, alpha: float,
                   out: Any, workspace: Workspace | None = None) -> None:
    """out = act(conv2d(x, w) + bias[channel] + residual); `workspace` keeps the conv's
    padding and im2col buffers across calls."""
    conv_funcs.conv2d(xp, x, w, strides, paddings, padding_algorithm, dilations, groups,
                      data_format, out, workspace)
    if bias is not None:
        channel_last = conv_funcs.is_channel_last(data_format)
        xp.add(out, bias.reshape(-1) if channel_last else bias.reshape(-1, 1, 1), out=out)
    if residual is not None:
        xp.add(out, residual, out=out)
    activate(xp, activation, out, alpha)


def fc_operands(x: Any, w: Any, bias: Any | None, in_num_col_dims: int, out: Any
                ) -> tuple[Any, Any, Any | None]:
    """(x as rows, out as rows, bias as a row): views of fc's arrays that `fc_rows` takes
    (views of C-contiguous arrays; a reshape of other arrays may copy)."""
    shape = x.shape  # ints (NumPy's and CuPy's shapes)
    if len(shape) == 2 and in_num_col_dims == 1:  # flat already
        flat, rows2d = out, x
    else:
        rows = math.prod(shape[:in_num_col_dims])
        cols = math.prod(shape[in_num_col_dims:])  # not -1: rows may be 0
        flat, rows2d = out.reshape(rows, w.shape[1]), x.reshape(rows, cols)
    return rows2d, flat, None if bias is None else bias if bias.ndim == 1 else bias.reshape(-1)


def fc_rows(xp: Any, rows2d: Any, w: Any, bias_row: Any | None,
            act: Callable[[Any, Any, float, Any], None] | None, flat: Any, out: Any) -> None:
    """fc on `fc_operands`' views: flat = rows2d @ w + bias_row, then `act` (an activation's
    `in_place` function, or None) on `out` (whose rows `flat` is) in place."""
    xp.matmul(rows2d, w, out=flat)
    if bias_row is not None:
        xp.add(flat, bias_row, out=flat)
    if act is not None:
        act(xp, out, 0.0, out)


def fc(xp: Any, x: Any, w: Any, bias: Any | None, in_num_col_dims: int, activation: str,
       out: Any) -> None:
    """out = act(x flattened at `in_num_col_dims` @ w + bias)."""
    act = in_place(activation)
    rows2d, flat, bias_row = fc_operands(x, w, bias, in_num_col_dims, out)
    fc_rows(xp, rows2d, w, bias_row, act, flat, out)


def fc_out_dims(x_dims: Any, w_dims: Any, in_num_col_dims: int) -> tuple[int, ...]:
    if len(w_dims) != 2:
        raise ValueError(f"fc: W must be 2-D, got dims {list(w_dims)}")
    if not 1 <= in_num_col_dims < len(x_dims) + 1:
        raise ValueError(f"fc: in_num_col_dims {in_num_col_dims} is out of range for input "
                         f"dims {list(x_dims)}")
    k = 1
    for d in x_dims[in_num_col_dims:]:
        k *= int(d)
    if k != int(w_dims[0]):
        raise ValueError(f"fc: input dims {list(x_dims)} flattened at {in_num_col_dims} give "
                         f"{k} columns, but W has {w_dims[0]} rows")
    return (*(int(d) for d in x_dims[:in_num_col_dims]), int(w_dims[1]))
