"""`KernelKey`: (backend, layout, dtype), the key PHI selects kernels by."""

from __future__ import annotations

from dataclasses import dataclass

from phi.common import AnyBackend, Backend, DataLayout, DataType


@dataclass(frozen=True, order=False)
class KernelKey:
    """Fluid's place + library_type fold into `backend`."""

    backend: AnyBackend = Backend.UNDEFINED
    layout: DataLayout = DataLayout.ALL_LAYOUT
    dtype: DataType = DataType.ALL_DTYPE

    def __str__(self) -> str:
        return f"({self.backend}, {self.layout}, {self.dtype})"

    def __repr__(self) -> str:
        return f"KernelKey{self}"

    def with_(
        self,
        *,
        backend: AnyBackend | None = None,
        layout: DataLayout | None = None,
        dtype: DataType | None = None,
    ) -> KernelKey:
        return KernelKey(
            self.backend if backend is None else backend,
            self.layout if layout is None else layout,
            self.dtype if dtype is None else dtype,
        )

    def candidates(self, *, exact_backend: bool = False) -> list[KernelKey]:
        """Keys to try, most specific first: exact, then ALL_LAYOUT, ALL_DTYPE; then the
        backend a plug-in device stands in for (the same order); then ALL_BACKEND.
        `exact_backend`: this key's backend only."""
        out: list[KernelKey] = []
        backends: list[AnyBackend] = [self.backend]
        if not exact_backend:
            stand_in = getattr(self.backend, "stands_in_for", None)
            backends += [stand_in, Backend.ALL_BACKEND] if stand_in else [Backend.ALL_BACKEND]
        for backend in backends:
            for dtype in (self.dtype, DataType.ALL_DTYPE):
                for layout in (self.layout, DataLayout.ALL_LAYOUT):
                    key = KernelKey(backend, layout, dtype)
                    if key not in out:
                        out.append(key)
        return out

    def as_dict(self) -> dict[str, str]:
        return {"backend": str(self.backend), "layout": str(self.layout), "dtype": str(self.dtype)}
