"""What the codemod adds: kernel headers, argument mappings, ops.yaml entries (as `OpDef`s,
rendered by the op model's one writer), imports."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from compat.arg_mapping import default_slots
from migrate.kernel_model import Fold, Param
from migrate.static_facts import UNKNOWN_DEFAULT, StaticProto
from migrate.static_refs import quote
from phi.common import DataType
from phi.op_defs import NO_DEFAULT, ArgDef, ArgType, KernelDef, OpDef, OutputDef

WIDTH = 100

#: local name -> module it is imported from, for every name generated code uses.
IMPORT_SOURCES = {
    "Backend": "phi.common", "DataLayout": "phi.common", "DataType": "phi.common",
    "Scalar": "phi.common", "IntArray": "phi.common",
    "DenseTensor": "phi.core.dense_tensor",
    "DeviceContext": "phi.core.device_context",
    "OutTensor": "phi.core.kernel_args", "OptionalOutTensor": "phi.core.kernel_args",
    "OutTensorList": "phi.core.kernel_args",
    "register_kernel": "phi.core.kernel_registry",
    "follow_legacy_kernel": "legacy_fluid.framework.op_kernel",
    "MetaTensor": "phi.core.meta_tensor",
    "register_arg_mapping": "compat.arg_mapping",
    "ArgumentMappingContext": "compat.arg_mapping_context",
    "KernelSignature": "compat.kernel_signature",
    "Annotated": "typing", "AttrDefault": "phi.core.kernel_args",
}

YAML_TYPES = {
    "INT": "int", "LONG": "int64_t", "FLOAT": "float", "FLOAT64": "double", "STRING": "str",
    "BOOLEAN": "bool", "INTS": "int[]", "LONGS": "int64_t[]", "FLOATS": "float[]",
    "FLOAT64S": "double[]", "STRINGS": "str[]", "BOOLEANS": "bool[]", "SCALAR": "Scalar",
    "SCALARS": "Scalar[]",
}


def wrap_call(head: str, args: list[str], tail: str = "", width: int = WIDTH) -> str:
    """`head(arg, arg, ...)tail`, filled greedily with continuation lines under the '('."""
    one = f"{head}({', '.join(args)}){tail}"
    if len(one) <= width:
        return one
    indent = " " * (len(head) + 1)
    lines: list[str] = []
    current = f"{head}("
    for i, arg in enumerate(args):
        piece = arg + ("," if i < len(args) - 1 else f"){tail}")
        candidate = piece if current.endswith("(") else f"{current} {piece}"
        if current.endswith("(") or len(candidate) <= width:
            current = current + piece if current.endswith("(") else candidate
        else:
            lines.append(current)
            current = indent + piece
    lines.append(current)
    return "\n".join(lines)


def _wrap_list(items: list[str], col: int, tail: str, width: int = WIDTH) -> list[str]:
    """`[a, b, ...]tail` starting at column `col`, continuation aligned after '['."""
    lines: list[str] = []
    current = " " * col + "["
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "]" + tail)
        first = current.endswith("[")
        candidate = current + piece if first else f"{current} {piece}"
        if first or len(candidate) <= width:
            current = candidate
        else:
            lines.append(current)
            current = " " * (col + 1) + piece
    lines.append(current)
    return lines


def _named(text: str, names: dict[str, str]) -> str:
    """`text` (generated code) with each name of `names` under its alias."""
    return re.sub(r"[A-Za-z_]\w*", lambda m: names.get(m.group(), m.group()), text) \
        if names else text


def decorator_text(phi_name: str, backend: str, layout: str, dtypes: list[str],
                   names: dict[str, str] | None = None, applied_to: str = "",
                   indent: int = 0) -> str:
    """The `@register_kernel(...)` decorator; with `applied_to`, the call registering that
    function instead (`register_kernel(...)(fn)`), written to be indented by `indent`."""
    names = names or {}
    items = [_named(f"DataType.{d}", names) for d in dtypes]
    call = f"{'' if applied_to else '@'}{names.get('register_kernel', 'register_kernel')}("
    head = f'{call}"{phi_name}", ' + _named(f"Backend.{backend}, DataLayout.{layout},", names)
    tail = f")({applied_to})" if applied_to else ")"
    one = f"{head} [{', '.join(items)}]{tail}"
    if indent + len(one) <= WIDTH:
        return one
    return "\n".join([head, *_wrap_list(items, len(call), tail, WIDTH - indent)])


def layout_name(legacy_layout: str) -> str:
    return "ALL_LAYOUT" if legacy_layout in ("ANY", "ALL_LAYOUT") else legacy_layout


def literal_text(value: Any) -> str:
    """A literal value as generated code spells it (strings double-quoted)."""
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, list):
        return "[" + ", ".join(literal_text(v) for v in value) + "]"
    if isinstance(value, tuple):
        items = [literal_text(v) for v in value]
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    return repr(value)


def param_hint(p: Param, names: dict[str, str]) -> str:
    """A parameter's hint, framework names under their aliases (`names`); an attribute's
    `ctx.has_attr` fallback rides in it as its default (`Annotated[float,
    AttrDefault(1.0)]`: no Python default stands before the outputs)."""
    if p.fallback:
        return (f"{_named('Annotated', names)}[{_named(p.hint, names)}, "
                f"{_named('AttrDefault', names)}({literal_text(p.default)})]")
    return _named(p.hint, names)


def def_text(func_name: str, params: list[Param], names: dict[str, str] | None = None) -> str:
    args = [_named("dev_ctx: DeviceContext", names or {}),
            *[f"{p.name}: {param_hint(p, names or {})}" for p in params]]
    return wrap_call(f"def {func_name}", args, " -> None:")


def kernel_header(func_name: str, phi_name: str, params: list[Param],
                  registrations: list[tuple[str, str, list[str]]],
                  names: dict[str, str] | None = None) -> str:
    """The kernel function's decorators and `def` line; `names`: framework names the
    module imports under an alias (`imports_fix.framework_aliases`)."""
    decorators = [decorator_text(phi_name, b, layout, dts, names)
                  for b, layout, dts in registrations]
    return "\n".join([*decorators, def_text(func_name, params, names)]) + "\n    pass\n"


def names_used_by_kernel(params: list[Param], registers: bool = True) -> set[str]:
    """The framework names a kernel function's text uses (`registers`: with its
    `@register_kernel(...)` decorators)."""
    names = {"DeviceContext"} | ({"register_kernel", "Backend", "DataLayout", "DataType"}
                                 if registers else set())
    for p in params:
        names |= set(re.findall(r"[A-Za-z_]+", p.hint)) & set(IMPORT_SOURCES)
        names |= {"Annotated", "AttrDefault"} if p.fallback else set()
    return names


@dataclass
class Signature:
    """A KernelSignature in slot names: attrs entries may list several sources (folds)."""

    name: str
    inputs: list[str]
    attrs: list[tuple[str, list[tuple[str, str]]]]  # (attr, [(feeder slot, test method)])
    outputs: list[str]

    def static(self) -> tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        return (self.name, tuple(self.inputs), tuple(a for a, _ in self.attrs),
                tuple(self.outputs))


def kernel_signature(phi_name: str, params: list[Param], folds: list[Fold],
                     fold_methods: dict[str, list[str]] | None = None) -> Signature:
    by_attr = {f.attr: f for f in folds}
    attrs = []
    for p in params:
        if p.kind != "attr":
            continue
        fold = by_attr.get(p.slot)
        methods = (fold_methods or {}).get(p.slot, [])
        feeders = [(t, methods[i] if i < len(methods) else "has_input")
                   for i, t in enumerate(fold.feeders)] if fold else []
        attrs.append((p.slot, feeders))
    return Signature(phi_name, [p.slot for p in params if p.kind == "input"], attrs,
                     [p.slot for p in params if p.kind == "output"])


def default_signature(phi_name: str, proto: StaticProto) -> Signature:
    """The default mapping (compat.arg_mapping.default_slots), from the static proto."""
    inputs, attrs, outputs = default_slots(proto)
    return Signature(phi_name, inputs, [(a, []) for a in attrs], outputs)


def needs_mapping(sig: Signature, proto: StaticProto) -> bool:
    return sig.static() != default_signature(sig.name, proto).static() or any(
        feeders for _, feeders in sig.attrs)


def mapping_function_name(op_type: str) -> str:
    from migrate.names import snake

    return f"{snake(op_type)}_op_argument_mapping"


def mapping_text(op_type: str, sig: Signature) -> str:
    lines = [f"@register_arg_mapping({quote(op_type)})",
             f"def {mapping_function_name(op_type)}(ctx: ArgumentMappingContext) "
             "-> KernelSignature:"]
    attr_items = []
    for attr, feeders in sig.attrs:
        if not feeders:
            attr_items.append(quote(attr))
            continue
        local = attr if attr.isidentifier() and attr != "ctx" else f"{attr}_arg"
        expr = quote(attr)
        for slot, method in reversed(feeders):
            test = (f"ctx.has_input({quote(slot)})" if method == "has_input"
                    else f"ctx.input_size({quote(slot)}) > 0")
            expr = f"{quote(slot)} if {test} else {expr}"
        line = f"    {local} = {expr}"
        if len(line) > WIDTH:
            line = f"    {local} = (\n        {expr}\n    )"
        lines.append(line)
        attr_items.append(local)

    lists = [[quote(s) for s in sig.inputs], attr_items, [quote(s) for s in sig.outputs]]
    head = "    return KernelSignature("
    one = f"{head}{quote(sig.name)}, " + ", ".join("[" + ", ".join(x) + "]" for x in lists) + ")"
    if len(one) <= WIDTH:
        lines.append(one)
    else:
        lines.append(f"{head}{quote(sig.name)},")
        for i, items in enumerate(lists):
            tail = ")" if i == len(lists) - 1 else ","
            lines.extend(_wrap_list(items, len(head), tail) if items
                         else [" " * len(head) + "[]" + tail])
    return "\n".join(lines) + "\n"


# -- ops.yaml ------------------------------------------------------------------------------
def _dtype_default(value: Any) -> Any:
    """A VarType number -> its DataType (negative: UNDEFINED); NO_DEFAULT if it is none."""
    from legacy_fluid.framework.var_type import VarType

    if not isinstance(value, int) or isinstance(value, bool):
        return NO_DEFAULT
    if value < 0:
        return DataType.UNDEFINED
    try:
        return VarType(value).to_phi()
    except (ValueError, KeyError, AttributeError):
        return NO_DEFAULT


def _plain_default(value: Any) -> Any:
    """A default ops.yaml can spell (bool, number, string, lists of those), else NO_DEFAULT."""
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        items = tuple(_plain_default(v) for v in value)
        return NO_DEFAULT if any(i is NO_DEFAULT for i in items) else items
    return NO_DEFAULT


def yaml_entry(phi_name: str, params: list[Param]) -> OpDef:
    """The op's ops.yaml entry (without InferMeta), as an `OpDef`."""
    args = []
    for p in params:
        if p.kind == "input":
            args.append(ArgDef(p.name, ArgType.TENSORS if p.is_list else ArgType.TENSOR,
                               optional=p.optional))
        elif p.kind == "attr":
            ytype = ArgType(p.hint if p.hint in ("Scalar", "IntArray", "DataType")
                            else YAML_TYPES[p.attr_type or ""])
            if p.default is UNKNOWN_DEFAULT or p.default is None:
                default = NO_DEFAULT
            elif p.hint == "DataType":
                default = _dtype_default(p.default)
            else:
                default = _plain_default(p.default)
            args.append(ArgDef(p.name, ytype, default))
    outputs = tuple(OutputDef(p.name, p.is_list, p.optional) for p in params
                    if p.kind == "output")
    return OpDef(phi_name, tuple(args), outputs, KernelDef((phi_name,)))


