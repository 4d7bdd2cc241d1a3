"""Class-based legacy kernels and the registry keyed by `OpKernelType`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from legacy_fluid.framework.op_kernel_type import LibraryType, OpKernelType
from legacy_fluid.framework.var_type import dtypes_without_legacy_kernel
from phi.common import CPUPlace, DataLayout, DataType, GPUPlace, Place
from phi.common.backend import backend_named
from phi.core.kernel_registry import register_kernel
from phi.core.registry import Registry

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
    return key.with_place(key.place.with_device_id(0))


def _places_to_try(place: Place) -> list[Place]:
    """The place, then the place of the backend a plug-in device stands in for."""
    stand_in = place.to_backend().stands_in_for if place.is_custom else None
    return [place] if stand_in is None else [place, Place.from_backend(stand_in)]


class OpKernelMap(Registry[tuple[str, OpKernelType], type[OpKernel]]):
    """op type -> OpKernelType -> kernel class (fluid's AllOpKernels)."""

    def __init__(self, loaders: tuple[str, ...] = ()) -> None:
        super().__init__("legacy kernel for", loaders=loaders, group=lambda k: k[0])
        #: (op type, legacy class) -> the PHI kernels (name, function) following its keys
        self._followers: dict[tuple[str, type[OpKernel]], list[tuple[str, Callable[..., Any]]]] = {}

    def insert(self, op_type: str, key: OpKernelType, kernel: type[OpKernel]) -> None:
        key = _normalize(key)
        self.add((op_type, key), kernel)
        for name, fn in self._followers.get((op_type, kernel), []):
            _register_following(name, fn, key)

    def follow(self, op_type: str, name: str, fn: Callable[..., Any],
               kernel: type[OpKernel]) -> None:
        """PHI kernel `name` (`fn`) registered for each key `kernel` has for `op_type` in
        this table now (without loading anything) and for each key it gets later."""
        followers = self._followers.setdefault((op_type, kernel), [])
        if (name, fn) not in followers:
            followers.append((name, fn))
        for (_, key), cls in list(self._groups.get(op_type, {}).items()):
            if cls is kernel:
                _register_following(name, fn, key)

    @contextmanager
    def scoped(self, *, inherit: bool = False) -> Iterator[OpKernelMap]:
        """As `Registry.scoped`; the PHI kernels following legacy classes are scoped too."""
        saved = self._followers
        self._followers = {k: list(v) for k, v in saved.items()} if inherit else {}
        try:
            with super().scoped(inherit=inherit) as table:
                yield table  # type: ignore[misc]
        finally:
            self._followers = saved

    def has(self, op_type: str) -> bool:
        return self.has_group(op_type)

    def kernels_of(self, op_type: str) -> dict[OpKernelType, type[OpKernel]]:
        return {key: cls for (_, key), cls in self.group(op_type).items()}

    def op_types(self) -> list[str]:
        return self.group_names()

    def find(self, op_type: str, key: OpKernelType, *, exact_library: bool = False
             ) -> type[OpKernel] | None:
        """Exact key, then plain library, then any layout (fluid's ChooseKernel fallbacks);
        on a plug-in device that stands in for another, that device's kernels next.
        `exact_library`: only kernels of the key's library (no plain fallback)."""
        key = _normalize(key)
        for place in _places_to_try(key.place):
            cands = [OpKernelType(key.data_type, place, key.data_layout, key.library_type)]
            if exact_library:
                cands.append(OpKernelType(key.data_type, place, DataLayout.ANY,
                                          key.library_type))
            else:
                cands += [OpKernelType(key.data_type, place, key.data_layout, LibraryType.PLAIN),
                          OpKernelType(key.data_type, place, DataLayout.ANY, LibraryType.PLAIN)]
            for cand in cands:
                kernel = self.get((op_type, cand))
                if kernel is not None:
                    return kernel
        return None

    def get_kernel(self, op_type: str, key: OpKernelType) -> type[OpKernel]:
        kernel = self.find(op_type, key)
        if kernel is None:
            raise LegacyKernelNotFoundError(op_type, key, list(self.kernels_of(op_type)))
        return kernel


#: The process-wide legacy kernels: every module under legacy_fluid.operators registers here.
OP_KERNELS = OpKernelMap(loaders=("legacy_fluid.operators",))


def _register_following(name: str, fn: Callable[..., Any], key: OpKernelType) -> None:
    """PHI kernel `name` for the backend, layout and dtype of legacy `key`; a key of a
    library other than PLAIN (its own backend kernel, e.g. oneDNN) is not followed."""
    if key.library_type == LibraryType.PLAIN:
        register_kernel(name, key.place.to_backend(), key.data_layout, key.data_type)(fn)


def follow_legacy_kernel(op_type: str, kernel_fn: Callable[..., Any],
                         legacy_kernel: type[OpKernel], *, name: str | None = None
                         ) -> Callable[..., Any]:
    """Register `kernel_fn` as PHI kernel `name` (default: `op_type`) for exactly the keys
    the legacy class `legacy_kernel` is registered under for `op_type`: those it has now
    at once, each one `register_op_kernel` adds later when it is added. The PHI key set
    then equals the legacy one whatever registers the class, in whatever order and under
    whatever environment; the class stays registered (`--path legacy` runs it). Used by
    `fluidphi migrate` where another module's code registers the class. Returns
    `kernel_fn`."""
    OP_KERNELS.follow(op_type, name or op_type, kernel_fn, legacy_kernel)
    return kernel_fn


def _kernel_dtype(op_type: str, dtype: object) -> DataType:
    """A registration's dtype: a `DataType`, or its name ("float32", "FLOAT32", "fp32")."""
    if isinstance(dtype, DataType):
        return dtype
    if isinstance(dtype, str):
        try:
            return DataType.parse(dtype)
        except ValueError:
            pass
    raise ValueError(f"register_op_kernel('{op_type}'): {dtype!r} is not a DataType "
                     "or the name of one (e.g. DataType.FLOAT32 or \"float32\")")


def register_op_kernel(
    op_type: str,
    device: str,
    kernel: type[OpKernel],
    *dtypes: DataType | str,
    layout: DataLayout = DataLayout.ANY,
    library: LibraryType = LibraryType.PLAIN,
) -> None:
    """fluid's REGISTER_OP_{CPU,CUDA}_KERNEL: one key per listed dtype.

    `device` is "CPU", "GPU" or a registered plug-in device type ("emulated"); a dtype no
    fluid kernel can be keyed on (var_type.dtypes_without_legacy_kernel) is refused.
    """
    places = {"CPU": CPUPlace(), "GPU": GPUPlace(0)}
    if device in places:
        place: Place = places[device]
    else:
        try:
            place = Place.from_backend(backend_named(device))
        except ValueError:
            raise ValueError(f"register_op_kernel('{op_type}'): device must be CPU, GPU or a "
                             f"registered device type, not {device!r}") from None
    if not dtypes:
        raise ValueError(f"register_op_kernel('{op_type}'): list at least one dtype")
    dtypes = tuple(_kernel_dtype(op_type, d) for d in dtypes)
    unkeyed = sorted(str(d) for d in set(dtypes) & dtypes_without_legacy_kernel())
    if unkeyed:
        raise ValueError(f"register_op_kernel('{op_type}'): no fluid kernel is keyed on "
                         f"{unkeyed} (Paddle 3.3.1's legacy executor has none): register "
                         "the PHI kernel for them instead")
    for dtype in dtypes:
        OP_KERNELS.insert(op_type, OpKernelType(dtype, place, layout, library), kernel)
