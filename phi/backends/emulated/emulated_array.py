"""`EmulatedArray` and `xp`: NumPy behind a device boundary, as strict as CuPy about it.

The emulated device computes with NumPy, but its memory is a separate space: its
arrays are `EmulatedArray`s, which hold a NumPy array that only this module's
functions (and NumPy's ufunc / array-function protocols) touch. Like CuPy's
arrays, they refuse to be mixed with host arrays silently:

- ``np.asarray(device_array)`` (any implicit conversion to a host array) raises;
  ``.get()`` (or the device context's ``to_host``) copies to the host explicitly;
- a ufunc, a NumPy function or an operator with a host ``np.ndarray`` operand
  (0-d included) raises; NumPy scalars and Python numbers mix freely;
- ``device_array[...] = host_array`` and indexing with a host index array raise;
- ``xp.asarray(host_array)`` / ``xp.array(host_array)`` copy host data onto the
  device explicitly (CuPy allows exactly these), every other ``xp`` function refuses
  host arrays.

Reductions and NumPy scalar results come back as 0-d device arrays (as CuPy's do);
``float()``, ``int()``, ``bool()``, ``.item()`` and ``.tolist()`` read them on the host.
So a kernel body written against ``dev_ctx.xp`` that runs here does not read or write
host memory behind the executor's back: the bugs that make a body fail on CuPy fail
here too, in CI, without a GPU.
"""

from __future__ import annotations

import numbers
import types
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from numpy.lib.mixins import NDArrayOperatorsMixin

#: Attributes of the wrapped array that would hand out host memory or let NumPy convert.
_HIDDEN = frozenset({"data", "ctypes", "base", "flat", "tofile", "dump", "dumps"})
#: `xp` functions that copy host data onto the device (CuPy's explicit transfers).
_HOST_TO_DEVICE = frozenset({"asarray", "array", "asanyarray"})


class DeviceMixingError(TypeError):
    """Emulated-device memory was mixed with host memory without an explicit copy."""

    def __init__(self, what: str) -> None:
        super().__init__(
            f"emulated device: {what} mixes device memory with a host NumPy array; copy "
            "explicitly (dev_ctx.to_device / to_host, xp.asarray(host), array.get())")


def _unwrap(obj: Any, what: str) -> Any:
    """NumPy arrays out of device arrays, through lists and tuples; host arrays refused."""
    if type(obj) is EmulatedArray:
        return obj._a
    if isinstance(obj, np.ndarray):
        raise DeviceMixingError(what)
    if isinstance(obj, (list, tuple)) and obj:
        items = [_unwrap(o, what) for o in obj]
        return items if isinstance(obj, list) else tuple(items)
    if isinstance(obj, dict):
        return {k: _unwrap(v, what) for k, v in obj.items()}
    return obj


def _unwrap_operand(obj: Any, what: str) -> Any:
    """A ufunc operand: a device array, a NumPy scalar or a Python number (CuPy refuses
    lists and host arrays as ufunc operands)."""
    if type(obj) is EmulatedArray:
        return obj._a
    if isinstance(obj, (np.generic, numbers.Number, bool)) or obj is None:
        return obj
    if isinstance(obj, np.ndarray):
        raise DeviceMixingError(what)
    raise TypeError(f"emulated device: {what}: unsupported operand type "
                    f"{type(obj).__name__} (a device array or a scalar is expected)")


def _wrap(obj: Any) -> Any:
    """Device arrays around NumPy results (NumPy scalars become 0-d arrays, as in CuPy)."""
    if isinstance(obj, np.ndarray):
        return EmulatedArray(obj)
    if isinstance(obj, np.generic):
        return EmulatedArray(np.asarray(obj))
    if isinstance(obj, tuple):
        return tuple(_wrap(o) for o in obj)
    if isinstance(obj, list):
        return [_wrap(o) for o in obj]
    return obj


