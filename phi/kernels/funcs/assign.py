"""assign (a copy) and assign_value (a constant tensor from a value list attribute); shared
by PHI and legacy kernels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs.common import copy_into

#: fluid VarType number -> the per-type value attribute of Paddle 2.x assign_value.
_VALUE_ATTRS = {0: "bool_values", 2: "int32_values", 3: "int64_values", 5: "fp32_values",
                6: "fp64_values"}


def assign(xp: Any, x: Any, out: Any) -> None:
    copy_into(xp, x, out)


def value_attr_name(dtype: int, values: Sequence[Any] | None) -> str:
    """Which attribute holds assign_value's numbers: the 3.x `values` list when it is
    non-empty, else the 2.x list for `dtype` (a fluid VarType number; fp32_values for the
    types without a list of their own, e.g. float16)."""
    if values:
        return "values"
    return _VALUE_ATTRS.get(int(dtype), "fp32_values")


def _plain(v: Any) -> Any:
    return v.value if hasattr(v, "value") else v  # a Scalar -> its number


def value_array(shape: Sequence[int], dtype: DataType, values: Sequence[Any],
                op: str = "assign_value") -> np.ndarray:
    """The host array assign_value (set_value) writes: `values` converted to `dtype`, in
    `shape`."""
    dims = tuple(int(d) for d in shape)
    count = int(np.prod(dims, dtype=np.int64))
    if len(values) != count:
        raise ValueError(f"{op}: {len(values)} values do not fill shape {list(dims)} "
                         f"({count} elements)")
    plain = [_plain(v) for v in values]
    np_dtype = dtype.to_numpy()
    if np_dtype.kind != "c":
        plain = [v.real if isinstance(v, complex) else v for v in plain]
    with np.errstate(all="ignore"):
        return np.asarray(plain, dtype=np.complex128 if np_dtype.kind == "c" else None
                          ).astype(np_dtype).reshape(dims)


def assign_value(xp: Any, shape: Sequence[int], dtype: DataType, values: Sequence[Any],
                 out: Any) -> None:
    copy_into(xp, value_array(shape, dtype, values), out)
