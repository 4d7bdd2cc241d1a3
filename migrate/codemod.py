"""Migrate one module's source: kernels replaced in place, registrations merged, imports fixed.

`migrate_source` is pure (text in, text out) so the dry run, `--write`, the
tests and `--verify` all see exactly the same result.
"""

from __future__ import annotations

import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import libcst as cst

from migrate import emit, infermeta
from migrate.kernel import migrate_kernel
from migrate.kernel_model import KernelFunction, ModuleContext, SkipError
from migrate.names import isort_key, snake
from migrate.static import ModuleInfo, info_for, read_module
from migrate.static_facts import Registration, StaticProto
from migrate.static_refs import ClassRef, EnumRef, UnresolvableError, dotted, literal_string
from migrate.syntax import blank

FIRST_PARTY = ("compat", "legacy_fluid", "migrate", "phi")
DEVICE_ORDER = {"CPU": 0, "GPU": 1}


@dataclass
class KernelRecord:
    """One legacy kernel class (for one op) and what became of it."""

    file: str
    op_type: str
    kernel: str
    status: str  # migrated | covered | skipped | failed
    reason: str = ""
    function: str = ""
    phi_name: str = ""
    dtypes: dict[str, list[str]] = field(default_factory=dict)  # backend -> dtypes
    mapping: bool = False
    infer_meta: str = ""


@dataclass
class OpPlan:
    """What verification and the report need about one migrated op."""

    op_type: str
    phi_name: str
    op_class: str
    maker: str
    inputs: list[str]
    attrs: list[tuple[str, list[tuple[str, str]]]]
    outputs: list[str]
    mapping_function: str | None
    infer_meta: str | None
    infer_meta_param: list[str] | None
    infer_meta_new: bool
    yaml: str
    kernels: list[dict[str, Any]]  # {class, function, registrations: [[backend, layout, dtypes]]}
    sources: dict[str, str]  # function name -> generated source (decorators included)


@dataclass
class FileResult:
    path: str
    old_text: str
    new_text: str
    records: list[KernelRecord] = field(default_factory=list)
    ops: list[OpPlan] = field(default_factory=list)
    error: str = ""

    @property
    def changed(self) -> bool:
        return self.new_text != self.old_text

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "records": [asdict(r) for r in self.records],
                "error": self.error}


# -- entry point ----------------------------------------------------------------------------
def migrate_source(text: str, path: Path | None = None, *, display: str | None = None,
                   base_names: dict[str, str] | None = None,
                   catalog: list[infermeta.CatalogEntry] | None = None,
                   exclude_ops: dict[str, str] | None = None) -> FileResult:
    """Migrate one module's text. `exclude_ops`: op type -> why its kernels stay legacy."""
    shown = display or (str(path) if path else "<string>")
    result = FileResult(shown, text, text)
    try:
        info = read_module(text, path)
    except cst.ParserSyntaxError as exc:
        result.error = f"does not parse: {exc}"
        return result
    try:
        _migrate_module(info, result, base_names or {}, catalog if catalog is not None
                        else infermeta.catalogue(), exclude_ops or {})
    except Exception as exc:  # a codemod bug: fail the whole file, write nothing
        result.new_text = text
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        for r in result.records:
            if r.status == "migrated":
                r.status, r.reason = "failed", f"codemod error: {detail}"
        if not result.records:
            result.error = f"codemod error: {detail}"
        result.ops = []
    return result


Unit = tuple[str, str]  # (kernel class, op type): one class may serve several ops


