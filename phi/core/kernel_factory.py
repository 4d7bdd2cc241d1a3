"""`Kernel` and `KernelFactory`: name -> KernelKey -> Kernel, with ALL_* aware selection."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from phi.core.kernel_args import KernelArgsDef
from phi.core.kernel_context import KernelContext
from phi.core.kernel_key import KernelKey


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


class KernelFactory:
    """The global two-level kernel map (like fluid's OpKernelMap, keyed by name then KernelKey)."""

    _instance: ClassVar[KernelFactory | None] = None

    def __init__(self) -> None:
        self._kernels: dict[str, dict[KernelKey, Kernel]] = {}

    @classmethod
    def instance(cls) -> KernelFactory:
        if cls._instance is None:
            cls._instance = cls()
            _load_builtin_kernels()
        return cls._instance

    def insert(self, kernel: Kernel) -> None:
        table = self._kernels.setdefault(kernel.name, {})
        existing = table.get(kernel.key)
        if existing is not None and existing.fn is not kernel.fn:
            raise ValueError(
                f"PHI kernel '{kernel.name}' {kernel.key} registered twice "
                f"({existing.qualname} and {kernel.qualname})"
            )
        table[kernel.key] = kernel

    def has_kernel(self, name: str) -> bool:
        return name in self._kernels

    def names(self) -> list[str]:
        return sorted(self._kernels)

    def kernels_of(self, name: str) -> dict[KernelKey, Kernel]:
        return dict(self._kernels.get(name, {}))

    def __iter__(self) -> Iterator[Kernel]:
        for name in sorted(self._kernels):
            yield from self._kernels[name].values()

    def select(self, name: str, key: KernelKey) -> Kernel | None:
        """The most specific kernel serving `key`, or None."""
        table = self._kernels.get(name)
        if not table:
            return None
        for candidate in key.candidates():
            kernel = table.get(candidate)
            if kernel is not None:
                return kernel
        return None

    def select_kernel(self, name: str, key: KernelKey) -> Kernel:
        """Like `select` but a miss raises `KernelNotFoundError` naming name, key and keys held."""
        kernel = self.select(name, key)
        if kernel is None:
            raise KernelNotFoundError(name, key, list(self._kernels.get(name, {})))
        return kernel


def _load_builtin_kernels() -> None:
    """Import phi.kernels so its registration decorators run, then take their kernels."""
    import phi.kernels  # noqa: F401
    from phi.core.kernel_registry import flush_pending

    assert KernelFactory._instance is not None
    flush_pending(KernelFactory._instance)


def kernel_factory() -> KernelFactory:
    return KernelFactory.instance()


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
