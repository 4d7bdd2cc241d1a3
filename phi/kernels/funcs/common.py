"""Small helpers shared by the math in `phi.kernels.funcs` (array-module agnostic)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import ml_dtypes
import numpy as np

#: Element types NumPy/CuPy compute poorly or not at all; math upcasts them to float32.
HALF_DTYPES = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))


def to_host(array: Any) -> np.ndarray:
    """A NumPy array with the values of `array` (NumPy as is, CuPy copied to the host)."""
    if isinstance(array, np.ndarray):
        return array
    if hasattr(array, "get"):
        return array.get()
    return np.asarray(array)


def host_ints(array: Any) -> list[int]:
    """The values of an integer tensor (any device) as Python ints, flattened."""
    return [int(v) for v in to_host(array).reshape(-1)]


def copy_into(xp: Any, src: Any, dst: Any) -> None:
    """Copy `src` (on any device) into `dst`, an array of module `xp`, casting to dst's dtype."""
    if xp is np:
        src = to_host(src)
    else:
        src = xp.asarray(src)
    xp.copyto(dst, src, casting="unsafe")


_COMPUTE_DTYPES: dict[Any, np.dtype] = {}
_TYPED_SCALARS: dict[tuple[Any, Any], Any] = {}
#: typed scalars kept at most (attribute values are few; tensor-fed ones may not be)
_TYPED_SCALARS_KEPT = 4096


def typed_scalar(dtype: np.dtype, value: Any) -> Any:
    """`dtype.type(value)`, made once per (dtype, value): kernels run per op call, and a
    NumPy scalar object costs more to make than to find (a Python scalar argument costs
    NumPy a type resolution on every ufunc call)."""
    if value == 0 and math.copysign(1.0, value) < 0:
        return dtype.type(value)  # -0.0 equals 0.0 as a key: never cached
    key = (dtype, value)
    found = _TYPED_SCALARS.get(key)
    if found is None:
        if len(_TYPED_SCALARS) >= _TYPED_SCALARS_KEPT:
            _TYPED_SCALARS.clear()
        found = _TYPED_SCALARS[key] = dtype.type(value)
    return found


def compute_dtype(dtype: Any) -> np.dtype:
    """The dtype math runs in for elements of `dtype` (float32 for float16/bfloat16)."""
    found = _COMPUTE_DTYPES.get(dtype)  # every elementwise kernel asks: one dict look-up
    if found is None:
        wanted = np.dtype(dtype)
        found = np.dtype(np.float32) if wanted in HALF_DTYPES else wanted
        if isinstance(dtype, np.dtype):
            _COMPUTE_DTYPES[dtype] = found
    return found


_Fn = TypeVar("_Fn", bound=Callable[..., Any])


def c_round(xp: Any, x: Any) -> Any:
    """C's round(): halves away from zero (NumPy's round is to even), -0.3 gives -0.0;
    NaN and +-inf pass."""
    whole = xp.trunc(x)
    return xp.where(xp.abs(x - whole) >= 0.5, whole + xp.sign(x), whole)


def named(fn: _Fn, name: str, doc: str) -> _Fn:
    """`fn` (made by a factory) under the public `name`, with docstring `doc`."""
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


class quiet:  # noqa: N801 - used as `with quiet(xp):`, as a function would be
    """Silence floating-point warnings (inf/nan results are intended) where the array module
    has NumPy's `errstate` (NumPy, the emulated device); no-op for CuPy. A class, not a
    generator-based context manager: hundreds of kernels enter one per call, and this
    costs a third of the time."""

    __slots__ = ("_state",)

    def __init__(self, xp: Any) -> None:
        errstate = np.errstate if xp is np else getattr(xp, "errstate", None)
        self._state = None if errstate is None else errstate(all="ignore")

    def __enter__(self) -> None:
        if self._state is not None:
            self._state.__enter__()

    def __exit__(self, *exc: object) -> None:
        if self._state is not None:
            self._state.__exit__(*exc)


#: `workspace(key, shape, dtype) -> array`: scratch memory that a kernel reuses across
#: calls and runs (`DeviceContext.workspace`); valid until the next request for `key`.
Workspace = Callable[[str, tuple[int, ...], Any], Any]


def scratch(xp: Any, workspace: Workspace | None, key: str, shape: tuple[int, ...],
            dtype: Any) -> Any:
    """An uninitialised C-contiguous array from `workspace` (fresh memory when it is None)."""
    if workspace is None:
        return xp.empty(shape, dtype=dtype)
    return workspace(key, tuple(map(int, shape)), dtype)


def abs_offsets(lod: Sequence[Sequence[int]]) -> np.ndarray:
    """Level 0 of a LoD as row offsets (mapped through the lower levels)."""
    offsets = np.asarray(lod[0], np.int64)
    for level in lod[1:]:
        offsets = np.asarray(level, np.int64)[offsets]
    return offsets


def check_out_grad(op: str, out_grad: Any, dims: tuple[int, ...]) -> None:
    """A grad kernel's Out@GRAD must have the dims the forward gives Out."""
    if tuple(out_grad.shape) != tuple(dims):
        raise ValueError(f"{op}: Out@GRAD must have Out's dims {list(dims)}, got "
                         f"{list(out_grad.shape)}")