def _migrate_module(info: ModuleInfo, result: FileResult, base_names: dict[str, str],
                    catalog: list[infermeta.CatalogEntry], exclude_ops: dict[str, str]) -> None:
    regs_by_class: dict[str, list[Registration]] = {}
    for reg in info.registrations:
        regs_by_class.setdefault(reg.class_name, []).append(reg)
    blocked: dict[str, str] = {}
    for u in info.unresolved:
        for c in u.classes:
            blocked[c] = f"registration not statically readable ({u.reason})"
    anonymous = [u for u in info.unresolved if not u.classes]
    if anonymous:
        bases = {dotted(b) for cls in info.classes.values() for b in _bases(cls)}
        leaves = [c for c in info.classes if info.is_subclass_of(c, "OpKernel") and c not in bases]
        for c in [*regs_by_class, *leaves]:
            blocked.setdefault(c, "the module registers kernels in a way the codemod cannot read "
                                  f"({anonymous[0].reason}); none of its kernels is migrated")
    classes = [n for n in info.classes if n in regs_by_class or n in blocked]
    units: list[Unit] = []
    for name in classes:
        ops = list(dict.fromkeys(r.op_type for r in regs_by_class.get(name, []))) or ["?"]
        units.extend((name, op) for op in ops)
    per_op: dict[str, int] = {}
    for _, op in units:
        per_op[op] = per_op.get(op, 0) + 1
    mctx = ModuleContext(info, _module_names(info) - set(classes))
    migrated: dict[Unit, KernelFunction] = {}
    records: dict[Unit, KernelRecord] = {}
    for unit in units:
        name, op = unit
        regs = [r for r in regs_by_class.get(name, []) if r.op_type == op]
        rec = records[unit] = KernelRecord(result.path, op, name, "skipped")
        try:
            if name in blocked:
                raise SkipError(blocked[name])
            if op in exclude_ops:
                raise SkipError(exclude_ops[op])
            if not info.is_subclass_of(name, "OpKernel") and not info.class_mro(name)[1]:
                raise SkipError(f"{name} is registered as a kernel but is not an OpKernel subclass")
            libraries = {r.library for r in regs} - {"PLAIN"}
            if libraries:
                raise SkipError(f"registered for library {sorted(libraries)[0]} (needs its own "
                           "backend kernel)")
            devices = {r.device for r in regs} - set(DEVICE_ORDER)
            if devices:
                raise SkipError(f"registered for device {sorted(devices)[0]}")
            phi_name = info.base_kernel_names.get(op) or base_names.get(op) or op
            func = f"{snake(phi_name)}_kernel" if per_op[op] == 1 else snake(name)
            if per_op[op] > 1 and len([u for u in units if u[0] == name]) > 1:
                func = f"{snake(name)}_{snake(op)}"
            if not func.endswith("_kernel"):
                func += "_kernel"
            while func in mctx.taken:
                func += "_"
            kf = migrate_kernel(mctx, name, op, phi_name, func)
            mctx.taken.add(func)
            kf.registrations = _merge_registrations(regs)
            rec.function, rec.phi_name = func, phi_name
            rec.dtypes = {b: list(d) for b, _, d in kf.registrations}
            migrated[unit] = kf
            rec.status = "migrated"
        except SkipError as exc:
            rec.status, rec.reason = "skipped", str(exc)
        except Exception as exc:
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            rec.status, rec.reason = "failed", f"codemod error: {detail}"
    _check_ops(migrated, records)
    covered = _check_shared_phi_names(info, migrated, records)
    _check_whole_classes(units, migrated, records, covered)
    removal = _plan_registration_removal(info, migrated, records, units)
    _uncover(covered, migrated, records)
    result.records = [records[u] for u in units]
    if not migrated:
        return
    try:
        new_module, plans = _assemble(info, migrated, records, removal, catalog)
    except SkipError as exc:
        for unit in [*migrated, *covered]:
            records[unit].status, records[unit].reason = "skipped", str(exc)
            records[unit].function = ""
        return
    new_text = new_module.code
    try:
        cst.parse_module(new_text)
        compile(new_text, result.path, "exec")
    except (SyntaxError, cst.ParserSyntaxError) as exc:
        for r in result.records:
            if r.status in ("migrated", "covered"):
                r.status, r.reason = "failed", f"generated code does not parse: {exc}"
        return
    result.new_text = new_text
    result.ops = plans


def _bases(cls: cst.ClassDef) -> list[cst.BaseExpression]:
    return [a.value for a in cls.bases if a.keyword is None]


def _demote(unit: Unit, why: str, migrated: dict[Unit, KernelFunction],
            records: dict[Unit, KernelRecord]) -> None:
    migrated.pop(unit, None)
    rec = records[unit]
    if rec.status == "migrated":
        rec.status, rec.reason, rec.function = "skipped", why, ""


def shared_phi_reason(phi_name: str, ops: list[str]) -> str:
    return (f"ops {', '.join(sorted(ops))} all map to PHI kernel '{phi_name}'; one function "
            "must serve all of them (merge their signatures by hand)")


def covered_reason(primary: str, phi_name: str) -> str:
    return (f"covered by {primary}: same kernel as {primary}'s, served by PHI kernel "
            f"'{phi_name}'")


