"""Assemble the migrated module: generated kernels where their classes stood, orphaned
helpers and constants removed, blank lines as the module had them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import libcst as cst

from migrate import emit, infermeta
from migrate.class_registrations import registering_decorators, self_registering
from migrate.decorator_stores import stores_after
from migrate.env_gates import GATED_KEYS, gated_registrations
from migrate.followed_kernels import FOLLOW, follow_statement, followed
from migrate.imports_fix import fix_imports, framework_aliases, name_counts, renamed
from migrate.kept_classes import kept_comment, kept_served
from migrate.kernel_model import KernelFunction
from migrate.live_protos import operator_class
from migrate.live_registrations import live_kept_names
from migrate.loop_dels import drop_loop_dels
from migrate.records import KernelRecord, OpPlan, Unit
from migrate.registration_effects import kept_registrations
from migrate.static import ModuleInfo, info_for
from migrate.static_facts import StaticProto
from migrate.static_refs import EnumRef, ImportTable, UnresolvableError
from migrate.syntax import blank
from phi.op_defs import InferMetaDef


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
    mapping = _mapping_block(info, op, sig, needed)
    if mapping is not None:
        blocks.append(mapping)
        mapping_fn = emit.mapping_function_name(op)
    choice = None
    if kf.backward is not None:  # a grad kernel: its backward_op entry, as it stands
        entry = kf.backward
        meta = entry.infer_meta
        meta_note = f"backward.yaml's {meta.func}" if meta else "legacy infer_shape kept"
    else:
        entry = emit.yaml_entry(kf.phi_name, kf.params)
        choice, meta_note = _infer_meta_choice(info, op, kf, catalog, taken)
    if choice is not None:
        param = None if choice.param is None else tuple(choice.param)
        entry = replace(entry, infer_meta=InferMetaDef(choice.func, param))
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
    plan = OpPlan(op, kf.phi_name, mapping_fn, choice.func if choice else None,
                  bool(choice and choice.new_text), entry,
                  [{"class": k.class_name, "function": k.func_name,
                    "registrations": [[b, lay, list(d)] for b, lay, d in k.registrations]}
                   for k in kfs], {},
                  defaulted=tuple(p.slot for p in kf.params if p.fallback),
                  undeclared={p.slot: p.default for p in kf.params if p.undeclared})
    if kf.backward is not None:
        slot = {p.name: p.slot for p in kf.params}
        plan.in_place = {slot[o]: slot[i] for i, o in kf.backward.inplace}
    return plan, blocks, needed


def _infer_meta_choice(info: ModuleInfo, op: str, kf: KernelFunction,
                       catalog: list[infermeta.CatalogEntry], taken: set[str]
                       ) -> tuple[infermeta.InferMetaChoice | None, str]:
    """The InferMeta a forward kernel's entry gets, or why the legacy infer_shape stays."""
    try:
        op_ref = operator_class(info, op)
        if op_ref is None:
            raise infermeta.NotSimpleError("its operator class is no class of the tree")
        effects = infermeta.legacy_effects(info_for(info, op_ref), op_ref.name)
        ins = {p.slot: p.name for p in kf.params if p.kind == "input" and not p.is_list}
        outs = {p.slot: p.name for p in kf.params if p.kind == "output" and not p.is_list}
        if any(p.is_list for p in kf.params if p.kind == "output"):
            raise infermeta.NotSimpleError("list-valued outputs")
        return infermeta.choose(effects, ins, outs, kf.phi_name, catalog, taken), ""
    except infermeta.NotSimpleError as exc:
        return None, f"legacy infer_shape kept ({exc})"


def _mapping_block(info: ModuleInfo, op: str, sig: emit.Signature, needed: set[str]
                   ) -> str | None:
    """`op`'s argument mapping to `sig`, unless the default mapping of its proto fits."""
    proto = info.protos[op]
    assert isinstance(proto, StaticProto)
    if not emit.needs_mapping(sig, proto):
        return None
    needed |= {"register_arg_mapping", "ArgumentMappingContext", "KernelSignature"}
    return emit.mapping_text(op, sig)


