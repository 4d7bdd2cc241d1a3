"""Kernels as table rows: one body per family, one row per PHI kernel.

PHI kernels that share one signature and differ only in the `phi.kernels.funcs` function
they call, the dtypes they register and small per-op extras are written as one template
body and a table of `KernelRow`s::

    def _same_dtype(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor,
                    out: OutTensor) -> None:
        data = dev_ctx.alloc(out, x.dtype)
        row.func(dev_ctx.xp, x.data, data)

    register_table(_same_dtype, [
        KernelRow("atan", unary_math.atan, _FLOAT_COMPLEX, _FLOAT),
        KernelRow("sinh", unary_math.sinh, _FLOAT_COMPLEX, _FLOAT),
    ])

Kernels that differ in the names of their attributes too (leaky_relu_grad's
`negative_slope`, celu_grad's `alpha`) share a template that takes them as `*attrs` (one
annotation for all) and passes them on in order; each row names them (`attrs=`), and its
kernel takes them under those names where the template wrote `*attrs` (the parameters after
it keep their place)::

    def _from_x_attrs(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor,
                      out_grad: DenseTensor, *attrs: float, x_grad: OutTensor) -> None:
        data = dev_ctx.alloc(x_grad, out_grad.dtype)
        row.func(dev_ctx.xp, x.data, out_grad.data, *attrs, data)

    register_table(_from_x_attrs, [
        KernelRow("celu_grad", act_grad.celu_grad, _FLOAT, attrs=("alpha",)),
    ])

Each row becomes the kernel function `<name>_kernel` of the module that writes the row
(the template may live in another module, e.g. one shared by several families): the
template's signature less `row` (what the registry, the ops.yaml check and the generated
API read), registered for CPU (`cpu` dtypes) and GPU (`gpu`, or `cpu` when not given) as
two stacked `register_kernel` decorators would register it. A row remembers the file and
line that wrote it (`fluidphi kernels OP` shows that line); `migrate.kernel_tables`
spells a row out as the function it stands for, so the codemod's output is compared with
it as with any hand-written kernel.
"""

from __future__ import annotations

import inspect
import sys
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from phi.common import AnyBackend, Backend, DataLayout, DataType
from phi.core.kernel_registry import register_kernel

F = TypeVar("F", bound=Callable[..., None])
Dtypes = Iterable[DataType] | DataType


def register_kernel_for(
    name: str,
    dtypes: Mapping[AnyBackend | str, Dtypes],
    layout: DataLayout = DataLayout.ALL_LAYOUT,
    *,
    arg_overrides: dict[str, dict[str, Any]] | None = None,
) -> Callable[[F], F]:
    """Register the decorated function as PHI kernel `name` for each backend of `dtypes`
    (backend -> its dtypes), each as `register_kernel` registers it. The backends register
    last to first, as stacked `register_kernel` decorators (the bottom one runs first) do,
    so the registration order, which `fluidphi kernels` lists, does not depend on which
    of the two wrote a kernel."""
    def decorate(fn: F) -> F:
        for backend, listed in list(dtypes.items())[::-1]:
            register_kernel(name, backend, layout, listed, arg_overrides=arg_overrides)(fn)
        return fn

    return decorate


def stamp_site(row: Any) -> None:
    """Set the frozen table row's `site` (file, line) and `module` to those of the call that
    constructed it; called from the row's `__post_init__`."""
    caller = sys._getframe(3)  # 0: here, 1: __post_init__, 2: the dataclass __init__, 3: caller
    object.__setattr__(row, "site", (caller.f_code.co_filename, caller.f_lineno))
    object.__setattr__(row, "module", caller.f_globals.get("__name__", "?"))


