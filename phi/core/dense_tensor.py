"""`DenseTensor`: a contiguous n-d array plus its meta (dims, dtype, layout, lod, place)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from phi.common import CPUPlace, DataLayout, DataType, Place
from phi.common.data_type import NUMPY_DTYPES
from phi.core.tensor_base import TensorBase

LoD = list[list[int]]

#: NUMPY_DTYPES as a plain dict: `allocate` looks it up on every kernel call
_NUMPY_OF: dict[DataType, object] = dict(NUMPY_DTYPES)


@dataclass
class DenseTensorMeta:
    """Everything about a dense tensor except its storage."""

    dims: tuple[int, ...] = ()
    dtype: DataType = DataType.UNDEFINED
    layout: DataLayout = DataLayout.NCHW
    lod: LoD = field(default_factory=list)

    def numel(self) -> int:
        return math.prod(self.dims)


class DenseTensor(TensorBase):
    """Storage is a NumPy array on CPU or a CuPy array on GPU (the holder)."""

    __slots__ = ("_holder", "_owned", "_place", "meta")

    def __init__(
        self,
        data: Any = None,
        *,
        dtype: DataType | None = None,
        dims: tuple[int, ...] | list[int] | None = None,
        layout: DataLayout = DataLayout.NCHW,
        lod: LoD | None = None,
        place: Place | None = None,
    ) -> None:
        self.meta = DenseTensorMeta(layout=layout, lod=[list(level) for level in (lod or [])])
        self._holder: Any = None
        self._owned = False  # True when a DeviceContext allocated the holder (safe to reuse)
        self._place: Place = place or CPUPlace()
        if data is not None:
            if not hasattr(data, "__array_namespace__") and not isinstance(data, np.ndarray):
                data = np.asarray(data, dtype=dtype.to_numpy() if dtype else None)
            self.set_array(data, self._place if place else None)
        else:
            if dtype is not None:
                self.meta.dtype = dtype
            if dims is not None:
                self.meta.dims = tuple(map(int, dims))

    @classmethod
    def adopting(cls, array: np.ndarray, dtype: DataType, place: Place,
                 layout: DataLayout = DataLayout.NCHW, lod: LoD | None = None) -> DenseTensor:
        """What `DenseTensor(array, layout=layout, lod=lod, place=place)` makes of a NumPy
        array whose element type is `dtype`, without working either out again (a plan's
        fetch makes one per run)."""
        tensor = cls.__new__(cls)
        tensor.meta = DenseTensorMeta(array.shape, dtype, layout,
                                      [list(level) for level in lod] if lod else [])
        tensor._holder, tensor._owned, tensor._place = array, False, place
        return tensor

    # -- meta --------------------------------------------------------------
    @property
    def dims(self) -> tuple[int, ...]:
        return self.meta.dims

    @property
    def shape(self) -> tuple[int, ...]:
        return self.meta.dims

    @property
    def dtype(self) -> DataType:
        return self.meta.dtype

    @property
    def layout(self) -> DataLayout:
        return self.meta.layout

    @layout.setter
    def layout(self, value: DataLayout) -> None:
        self.meta.layout = value

    @property
    def lod(self) -> LoD:
        return self.meta.lod

    @lod.setter
    def lod(self, value: LoD) -> None:
        self.meta.lod = [list(level) for level in value]

    @property
    def place(self) -> Place:
        return self._place

    def numel(self) -> int:
        return self.meta.numel()

    def initialized(self) -> bool:
        return self._holder is not None

    def resize(self, dims: tuple[int, ...] | list[int]) -> DenseTensor:
        """Set dims (storage is (re)allocated on the next alloc)."""
        self.meta.dims = tuple(map(int, dims))
        if self._holder is not None and tuple(self._holder.shape) != self.meta.dims:
            if self._holder.size == self.meta.numel():
                self._holder = self._holder.reshape(self.meta.dims)
            else:
                self._holder = None
        return self

    def set_dtype(self, dtype: DataType) -> None:
        self.meta.dtype = dtype

    # -- storage -----------------------------------------------------------
    @property
    def data(self) -> Any:
        """The holder array; raises if never allocated."""
        if self._holder is None:
            raise RuntimeError(
                f"DenseTensor{list(self.dims)} holds no memory yet (not initialized)"
            )
        return self._holder

    def set_array(self, array: Any, place: Place | None = None) -> DenseTensor:
        """Adopt `array` as storage; dims and dtype follow it. Internal / I/O use.

        Adopted arrays are never written by a later `alloc` (they may belong
        to the caller, e.g. fed arrays or loaded parameters).
        """
        self._holder = array
        self._owned = False
        shape = array.shape  # a NumPy array's: a tuple of ints already
        self.meta.dims = shape if type(array) is np.ndarray else tuple(map(int, shape))
        self.meta.dtype = DataType.from_numpy(array.dtype)
        if place is not None:
            self._place = place
        elif isinstance(array, np.ndarray):
            self._place = CPUPlace()
        return self

    def use_buffer(self, array: Any) -> DenseTensor:
        """Take `array` (of this tensor's dims and dtype) as storage that allocations write
        into from now on, as if a device context had allocated it (a plan lends each
        tensor a slice of memory it shares with tensors that are never alive at once)."""
        self.set_array(array, self._place)
        self._owned = True
        return self

    def allocate(self, xp: Any, place: Place, dtype: DataType | None = None) -> Any:
        """Fresh storage of this tensor's dims and `dtype` from array module `xp` on
        `place` (what `DeviceContext.alloc` runs): memory a context allocated before is
        reused; adopted memory is never written (copy on write for in-place ops)."""
        meta, holder = self.meta, self._holder
        if not dtype:  # None or UNDEFINED: the tensor's own
            dtype = meta.dtype
        if (  # every kernel call tests this first: no properties or enum look-ups here
            self._owned
            and holder is not None
            and holder.shape == meta.dims
            and holder.dtype == _NUMPY_OF.get(dtype)
            and (self._place is place or self._place == place)
        ):
            return holder  # memory a context allocated before: reuse it
        if dtype is DataType.UNDEFINED:
            raise ValueError(f"cannot allocate {self!r}: no dtype given or inferred")
        array = xp.empty(self.dims, dtype=dtype.to_numpy())
        if (holder is not None and self._place == place
                and tuple(holder.shape) == self.dims and holder.dtype == array.dtype):
            # Adopted memory (a parameter, a fed array) is never written, but an in-place
            # op (Out is X) still reads X through this very tensor: copy on write.
            array[...] = holder
        self.set_array(array, place)
        self._owned = True
        return array

    def mutable_data(self, place: Place, dtype: DataType | None = None) -> Any:
        """Legacy (fluid) allocation: kernels of the old form allocate outputs here.

        PHI kernels never call this; they go through `DeviceContext.alloc`.
        """
        from phi.core.device_backends import DeviceContextPool

        return DeviceContextPool.instance().get(place).alloc(self, dtype)

    def numpy(self) -> np.ndarray:
        """A host (NumPy) view or copy of the data."""
        data = self.data
        if isinstance(data, np.ndarray):
            return data
        return data.get()  # CuPy

    def share_data_with(self, other: DenseTensor) -> DenseTensor:
        self._holder = other._holder
        self._owned = False
        self._place = other._place
        self.meta = DenseTensorMeta(
            other.dims, other.dtype, other.layout, [list(v) for v in other.lod]
        )
        return self

    def __repr__(self) -> str:
        state = "" if self.initialized() else ", uninitialized"
        return (
            f"DenseTensor(dims={list(self.dims)}, dtype={self.dtype}, layout={self.layout}, "
            f"place={self.place}{state})"
        )


def as_dense_tensor(value: Any) -> DenseTensor:
    """`value` itself when it is a DenseTensor, else a tensor holding it as a C-contiguous
    array of the same dims: a 0-d array stays 0-d (np.ascontiguousarray would make it [1])."""
    if isinstance(value, DenseTensor):
        return value
    return DenseTensor(np.asarray(value, order="C"))


def complex_grad_to_real(grad: DenseTensor, forward_dtype: DataType) -> None:
    """Paddle's complex-gradient-to-real rule on one gradient: a complex `grad` of a forward
    tensor of a real dtype becomes that dtype, holding its real part (its executors'
    HandleComplexGradToRealGrad, after a complex kernel; `legacy_fluid.framework.kernel_run`
    and `phi.api.autograd` apply it)."""
    if not grad.initialized() or not grad.dtype.is_complex \
            or forward_dtype is DataType.UNDEFINED or forward_dtype.is_complex:
        return
    grad.set_array(grad.data.real.astype(forward_dtype.to_numpy()), grad.place)