def _same_kernel(a: KernelFunction, b: KernelFunction) -> bool:
    """One function can serve both ops: same arguments, registrations and body."""
    if [(p.name, p.hint, p.slot, p.kind) for p in a.params] != \
            [(p.name, p.hint, p.slot, p.kind) for p in b.params]:
        return False
    if a.registrations != b.registrations or repr(a.folds) != repr(b.folds):
        return False
    if [n for n, _ in a.helpers] != [n for n, _ in b.helpers]:
        return False
    body = cst.Module([]).code_for_node
    return body(a.node.with_changes(name=cst.Name("f"))) == \
        body(b.node.with_changes(name=cst.Name("f")))


def _check_shared_phi_names(info: ModuleInfo, migrated: dict[Unit, KernelFunction],
                            records: dict[Unit, KernelRecord]) -> dict[Unit, Unit]:
    """Two legacy ops migrating to one PHI name would register it twice.

    When every kernel of such a group is the same function (same arguments,
    registrations and body, as for transpose / transpose2 served by one class) and
    no op needs an argument mapping, the primary op (the one named like the PHI
    kernel, else the first) migrates and the others are `covered` by it. Returns
    the covered units (taken out of `migrated`) with the unit covering each.
    """
    covered: dict[Unit, Unit] = {}
    by_name: dict[str, list[Unit]] = {}
    for unit, kf in migrated.items():
        by_name.setdefault(kf.phi_name, []).append(unit)
    for name, units in by_name.items():
        ops = list(dict.fromkeys(u[1] for u in units))
        if len(ops) < 2:
            continue
        primary = name if name in ops else ops[0]
        first = next(u for u in units if u[1] == primary)
        others = [u for u in units if u[1] != primary]
        if all(_same_kernel(migrated[first], migrated[u]) for u in others) \
                and not any(_needs_mapping(info, migrated[u]) for u in units):
            for unit in others:
                kf = migrated.pop(unit)
                rec = records[unit]
                rec.status, rec.reason, rec.function = ("covered",
                                                        covered_reason(primary, name), "")
                rec.phi_name = kf.phi_name
                covered[unit] = first
            continue
        for unit in units:
            _demote(unit, shared_phi_reason(name, ops), migrated, records)
    return covered


def _needs_mapping(info: ModuleInfo, kf: KernelFunction) -> bool:
    proto = info.protos.get(kf.op_type)
    if not isinstance(proto, StaticProto):
        return True
    sig = emit.kernel_signature(kf.phi_name, kf.params, kf.folds, {})
    return emit.needs_mapping(sig, proto)


def _check_whole_classes(units: list[Unit], migrated: dict[Unit, KernelFunction],
                         records: dict[Unit, KernelRecord], covered: dict[Unit, Unit]) -> None:
    """A class serving several ops is replaced only when every one of its ops migrates
    (or is covered by another op's kernel)."""
    for name in {u[0] for u in units}:
        mine = [u for u in units if u[0] == name]
        left = [u[1] for u in mine if u not in migrated and u not in covered]
        if left and len(left) < len(mine):
            for u in mine:
                _demote(u, f"{name} also serves op(s) {', '.join(left)}, which do not migrate",
                        migrated, records)
    _uncover(covered, migrated, records)


def _uncover(covered: dict[Unit, Unit], migrated: dict[Unit, KernelFunction],
             records: dict[Unit, KernelRecord]) -> None:
    """A covered op whose covering kernel did not migrate after all stays legacy too."""
    for unit, primary in list(covered.items()):
        if primary not in migrated:
            del covered[unit]
            rec = records[unit]
            rec.status, rec.function = "skipped", ""
            rec.reason = records[primary].reason or f"{primary[1]} did not migrate"


def _module_names(info: ModuleInfo) -> set[str]:
    names = set(info.classes) | set(info.ev.assigns) | set(info.imports.names)
    for stmt in info.module.body:
        if isinstance(stmt, cst.FunctionDef):
            names.add(stmt.name.value)
    return names


def _merge_registrations(regs: list[Registration]) -> list[tuple[str, str, list[str]]]:
    groups: dict[tuple[str, str], list[str]] = {}
    for r in regs:
        dts = groups.setdefault((r.device, emit.layout_name(r.layout)), [])
        for d in r.dtypes:
            if d not in dts:
                dts.append(d)
    keys = sorted(groups, key=lambda k: (DEVICE_ORDER.get(k[0], 9), k[1]))
    return [(b, layout, groups[(b, layout)]) for b, layout in keys]


