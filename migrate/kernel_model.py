"""What the kernel codemod produces and the facts it works from: the migrated kernel's
parameters and tensor-attribute folds, `SkipError`, and the attribute tables shared by
its passes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.names import snake
from migrate.records import Composable, Foreign
from migrate.static import ModuleInfo
from migrate.static_facts import StaticProto
from migrate.static_refs import UnresolvableError, code_of, dotted, literal_string, quote
from phi.op_defs import OpDef


class SkipError(Exception):
    """The kernel cannot be migrated safely; `str(exc)` says why."""


#: Attributes that select another kernel library: a kernel branching on them is one kernel
#: per backend in PHI (GPUDNN, ONEDNN), which the codemod does not split.
LIBRARY_ATTRS = ("use_cudnn", "use_mkldnn", "use_gpudnn", "use_onednn", "use_quantizer",
                 "mkldnn_data_type", "use_xpu")
ATTR_HINTS = {
    "INT": "int", "LONG": "int", "FLOAT": "float", "FLOAT64": "float", "STRING": "str",
    "BOOLEAN": "bool", "INTS": "list[int]", "LONGS": "list[int]", "FLOATS": "list[float]",
    "FLOAT64S": "list[float]", "STRINGS": "list[str]", "BOOLEANS": "list[bool]",
    "SCALAR": "Scalar", "SCALARS": "list[Scalar]",
}
SCALAR_ATTRS = {"INT": "int", "LONG": "int", "FLOAT": "float", "FLOAT64": "float",
                "BOOLEAN": "bool", "SCALAR": None}
INT_ARRAY_ATTRS = ("INTS", "LONGS")
#: `Fold.conv` of a Scalar override read without conversion (`t.numpy().reshape(-1)[0]`):
#: the PHI kernel reads the Scalar's value as it is (`scale.value`).
SCALAR_AS_IS = "value"
HARMLESS_DECORATORS = ("final", "override")


@dataclass
class Param:
    name: str
    kind: str  # input | attr | output
    slot: str
    hint: str
    optional: bool = False
    is_list: bool = False
    attr_type: str | None = None
    feeders: list[str] = field(default_factory=list)  # tensor inputs folded into this attr
    default: Any = None
    #: an attribute the proto declares with no default, read as a `ctx.has_attr` fallback:
    #: `default` (the fallback) is the PHI argument's own (`AttrDefault` in its hint)
    fallback: bool = False
    #: such an attribute the proto does not declare at all (its type the fallback's)
    undeclared: bool = False


@dataclass
class Fold:
    attr: str
    local: str | None
    #: float/int/bool (`param.to(conv)`) or SCALAR_AS_IS (`param.value`) for Scalar; None
    #: for IntArray / SCALAR attrs
    conv: str | None
    kind: str  # Scalar | IntArray
    feeders: list[str]


@dataclass
class KernelFunction:
    op_type: str
    class_name: str
    func_name: str
    phi_name: str
    params: list[Param]
    registrations: list[tuple[str, str, list[str]]]  # (backend, layout, dtypes)
    node: cst.FunctionDef
    helpers: list[tuple[str, cst.FunctionDef]]  # (lifted name, function)
    folds: list[Fold]
    hints: set[str]
    source_classes: list[str]
    module_imports: set[str] = field(default_factory=set)  # `import M` it needs (builtins)
    #: a grad kernel's backward_op entry (its yaml entry, followed as it stands)
    backward: OpDef | None = None
    #: kernel classes whose function it calls for their `C().compute(ctx)`
    composes: set[str] = field(default_factory=set)
    #: (module as imported, function) of other modules' kernels it calls
    function_imports: set[tuple[str, str]] = field(default_factory=set)
    #: what the migration leaves out that the row says (a write-only counter dropped)
    notes: list[str] = field(default_factory=list)
    #: it spells the op's type as a literal (`ctx.op_type`, a context kept for messages)
    spells_op: bool = False


@dataclass
class ModuleContext:
    """What kernels of one module share: lifted helpers and the names already taken."""

    info: ModuleInfo
    taken: set[str]
    #: (defining class, method) -> the lifted functions made from it (one per distinct body)
    lifted: dict[tuple[str, ...], list[str]] = field(default_factory=dict)
    lifted_nodes: dict[str, cst.FunctionDef] = field(default_factory=dict)
    #: kernel class -> its migrated function, for kernels composing it (`kernel_compose`)
    composable: dict[str, Composable] = field(default_factory=dict)
    #: local name -> another module's kernel class this module imports, for the same
    foreign: dict[str, Foreign] = field(default_factory=dict)


def is_harmless(decorator: cst.Decorator) -> bool:
    name = dotted(decorator.decorator)
    return name is not None and name.split(".")[-1] in HARMLESS_DECORATORS


def folded_name(info: ModuleInfo, call: cst.Call) -> cst.Call:
    """`call` (`ctx.attr(...)`) with a name argument that is an expression of literals
    alone (`("scale", "scale_x")[0]`, where a constant was inlined) spelled as its value."""
    if len(call.args) != 1 or literal_string(call.args[0].value) is not None:
        return call
    arg = call.args[0].value
    if any(n.value not in ("True", "False", "None") for n in m.findall(arg, m.Name())):
        return call
    try:
        value = info.ev.eval(arg, {})
    except (UnresolvableError, RecursionError):
        return call
    if not isinstance(value, str):
        return call
    return call.with_changes(args=[call.args[0].with_changes(value=cst.SimpleString(
        quote(value)))])


def literal_slot(call: cst.Call, what: str) -> str:
    args = [a for a in call.args]
    if len(args) != 1 or args[0].keyword is not None or args[0].star:
        raise SkipError(f"calls ctx.{what}() with {len(args)} arguments")
    value = args[0].value
    s = literal_string(value)
    if s is not None:
        return s
    if isinstance(value, cst.FormattedString):
        raise SkipError(f"reads {what} by a computed name (f-string {code_of(value)})")
    raise SkipError(f"reads {what} by a computed name ({code_of(call)})")


def tensor_attr_candidates(proto: StaticProto) -> dict[str, str]:
    """Dispensable inputs standing for an attribute (ScaleTensor -> scale)."""
    out: dict[str, str] = {}
    attrs = {a.name for a in proto.attrs}
    for v in proto.inputs:
        if not v.dispensable:
            continue
        for suffix in ("TensorList", "Tensor"):
            if v.name.endswith(suffix) and len(v.name) > len(suffix):
                prefix = v.name[: -len(suffix)]
                for a in attrs:
                    if a in (snake(prefix), prefix.lower()) or a.replace("_", "") == prefix.lower():
                        out[v.name] = a
                break
    return out
