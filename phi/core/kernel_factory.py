"""`Kernel` and `KernelFactory`: name -> KernelKey -> Kernel, with ALL_* aware selection."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from phi.common import AnyBackend, Backend
from phi.core.kernel_args import KernelArgsDef, TensorArgDef
from phi.core.kernel_context import KernelContext
from phi.core.kernel_key import KernelKey
from phi.core.registry import Registry


class KernelNotFoundError(LookupError):
    """A kernel name or key is not registered; the message lists what is."""

    def __init__(self, name: str, key: KernelKey | None, registered: list[KernelKey]) -> None:
        self.name, self.key, self.registered = name, key, registered
        if not registered:
            msg = f"no PHI kernel named '{name}' is registered"
        else:
            keys = ", ".join(str(k) for k in registered)
            msg = (
                f"PHI kernel '{name}' has no kernel for key {key} "
                f"(ALL_* fallbacks tried); registered keys: {keys}"
            )
        super().__init__(msg)


@dataclass(frozen=True)
class Kernel:
    """A registered kernel function with its key and argument definitions."""

    name: str
    key: KernelKey
    fn: Callable[..., None]
    args_def: KernelArgsDef

    def __call__(self, ctx: KernelContext) -> None:
        self.fn(ctx.dev_ctx, *ctx.inputs, *ctx.attrs, *ctx.outputs)

    @property
    def qualname(self) -> str:
        return f"{self.fn.__module__}.{self.fn.__qualname__}"

    def serving(self, backend: AnyBackend) -> Kernel:
        """This kernel run by a plug-in device that stands in for its backend: the key and
        the tensor arguments that follow the key move to `backend` (arguments pinned to
        another backend, such as a CPU-read ScaleTensor, stay)."""
        if backend == self.key.backend:
            return self
        return _serving(self, backend)


@functools.cache
def _serving(kernel: Kernel, backend: AnyBackend) -> Kernel:
    old = kernel.key.backend
    args = tuple(replace(a, backend=backend) if isinstance(a, TensorArgDef) and a.backend == old
                 else a for a in kernel.args_def.args)
    return Kernel(kernel.name, kernel.key.with_(backend=backend), kernel.fn, KernelArgsDef(args))


class KernelFactory(Registry[tuple[str, KernelKey], Kernel]):
    """Kernel name -> KernelKey -> Kernel (fluid's OpKernelMap), with ALL_* aware selection."""

    def __init__(self, loaders: tuple[str, ...] = ()) -> None:
        super().__init__("PHI kernel", loaders=loaders, group=lambda k: k[0],
                         identity=lambda kernel: kernel.fn)

    def insert(self, kernel: Kernel) -> None:
        self.add((kernel.name, kernel.key), kernel)

    def has_kernel(self, name: str) -> bool:
        return self.has_group(name)

    def names(self) -> list[str]:
        return self.group_names()

    def kernels_of(self, name: str) -> dict[KernelKey, Kernel]:
        return {key: kernel for (_, key), kernel in self.group(name).items()}

    def __iter__(self) -> Iterator[Kernel]:
        for name in self.names():
            yield from self.group(name).values()

    def select(self, name: str, key: KernelKey, *, exact_backend: bool = False
               ) -> Kernel | None:
        """The most specific kernel serving `key`, or None (`KernelKey.candidates`); a kernel
        of the backend a plug-in device stands in for comes back serving the device."""
        for candidate in key.candidates(exact_backend=exact_backend):
            kernel = self.get((name, candidate))
            if kernel is not None:
                if candidate.backend is not Backend.ALL_BACKEND:
                    return kernel.serving(key.backend)
                return kernel
        return None

    def select_kernel(self, name: str, key: KernelKey) -> Kernel:
        """Like `select` but a miss raises `KernelNotFoundError` naming name, key and keys held."""
        kernel = self.select(name, key)
        if kernel is None:
            raise KernelNotFoundError(name, key, list(self.kernels_of(name)))
        return kernel


#: The process-wide PHI kernels: every module under phi.kernels registers into it.
KERNELS = KernelFactory(loaders=("phi.kernels",))


def kernel_factory() -> KernelFactory:
    return KERNELS


def describe(kernel: Kernel) -> dict[str, Any]:
    """A JSON-friendly description (used by `fluidphi kernels`)."""
    return {
        "name": kernel.name,
        "key": kernel.key.as_dict(),
        "function": kernel.qualname,
        "inputs": [
            {"name": a.name, "kind": a.kind.value, "backend": str(a.backend)}
            for a in kernel.args_def.inputs
        ],
        "attributes": [{"name": a.name, "type": a.type_name} for a in kernel.args_def.attributes],
        "outputs": [{"name": a.name, "kind": a.kind.value} for a in kernel.args_def.outputs],
    }
