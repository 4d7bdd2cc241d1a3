"""Legacy kernels as table rows: one `OpKernel` template, one row per kernel class.

Legacy kernel classes that share one `compute` and differ only in the `phi.kernels.funcs`
function they call, the dtypes they register and a small per-op extra are written as one
template class, whose `compute` reads its row (`self.row`), and a table of `OpKernelRow`s::

    class _SameDtype(OpKernel):
        row: ClassVar[OpKernelRow]

        def compute(self, ctx: ExecutionContext) -> None:
            x = ctx.input("X")
            out = ctx.output("Out")
            attrs = self.row.attr_values(ctx)
            data = out.mutable_data(ctx.place, x.dtype)
            self.row.func(ctx.xp, x.data, *attrs, data)

    register_op_table(_SameDtype, [
        OpKernelRow("atan", "AtanKernel", unary_math.atan, _FLOAT_COMPLEX, _FLOAT),
        OpKernelRow("selu", "SeluKernel", act_funcs.selu, _FLOAT, attrs=("scale", "alpha")),
    ])

Each row becomes a subclass of the template named by the row (`kernel`) and bound under
that name in the module that writes the row (so `from <module> import AtanKernel` works
as it did for the hand-written class), registered with `register_op_kernel` for each
backend of the table's `backends` (in that order: "CPU" the row's `cpu` dtypes, "GPU" its
`gpu` ones, or `cpu` when not given) as the loops it replaces registered it (`by_dtype`:
dtype by dtype, each on every backend, as `for dtype: CPU; GPU` loops did; a row's `gpu`
dtypes, when given, lead its `cpu` ones, and the rest go on CPU alone, as a CPU-only loop
after such a loop did). A template reads the op attributes a row names (`attrs`, in
order) as `attrs = self.row.attr_values(ctx)` and passes them on as `*attrs`; the class a
row stands for reads each into a variable of its name (`scale = ctx.attr("scale")`, a
keyword with a trailing underscore: `lambda_`) and passes those. A row remembers the file
and line that wrote it (`fluidphi kernels OP` shows that line, as for PHI's
`phi.core.kernel_table` rows); `migrate.op_kernel_tables` spells a row out as the class and
registrations it stands for, so the codemod reads it as a hand-written kernel.
"""

from __future__ import annotations

import keyword
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from phi.common import DataType
from phi.core.kernel_table import stamp_site

#: the backends a table registers each row for, in order, unless told otherwise
BACKENDS = ("CPU", "GPU")


