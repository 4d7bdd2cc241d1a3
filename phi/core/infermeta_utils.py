"""`MetaFnFactory`: kernel name -> InferMeta function."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, ClassVar

from phi.core.meta_tensor import meta_of

InferMetaFn = Callable[..., None]


class MetaFnFactory:
    """One InferMeta per kernel name; arguments are bound by parameter name.

    An InferMeta takes MetaTensors for the kernel's tensors and the kernel's
    attributes, under the kernel's parameter names (a subset is fine), plus
    an optional trailing ``config: MetaConfig``.
    """

    _instance: ClassVar[MetaFnFactory | None] = None

    def __init__(self) -> None:
        self._fns: dict[str, InferMetaFn] = {}

    @classmethod
    def instance(cls) -> MetaFnFactory:
        if cls._instance is None:
            cls._instance = cls()
            import phi.infermeta
            import phi.kernels  # noqa: F401

            flush_pending(cls._instance)
        return cls._instance

    def contains(self, kernel_name: str) -> bool:
        return kernel_name in self._fns

    def insert(self, kernel_name: str, fn: InferMetaFn) -> None:
        old = self._fns.get(kernel_name)
        if old is not None and old is not fn:
            raise ValueError(
                f"InferMeta for kernel '{kernel_name}' registered twice "
                f"({old.__qualname__} and {fn.__qualname__})"
            )
        self._fns[kernel_name] = fn

    def get(self, kernel_name: str) -> InferMetaFn:
        try:
            return self._fns[kernel_name]
        except KeyError:
            raise LookupError(f"no InferMeta registered for kernel '{kernel_name}'") from None

    def names(self) -> list[str]:
        return sorted(self._fns)


_PENDING: list[tuple[str, InferMetaFn]] = []


def register_infer_meta(kernel_name: str, fn: InferMetaFn) -> InferMetaFn:
    """Bind an InferMeta function to a kernel name (PHI's PT_REGISTER_INFER_META_FN)."""
    if MetaFnFactory._instance is not None:
        MetaFnFactory._instance.insert(kernel_name, fn)
    else:
        _PENDING.append((kernel_name, fn))
    return fn


def flush_pending(factory: MetaFnFactory) -> None:
    while _PENDING:
        factory.insert(*_PENDING.pop(0))


@functools.cache
def _params_of(fn: InferMetaFn) -> tuple[tuple[str, bool], ...]:
    """(name, required) per parameter; signatures are read once per function."""
    params = inspect.signature(fn).parameters.values()
    return tuple((p.name, p.default is inspect.Parameter.empty) for p in params)


class InferMetaPlan:
    """How to call one InferMeta from a kernel's argument lists, worked out once per kernel.

    The dispatcher calls InferMeta on every run of an op; binding the parameters by
    name each time (and wrapping tensors the function does not take) is what this
    saves. Tensors are wrapped as MetaTensors, missing optional ones as empty ones.
    """

    def __init__(self, fn: InferMetaFn, args_def: Any) -> None:
        sources: dict[str, tuple[int, int]] = {}
        for kind, defs in enumerate((args_def.inputs, args_def.attributes, args_def.outputs)):
            for i, a in enumerate(defs):
                sources[a.name] = (kind, i)
        self.fn = fn
        #: (parameter, source: 0 input / 1 attribute / 2 output / 3 config, index)
        self.steps: list[tuple[str, int, int]] = []
        for name, required in _params_of(fn):
            if name == "config":
                self.steps.append((name, 3, 0))
            elif name in sources:
                self.steps.append((name, *sources[name]))
            elif required:
                raise TypeError(
                    f"InferMeta {fn.__qualname__} needs argument {name!r}, which the "
                    f"kernel signature does not provide (has {sorted(sources)})"
                )

    def __call__(self, inputs: list[Any], attrs: list[Any], outputs: list[Any],
                 config: Any) -> None:
        lists = (inputs, attrs, outputs)
        kwargs: dict[str, Any] = {}
        for name, kind, i in self.steps:
            if kind == 3:
                kwargs[name] = config
            elif kind == 1:
                kwargs[name] = attrs[i]
            else:
                kwargs[name] = meta_of(lists[kind][i])
        self.fn(**kwargs)
