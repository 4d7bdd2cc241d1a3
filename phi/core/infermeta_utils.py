"""InferMeta bindings (kernel name -> InferMeta function) and the one way to call them.

phi/ops.yaml binds an InferMeta to the kernels of each op (`phi.infermeta` reads it
through the op model). `InferMetaPlan` works out once per kernel how the function's
parameters come from the kernel's arguments.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from phi.core.kernel_args import KernelArgsDef
from phi.core.kernel_context import KernelContext
from phi.core.meta_tensor import MetaConfig, meta_of
from phi.core.registry import Registry

InferMetaFn = Callable[..., None]


@dataclass(frozen=True)
class InferMetaBinding:
    """An InferMeta function as one op's kernels call it.

    Without `param` the function takes the kernel's arguments by parameter name (a
    subset is fine). With `param` (ops.yaml's `infer_meta : param`) it takes those
    arguments positionally, then the op's `outputs`.
    """

    fn: InferMetaFn
    param: tuple[str, ...] | None = None
    outputs: tuple[str, ...] = ()

    @property
    def qualname(self) -> str:
        name = f"{self.fn.__module__}.{self.fn.__qualname__}"
        if self.param is None:
            return name
        return f"{name}[{', '.join((*self.param, *self.outputs))}]"


#: kernel name -> InferMeta binding; `phi.infermeta` fills it from phi/ops.yaml.
INFER_METAS: Registry[str, InferMetaBinding] = Registry(
    "InferMeta for kernel", loaders=("phi.infermeta",))


def register_infer_meta(kernel_name: str, fn: InferMetaFn, param: tuple[str, ...] | None = None,
                        outputs: tuple[str, ...] = ()) -> InferMetaFn:
    """Bind an InferMeta function to a kernel name (PHI's PD_REGISTER_INFER_META_FN)."""
    INFER_METAS.add(kernel_name, InferMetaBinding(fn, param, outputs))
    return fn


@functools.cache
def _params_of(fn: InferMetaFn) -> tuple[tuple[str, bool], ...]:
    """(name, required) per parameter; signatures are read once per function."""
    params = inspect.signature(fn).parameters.values()
    return tuple((p.name, p.default is inspect.Parameter.empty) for p in params)


class Source(IntEnum):
    """Where an InferMeta argument comes from in a kernel call."""

    INPUT = 0
    ATTRIBUTE = 1
    OUTPUT = 2


RUNTIME = MetaConfig(is_runtime=True)


class InferMetaPlan:
    """How to call one InferMeta from a kernel's argument lists, worked out once per kernel.

    Tensors are wrapped as MetaTensors (a missing optional one as an empty one);
    attributes are passed as they are; `config` goes to a function that takes it.
    """

    def __init__(self, binding: InferMetaBinding | InferMetaFn, args_def: KernelArgsDef) -> None:
        if not isinstance(binding, InferMetaBinding):
            binding = InferMetaBinding(binding)
        self.binding = binding
        fn = binding.fn
        sources: dict[str, tuple[Source, int]] = {}
        for kind, defs in ((Source.INPUT, args_def.inputs),
                           (Source.ATTRIBUTE, args_def.attributes),
                           (Source.OUTPUT, args_def.outputs)):
            for i, a in enumerate(defs):
                sources[a.name] = (kind, i)
        params = _params_of(fn)
        self.takes_config = any(name == "config" for name, _ in params)
        #: (keyword, or None for a positional argument; source; index)
        self.steps: list[tuple[str | None, Source, int]] = []
        if binding.param is not None:
            for name in (*binding.param, *binding.outputs):
                if name not in sources:
                    raise TypeError(self._missing(name, sources))
                self.steps.append((None, *sources[name]))
            return
        for name, required in params:
            if name == "config":
                continue
            if name in sources:
                self.steps.append((name, *sources[name]))
            elif required:
                raise TypeError(self._missing(name, sources))

    def _missing(self, name: str, sources: dict[str, Any]) -> str:
        return (f"InferMeta {self.binding.qualname} needs argument {name!r}, which the "
                f"kernel signature does not provide (has {sorted(sources)})")

    def __call__(self, ctx: KernelContext, config: MetaConfig = RUNTIME) -> None:
        lists = (ctx.inputs, ctx.attrs, ctx.outputs)
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for name, kind, i in self.steps:
            value = ctx.attrs[i] if kind is Source.ATTRIBUTE else meta_of(lists[kind][i])
            if name is None:
                args.append(value)
            else:
                kwargs[name] = value
        if self.takes_config:
            kwargs["config"] = config
        self.binding.fn(*args, **kwargs)
