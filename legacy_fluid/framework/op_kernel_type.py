"""`OpKernelType`: fluid's four-part kernel key {place, data_type, data_layout, library_type}."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from phi.common import Backend, DataLayout, DataType, Place
from phi.core.kernel_key import KernelKey


class LibraryType(IntEnum):
    PLAIN = 0
    MKLDNN = 1
    CUDNN = 2

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

    def to_kernel_key(self) -> KernelKey:
        """fluid -> PHI: place + library fold into one Backend."""
        backend = self.place.to_backend()
        if self.library_type is LibraryType.CUDNN:
            backend = Backend.GPUDNN
        elif self.library_type is LibraryType.MKLDNN:
            backend = Backend.ONEDNN
        return KernelKey(backend, self.data_layout, self.data_type)

    @classmethod
    def from_kernel_key(cls, key: KernelKey, device_id: int = 0) -> OpKernelType:
        library = {Backend.GPUDNN: LibraryType.CUDNN, Backend.ONEDNN: LibraryType.MKLDNN}.get(
            key.backend, LibraryType.PLAIN
        )
        return cls(key.dtype, Place.from_backend(key.backend, device_id), key.layout, library)