def _covered_mapping(info: ModuleInfo, op: str, kf: KernelFunction, record: KernelRecord,
                     needed: set[str]) -> list[str]:
    """A covered op's own mapping to the covering kernel, when its proto needs one."""
    sig = emit.kernel_signature(kf.phi_name, kf.params, kf.folds, {})
    mapping = _mapping_block(info, op, sig, needed)
    record.mapping = mapping is not None
    return [mapping] if mapping is not None else []


def assemble(info: ModuleInfo, migrated: dict[Unit, KernelFunction],
              records: dict[Unit, KernelRecord], removal: dict[int, list[Any]],
              catalog: list[infermeta.CatalogEntry],
              covered: dict[Unit, Unit], keep: frozenset[str] = frozenset(),
              removal_imports: set[tuple[str, str]] = frozenset()  # type: ignore[assignment]
              ) -> tuple[cst.Module, list[OpPlan]]:
    """The migrated module and its ops' plans. `keep`: top-level names that stay although
    only migrated code used them here (another module of the tree uses them);
    `removal_imports`: (module, name) the statements left of registrations call."""
    module = info.module
    needed: set[str] = set()
    by_op: dict[str, list[Unit]] = {}
    for unit, kf in migrated.items():
        by_op.setdefault(kf.op_type, []).append(unit)
    last_of_op = {op: max(module.body.index(info.classes[u[0]]) for u in us)
                  for op, us in by_op.items()}
    taken = info.module_names() | {k.func_name for k in migrated.values()}
    plans: dict[str, OpPlan] = {}
    extra_blocks: dict[str, list[str]] = {}
    for op, us in by_op.items():
        plan, blocks, names = _op_plan(info, op, [migrated[u] for u in us], catalog, taken,
                                       [records[u] for u in us])
        plans[op], extra_blocks[op] = plan, blocks
        needed |= names
        for unit, primary in covered.items():
            if primary in us:
                blocks.extend(_covered_mapping(info, unit[1], migrated[primary],
                                               records[unit], needed))
    by_class: dict[str, list[KernelFunction]] = {}
    for unit, kf in migrated.items():
        by_class.setdefault(unit[0], []).append(kf)
    emitted_helpers: set[str] = set()
    aliases = framework_aliases(info)  # the generated code's names the module binds otherwise
    registered = {*kept_registrations(info), *live_kept_names(info)}
    body: list[Any] = []
    for index, stmt in enumerate(module.body):
        if index in removal:
            body.extend(removal[index])
            continue
        if isinstance(stmt, cst.ClassDef) and stmt.name.value in by_class:
            # a kernel class the tree still uses stays as it is, before its new kernel
            # (without the decorators registering it: the PHI kernel serves its op;
            # with them where the registration is kept: they do more than register)
            kept = stmt if stmt.name.value in registered else stmt.with_changes(
                decorators=[d for d in stmt.decorators
                            if id(d) not in registering_decorators(info)])
            nodes: list[Any] = [kept, *stores_after(info, stmt)] \
                if stmt.name.value in keep else []
            for kf in by_class[stmt.name.value]:
                for lifted, helper in kf.helpers:
                    if lifted not in emitted_helpers:
                        emitted_helpers.add(lifted)
                        nodes.append(helper)
                gated = info.memo.get(GATED_KEYS, {}).get(kf.class_name, {})
                follows = followed(info, kf.class_name)  # registered as the class is
                header = _parse_def(emit.kernel_header(
                    kf.func_name, kf.phi_name, kf.params,
                    [] if follows else [r for r in kf.registrations if r[:2] not in gated],
                    aliases))
                fn = header.with_changes(body=kf.node.body)
                needed |= emit.names_used_by_kernel(kf.params, registers=not follows)
                plans[kf.op_type].sources[kf.func_name] = cst.Module([]).code_for_node(
                    fn.with_changes(leading_lines=()))
                nodes.append(fn)
                nodes.extend(gated_registrations(kf, gated, aliases))
                if follows:
                    nodes.append(follow_statement(kf, aliases))
                    needed.add(FOLLOW)
                if last_of_op[kf.op_type] == index:
                    nodes.extend(renamed(_parse_def(text), aliases)
                                 for text in extra_blocks[kf.op_type])
            first: Any = stmt.leading_lines
            if info.factories is not None and id(stmt) in info.factories.origins:
                first = _two_blank_lines(first)  # a factory call's class: defs follow
            if stmt.name.value in keep and not kept_served(stmt):  # said above the class
                first = [*first, kept_comment([(kf.op_type, kf.func_name)
                                               for kf in by_class[stmt.name.value]],
                                              stmt.name.value in registered,
                                              stmt.name.value in self_registering(info),
                                              followed(info, stmt.name.value))]
            for i, node in enumerate(nodes):
                lead = first if i == 0 else blank(2)
                body.append(node.with_changes(leading_lines=lead))
            continue
        body.append(stmt)
    new = drop_loop_dels(module, module.with_changes(body=body))
    new = _remove_orphans(info, new, set(by_class), keep)
    new = _space_after_defs(module, new)
    new = new.with_changes(body=restore_factory_calls(info, list(new.body)))
    modules = {mod for kf in migrated.values() for mod in kf.module_imports}
    functions = {imp for kf in migrated.values() for imp in kf.function_imports}
    functions |= set(removal_imports)
    new = fix_imports(info, new, needed, modules, keep, functions, aliases)
    return new, [plans[op] for op in sorted(plans)]