def _check_ops(migrated: dict[Unit, KernelFunction], records: dict[Unit, KernelRecord]) -> None:
    """Kernels of one op must take the same arguments (one mapping, one yaml entry)."""
    by_op: dict[str, list[Unit]] = {}
    for unit, kf in migrated.items():
        by_op.setdefault(kf.op_type, []).append(unit)
    for op, units in by_op.items():
        shapes = {tuple((p.name, p.hint, p.slot) for p in migrated[u].params) for u in units}
        if len(shapes) > 1:
            names = ", ".join(u[0] for u in units)
            for u in units:
                _demote(u, f"kernels of op '{op}' ({names}) take different arguments; migrate "
                           "them by hand or align their reads", migrated, records)


# -- registrations -------------------------------------------------------------------------------
def _reg_class(call: cst.Call) -> str | None:
    positional = [a for a in call.args if a.keyword is None]
    for a in call.args:
        if a.keyword is not None and a.keyword.value == "kernel":
            return dotted(a.value)
    return dotted(positional[2].value) if len(positional) > 2 else None


def _plan_registration_removal(info: ModuleInfo, migrated: dict[Unit, KernelFunction],
                               records: dict[Unit, KernelRecord], units: list[Unit]
                               ) -> dict[int, Any]:
    """Top-level statement index -> None (drop it) or a rewritten statement."""
    while True:
        moved_classes = {u[0] for u in migrated}
        by_stmt: dict[int, set[str]] = {}
        for r in info.registrations:
            by_stmt.setdefault(r.stmt_index, set()).add(r.class_name)
        plan: dict[int, Any] = {}
        demote: dict[str, str] = {}
        for index, classes in by_stmt.items():
            moved = classes & moved_classes
            if not moved:
                continue
            if moved == classes:
                plan[index] = None
                continue
            new_stmt = _prune_registrations(info.module.body[index], moved, info)
            if new_stmt is False:
                for c in moved:
                    demote[c] = ("registered in one statement with kernel(s) not migrated ("
                                 + ", ".join(sorted(classes - moved)) + ")")
            else:
                plan[index] = new_stmt
        if not demote:
            return plan
        for unit in units:
            if unit[0] in demote:
                _demote(unit, demote[unit[0]], migrated, records)


def _prune_registrations(stmt: Any, moved: set[str], info: ModuleInfo) -> Any:
    """Drop the calls registering `moved` classes; False when they cannot be told apart."""

    def is_reg(small: Any) -> bool:
        return (isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)
                and info.imports.is_symbol(small.value.func, "register_op_kernel"))

    def prune_line(line: cst.SimpleStatementLine) -> Any:
        kept = []
        for small in line.body:
            if is_reg(small):
                cls = _reg_class(small.value)
                if cls is None or cls not in info.classes:
                    return False
                if cls in moved:
                    continue
            kept.append(small)
        if not kept:
            return None
        return line.with_changes(body=kept)

    if isinstance(stmt, cst.SimpleStatementLine):
        return prune_line(stmt)
    if isinstance(stmt, cst.For):
        body = []
        for sub in stmt.body.body:
            if isinstance(sub, cst.SimpleStatementLine):
                new = prune_line(sub)
                if new is False:
                    return False
                if new is not None:
                    body.append(new)
            elif isinstance(sub, cst.For):
                new = _prune_registrations(sub, moved, info)
                if new is False:
                    return False
                if new is not None:
                    body.append(new)
            else:
                return False
        if not body:
            return None
        return stmt.with_changes(body=stmt.body.with_changes(body=body))
    return False


# -- assembly -------------------------------------------------------------------------------------
def _parse_def(text: str) -> cst.FunctionDef:
    node = cst.parse_statement(text)
    assert isinstance(node, cst.FunctionDef)
    return node


