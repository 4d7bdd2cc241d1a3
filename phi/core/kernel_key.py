"""`KernelKey`: (backend, layout, dtype), the key PHI selects kernels by."""

from __future__ import annotations

from dataclasses import dataclass

from phi.common import Backend, DataLayout, DataType


@dataclass(frozen=True, order=False)
class KernelKey:
    """Fluid's place + library_type fold into `backend`."""

    backend: Backend = Backend.UNDEFINED
    layout: DataLayout = DataLayout.ALL_LAYOUT
    dtype: DataType = DataType.ALL_DTYPE

    def __str__(self) -> str:
        return f"({self.backend}, {self.layout}, {self.dtype})"

    def __repr__(self) -> str:
        return f"KernelKey{self}"

    def with_(
        self,
        *,
        backend: Backend | None = None,
        layout: DataLayout | None = None,
        dtype: DataType | None = None,
    ) -> KernelKey:
        return KernelKey(
            self.backend if backend is None else backend,
            self.layout if layout is None else layout,
            self.dtype if dtype is None else dtype,
        )

    def candidates(self) -> list[KernelKey]:
        """Keys to try, most specific first: exact, then ALL_LAYOUT, ALL_DTYPE, ALL_BACKEND."""
        out: list[KernelKey] = []
        for backend in (self.backend, Backend.ALL_BACKEND):
            for dtype in (self.dtype, DataType.ALL_DTYPE):
                for layout in (self.layout, DataLayout.ALL_LAYOUT):
                    key = KernelKey(backend, layout, dtype)
                    if key not in out:
                        out.append(key)
        return out

    def as_dict(self) -> dict[str, str]:
        return {"backend": str(self.backend), "layout": str(self.layout), "dtype": str(self.dtype)}
