"""Registration by decorator: one call registers a function for many dtypes."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from phi.common import AnyBackend, DataLayout, DataType
from phi.common.backend import backend_named
from phi.core.kernel_args import derive_args_def
from phi.core.kernel_factory import KERNELS, Kernel
from phi.core.kernel_key import KernelKey

F = TypeVar("F", bound=Callable[..., None])


def register_kernel(
    name: str,
    backend: AnyBackend | str,
    layout: DataLayout,
    dtypes: Iterable[DataType] | DataType,
    *,
    arg_overrides: dict[str, dict[str, Any]] | None = None,
) -> Callable[[F], F]:
    """Register the decorated function as PHI kernel `name` for each dtype.

    `arg_overrides` maps a tensor argument name to the members of its
    `TensorArgDef` that differ from the kernel key, e.g. an input read on the
    host: ``{"scale_tensor": {"backend": Backend.CPU}}``. The function itself
    is returned unchanged, so one body can be registered for several backends.
    `backend` may name a registered plug-in device type ("emulated").
    """
    backend = backend_named(backend) if isinstance(backend, str) else backend
    dtype_list = [dtypes] if isinstance(dtypes, DataType) else list(dtypes)
    if not dtype_list:
        raise ValueError(f"kernel '{name}': register at least one dtype (or ALL_DTYPE)")

    def decorate(fn: F) -> F:
        base = derive_args_def(fn)
        for dtype in dtype_list:
            key = KernelKey(backend, layout, dtype)
            args_def = base.specialize(backend, layout, dtype, arg_overrides)
            KERNELS.insert(Kernel(name, key, fn, args_def))
        return fn

    return decorate
