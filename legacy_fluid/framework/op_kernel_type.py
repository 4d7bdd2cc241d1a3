"""`OpKernelType`: fluid's four-part kernel key {place, data_type, data_layout, library_type}."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Any

from phi.common import Backend, DataLayout, DataType, Place
from phi.core.kernel_key import KernelKey


class LibraryType(IntEnum):
    PLAIN = 0
    MKLDNN = 1
    CUDNN = 2
    #: fluidphi's own: CPU kernels JIT-compiled by Numba. No op attribute asks for it; a
    #: run's library preference does (`compat.kernel_library`).
    NUMBA = 3

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class OpKernelType:
    """Hashable; ``data_layout`` ANY and ``library_type`` PLAIN are the usual defaults."""

    data_type: DataType
    place: Place
    data_layout: DataLayout = DataLayout.ANY
    library_type: LibraryType = LibraryType.PLAIN

    def __str__(self) -> str:
        layout = "ANY_LAYOUT" if self.data_layout is DataLayout.ANY else self.data_layout.name
        return (
            f"{{data_type[{self.data_type}]; data_layout[{layout}]; "
            f"place[{self.place}]; library_type[{self.library_type}]}}"
        )

    def __repr__(self) -> str:
        return f"OpKernelType{self}"

    def with_place(self, place: Place) -> OpKernelType:
        return OpKernelType(self.data_type, place, self.data_layout, self.library_type)

    def with_library(self, library: LibraryType) -> OpKernelType:
        return replace(self, library_type=library)

    def to_kernel_key(self) -> KernelKey:
        """fluid -> PHI: place + library fold into one Backend."""
        backend = LIBRARY_BACKEND.get(self.library_type) or self.place.to_backend()
        return KernelKey(backend, self.data_layout, self.data_type)

    @classmethod
    def from_kernel_key(cls, key: KernelKey, device_id: int = 0) -> OpKernelType:
        library = BACKEND_LIBRARY.get(key.backend, LibraryType.PLAIN)
        return cls(key.dtype, Place.from_backend(key.backend, device_id), key.layout, library)


#: Each library's PHI backend (PHI folds place and library into one `Backend`), and back.
LIBRARY_BACKEND = {LibraryType.CUDNN: Backend.GPUDNN, LibraryType.MKLDNN: Backend.ONEDNN,
                   LibraryType.NUMBA: Backend.NUMBA}
BACKEND_LIBRARY = {backend: library for library, backend in LIBRARY_BACKEND.items()}

#: The library attributes of fluid ops, the library each asks for, and where it can run.
LIBRARY_ATTRIBUTES = (("use_cudnn", LibraryType.CUDNN), ("use_mkldnn", LibraryType.MKLDNN),
                      ("use_onednn", LibraryType.MKLDNN))


def requested_library(attrs: Mapping[str, Any], place: Place) -> tuple[LibraryType, str] | None:
    """The library an op's attributes ask for on `place`, with the attribute that asked
    (fluid's CanCUDNNBeUsed / CanMKLDNNBeUsed): cuDNN on a GPU or on a device standing
    in for one, oneDNN on CPU; None elsewhere or when no attribute asks."""
    for attribute, library in LIBRARY_ATTRIBUTES:
        if not attrs.get(attribute):
            continue
        if library is LibraryType.CUDNN and place.is_gpu_like:
            return library, attribute
        if library is LibraryType.MKLDNN and place.is_cpu:
            return library, attribute
    return None