def _op_plan(info: ModuleInfo, op: str, kfs: list[KernelFunction],
             catalog: list[infermeta.CatalogEntry], taken: set[str],
             records: list[KernelRecord]) -> tuple[OpPlan, list[str], set[str]]:
    """The op's plan, extra source blocks (mapping, InferMeta) and names they need."""
    proto = info.protos[op]
    assert isinstance(proto, StaticProto)
    kf = kfs[0]
    fold_methods: dict[str, list[str]] = {}
    sig = emit.kernel_signature(kf.phi_name, kf.params, kf.folds, fold_methods)
    blocks: list[str] = []
    needed: set[str] = set()
    mapping_fn = None
    if emit.needs_mapping(sig, proto):
        blocks.append(emit.mapping_text(op, sig))
        mapping_fn = emit.mapping_function_name(op)
        needed |= {"register_arg_mapping", "ArgumentMappingContext", "KernelSignature"}
    entry = emit.yaml_entry(kf.phi_name, kf.params)
    operator = info.operators[op]
    meta_note = ""
    choice = None
    try:
        op_ref = operator.op_class_ref or ClassRef(operator.op_class)
        effects = infermeta.legacy_effects(info_for(info, op_ref), op_ref.name)
        ins = {p.slot: p.name for p in kf.params if p.kind == "input" and not p.is_list}
        outs = {p.slot: p.name for p in kf.params if p.kind == "output" and not p.is_list}
        if any(p.is_list for p in kf.params if p.kind == "output"):
            raise infermeta.NotSimpleError("list-valued outputs")
        choice = infermeta.choose(effects, ins, outs, kf.phi_name, catalog, taken)
    except infermeta.NotSimpleError as exc:
        meta_note = f"legacy infer_shape kept ({exc})"
    if choice is not None:
        entry.infer_meta, entry.infer_meta_param = choice.func, choice.param
        if choice.new_text is not None:
            blocks.append(choice.new_text)
            needed.add("MetaTensor")
            if "DataType." in choice.new_text:
                needed.add("DataType")
            taken.add(choice.func)
            meta_note = f"new {choice.func}"
        else:
            meta_note = f"reuses {choice.func}"
    for r in records:
        r.mapping, r.infer_meta = mapping_fn is not None, meta_note
    plan = OpPlan(op, kf.phi_name, operator.op_class, operator.maker, sig.inputs,
                  [(a, [list(f) for f in feeders]) for a, feeders in sig.attrs],  # type: ignore[misc]
                  sig.outputs, mapping_fn, choice.func if choice else None,
                  choice.param if choice else None, bool(choice and choice.new_text),
                  entry.text(),
                  [{"class": k.class_name, "function": k.func_name,
                    "registrations": [[b, lay, list(d)] for b, lay, d in k.registrations]}
                   for k in kfs], {})
    return plan, blocks, needed


def _assemble(info: ModuleInfo, migrated: dict[Unit, KernelFunction],
              records: dict[Unit, KernelRecord], removal: dict[int, Any],
              catalog: list[infermeta.CatalogEntry]) -> tuple[cst.Module, list[OpPlan]]:
    module = info.module
    needed: set[str] = set()
    by_op: dict[str, list[Unit]] = {}
    for unit, kf in migrated.items():
        by_op.setdefault(kf.op_type, []).append(unit)
    last_of_op = {op: max(module.body.index(info.classes[u[0]]) for u in us)
                  for op, us in by_op.items()}
    taken = _module_names(info) | {k.func_name for k in migrated.values()}
    plans: dict[str, OpPlan] = {}
    extra_blocks: dict[str, list[str]] = {}
    for op, us in by_op.items():
        plan, blocks, names = _op_plan(info, op, [migrated[u] for u in us], catalog, taken,
                                       [records[u] for u in us])
        plans[op], extra_blocks[op] = plan, blocks
        needed |= names
    by_class: dict[str, list[KernelFunction]] = {}
    for unit, kf in migrated.items():
        by_class.setdefault(unit[0], []).append(kf)
    emitted_helpers: set[str] = set()
    body: list[Any] = []
    for index, stmt in enumerate(module.body):
        if index in removal:
            if removal[index] is not None:
                body.append(removal[index])
            continue
        if isinstance(stmt, cst.ClassDef) and stmt.name.value in by_class:
            nodes: list[Any] = []
            for kf in by_class[stmt.name.value]:
                for lifted, helper in kf.helpers:
                    if lifted not in emitted_helpers:
                        emitted_helpers.add(lifted)
                        nodes.append(helper)
                header = _parse_def(emit.kernel_header(kf.func_name, kf.phi_name, kf.params,
                                                       kf.registrations))
                fn = header.with_changes(body=kf.node.body)
                needed |= emit.names_used_by_kernel(kf.params)
                plans[kf.op_type].sources[kf.func_name] = cst.Module([]).code_for_node(
                    fn.with_changes(leading_lines=()))
                nodes.append(fn)
                if last_of_op[kf.op_type] == index:
                    nodes.extend(_parse_def(text) for text in extra_blocks[kf.op_type])
            for i, node in enumerate(nodes):
                lead = stmt.leading_lines if i == 0 else blank(2)
                body.append(node.with_changes(leading_lines=lead))
            continue
        body.append(stmt)
    new = module.with_changes(body=body)
    new = _remove_orphans(info, new, set(by_class))
    new = _space_after_defs(module, new)
    new = _fix_imports(info, new, needed)
    return new, [plans[op] for op in sorted(plans)]


