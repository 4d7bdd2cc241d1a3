"""Convert legacy op modules to plain ops: drop the makers that restate the yaml.

    python tools/plain_op_converter.py [--dry-run] [--keep MODULE ...] [MODULE ...]

For every registered legacy op whose maker (`register_operator(op, OpClass, Maker)`)
builds exactly the proto that phi/ops.yaml + phi/op_compat.yaml give it
(`legacy_fluid.framework.derived_proto`; comments aside), the maker argument is dropped
and maker classes (and helpers taking a maker) no longer used anywhere are deleted.
The op's op_compat.yaml entry is tried as it is, then (an entry of the op alone, or a
new one) with the maker's trailing `extra` slots (`extra : inputs / attrs / outputs`) and
the renames the derivation needs (`x : x`, `uplo : UPLO`); the entry that gives the
maker's proto is written (`candidate_entry`). Imports left unused are removed afterwards
with `ruff check --select F401 --fix`.

Modules the codemod's corpus keeps in the fluid style (maker in the module) are named in
`CORPUS` below and left alone; `--keep` adds more. Only literal
`register_operator("op", OpClass, Maker)` calls and loops over literal op types
(`for op in ("a", "b"): register_operator(op, OpClass, Maker)`) are rewritten (a loop is
split into the plain ops and the rest; an op registered through a helper, or in a loop over
(op, class, maker) tuples as `activation_op`'s first activations, keeps its maker).
Without MODULE arguments every module of legacy_fluid/operators is converted. Run it
again after merging modules written in the old style; it only touches what it can prove
equal, and prints what it changed.
"""

from __future__ import annotations

import argparse
import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import Any

import libcst as cst

ROOT = Path(__file__).resolve().parent.parent
OPERATORS = ROOT / "legacy_fluid" / "operators"
#: modules the codemod's corpus keeps as fluid writes them (documented in
#: docs/adding_an_op.md): makers in the module, registered by literal calls and in a loop.
CORPUS = ("scale_op",)


def _proto_key(proto: Any) -> tuple:
    """Everything of a proto but its comments."""
    def var(v: Any) -> tuple:
        return (v.name, v.duplicable, v.dispensable, v.extra, v.quant)
    return ([var(v) for v in proto.inputs], [var(v) for v in proto.outputs],
            [(a.name, a.type, repr(a.default), a.extra, a.quant, a.generated)
             for a in proto.attrs])


