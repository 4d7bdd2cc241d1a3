"""Legacy `infer_shape` -> InferMeta: reuse an equivalent phi.infermeta function, or write one.

Only infer_shape methods that share or set output meta are converted:
`set_output_dim(O, get_input_dim(I))`, `share_dim(I, O)`,
`set_output_dtype(O, get_input_dtype(I) | DataType.X)`, `share_lod(I, O)`,
`set_output_dim(O, [literal dims])`, and local names bound to those reads.
Anything else (computed shapes, checks, attribute reads) keeps the legacy
infer_shape, which the dual dispatch runs when no InferMeta is bound.

Effects are compared without layout: legacy infer_shape never sets it, while
`share_meta` copies it; the kernels' data does not depend on it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst

from migrate.static import ModuleInfo, find_method
from migrate.static_refs import EnumRef, UnresolvableError, code_of, dotted

#: out -> {"dims"|"dtype"|"lod"|"layout": ("in", name) | ("const", value)}
Effects = dict[str, dict[str, tuple[str, Any]]]

INFERMETA_DIR = Path(__file__).resolve().parent.parent / "phi" / "infermeta"
MODULES = ("unary", "binary", "nullary", "multiary")


class NotSimpleError(Exception):
    pass


def _lit(node: cst.BaseExpression) -> str | None:
    if isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        v = node.evaluated_value
        return v if isinstance(v, str) else None
    return None


def legacy_effects(info: ModuleInfo, op_class: str) -> Effects:
    """Effects of the operator's infer_shape on its outputs, by slot name; NotSimpleError if any
    statement does more than share or set output meta."""
    found = find_method(info, op_class, "infer_shape")
    if found is None:
        raise NotSimpleError(f"{op_class} defines no infer_shape in this module")
    if found[0].name.value == "OperatorWithKernel":  # the framework's default: the InferMeta
        raise NotSimpleError(f"{op_class} declares no infer_shape (the framework runs its "
                             "kernel's InferMeta)")
    fn = found[1]
    params = fn.params.params
    if len(params) != 2:
        raise NotSimpleError("infer_shape does not take (self, ctx)")
    ctx = params[1].name.value
    effects: Effects = {}
    aliases: dict[str, tuple[str, tuple[str, Any]]] = {}

    def call(node: cst.BaseExpression, method: str) -> list[cst.BaseExpression] | None:
        if (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                and dotted(node.func.value) == ctx and node.func.attr.value == method
                and all(a.keyword is None and not a.star for a in node.args)):
            return [a.value for a in node.args]
        return None

    def source(node: cst.BaseExpression, what: str) -> tuple[str, Any]:
        getter = {"dims": "get_input_dim", "dtype": "get_input_dtype"}[what]
        args = call(node, getter)
        if args is not None and len(args) == 1 and _lit(args[0]) is not None:
            return ("in", _lit(args[0]))
        if isinstance(node, cst.Name) and node.value in aliases:
            kind, src = aliases[node.value]
            if kind == what:
                return src
        if what == "dims" and isinstance(node, (cst.List, cst.Tuple)):
            try:
                value = info.ev.eval(node, {})
            except UnresolvableError as exc:
                raise NotSimpleError(f"dims {code_of(node)}") from exc
            if all(isinstance(v, int) for v in value):
                return ("const", tuple(value))
        if what == "dtype":
            try:
                value = info.ev.eval(node, {})
            except UnresolvableError:
                value = None
            if isinstance(value, EnumRef) and value.enum == "DataType":
                return ("const", value.member)
        raise NotSimpleError(f"{what} from {code_of(node)}")

    def put(out: str | None, key: str, src: tuple[str, Any]) -> None:
        if out is None:
            raise NotSimpleError("output slot is not a literal")
        effects.setdefault(out, {})[key] = src

    for stmt in fn.body.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            raise NotSimpleError(f"infer_shape has `{code_of(stmt).strip().splitlines()[0]}`")
        for small in stmt.body:
            if isinstance(small, cst.Pass):
                continue
            if isinstance(small, cst.Expr) and _lit(small.value) is not None:
                continue
            if (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)):
                name = small.targets[0].target.value
                for what in ("dims", "dtype"):
                    try:
                        aliases[name] = (what, source(small.value, what))
                        break
                    except (NotSimpleError, KeyError):
                        continue
                else:
                    raise NotSimpleError(f"infer_shape computes `{code_of(small).strip()}`")
                continue
            if not isinstance(small, cst.Expr):
                raise NotSimpleError(f"infer_shape has `{code_of(small).strip()}`")
            expr = small.value
            if (args := call(expr, "set_output_dim")) is not None and len(args) == 2:
                put(_lit(args[0]), "dims", source(args[1], "dims"))
            elif (args := call(expr, "set_output_dtype")) is not None and len(args) == 2:
                put(_lit(args[0]), "dtype", source(args[1], "dtype"))
            elif (args := call(expr, "share_dim")) is not None and len(args) == 2:
                put(_lit(args[1]), "dims", ("in", _lit(args[0])))
            elif (args := call(expr, "share_lod")) is not None and len(args) == 2:
                put(_lit(args[1]), "lod", ("in", _lit(args[0])))
            else:
                raise NotSimpleError(f"infer_shape calls `{code_of(expr).strip()}`")
    if not effects:
        raise NotSimpleError("infer_shape sets nothing")
    for eff in effects.values():
        if any(src[0] == "in" and src[1] is None for src in eff.values()):
            raise NotSimpleError("input slot is not a literal")
    return effects


@dataclass
class CatalogEntry:
    name: str
    module: str
    inputs: list[str]
    outputs: list[str]
    effects: Effects  # by parameter name


def _fn_effects(fn: cst.FunctionDef) -> CatalogEntry | None:
    params = [p.name.value for p in fn.params.params if p.name.value != "config"]
    effects: Effects = {}
    for stmt in fn.body.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            return None
        for small in stmt.body:
            if isinstance(small, cst.Pass) or (
                    isinstance(small, cst.Expr) and _lit(small.value) is not None):
                continue
            if not (isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)
                    and isinstance(small.value.func, cst.Attribute)):
                return None
            call = small.value
            out = dotted(call.func.value)
            method = call.func.attr.value
            args = [a.value for a in call.args]
            if out not in params or len(args) != 1:
                return None
            arg = args[0]
            src_name = dotted(arg)
            getter = (dotted(arg.func.value) if isinstance(arg, cst.Call)
                      and isinstance(arg.func, cst.Attribute) and not arg.args else None)
            getter_attr = arg.func.attr.value if getter else None
            eff = effects.setdefault(out, {})
            if method == "share_meta" and src_name in params:
                for key in ("dims", "dtype", "layout", "lod"):
                    eff[key] = ("in", src_name)
            elif method == "share_lod" and src_name in params:
                eff["lod"] = ("in", src_name)
            elif method in ("set_dims", "set_dtype", "set_layout") and getter in params and \
                    getter_attr == {"set_dims": "dims", "set_dtype": "dtype",
                                    "set_layout": "layout"}[method]:
                eff[method[4:]] = ("in", getter)
            elif method == "set_dtype" and isinstance(arg, cst.Attribute) and \
                    dotted(arg.value) == "DataType":
                eff["dtype"] = ("const", arg.attr.value)
            elif method == "set_dims" and isinstance(arg, (cst.List, cst.Tuple)) and all(
                    isinstance(e.value, cst.Integer) for e in arg.elements):
                eff["dims"] = ("const", tuple(int(e.value.value) for e in arg.elements))
            else:
                return None
    outputs = [p for p in params if p in effects]
    inputs = [p for p in params if p not in effects]
    if params != [*inputs, *outputs]:
        return None
    return CatalogEntry(fn.name.value, "", inputs, outputs, effects)


_CATALOG: dict[Path, list[CatalogEntry]] = {}


def catalogue(directory: Path = INFERMETA_DIR) -> list[CatalogEntry]:
    """Analyzable InferMeta functions of phi/infermeta (read statically)."""
    if directory not in _CATALOG:
        entries = []
        for mod in MODULES:
            path = directory / f"{mod}.py"
            if not path.is_file():
                continue
            try:
                module = cst.parse_module(path.read_text(encoding="utf-8"))
            except (OSError, cst.ParserSyntaxError):
                continue  # being edited: no reuse from it this run
            for stmt in module.body:
                if isinstance(stmt, cst.FunctionDef) and not stmt.name.value.startswith("_"):
                    entry = _fn_effects(stmt)
                    if entry is not None:
                        entry.module = mod
                        entries.append(entry)
        _CATALOG[directory] = entries
    return _CATALOG[directory]


def _strip_layout(effects: Effects) -> Effects:
    return {o: {k: v for k, v in e.items() if k != "layout"} for o, e in effects.items()}


@dataclass
class InferMetaChoice:
    func: str
    param: list[str]  # kernel parameter names passed positionally (then the outputs)
    new_text: str | None = None  # source of a new function, when none existed
    reused: bool = False


def choose(effects: Effects, inputs: dict[str, str], outputs: dict[str, str], phi_name: str,
           catalog: list[CatalogEntry], taken: set[str]) -> InferMetaChoice:
    """`inputs`/`outputs`: slot -> kernel parameter name, in kernel order."""
    missing = {src[1] for eff in effects.values() for src in eff.values()
               if src[0] == "in" and src[1] not in inputs}
    if missing:
        raise NotSimpleError("infer_shape reads inputs the kernel does not take: "
                             f"{sorted(missing)}")
    unknown_out = set(effects) - set(outputs)
    if unknown_out:
        raise NotSimpleError("infer_shape sets outputs the kernel does not take: "
                             f"{sorted(unknown_out)}")
    want = [{k: (v[0], inputs[v[1]] if v[0] == "in" else v[1]) for k, v in
             effects.get(slot, {}).items()} for slot in outputs]
    kernel_inputs = list(inputs.values())
    for entry in sorted(catalog, key=lambda e: (len(e.inputs), MODULES.index(e.module), e.name)):
        if len(entry.outputs) != len(outputs) or len(entry.inputs) > len(kernel_inputs):
            continue
        have = _strip_layout(entry.effects)
        for perm in itertools.permutations(kernel_inputs, len(entry.inputs)):
            sub = dict(zip(entry.inputs, perm))
            got = [{k: (v[0], sub.get(v[1], v[1]) if v[0] == "in" else v[1])
                    for k, v in have.get(o, {}).items()} for o in entry.outputs]
            if got == want:
                return InferMetaChoice(entry.name, list(perm), reused=True)
    name = f"{phi_name}_infer_meta"
    while name in taken or any(e.name == name for e in catalog):
        name = f"{phi_name}_migrated_infer_meta" if not name.endswith("_migrated_infer_meta") \
            else name + "_"
    used = [p for p in kernel_inputs if any(v == ("in", p) for eff in want for v in eff.values())]
    args = [f"{p}: MetaTensor" for p in [*used, *outputs.values()]]
    from migrate.emit import wrap_call

    lines = [wrap_call(f"def {name}", args, " -> None:"),
             '    """Written by `fluidphi migrate` from the legacy infer_shape."""']
    for out, eff in zip(outputs.values(), want):
        for key in ("dims", "dtype", "lod"):
            if key not in eff:
                continue
            kind, value = eff[key]
            if key == "lod":
                lines.append(f"    {out}.share_lod({value})")
            elif kind == "in":
                lines.append(f"    {out}.set_{key}({value}.{key}())")
            elif key == "dims":
                lines.append(f"    {out}.set_dims({list(value)})")
            else:
                lines.append(f"    {out}.set_dtype(DataType.{value})")
    return InferMetaChoice(name, used, "\n".join(lines) + "\n")
