"""full / fill_constant: a tensor of one value; shared by PHI and legacy kernels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.cast import FLOAT8_SATURATION, saturate_float8
from phi.kernels.funcs.common import host_ints, to_host


def parse_str_value(text: str) -> float:
    """fill_constant's `str_value` as Paddle reads it: a double ('inf', '-inf', 'nan' too).

    Paddle 3.x parses it into a float64 Scalar, so an int64 beyond 2**53 is rounded.
    """
    try:
        return float(text.strip())
    except ValueError:
        raise ValueError(f"fill_constant: str_value {text!r} is not a number") from None


def check_shape(shape: Sequence[int]) -> tuple[int, ...]:
    dims = tuple(int(d) for d in shape)
    if any(d < 0 for d in dims):
        raise ValueError(f"full: every dim of shape must be >= 0, got {list(dims)}")
    return dims


def requested_shape(shape_tensor: Any | None, shape_tensor_list: Sequence[Any],
                    shape: Sequence[int]) -> tuple[int, ...]:
    """fill_constant's dims: ShapeTensor (1-D) first, then ShapeTensorList (1-element
    tensors), then the `shape` attribute (arrays may live on any device)."""
    if shape_tensor is not None:
        return check_shape(host_ints(shape_tensor))
    if shape_tensor_list:
        return check_shape([host_ints(t)[0] for t in shape_tensor_list])
    return check_shape(shape)


def requested_value(value_tensor: Any | None, str_value: Any, value: float) -> Any:
    """fill_constant's value: ValueTensor first, then a non-empty `str_value`, then `value`.

    `str_value` may already be parsed (a number or a `Scalar`) or still be text.
    """
    if value_tensor is not None:
        return to_host(value_tensor).reshape(-1)[0].item()
    if hasattr(str_value, "value"):  # a Scalar
        return str_value.value
    if isinstance(str_value, str):
        return parse_str_value(str_value) if str_value else value
    return str_value


def fill_value(value: Any, dtype: Any) -> np.generic:
    """`value` converted to `dtype` with C cast semantics (floats truncate toward zero;
    float8 saturates as Paddle's conversion does)."""
    dtype = np.dtype(dtype)
    if isinstance(value, complex) and dtype.kind != "c":
        value = value.real
    if dtype in FLOAT8_SATURATION:
        value = saturate_float8(np, np.asarray(value), dtype)
    with np.errstate(all="ignore"):
        return np.asarray(value).astype(dtype)[()]


def full(xp: Any, value: Any, out: Any) -> None:
    """Fill `out` (any shape, any array module) with `value` cast to out's dtype."""
    out.fill(fill_value(value, out.dtype))