def _yaml_default(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "{" + ", ".join(_yaml_default(v) for v in value) + "}"
    raise ValueError(f"no yaml spelling for default {value!r}")


def _arg_type(attr: Any) -> Any:
    from legacy_fluid.framework.derived_proto import ATTR_TYPE_OF_ARG
    from phi.op_defs import ArgType
    for arg_type, attr_type in ATTR_TYPE_OF_ARG.items():
        if attr_type is attr.type and arg_type not in (ArgType.SCALAR, ArgType.INT_ARRAY,
                                                       ArgType.DATA_TYPE, ArgType.DATA_LAYOUT):
            return arg_type
    raise ValueError(f"no ops.yaml type for attribute {attr.name} ({attr.type.name})")


def _trailing(items: list[Any]) -> list[Any] | None:
    own = [i for i in items if not getattr(i, "generated", False)]
    extras = [i for i in own if i.extra]
    return extras if own[len(own) - len(extras):] == extras else None


def trailing_extras(proto: Any) -> tuple[list[Any], list[Any], list[Any]] | None:
    """The maker's extra inputs, attributes and outputs when each kind comes after the
    other slots of its kind (extra inputs and outputs dispensable), else None."""
    found = (_trailing(proto.inputs), _trailing(proto.attrs), _trailing(proto.outputs))
    if any(f is None for f in found):
        return None
    if not all(v.dispensable for v in (*found[0], *found[2])):
        return None
    return found  # type: ignore[return-value]


def _listed(attr: Any) -> Any:
    from phi.op_defs import ExtraAttrDef
    return ExtraAttrDef(_arg_type(attr), attr.name,
                        _yaml_default(attr.default) if attr.default is not None else None)


def _with_listed_attrs(entry: Any, proto: Any, kernel_attrs: int) -> Any:
    """`entry` listing the maker's trailing extra slots as `extra` and its other attributes
    past the kernel's `kernel_attrs` as `legacy_attrs`, when the maker's extras trail and
    everything the entry kept from the kernel stays kept from it; else `entry`."""
    from phi.op_defs import ExtraDef

    extras = trailing_extras(proto)
    if extras is None:
        return entry
    ins, attrs, outs = extras
    own = [a for a in proto.attrs if not a.generated and not a.extra]
    listed = dataclasses.replace(
        entry, extra=ExtraDef(tuple(v.name for v in ins), tuple(_listed(a) for a in attrs),
                              tuple(v.name for v in outs)),
        legacy_attrs=tuple(_listed(a) for a in own[kernel_attrs:]))

    def unmapped(e: Any) -> set[str]:
        return {*e.unmapped_attr_names, *e.extra.inputs, *e.extra.outputs}
    return listed if unmapped(entry) <= unmapped(listed) else entry


def _renames(phi_names: list[str], made: list[str], current: tuple[tuple[str, str], ...],
             spell: Any) -> tuple[tuple[str, str], ...] | None:
    """`current` with the pairs that make the derived names (`spell` of each PHI name
    unless renamed) the maker's, position by position; None when the maker has fewer."""
    if len(made) < len(phi_names):
        return None
    pairs = dict(current)
    for phi_name, legacy in zip(phi_names, made, strict=False):
        if pairs.get(phi_name, spell(phi_name)) != legacy:
            pairs[phi_name] = legacy
    return tuple(pairs.items())


SHARED = "its op_compat entry is shared with its grad ops or forward op"


@dataclasses.dataclass(frozen=True)
class Candidate:
    """The op_compat entry the converter would write for an op, and whether the proto it
    derives is the maker's; `refused` says why no entry could be tried (else "")."""

    entry: Any
    phi: Any = None
    matches: bool = False
    refused: str = ""


def candidate(op_type: str, info: Any) -> Candidate:
    """The op_compat entry that would make `op_type` plain, and whether it does.

    Tried in order: the op's entry as it is; with the maker's trailing extra slots as
    `extra` and its attributes past the kernel's as `legacy_attrs`; with renames of tensor
    slots and attributes the derivation would spell otherwise (`X` for `x`, `CVM` for
    `cvm`, `UPLO` for `uplo`). An entry shared with grad ops is only used as it is."""
    from legacy_fluid.framework.derived_proto import (
        ProtoDerivationError,
        camel,
        phi_def,
        proto_of,
    )
    from phi.op_defs import OpCompatDef, OpNames, SourceLine, op_compat_of

    entry = op_compat_of(op_type)
    try:
        phi = phi_def(op_type, entry)
        if _proto_key(proto_of(op_type, phi, entry)) == _proto_key(info.proto):
            return Candidate(entry, phi, matches=True)
    except ProtoDerivationError as err:
        return Candidate(entry, refused=str(err))
    if entry is not None and (entry.backward or entry.names.legacy != op_type):
        return Candidate(entry, phi, refused=SHARED)
    blank = OpCompatDef(OpNames(op_type, op_type), SourceLine("", 0))
    cand = entry or blank
    try:
        cand = _with_listed_attrs(cand, info.proto, len(phi.attrs))
    except ValueError as err:
        return Candidate(entry, phi, refused=str(err))
    own_attrs = [a.name for a in info.proto.attrs if not a.generated]
    renamed = (_renames([a.name for a in phi.inputs], [v.name for v in info.proto.inputs],
                        cand.inputs, camel),
               _renames([a.name for a in phi.attrs], own_attrs, cand.attrs, lambda n: n),
               _renames(list(phi.output_names), [v.name for v in info.proto.outputs],
                        cand.outputs, camel))
    if all(r is not None for r in renamed):
        cand = dataclasses.replace(cand, inputs=renamed[0], attrs=renamed[1],
                                   outputs=renamed[2])
    try:
        matches = _proto_key(proto_of(op_type, phi, cand)) == _proto_key(info.proto)
    except (ProtoDerivationError, ValueError) as err:
        return Candidate(entry, phi, refused=str(err))
    if matches and not _written_alike(cand):
        return Candidate(entry, phi, refused="op_compat.yaml cannot spell its entry")
    if matches and not _mapping_kept(entry or blank, cand, [op_type]):
        return Candidate(entry, phi, refused="its entry would change its default mapping")
    return Candidate(cand, phi, matches=matches)


def _mapping_kept(old: Any, new: Any, op_types: list[str]) -> bool:
    """Whether `new` leaves out of the default mapping (extra, `legacy_attrs`) no slot the
    default mapping of one of `op_types` passes to its kernel under `old`."""
    from compat.arg_mapping import default_slots
    from legacy_fluid.framework.op_registry import OP_INFOS

    added = ({*new.unmapped_attr_names, *new.extra.inputs, *new.extra.outputs}
             - {*old.unmapped_attr_names, *old.extra.inputs, *old.extra.outputs})
    for op_type in op_types:
        info = OP_INFOS.get(op_type)
        if info is None or op_type in old.manual_signature:
            continue
        if added & {name for names in default_slots(info.proto) for name in names}:
            return False
    return True


def shared_entry(entry: Any, op_types: set[str]) -> tuple[Any, set[str]]:
    """For an op_compat entry shared by a forward op and its grad ops: the entry (one of
    those the makers of its ops ask for) that gives the most of `op_types` their makers'
    protos while every plain op of the entry keeps its proto and every op its default
    mapping, and those ops; (entry, set()) when none does."""
    from legacy_fluid.framework.derived_proto import ProtoDerivationError, phi_def, proto_of
    from legacy_fluid.framework.op_registry import OP_INFOS

    group = [n.legacy for n in (entry.names, *entry.backward) if OP_INFOS.get(n.legacy)]
    options = []
    for op_type in group:
        info = OP_INFOS.info(op_type)
        if info.maker is not None:
            try:
                phi = phi_def(op_type, entry)
                options.append(_with_listed_attrs(entry, info.proto, len(phi.attrs)))
            except (ProtoDerivationError, ValueError):
                continue
    best: tuple[Any, set[str]] = (entry, set())
    for option in dict.fromkeys(o for o in options if o != entry):
        matched: set[str] = set()
        for op_type in group:
            info = OP_INFOS.info(op_type)
            try:
                same = _proto_key(proto_of(op_type, phi_def(op_type, option), option)) == \
                    _proto_key(info.proto)
            except (ProtoDerivationError, ValueError):
                same = False
            if info.maker is None and not same:
                break
            if info.maker is not None and same and op_type in op_types:
                matched.add(op_type)
        else:
            if (len(matched) > len(best[1]) and _written_alike(option)
                    and _mapping_kept(entry, option, group)):
                best = (option, matched)
    return best


def _written_alike(entry: Any) -> bool:
    """Whether the entry, written to op_compat.yaml, parses back to itself (a slot name
    like `F1-Score` cannot be written in the file)."""
    import yaml

    from phi.op_defs import OpCompatError, SourceLine, render_entry
    from phi.op_defs.op_compat import parse_entry
    try:
        again = parse_entry(yaml.safe_load(render_entry(entry))[0], SourceLine("", 0))
    except (OpCompatError, yaml.YAMLError):
        return False
    return dataclasses.replace(again, source=entry.source) == entry


def plan(op_types: set[str]) -> tuple[set[str], dict[str, Any]]:
    """(ops the yaml can give their makers' protos, the op_compat entries that needs
    changed or added, by op type)."""
    from legacy_fluid.framework.op_registry import OP_INFOS
    from phi.op_defs import op_compat_of

    plain: set[str] = set()
    entries: dict[str, Any] = {}
    shared: dict[str, Any] = {}
    for op_type in sorted(op_types):
        info = OP_INFOS.info(op_type)
        if info.maker is None:
            continue
        found = candidate(op_type, info)
        if found.matches:
            plain.add(op_type)
            if found.entry != op_compat_of(op_type):
                entries[op_type] = found.entry
        elif found.refused == SHARED:
            shared[found.entry.names.legacy] = found.entry
    for legacy, entry in sorted(shared.items()):
        new, matched = shared_entry(entry, op_types)
        if matched:
            plain |= matched
            entries[legacy] = new
    return plain, entries


def write_entries(changed: dict[str, Any]) -> None:
    """Replace (or add, in legacy-name order) the given op_compat.yaml entries."""
    from phi.op_defs import OP_COMPAT_YAML, op_compat_defs, render_op_compat

    text = OP_COMPAT_YAML.read_text(encoding="utf-8")
    header = text[:text.index("- op :")]
    entries = list(op_compat_defs())
    for op_type, new in sorted(changed.items()):
        at = next((i for i, e in enumerate(entries) if e.names.legacy == op_type), None)
        if at is not None:
            entries[at] = new
            continue
        at = next((i for i, e in enumerate(entries) if e.names.legacy > op_type), len(entries))
        entries.insert(at, new)
    OP_COMPAT_YAML.write_text(render_op_compat(tuple(entries), header), encoding="utf-8")


def _registration(call: cst.Call) -> tuple[cst.BaseExpression, list[cst.Arg]] | None:
    """(op argument, arguments) of a `register_operator(op, OpClass, Maker)` call."""
    func = call.func
    name = func.value if isinstance(func, cst.Name) else \
        func.attr.value if isinstance(func, cst.Attribute) else ""
    args = list(call.args)
    if name != "register_operator" or len(args) != 3 or args[2].keyword is not None:
        return None
    return args[0].value, args


def _literal_op(call: cst.Call) -> str | None:
    """The op type of a literal `register_operator("op", OpClass, Maker)` call, else None."""
    found = _registration(call)
    if found is None or not isinstance(found[0], cst.SimpleString):
        return None
    return str(found[0].evaluated_value)


def _loop_ops(loop: cst.For) -> list[str] | None:
    """The op types of `for op in ("a", "b"): register_operator(op, OpClass, Maker)` (a loop
    over literal op types whose body is that one call), else None."""
    body = loop.body.body
    if (not isinstance(loop.target, cst.Name) or loop.orelse is not None or len(body) != 1
            or not isinstance(body[0], cst.SimpleStatementLine) or len(body[0].body) != 1
            or not isinstance(body[0].body[0], cst.Expr)
            or not isinstance(body[0].body[0].value, cst.Call)):
        return None
    found = _registration(body[0].body[0].value)
    if found is None or not (isinstance(found[0], cst.Name)
                             and found[0].value == loop.target.value):
        return None
    items = loop.iter.elements if isinstance(loop.iter, (cst.Tuple, cst.List)) else None
    if not items or not all(isinstance(e.value, cst.SimpleString) for e in items):
        return None
    return [str(e.value.evaluated_value) for e in items]


def literal_registrations(paths: list[Path]) -> set[str]:
    """Ops registered with a maker by a literal call, or by a loop over literal op types
    (what `_DropMakers` can rewrite)."""
    found: set[str] = set()

    class Collect(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
            op = _literal_op(node)
            if op is not None:
                found.add(op)

        def visit_For(self, node: cst.For) -> None:  # noqa: N802
            found.update(_loop_ops(node) or ())
    for path in paths:
        cst.parse_module(path.read_text(encoding="utf-8")).visit(Collect())
    return found


def _without_maker(call: cst.Call) -> cst.Call:
    args = list(call.args)
    return call.with_changes(args=[args[0], args[1].with_changes(
        comma=cst.MaybeSentinel.DEFAULT)])


def _op_tuple(ops: list[str]) -> cst.Tuple:
    return cst.Tuple([cst.Element(cst.SimpleString(f'"{op}"')) for op in ops])


class _DropMakers(cst.CSTTransformer):
    """Drop the maker argument of `register_operator` calls for the given op types; a loop
    over op types is split into a loop over the plain ones (no maker) and one over the
    rest."""

    def __init__(self, plain: set[str]) -> None:
        self.plain = plain
        self.dropped: list[str] = []

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:  # noqa: N802
        op = _literal_op(updated)
        if op is None or op not in self.plain:
            return updated
        self.dropped.append(op)
        return _without_maker(updated)

    def leave_For(self, original: cst.For, updated: cst.For  # noqa: N802
                  ) -> cst.For | cst.FlattenSentinel[cst.BaseStatement]:
        ops = _loop_ops(updated)
        plain = [op for op in ops or () if op in self.plain]
        if not plain:
            return updated
        self.dropped.extend(plain)
        line = updated.body.body[0]
        call = line.body[0].value
        rest = [op for op in ops if op not in self.plain]
        body = updated.body.with_changes(body=[line.with_changes(body=[
            line.body[0].with_changes(value=_without_maker(call))])])
        plain_loop = updated.with_changes(iter=_op_tuple(plain) if rest else updated.iter,
                                          body=body)
        if not rest:
            return plain_loop
        return cst.FlattenSentinel([plain_loop, updated.with_changes(
            iter=_op_tuple(rest), leading_lines=[])])


def _names_used(module: cst.Module, skip: cst.CSTNode | None = None) -> set[str]:
    used: set[str] = set()

    class Collect(cst.CSTVisitor):
        def visit_ClassDef(self, node: cst.ClassDef) -> bool:  # noqa: N802
            return node is not skip

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:  # noqa: N802
            return node is not skip

        def visit_Name(self, node: cst.Name) -> None:  # noqa: N802
            used.add(node.value)
    module.visit(Collect())
    return used


def _used_elsewhere(name: str, path: Path) -> bool:
    found = subprocess.run(["grep", "-rlw", "--include=*.py", name, "legacy_fluid", "compat",
                            "migrate", "fluidphi", "phi", "tests"], cwd=ROOT, check=False,
                           capture_output=True, text=True).stdout.split()
    return any(Path(ROOT / f).resolve() != path.resolve() for f in found)


def _is_maker_code(stmt: cst.CSTNode) -> bool:
    """A maker class, or a module-level helper taking a maker (`def _add(maker: ...Maker)`)."""
    code = cst.Module([]).code_for_node
    if isinstance(stmt, cst.ClassDef):
        return any("Maker" in code(b.value) for b in stmt.bases)
    if isinstance(stmt, cst.FunctionDef) and stmt.params.params:
        first = stmt.params.params[0]
        return first.annotation is not None and "Maker" in code(first.annotation.annotation)
    return False


def _drop_unused_makers(module: cst.Module, path: Path) -> tuple[cst.Module, list[str]]:
    removed: list[str] = []
    while True:
        body = list(module.body)
        for i, stmt in enumerate(body):
            if not _is_maker_code(stmt):
                continue
            name = stmt.name.value
            if name in _names_used(module, skip=stmt) or _used_elsewhere(name, path):
                continue
            removed.append(name)
            module = module.with_changes(body=body[:i] + body[i + 1:])
            break
        else:
            return module, removed


def convert_module(path: Path, plain: set[str], dry_run: bool) -> list[str]:
    source = path.read_text(encoding="utf-8")
    module = cst.parse_module(source)
    dropper = _DropMakers(plain)
    module = module.visit(dropper)
    if not dropper.dropped:
        return []
    module, removed = _drop_unused_makers(module, path)
    if not dry_run:
        path.write_text(module.code, encoding="utf-8")
    return [f"{path.relative_to(ROOT)}: plain {', '.join(sorted(dropper.dropped))}"
            + (f"; removed {', '.join(removed)}" if removed else "")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="module stems (default: all)")
    parser.add_argument("--keep", nargs="*", default=[], help="module stems to leave alone")
    parser.add_argument("--dry-run", action="store_true")
    options = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from compat.registration_index import ensure_all_registered
    from legacy_fluid.framework.op_registry import OP_INFOS
    ensure_all_registered()
    keep = {*CORPUS, *options.keep}
    stems = options.modules or sorted(p.stem for p in OPERATORS.glob("*_op.py"))
    stems = [s for s in stems if s not in keep]
    ops = {t for t, info in OP_INFOS.items() if info.module.rpartition(".")[2] in stems}
    ops &= literal_registrations([OPERATORS / f"{stem}.py" for stem in stems])
    plain, entries = plan(ops)
    print(f"{len(plain)} ops the yaml can give their protos ({len(entries)} op_compat entries "
          "to add or extend)")
    if entries and not options.dry_run:
        write_entries(entries)
    for stem in stems:
        for line in convert_module(OPERATORS / f"{stem}.py", plain, options.dry_run):
            print(line)
    if options.dry_run:
        return
    while True:  # a maker another module imported may be unused once its imports go
        subprocess.run([sys.executable, "-m", "ruff", "check", "--select", "F401", "--fix",
                        "--quiet", str(OPERATORS)], cwd=ROOT, check=False)
        swept = sweep_unused_makers(stems)
        if not swept:
            return
        print(*swept, sep="\n")


def sweep_unused_makers(stems: list[str]) -> list[str]:
    """Delete the maker classes (and helpers) of the given modules no code uses any more."""
    lines = []
    for stem in stems:
        path = OPERATORS / f"{stem}.py"
        module, removed = _drop_unused_makers(
            cst.parse_module(path.read_text(encoding="utf-8")), path)
        if removed:
            path.write_text(module.code, encoding="utf-8")
            lines.append(f"{path.relative_to(ROOT)}: removed {', '.join(removed)}")
    return lines


if __name__ == "__main__":
    main()