@dataclass(frozen=True)
class KernelRow:
    """One PHI kernel of a table: its name, the funcs function its template calls
    (`row.func`), its CPU and GPU dtypes (`gpu` None: the CPU ones), and `extra`, whatever
    else the family's template reads per kernel (an axis, an output dtype, ...)."""

    name: str
    func: Callable[..., Any]
    cpu: Sequence[DataType]
    gpu: Sequence[DataType] | None = None
    extra: Any = None
    #: the kernel's names of the attributes a template takes as `*attrs`, in order
    attrs: Sequence[str] = ()
    #: (file, line) of the call that wrote the row and the module it is in (where its
    #: kernel function lives), filled in on construction
    site: tuple[str, int] = field(default=("?", 0), init=False, compare=False, repr=False)
    module: str = field(default="?", init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.cpu or (self.gpu is not None and not self.gpu):
            raise ValueError(f"kernel row '{self.name}': register at least one dtype per "
                             "backend")
        object.__setattr__(self, "cpu", tuple(self.cpu))
        object.__setattr__(self, "attrs", tuple(self.attrs))
        if self.gpu is not None:
            object.__setattr__(self, "gpu", tuple(self.gpu))
        stamp_site(self)

    @property
    def dtypes(self) -> dict[AnyBackend, Sequence[DataType]]:
        return {Backend.CPU: self.cpu, Backend.GPU: self.cpu if self.gpu is None else self.gpu}


def _row_params(template: Callable[..., None], row: KernelRow,
                params: list[inspect.Parameter], hints: dict[str, Any]
                ) -> tuple[list[inspect.Parameter], int | None, list[str]]:
    """The kernel's parameters: the template's, its `*attrs` replaced by the row's
    attribute names (each with the `*attrs` annotation) and the keyword-only ones after it
    made positional; also where `*attrs` was and the names of those keyword-only ones."""
    star = next((i for i, p in enumerate(params) if p.kind is p.VAR_POSITIONAL), None)
    if star is None:
        if row.attrs:
            raise ValueError(f"kernel row '{row.name}': names attributes {list(row.attrs)} "
                             f"but its template {template.__qualname__} takes no *attrs")
        return params, None, []
    if not row.attrs:
        raise ValueError(f"kernel row '{row.name}': its template {template.__qualname__} "
                         "takes *attrs; name them (attrs=...)")
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    annotation = hints.pop(params[star].name, inspect.Parameter.empty)
    named = [inspect.Parameter(a, kind, annotation=params[star].annotation) for a in row.attrs]
    hints.update((a, annotation) for a in row.attrs)
    after = [p.replace(kind=kind) for p in params[star + 1:]]
    return [*params[:star], *named, *after], star, [p.name for p in after]


def _row_kernel(template: Callable[..., None], row: KernelRow) -> Callable[..., None]:
    """The kernel function of `row`: `template(row, ...)` under the template's signature
    less its first parameter (its `*attrs` named as the row says), named
    `<row.name>_kernel` in the module that wrote the row."""
    signature = inspect.signature(template)
    row_param, *params = signature.parameters.values()
    hints = typing.get_type_hints(template, include_extras=True)
    hints.pop(row_param.name, None)
    params, star, keyword = _row_params(template, row, params, hints)

    def kernel(*args: Any) -> None:
        if star is None:
            template(row, *args)
            return
        rest = len(args) - len(keyword)
        template(row, *args[:rest], **dict(zip(keyword, args[rest:], strict=True)))

    kernel.__signature__ = signature.replace(parameters=params)  # type: ignore[attr-defined]
    kernel.__annotations__ = hints
    kernel.__name__ = kernel.__qualname__ = f"{row.name}_kernel"
    kernel.__module__ = row.module
    kernel.__doc__ = template.__doc__
    kernel.__kernel_row__ = row  # type: ignore[attr-defined]
    kernel.__kernel_template__ = template  # type: ignore[attr-defined]
    return kernel


def register_table(
    template: Callable[..., None],
    rows: Iterable[KernelRow],
    layout: DataLayout = DataLayout.ALL_LAYOUT,
    *,
    arg_overrides: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Callable[..., None]]:
    """Register each row's kernel function (see the module docstring); returns them by
    kernel name."""
    made: dict[str, Callable[..., None]] = {}
    for row in rows:
        if row.name in made:
            raise ValueError(f"kernel table of {template.__qualname__}: row '{row.name}' "
                             "written twice")
        made[row.name] = register_kernel_for(row.name, row.dtypes, layout,
                                             arg_overrides=arg_overrides)(
            _row_kernel(template, row))
    return made


def row_of(fn: Callable[..., Any]) -> tuple[KernelRow, Callable[..., None]] | None:
    """(row, template) of a kernel function made from a table row, else None."""
    row = getattr(fn, "__kernel_row__", None)
    return None if row is None else (row, fn.__kernel_template__)  # type: ignore[attr-defined]
