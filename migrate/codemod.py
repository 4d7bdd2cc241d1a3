"""Migrate one module's source: kernels replaced in place, registrations merged, imports fixed.

`migrate_source` is pure (text in, text out) so the dry run, `--write`, the
tests and `--verify` all see exactly the same result.
"""

from __future__ import annotations

import traceback
from pathlib import Path

import libcst as cst

from compat.statuses import KernelStatus
from migrate import infermeta
from migrate.assemble import assemble
from migrate.booked_classes import booked_classes
from migrate.class_registrations import self_registering
from migrate.computed_lookups import computed_lookup_ops, looked_up_names
from migrate.consistency import (
    align_ops,
    check_ops,
    check_outputless,
    check_shared_phi_names,
    check_whole_classes,
    uncover,
)
from migrate.factory_kernels import factory_bases, factory_bases_elsewhere, factory_kernels
from migrate.framework_kernels import taken_by_framework
from migrate.generated_backward import NO_FORWARD, forward_kernel, generated_entry
from migrate.grads import (
    GradPlan,
    backward_entry,
    forward_type,
    is_grad_op,
    plan_grad,
    registered_forward,
)
from migrate.inert_bases import plain_base
from migrate.kept_classes import earlier_write, kept_registered, kept_served
from migrate.kernel import PASSES_CTX, migrate_kernel
from migrate.kernel_compose import check_compositions, composable
from migrate.kernel_ctx_helpers import module_function
from migrate.kernel_model import KernelFunction, ModuleContext, SkipError
from migrate.live_protos import note_live_protos, read_live_protos
from migrate.live_registrations import live_kept, unbuilt_kernels, unnamed_row
from migrate.manifest_records import without_records
from migrate.module_scan import scan_module
from migrate.names import snake
from migrate.nested_kernels import nested_kernels, nested_ops
from migrate.proto_reader import read_protos
from migrate.records import FileResult, Foreign, ForwardKernel, KernelRecord, LiveFacts, Unit
from migrate.registration_effects import (
    kept_reason,
    kept_registrations,
    self_registered_reason,
)
from migrate.registrations import (
    DEVICE_ORDER,
    merge_registrations,
    plan_registration_removal,
    uncovered_key,
)
from migrate.source_files import SourceError, read_source
from migrate.static import ModuleInfo
from migrate.static_facts import Registration, StaticProto, UnresolvedRegistration
from migrate.static_refs import code_of, dotted, iter_top_statements, names_in
from migrate.syntax import regrouped
from migrate.tree_names import top_level_names
from migrate.tree_operators import not_registered_here
from migrate.type_factories import builds_by_type
from migrate.unread_calls import maybe_registered, unread_call
from phi.op_defs import OpDef


def migrate_source(text: str, path: Path | None = None, *, display: str | None = None,
                   base_names: dict[str, str] | None = None,
                   catalog: list[infermeta.CatalogEntry] | None = None,
                   exclude_ops: dict[str, str] | None = None,
                   backward: dict[str, OpDef] | None = None,
                   keep_names: frozenset[str] = frozenset(),
                   foreign: dict[str, Foreign] | None = None,
                   tree_bases: frozenset[str] = frozenset(),
                   live: LiveFacts | None = None,
                   grad_forwards: dict[str, ForwardKernel] | None = None) -> FileResult:
    """Migrate one module's text. `exclude_ops`: op type -> why its kernels stay legacy;
    `backward`: the backward_op entries grad kernels follow (default: phi/backward.yaml);
    `keep_names`: top-level names to keep although only migrated code used them here;
    `foreign`: kernel classes of other modules (migrated in the same run) this one imports,
    which its kernels may compose; `tree_bases`: classes of this module other modules of
    the tree subclass (not kernels unless a registration names them); `live`: its
    registrations read by importing the tree (`live_registrations`); `grad_forwards`:
    forward kernels other modules of the run migrated, its grad kernels' forwards
    (`grads_across`)."""
    shown = display or (str(path) if path else "<string>")
    result = FileResult(shown, text, text)
    try:
        info = read_protos(scan_module(text, path))
    except cst.ParserSyntaxError as exc:
        result.error = (f"{shown}: does not parse as Python ({' '.join(exc.message.split())});"
                        " expected a module the codemod can read. Left untouched.")
        return result
    result.bases_elsewhere = info.bases_elsewhere() | factory_bases_elsewhere(info)
    result.tree_bases, result.live = tree_bases, live
    result.grad_forwards = dict(grad_forwards or {})
    read_live_protos(info, live)  # makers the static reading could not read
    try:
        _migrate_module(info, result, base_names or {}, catalog if catalog is not None
                        else infermeta.catalogue(), exclude_ops or {},
                        load_backward() if backward is None else backward, keep_names,
                        foreign or {})
        note_live_protos(info, result)
        if result.changed and result.ops:  # its scopes are read already: no second parse
            factories = info.factories
            parsed = factories.original if factories and factories.original else info.module
            result.top_names = frozenset(top_level_names(parsed))
    except Exception as exc:  # a codemod bug: fail the whole file, write nothing
        result.new_text, result.composable = text, {}
        detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        for r in result.records:
            if r.status is KernelStatus.MIGRATED:
                r.status, r.reason = KernelStatus.FAILED, f"codemod error: {detail}"
        if not result.records:
            result.error = f"{shown}: codemod error ({detail}); left untouched."
        result.ops = []
    return result