def _two_blank_lines(lines: Any) -> list[Any]:
    blanks = next((i for i, ln in enumerate(lines) if ln.comment is not None), len(lines))
    return [*blank(max(0, 2 - blanks)), *lines]


def restore_factory_calls(info: ModuleInfo, body: list[Any]) -> list[Any]:
    """`body` with each class read from a factory call that is still there (not migrated,
    or kept for its users) written as that call again, its leading lines kept; the imports
    added for a factory of another module only where the new code reads what they bind."""
    if info.factories is None or not info.factories.origins:
        return body
    calls = {cst.ensure_type(cls, cst.ClassDef).name.value: stmt
             for cls in info.module.body if id(cls) in info.factories.origins
             for stmt in [info.factories.origins[id(cls)]]}
    out = [calls[stmt.name.value].with_changes(leading_lines=stmt.leading_lines)
           if isinstance(stmt, cst.ClassDef) and stmt.name.value in calls else stmt
           for stmt in body]
    added = [s for s in out if id(s) in info.factories.imports]
    if not added:
        return out
    read = name_counts(cst.Module(body=[s for s in out if id(s) not in info.factories.imports]))
    return [s for s in out if id(s) not in info.factories.imports or any(
        read.get(n, 0) for n in ImportTable(cst.Module(body=[s])).names)]


def _space_after_defs(old: cst.Module, new: cst.Module) -> cst.Module:
    """Two blank lines after a def/class where the codemod changed a statement's neighbour."""
    before = {s: (old.body[i - 1] if i else None) for i, s in enumerate(old.body)}
    body = list(new.body)
    for i in range(1, len(body)):
        stmt, prev = body[i], body[i - 1]
        if stmt not in before or before[stmt] is prev:
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


def _remove_orphans(info: ModuleInfo, new: cst.Module, migrated: set[str],
                    keep: frozenset[str]) -> cst.Module:
    """Drop private kernel base classes (and the private mixins of migrated kernels) and
    private dtype constants that only the migrated code used, except `keep`. Public names
    stay: another module may import them."""
    old_counts = name_counts(info.module)
    mixins = {n for c in migrated for cls in info.class_mro(c)[0] for n in [cls.name.value]}
    while True:
        counts = name_counts(new)
        drop: list[Any] = []
        for stmt in new.body:
            if isinstance(stmt, cst.ClassDef):
                name = stmt.name.value
                own = name_counts(stmt).get(name, 0)
                if (name.startswith("_") and name not in keep and counts.get(name, 0) == own
                        and (info.is_subclass_of(name, "OpKernel") or name in mixins)
                        and old_counts.get(name, 0) > own):
                    drop.append(stmt)
            elif isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
                small = stmt.body[0]
                if (isinstance(small, cst.Assign) and len(small.targets) == 1
                        and isinstance(small.targets[0].target, cst.Name)):
                    name = small.targets[0].target.value
                    if name.startswith("_") and name not in keep and \
                            counts.get(name, 0) == 1 and \
                            old_counts.get(name, 0) > 1 and \
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
