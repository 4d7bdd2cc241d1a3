"""Class-based legacy kernels and the registry keyed by `OpKernelType`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from legacy_fluid.framework.op_kernel_type import LibraryType, OpKernelType
from phi.common import CPUPlace, DataLayout, DataType, GPUPlace, Place

if TYPE_CHECKING:
    from legacy_fluid.framework.execution_context import ExecutionContext


class OpKernel(ABC):
    """Subclass and implement `compute`; one class may be registered for many dtypes."""

    @abstractmethod
    def compute(self, ctx: ExecutionContext) -> None: ...


class UnsupportedOpVariantError(ValueError):
    """An op uses a variant (inputs or attribute values) fluidphi's kernel does not compute."""

    def __init__(self, op_type: str, what: str, supported: str) -> None:
        super().__init__(f"op '{op_type}': {what} is not supported; {supported}")


class LegacyKernelNotFoundError(LookupError):
    def __init__(self, op_type: str, key: OpKernelType, registered: list[OpKernelType]) -> None:
        self.op_type, self.key, self.registered = op_type, key, registered
        if registered:
            keys = "; ".join(str(k) for k in registered)
            msg = f"op '{op_type}' has no legacy kernel for {key}; registered: {keys}"
        else:
            msg = f"op '{op_type}' has no legacy kernel registered"
        super().__init__(msg)


def _normalize(key: OpKernelType) -> OpKernelType:
    """Kernels are registered per device kind; the device id does not matter."""
    return key.with_place(CPUPlace() if key.place.is_cpu else GPUPlace(0))


class OpKernelMap:
    """op type -> OpKernelType -> kernel class (fluid's AllOpKernels)."""

    _instance: ClassVar[OpKernelMap | None] = None

    def __init__(self) -> None:
        self._kernels: dict[str, dict[OpKernelType, type[OpKernel]]] = {}

    @classmethod
    def instance(cls) -> OpKernelMap:
        if cls._instance is None:
            cls._instance = cls()
            from legacy_fluid.framework.op_registry import load_builtin_ops

            load_builtin_ops()
        return cls._instance

    def insert(self, op_type: str, key: OpKernelType, kernel: type[OpKernel]) -> None:
        table = self._kernels.setdefault(op_type, {})
        key = _normalize(key)
        old = table.get(key)
        if old is not None and old is not kernel:
            raise ValueError(
                f"legacy kernel for '{op_type}' {key} registered twice "
                f"({old.__qualname__} and {kernel.__qualname__})"
            )
        table[key] = kernel

    def has(self, op_type: str) -> bool:
        return bool(self._kernels.get(op_type))

    def kernels_of(self, op_type: str) -> dict[OpKernelType, type[OpKernel]]:
        return dict(self._kernels.get(op_type, {}))

    def op_types(self) -> list[str]:
        return sorted(self._kernels)

    def find(self, op_type: str, key: OpKernelType) -> type[OpKernel] | None:
        """Exact key, then plain library, then any layout (fluid's ChooseKernel fallbacks)."""
        table = self._kernels.get(op_type, {})
        key = _normalize(key)
        for cand in (
            key,
            OpKernelType(key.data_type, key.place, key.data_layout, LibraryType.PLAIN),
            OpKernelType(key.data_type, key.place, DataLayout.ANY, LibraryType.PLAIN),
        ):
            if cand in table:
                return table[cand]
        return None

    def get(self, op_type: str, key: OpKernelType) -> type[OpKernel]:
        kernel = self.find(op_type, key)
        if kernel is None:
            raise LegacyKernelNotFoundError(op_type, key, list(self._kernels.get(op_type, {})))
        return kernel


_PENDING: list[tuple[str, OpKernelType, type[OpKernel]]] = []


def register_op_kernel(
    op_type: str,
    device: str,
    kernel: type[OpKernel],
    *dtypes: DataType,
    layout: DataLayout = DataLayout.ANY,
    library: LibraryType = LibraryType.PLAIN,
) -> None:
    """fluid's REGISTER_OP_{CPU,CUDA}_KERNEL: one key per listed dtype.

    `device` is "CPU" or "GPU".
    """
    places = {"CPU": CPUPlace(), "GPU": GPUPlace(0)}
    if device not in places:
        raise ValueError(
            f"register_op_kernel('{op_type}'): device must be CPU or GPU, not {device!r}"
        )
    if not dtypes:
        raise ValueError(f"register_op_kernel('{op_type}'): list at least one dtype")
    place: Place = places[device]
    for dtype in dtypes:
        entry = (op_type, OpKernelType(dtype, place, layout, library), kernel)
        if OpKernelMap._instance is not None:
            OpKernelMap._instance.insert(*entry)
        else:
            _PENDING.append(entry)


def flush_pending(kernel_map: OpKernelMap) -> None:
    while _PENDING:
        kernel_map.insert(*_PENDING.pop(0))