def _migrate_module(info: ModuleInfo, result: FileResult, base_names: dict[str, str],
                    catalog: list[infermeta.CatalogEntry], exclude_ops: dict[str, str],
                    backward: dict[str, OpDef], keep: frozenset[str],
                    foreign: dict[str, Foreign]) -> None:
    regs_by_class: dict[str, list[Registration]] = {}
    for reg in info.registrations:
        regs_by_class.setdefault(reg.class_name, []).append(reg)
    blocked: dict[str, str] = {}
    runtime = info.runtime_classes("OpKernel")
    made = factory_kernels(info)  # bound to what a factory returns: rows of their own
    # what an unread registration may name: classes a type() factory of the tree built
    typed = {c: call for c, call in _type_built(info).items()
             if c not in made} if info.unresolved else {}
    anonymous = []  # statements registering no kernel class they name
    nested = nested_kernels(info)  # a class body's kernel class: a row of its own
    for u in info.unresolved:
        if u.reason in nested:  # `RollOp.Kernel`: no unread registration of the others
            continue
        kernels = [c for c in u.classes
                   if c in regs_by_class or info.is_subclass_of(c, "OpKernel")]
        kernels += _built_named(info, u, [*runtime, *made, *typed])
        for c in kernels:
            blocked[c] = f"registration not statically readable ({u.reason})" if \
                c not in typed else (
                f"built at run time by `{code_of(typed[c]).strip().splitlines()[0]}`, a "
                "function building the class by type(); the codemod rewrites class "
                "statements only; not migrated")
        if not kernels:
            anonymous.append(u)
    # a base of other kernels (here or in another module of the tree) that no registration
    # names is no kernel: its subclasses' rows cover it
    bases = {dotted(plain_base(info, b)) for cls in info.classes.values() for b in _bases(cls)}
    bases |= result.tree_bases - set(regs_by_class)
    bases |= {dotted(e.value) for call in runtime.values()
              for e in cst.ensure_type(call.args[1].value, cst.Tuple).elements}
    bases |= factory_bases(info, made)
    # a decorated or loop-named kernel class may be registered where no reading sees it:
    # a row of its own even where other kernels derive from it
    unseen = maybe_registered(info, set(regs_by_class))
    bases -= set(unseen) | booked_classes(info)  # a booked class is a kernel (`booked_classes`)
    leaves = [c for c in info.classes if info.is_subclass_of(c, "OpKernel") and c not in bases]
    shims = {c: kept_served(info.classes[c]) for c in leaves if c not in regs_by_class}
    for c, served in shims.items():
        if served:
            blocked.setdefault(c, earlier_write(info.classes[c]))
    kept_regs = kept_registrations(info)  # registered by statements that stay
    for c in [*kept_regs, *(self_registering(info) - set(kept_regs))]:
        if c in info.classes and kept_registered(info.classes[c]):
            shims[c] = kept_served(info.classes[c])
            blocked.setdefault(c, "migrated by an earlier write (" + ", ".join(
                f"op '{op}' runs on {func}" for op, func in shims[c].items())
                + "); the class is kept with its legacy registration")
    keep = keep | set(kept_regs)
    indirect = [u for u in anonymous if u.stmt_index < 0]
    if indirect:  # register_op_kernel used as a value: any call anywhere may register
        for c in [*regs_by_class, *leaves]:
            blocked.setdefault(c, "the module registers kernels in a way the codemod cannot read "
                                  f"({indirect[0].reason}); none of its kernels is migrated")
    # a statement registering classes it does not name (`getattr(module, f"{n}Kernel")`):
    # it decides nothing for the kernels registered readably elsewhere, whose classes stay
    unread = [u for u in anonymous
              if u.stmt_index >= 0 and not info.registers_operators_only(u.stmt_index)]
    call_ops: dict[str, list[str]] = {}  # the op an unreadable call names, per class
    # the op names an unread registration gives the classes it names or looks up
    lookups = {u.stmt_index: computed_lookup_ops(info, u.stmt_index) for u in info.unresolved
               if u.stmt_index >= 0}
    for c, why in unseen.items():
        blocked.setdefault(c, why)
    for c in leaves:  # every kernel class gets a row, registered or not
        if c not in regs_by_class:
            called = None if unread else unread_call(info, c)
            if called is not None and called[1]:
                call_ops[c] = [called[1]]
            finding = next((u for u in unread if c in lookups.get(u.stmt_index, {})),
                           unread[0] if unread else None)
            blocked.setdefault(c, _unread_reason(info, finding) if finding else
                               called[0] if called is not None else
                               "no register_op_kernel call of this module registers it "
                               "(registered elsewhere, or never); not migrated")
    for c, call in runtime.items():  # no class statement to rewrite: a row says so
        blocked[c] = (f"built by type(...) at run time (`{c} = "
                      f"{code_of(call).strip().splitlines()[0]}`); the codemod rewrites "
                      "class statements only; not migrated")
    refused = [c for c in regs_by_class if c not in info.classes and info.factory_refusal(c)]
    for c in refused:  # a factory call the codemod cannot read as a class statement
        blocked[c] = f"{info.factory_refusal(c)}; not migrated"
    for c, made_by in made.items():  # a factory's kernel class: a row of its own
        why = info.factory_refusal(c)
        blocked[c] = f"{why}; not migrated" if why else made_by.reason()
        if c not in regs_by_class and (called := unread_call(info, c)) is not None and called[1]:
            call_ops.setdefault(c, [called[1]])
    # registered where the codemod cannot read, as importing the tree shows: kept as it is
    live = live_kept(info, blocked, regs_by_class, result.live)
    for c, ops in live.ops.items():  # refused, with the ops importing the tree shows
        call_ops.setdefault(c, ops)
    regs_by_class.update(live.registrations)
    # registered from here, as importing the tree shows, by no class statement: a row each
    unbuilt = unbuilt_kernels(info, result.live, {*blocked, *regs_by_class, *live.ops})
    for c, ops in unbuilt.items():
        blocked[c] = (f"built at run time by no class statement (importing the tree shows it "
                      f"registered for {', '.join(ops)}); the codemod rewrites class "
                      "statements only; not migrated")
        call_ops.setdefault(c, ops)
    regs_by_class.update(live.booked)  # their class statements go (`booked_publish`)
    keep = keep | set(live.registrations)
    if unread:
        keep = keep | set(regs_by_class)
    looked_up: dict[str, list[str]] = {}
    for u in info.unresolved:
        for c, ops in lookups.get(u.stmt_index, {}).items():
            if c in blocked and c not in regs_by_class:
                looked_up.setdefault(c, ops)
    for c, ops in call_ops.items():
        looked_up.setdefault(c, ops)
    classes = [n for n in info.classes if n in regs_by_class or n in blocked]
    classes += [n for n in dict.fromkeys([*runtime, *refused, *made, *unbuilt])
                if n not in info.classes]
    classes += [n for n in typed if n in blocked and n not in classes]
    blocked.update(nested)
    for c, ops in nested_ops(info, nested).items():
        looked_up.setdefault(c, ops)
    classes += list(nested)
    # a loop registering kernels no row names (classes it makes): one row for them
    loops = [u for u in unread if isinstance(info.module.body[u.stmt_index], cst.For)]
    if loops and not classes:
        blocked["?"] = unnamed_row(info, loops)
        classes.append("?")
    units: list[Unit] = []
    for name in classes:
        ops = list(dict.fromkeys(r.op_type for r in regs_by_class.get(name, []))) or list(
            shims.get(name) or looked_up.get(name) or ["?"])
        units.extend((name, op) for op in ops)
    per_op: dict[str, int] = {}
    for _, op in units:
        per_op[op] = per_op.get(op, 0) + 1
    mctx = ModuleContext(info, info.module_names() - set(classes), foreign=foreign)
    migrated: dict[Unit, KernelFunction] = {}
    records: dict[Unit, KernelRecord] = {}

    def migrate_unit(unit: Unit) -> None:
        name, op = unit
        regs = [r for r in regs_by_class.get(name, []) if r.op_type == op]
        rec = records[unit] = KernelRecord(result.path, op, name, KernelStatus.SKIPPED)
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
            taken = taken_by_framework(op, phi_name)
            if taken:
                raise SkipError(taken)
            func = f"{snake(phi_name)}_kernel" if per_op[op] == 1 else snake(name)
            if per_op[op] > 1 and len([u for u in units if u[0] == name]) > 1:
                func = f"{snake(name)}_{snake(op)}"
            if not func.endswith("_kernel"):
                func += "_kernel"
            while func in mctx.taken:
                func += "_"
            grad = _grad_plan(info, op, phi_name, backward, migrated,
                              result.grad_forwards) if is_grad_op(op) else None
            kf = migrate_kernel(mctx, name, op, phi_name, func, grad)
            mctx.taken.add(func)
            kf.registrations = merge_registrations(regs)
            rec.function, rec.phi_name = func, phi_name
            rec.dtypes = {b: list(d) for b, _, d in kf.registrations}
            staying = [r for r in kept_regs.get(name, []) if r.op_type == op]
            if staying:
                key = uncovered_key(staying, kf.registrations)
                if key is not None:
                    raise SkipError(f"its legacy registration stays and the PHI kernel would "
                                    f"not cover {key}, where the legacy class would run")
                rec.reason = kept_reason(info, staying)
            migrated[unit] = kf
            rec.status = KernelStatus.MIGRATED
        except SkipError as exc:
            rec.status, rec.reason = KernelStatus.SKIPPED, str(exc)
        except Exception as exc:
            detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            rec.status, rec.reason = KernelStatus.FAILED, f"codemod error: {detail}"

    for unit in units:
        migrate_unit(unit)
    # kernels composing another kernel migrate once it has (`kernel_compose`), in turn
    while True:
        mctx.composable = {c: composable(info, kf) for (c, _), kf in migrated.items()
                           if sum(1 for u in units if u[0] == c) == 1}
        retry = [u for u in units if u not in migrated and u[0] not in blocked
                 and (records[u].reason.startswith(PASSES_CTX) or NO_FORWARD in records[u].reason)]
        before = len(migrated)
        for unit in retry:
            migrate_unit(unit)
        if len(migrated) == before:
            break
    if unread:
        for (name, _), rec in records.items():
            if rec.status is KernelStatus.MIGRATED:
                rec.reason = (f"migrated; class {name} kept: the registration "
                              f"`{_first_line(info, unread[0])}` may find it by a computed "
                              "name")
    for unit in migrated:
        records[unit].reason = live.reasons.get(unit[0], records[unit].reason)
    for unit, kf in migrated.items():
        if kf.notes:
            rec = records[unit]
            rec.reason = "; ".join([rec.reason or "migrated", *kf.notes])
    check_outputless(migrated, records)
    align_ops(info, migrated)
    check_ops(migrated, records)
    covered = check_shared_phi_names(info, migrated, records)
    check_whole_classes(units, migrated, records, covered)
    check_compositions(migrated, records)
    for unit in [u for u in migrated if u[0] in keep and u[0] in self_registering(info)]:
        # kept as it is, still registering itself: the PHI kernel is dispatched first
        records[unit].reason = self_registered_reason(unit[0])
    removal_imports: set[tuple[str, str]] = set()
    removal = plan_registration_removal(info, migrated, records, units, removal_imports)
    removal.update(without_records(info, {u[0] for u in migrated}))  # `manifest_records`
    uncover(covered, migrated, records)
    result.records = [records[u] for u in units]
    if not migrated:
        return
    try:
        new_module, plans = assemble(info, migrated, records, removal, catalog, covered,
                                     keep, removal_imports)
    except SkipError as exc:
        for unit in [*migrated, *covered]:
            records[unit].status, records[unit].reason = KernelStatus.SKIPPED, str(exc)
            records[unit].function = ""
        return
    new_text = regrouped(new_module).code  # substituted expressions keep their grouping
    try:
        cst.parse_module(new_text)
        compile(new_text, result.path, "exec")
    except (SyntaxError, cst.ParserSyntaxError) as exc:
        for r in result.records:
            if r.status in (KernelStatus.MIGRATED, KernelStatus.COVERED):
                r.status = KernelStatus.FAILED
                r.reason = f"generated code does not parse: {exc}"
        return
    result.new_text = new_text
    result.ops = plans
    result.composable = {c: composable(info, kf) for (c, _), kf in migrated.items()
                         if sum(1 for u in units if u[0] == c) == 1}
    result.forwards = {kf.op_type: forward_kernel(info, kf, result.path)
                       for kf in migrated.values() if not is_grad_op(kf.op_type)}