class EmulatedArray(NDArrayOperatorsMixin):
    """An array in the emulated device's memory (see the module doc). Made by `xp` and the
    device's host-to-device copy, never from a host array directly."""

    __slots__ = ("_a",)
    __array_priority__ = 1000.0
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, array: np.ndarray) -> None:
        self._a = array

    # -- NumPy's protocols -----------------------------------------------------------------
    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        raise DeviceMixingError("an implicit conversion to a host array (np.asarray, "
                                "np.array, host_array[...] = device_array)")

    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        what = f"np.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
        args = [_unwrap_operand(x, what) for x in inputs]
        out = kwargs.get("out")
        if out is not None:
            kwargs["out"] = tuple(_unwrap_operand(o, what) for o in out)
        if "where" in kwargs:
            kwargs["where"] = _unwrap_operand(kwargs["where"], what)
        result = getattr(ufunc, method)(*args, **kwargs)
        if out is not None:
            return out[0] if len(out) == 1 else tuple(out)
        return _wrap(result)

    def __array_function__(self, func: Callable[..., Any], types_: Any, args: Any,
                           kwargs: Any) -> Any:
        what = f"np.{func.__name__}"
        return _wrap(func(*_unwrap(args, what), **_unwrap(kwargs, what)))

    def __array_namespace__(self, api_version: str | None = None) -> EmulatedNamespace:
        return xp

    # -- host access (explicit, as CuPy allows) ------------------------------------------------
    def get(self) -> np.ndarray:
        """A host copy (CuPy's `get`)."""
        return self._a.copy()

    def set(self, host: np.ndarray) -> None:
        """Copy a host array of this shape into this array (CuPy's `set`)."""
        if not isinstance(host, np.ndarray) or host.shape != self._a.shape:
            raise ValueError("emulated device: set() takes a host array of the same shape")
        np.copyto(self._a, host, casting="unsafe")

    def item(self, *args: Any) -> Any:
        return self._a.item(*args)

    def tolist(self) -> Any:
        return self._a.tolist()

    def __float__(self) -> float:
        return float(self._a)

    def __int__(self) -> int:
        return int(self._a)

    def __complex__(self) -> complex:
        return complex(self._a)

    def __index__(self) -> int:
        if self._a.ndim != 0 or self._a.dtype.kind not in "iub":
            raise TypeError("only 0-d integer device arrays can be used as an index")
        return int(self._a)

    def __bool__(self) -> bool:
        return bool(self._a)

    # -- array behaviour ---------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._a)

    def __iter__(self) -> Iterator[Any]:
        for row in self._a:
            yield _wrap(row)

    def __getitem__(self, key: Any) -> Any:
        return _wrap(self._a[_index(key)])

    def __setitem__(self, key: Any, value: Any) -> None:
        if isinstance(value, (list, tuple)):
            raise TypeError("emulated device: assigning a list into a device array "
                            "(use xp.asarray first)")
        self._a[_index(key)] = _unwrap_operand(value, "device_array[...] = value")

    @property
    def shape(self) -> tuple[int, ...]:
        return self._a.shape

    @property
    def dtype(self) -> np.dtype:
        return self._a.dtype

    @property
    def ndim(self) -> int:
        return self._a.ndim

    @property
    def size(self) -> int:
        return self._a.size

    @property
    def T(self) -> EmulatedArray:  # noqa: N802 - NumPy's name
        return EmulatedArray(self._a.T)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in _HIDDEN:
            raise AttributeError(f"emulated device arrays have no attribute {name!r}")
        attr = getattr(self._a, name)
        if not callable(attr):
            return _wrap(attr)

        def method(*args: Any, **kwargs: Any) -> Any:
            what = f"ndarray.{name}"
            return _wrap(attr(*_unwrap(args, what), **_unwrap(kwargs, what)))

        return method

    def __repr__(self) -> str:
        return "emulated_" + repr(self._a)

    __str__ = __repr__


def _index(key: Any) -> Any:
    if isinstance(key, tuple):
        return tuple(_index(k) for k in key)
    if type(key) is EmulatedArray:
        return key._a
    if isinstance(key, np.ndarray):
        raise DeviceMixingError("indexing a device array with a host index array")
    return key


class _Function:
    """An `xp` function: NumPy's, refusing host arrays, returning device arrays."""

    __slots__ = ("_fn", "_name")

    def __init__(self, fn: Callable[..., Any], name: str) -> None:
        self._fn, self._name = fn, name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        what = f"xp.{self._name}"
        if self._name in _HOST_TO_DEVICE and args and isinstance(args[0], np.ndarray):
            host = args[0]  # an explicit host -> device copy, as cupy.asarray(numpy_array)
            array = self._fn(host, *args[1:], **kwargs)
            return EmulatedArray(array.copy() if np.shares_memory(array, host) else array)
        return _wrap(self._fn(*_unwrap(args, what), **_unwrap(kwargs, what)))

    def __getattr__(self, name: str) -> Any:  # ufunc methods (reduce, at, ...) and attributes
        attr = getattr(self._fn, name)
        return _Function(attr, f"{self._name}.{name}") if callable(attr) else attr

    def __repr__(self) -> str:
        return f"<emulated xp.{self._name}>"


class EmulatedNamespace(types.ModuleType):
    """The emulated device's array module: NumPy's names, device arrays in and out."""

    def __init__(self, module: types.ModuleType, name: str) -> None:
        super().__init__(name)
        self._module = module
        self._cache: dict[str, Any] = {"ndarray": EmulatedArray}

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        cache = self.__dict__["_cache"]
        if name in cache:
            return cache[name]
        attr = getattr(self.__dict__["_module"], name)
        if isinstance(attr, types.ModuleType):
            value: Any = EmulatedNamespace(attr, f"{self.__name__}.{name}")
        elif callable(attr) and not isinstance(attr, type):
            value = _Function(attr, name)
        else:
            value = attr  # dtypes, classes (np.float32, np.errstate, np.finfo), constants
        cache[name] = value
        return value


#: The emulated device's array module (`dev_ctx.xp` on `emulated` places).
xp = EmulatedNamespace(np, "emulated_numpy")


def to_device(host: Any, device_id: int = 0) -> EmulatedArray:
    """Copy a host array into emulated device memory."""
    if type(host) is EmulatedArray:
        return EmulatedArray(host._a.copy())
    return EmulatedArray(np.array(host, copy=True))


def to_host(array: Any) -> np.ndarray:
    """Copy emulated device memory to a host array."""
    if type(array) is not EmulatedArray:
        raise TypeError(f"emulated device: to_host expects a device array, got "
                        f"{type(array).__name__}")
    return array._a.copy()