@dataclass(frozen=True)
class OpKernelRow:
    """One legacy kernel class of a table: the op type it is registered for, the class's
    name, the funcs function its template calls (`self.row.func`), its CPU and GPU dtypes
    (`gpu` None: the CPU ones) and `extra`, whatever else the template reads per kernel
    (an output dtype rule, ...), and `attrs`, the op attributes its template reads by name
    and passes on (`self.row.attr_values(ctx)`), in order: a name, or (name, cast) for an
    attribute read as `cast(ctx.attr(name))`."""

    op_type: str
    kernel: str
    func: Callable[..., Any]
    cpu: Sequence[DataType]
    gpu: Sequence[DataType] | None = None
    extra: Any = None
    attrs: Sequence[str | tuple[str, Callable[[Any], Any]]] = ()
    #: (file, line) of the call that wrote the row and the module it is in (where its
    #: class is bound), filled in on construction
    site: tuple[str, int] = field(default=("?", 0), init=False, compare=False, repr=False)
    module: str = field(default="?", init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.kernel.isidentifier():
            raise ValueError(f"legacy kernel row '{self.op_type}': the class name "
                             f"{self.kernel!r} is not an identifier")
        if not self.cpu or (self.gpu is not None and not self.gpu):
            raise ValueError(f"legacy kernel row '{self.op_type}' ({self.kernel}): register "
                             "at least one dtype per backend")
        object.__setattr__(self, "cpu", tuple(self.cpu))
        object.__setattr__(self, "attrs", tuple(self.attrs))
        bad = [a for a in self.attrs if not _readable_attr(a)]
        if bad:
            raise ValueError(f"legacy kernel row '{self.op_type}' ({self.kernel}): an "
                             f"attribute is a name or (name, cast), not {bad[0]!r}")
        if self.gpu is not None:
            object.__setattr__(self, "gpu", tuple(self.gpu))
        stamp_site(self)

    def attr_values(self, ctx: Any) -> list[Any]:
        """The row's attributes as `ctx` holds them, in the row's order, cast where told."""
        return [ctx.attr(a) if isinstance(a, str) else a[1](ctx.attr(a[0]))
                for a in self.attrs]

    @property
    def dtypes(self) -> dict[str, Sequence[DataType]]:
        """backend ("CPU", "GPU") -> the dtypes the row registers for it."""
        return {"CPU": self.cpu, "GPU": self.cpu if self.gpu is None else self.gpu}


def attr_variable(name: str) -> str:
    """The local variable a kernel reads attribute `name` into: the name, with a trailing
    underscore when it is a Python keyword (`lambda` -> `lambda_`)."""
    return f"{name}_" if keyword.iskeyword(name) else name


def _readable_attr(attr: object) -> bool:
    if isinstance(attr, tuple) and len(attr) == 2 and callable(attr[1]):
        attr = attr[0]
    return isinstance(attr, str) and attr_variable(attr).isidentifier()


def _row_class(template: type[OpKernel], row: OpKernelRow) -> type[OpKernel]:
    """The kernel class of `row`: a subclass of `template` named by the row, in the module
    that wrote the row, whose `row` is the row."""
    return type(row.kernel, (template,), {
        "row": row, "__module__": row.module, "__qualname__": row.kernel,
        "__doc__": template.__doc__, "__kernel_row__": row, "__kernel_template__": template})


def _register(row: OpKernelRow, cls: type[OpKernel], backends: Sequence[str],
              by_dtype: bool) -> None:
    if not by_dtype:
        for backend in backends:
            register_op_kernel(row.op_type, backend, cls, *row.dtypes[backend])
        return
    if row.gpu is not None and row.cpu[:len(row.gpu)] != row.gpu:
        raise ValueError(f"legacy kernel row '{row.op_type}' at {row.site[0]}:{row.site[1]}: "
                         "a by_dtype table's row registers its gpu dtypes on every backend "
                         "first: they must lead its cpu dtypes")
    for dtype in row.cpu:
        for backend in backends:
            if dtype in row.dtypes[backend]:
                register_op_kernel(row.op_type, backend, cls, dtype)


def register_op_table(template: type[OpKernel], rows: Iterable[OpKernelRow], *,
                      backends: Sequence[str] = BACKENDS, by_dtype: bool = False
                      ) -> dict[str, type[OpKernel]]:
    """Make, bind and register each row's class (see the module docstring); returns them by
    class name. `by_dtype`: each dtype on every backend before the next dtype (the loop
    `for dtype in ...: CPU, GPU` registered so); a row's `gpu` dtypes, if any, lead its
    `cpu` ones, which then go on CPU alone."""
    if not (isinstance(template, type) and issubclass(template, OpKernel)):
        raise TypeError(f"legacy kernel table: the template must be an OpKernel subclass, "
                        f"not {template!r}")
    unknown = [b for b in backends if b not in BACKENDS]
    if unknown or not backends:
        raise ValueError(f"legacy kernel table of {template.__qualname__}: backends must be "
                         f"some of {list(BACKENDS)}, not {list(backends)}")
    made: dict[str, type[OpKernel]] = {}
    for row in rows:
        if row.kernel in made:
            raise ValueError(f"legacy kernel table of {template.__qualname__}: row "
                             f"'{row.op_type}' names class {row.kernel} a second time")
        module = sys.modules.get(row.module)
        taken = getattr(module, row.kernel, None)
        if taken is not None and getattr(taken, "__kernel_row__", None) != row:
            raise ValueError(f"legacy kernel row '{row.op_type}' at {row.site[0]}:"
                             f"{row.site[1]}: {row.module} already binds {row.kernel}")
        cls = made[row.kernel] = _row_class(template, row)
        if module is not None:
            setattr(module, row.kernel, cls)
        _register(row, cls, backends, by_dtype)
    return made