def _type_built(info: ModuleInfo) -> dict[str, cst.Call]:
    """Module-level names bound to what a function of the tree returns that builds its
    class by `type()` (a factory `factory_classes` does not read: its namespace sets no
    "make"): name -> the call."""
    out: dict[str, cst.Call] = {}
    for stmt in iter_top_statements(info.module.body):
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if not (isinstance(small, cst.Assign) and isinstance(small.value, cst.Call)
                    and (spelled := dotted(small.value.func)) is not None):
                continue
            found = module_function(info, spelled)
            if isinstance(found, str) or not builds_by_type(found[1]):
                continue
            out.update({t.target.value: small.value for t in small.targets
                        if isinstance(t.target, cst.Name)})
    return out


def _built_named(info: ModuleInfo, unread: UnresolvedRegistration,
                 built: list[str]) -> list[str]:
    """The kernel classes built at run time (`type(...)`, a factory's) that the unread
    statement names plainly, when it looks nothing up by a computed name: it registers
    those, no class of the module it does not name."""
    if unread.stmt_index < 0:
        return []
    stmt = info.module.body[unread.stmt_index]
    if looked_up_names(stmt):
        return []
    named = names_in(stmt)
    return [c for c in built if c in named]


def _first_line(info: ModuleInfo, unread: UnresolvedRegistration) -> str:
    return code_of(info.module.body[unread.stmt_index]).strip().splitlines()[0]