def _space_after_defs(old: cst.Module, new: cst.Module) -> cst.Module:
    """Two blank lines after a def/class where the codemod changed a statement's neighbour."""
    before = {id(s): (old.body[i - 1] if i else None) for i, s in enumerate(old.body)}
    body = list(new.body)
    for i in range(1, len(body)):
        stmt, prev = body[i], body[i - 1]
        if id(stmt) not in before or before[id(stmt)] is prev:
            continue
        if not isinstance(prev, (cst.FunctionDef, cst.ClassDef)):
            continue
        lines = list(stmt.leading_lines)
        blanks = 0
        for ln in lines:
            if ln.comment is not None:
                break
            blanks += 1
        if blanks < 2:
            body[i] = stmt.with_changes(leading_lines=[*blank(2 - blanks), *lines])
    return new.with_changes(body=body)


class _Counter(cst.CSTVisitor):
    """Name uses outside import statements."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def visit_Import(self, node: cst.Import) -> bool:  # noqa: N802
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:  # noqa: N802
        return False

    def visit_Name(self, node: cst.Name) -> None:  # noqa: N802
        self.counts[node.value] = self.counts.get(node.value, 0) + 1

    def visit_SimpleString(self, node: cst.SimpleString) -> None:  # noqa: N802  # quoted annotations, __all__
        value = literal_string(node)
        if value and value.isidentifier():
            self.counts[value] = self.counts.get(value, 0) + 1


def _counts(node: cst.CSTNode) -> dict[str, int]:
    c = _Counter()
    node.visit(c)
    return c.counts


def _remove_orphans(info: ModuleInfo, new: cst.Module, migrated: set[str]) -> cst.Module:
    """Drop kernel base classes and dtype constants that only the migrated code used."""
    old_counts = _counts(info.module)
    while True:
        counts = _counts(new)
        drop: list[Any] = []
        for stmt in new.body:
            if isinstance(stmt, cst.ClassDef):
                name = stmt.name.value
                own = _counts(stmt).get(name, 0)
                if (info.is_subclass_of(name, "OpKernel") and counts.get(name, 0) == own
                        and old_counts.get(name, 0) > own):
                    drop.append(stmt)
            elif isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
                small = stmt.body[0]
                if (isinstance(small, cst.Assign) and len(small.targets) == 1
                        and isinstance(small.targets[0].target, cst.Name)):
                    name = small.targets[0].target.value
                    if counts.get(name, 0) == 1 and old_counts.get(name, 0) > 1 and \
                            _is_dtype_constant(info, small.value):
                        drop.append(stmt)
        if not drop:
            return new
        new = new.with_changes(body=[s for s in new.body if all(s is not d for d in drop)])


def _is_dtype_constant(info: ModuleInfo, value: cst.BaseExpression) -> bool:
    try:
        v = info.ev.eval(value, {})
    except UnresolvableError:
        return False
    items = v if isinstance(v, (list, tuple)) else [v]
    return bool(items) and all(isinstance(x, EnumRef) and x.enum == "DataType" for x in items)


def _import_text(module: str, names: list[str]) -> str:
    one = f"from {module} import {', '.join(names)}"
    if len(one) <= emit.WIDTH:
        return one + "\n"
    return f"from {module} import (\n" + "".join(f"    {n},\n" for n in names) + ")\n"


def _alias_text(alias: cst.ImportAlias) -> str:
    name = dotted(alias.name) or ""
    if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
        return f"{name} as {alias.asname.name.value}"
    return name


def _fix_imports(info: ModuleInfo, new: cst.Module, needed: set[str]) -> cst.Module:
    imports = info.imports
    additions: dict[str, list[str]] = {}
    for name in sorted(needed):
        source = emit.IMPORT_SOURCES[name]
        bound = imports.names.get(name)
        if bound is not None:
            if bound.split(".")[-1] == name and bound.split(".")[0] in ("phi", "compat"):
                continue
            raise SkipError(f"name '{name}' is bound to {bound} in this module")
        if name in _module_names(info):
            raise SkipError(f"name '{name}' is already defined in this module")
        additions.setdefault(source, []).append(name)
    old_counts, new_counts = _counts(info.module), _counts(new)
    body = list(new.body)
    # drop names that only the removed code used
    for i, stmt in enumerate(body):
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                and isinstance(stmt.body[0], cst.ImportFrom)):
            continue
        imp = stmt.body[0]
        if isinstance(imp.names, cst.ImportStar) or imp.module is None:
            continue
        kept = []
        for alias in imp.names:
            local = (alias.asname.name.value if alias.asname is not None
                     and isinstance(alias.asname.name, cst.Name) else dotted(alias.name))
            if local and old_counts.get(local, 0) > 0 and new_counts.get(local, 0) == 0:
                continue
            kept.append(alias)
        if len(kept) != len(imp.names):
            if not kept:
                body[i] = None
                if i + 1 < len(body) and body[i + 1] is not None and stmt.leading_lines:
                    body[i + 1] = body[i + 1].with_changes(leading_lines=stmt.leading_lines)
            else:
                text = _import_text(dotted(imp.module) or "", [_alias_text(a) for a in kept])
                body[i] = cst.parse_statement(text).with_changes(leading_lines=stmt.leading_lines)
    body = [s for s in body if s is not None]
    # add what the generated code needs, merging into `from M import ...` where present
    for module_name, names in sorted(additions.items()):
        merged = False
        for i, stmt in enumerate(body):
            if (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                    and isinstance(stmt.body[0], cst.ImportFrom)
                    and not stmt.body[0].relative and stmt.body[0].module is not None
                    and dotted(stmt.body[0].module) == module_name
                    and not isinstance(stmt.body[0].names, cst.ImportStar)):
                existing = [_alias_text(a) for a in stmt.body[0].names]
                all_names = sorted(set(existing) | set(names), key=isort_key)
                body[i] = cst.parse_statement(_import_text(module_name, all_names)).with_changes(
                    leading_lines=stmt.leading_lines)
                merged = True
                break
        if merged:
            continue
        node = cst.parse_statement(_import_text(module_name, sorted(names, key=isort_key)))
        at = _import_position(body, module_name)
        if at < len(body) and _is_import(body[at]):
            node = node.with_changes(leading_lines=body[at].leading_lines)
            body[at] = body[at].with_changes(leading_lines=())
        elif at > 0 and not _is_import(body[at - 1]):
            node = node.with_changes(leading_lines=blank(1))
        body.insert(at, node)
    return new.with_changes(body=body)


def _is_import(stmt: Any) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and any(
        isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body)


def _import_position(body: list[Any], module_name: str) -> int:
    def mod_of(stmt: Any) -> str | None:
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
            small = stmt.body[0]
            if isinstance(small, cst.ImportFrom) and small.module is not None and \
                    not small.relative:
                return dotted(small.module)
            if isinstance(small, cst.Import):
                return dotted(small.names[0].name)
        return None

    import_idx = [i for i, s in enumerate(body) if mod_of(s) is not None]
    first_party = [i for i in import_idx if (mod_of(body[i]) or "").split(".")[0] in FIRST_PARTY]
    for i in first_party:
        if (mod_of(body[i]) or "") > module_name:
            return i
    if first_party:
        return first_party[-1] + 1
    if import_idx:
        return import_idx[-1] + 1
    start = 0
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(
            body[0].body[0], cst.Expr) and literal_string(body[0].body[0].value) is not None:
        start = 1
    return start


def load_base_names(root: Path | None = None) -> dict[str, str]:
    """`register_base_kernel_name("a", "b")` calls in compat/ops (read statically)."""
    root = root or Path(__file__).resolve().parent.parent
    out: dict[str, str] = {}
    ops_dir = root / "compat" / "ops"
    if not ops_dir.is_dir():
        return out
    for path in sorted(ops_dir.glob("*.py")):
        try:
            info = read_module(path.read_text(encoding="utf-8"), path)
        except (cst.ParserSyntaxError, OSError):
            continue
        out.update(info.base_kernel_names)
    return out


__all__ = ["ClassRef", "FileResult", "KernelRecord", "OpPlan", "load_base_names",
           "migrate_source"]