YAML_HEADER = ("# PHI op definitions written by `fluidphi migrate` (see docs/migrate.md):\n"
               "# args, outputs, InferMeta and kernel of each migrated op.\n")


def merge_yaml(existing: str | None, entries: dict[str, str]) -> str:
    """Replace or append entries by op name, keeping the rest of the file as it is."""
    text = existing if existing is not None else YAML_HEADER
    blocks: list[tuple[str | None, str]] = []  # (op name or None for free text, text)
    current: list[str] = []
    name: str | None = None
    for line in text.splitlines(keepends=True):
        if line.startswith(("- op :", "- op:", "- backward_op :", "- backward_op:")):
            if current:
                blocks.append((name, "".join(current)))
            current, name = [line], line.split(":", 1)[1].strip()
        elif name is not None and not line.strip():
            blocks.append((name, "".join(current)))
            current, name = [line], None
        else:
            current.append(line)
    if current:
        blocks.append((name, "".join(current)))
    seen = set()
    out: list[str] = []
    for op, block in blocks:
        if op is not None and op in entries:
            out.append(entries[op])
            seen.add(op)
        else:
            out.append(block)
    for op in sorted(entries):
        if op not in seen:
            if out and not out[-1].endswith("\n\n"):
                out.append("\n")
            out.append(entries[op])
    result = "".join(out)
    return result if result.endswith("\n") else result + "\n"