def _unread_reason(info: ModuleInfo, unread: UnresolvedRegistration) -> str:
    return ("no registration the codemod can read names it; the registration "
            f"`{_first_line(info, unread)}` registers kernels it cannot read ({unread.reason}), "
            "maybe this one; not migrated")


def _grad_plan(info: ModuleInfo, op: str, phi_name: str, backward: dict[str, OpDef],
               migrated: dict[Unit, KernelFunction],
               elsewhere: dict[str, ForwardKernel]) -> GradPlan:
    proto = info.protos.get(op)
    if not isinstance(proto, StaticProto):
        raise SkipError(proto if isinstance(proto, str) else info.unread_operators.get(op) or
                        not_registered_here(info, op))
    try:
        entry = backward_entry(op, phi_name, backward)
    except SkipError as exc:
        if "no backward_op" not in str(exc):
            raise
        # generated from the forward's entry, when this module migrates its forward op
        # (or another module of the run does: `grads_across`)
        entry = generated_entry(op, phi_name, proto, next(
            (kf for kf in migrated.values()
             if kf.op_type == forward_type(op) and kf.backward is None), None)
            or elsewhere.get(forward_type(op)))
    forward = info.protos.get(forward_type(op))
    if not isinstance(forward, StaticProto):
        there = elsewhere.get(forward_type(op))
        forward = there.proto if there is not None and there.proto is not None else \
            registered_forward(forward_type(op))
    return plan_grad(op, proto, entry, forward)


def load_backward() -> dict[str, OpDef]:
    """phi/backward.yaml's entries by name ({} when it cannot be read: every grad skips)."""
    from phi.op_defs import OpDefError, backward_defs

    try:
        return {b.name: b for b in backward_defs()}
    except (OpDefError, OSError):
        return {}


def _bases(cls: cst.ClassDef) -> list[cst.BaseExpression]:
    return [a.value for a in cls.bases if a.keyword is None]


def load_base_names(root: Path | None = None) -> dict[str, str]:
    """Legacy -> PHI names: phi/op_compat.yaml's, then `register_base_kernel_name("a", "b")`
    calls in compat/ops (read statically)."""
    from phi.op_defs import OpCompatError, load_op_compat

    root = root or Path(__file__).resolve().parent.parent
    out: dict[str, str] = {}
    compat_yaml = root / "phi" / "op_compat.yaml"
    if compat_yaml.is_file():
        try:
            entries = load_op_compat(compat_yaml)
        except OpCompatError:
            entries = ()
        out.update((n.legacy, n.phi) for e in entries for n in (e.names, *e.backward)
                   if n.renamed)
    ops_dir = root / "compat" / "ops"
    if not ops_dir.is_dir():
        return out
    for path in sorted(ops_dir.glob("*.py")):
        try:
            info = scan_module(read_source(path).text, path)
        except (cst.ParserSyntaxError, SourceError):
            continue
        out.update(info.base_kernel_names)
    return out


__all__ = ["load_backward", "load_base_names", "migrate_source"]
