"""Checks across the kernels of one module, after each was migrated alone: kernels sharing
a PHI name must agree or be covered by one, a class registered for several ops migrates
whole, and an op migrates only with all of its kernels.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from compat.statuses import KernelStatus
from migrate.followed_kernels import followed, followed_shared_reason
from migrate.kernel_model import KernelFunction, Param
from migrate.kernel_outputs import NO_OUTPUT
from migrate.records import KernelRecord, Unit
from migrate.static import ModuleInfo
from migrate.static_facts import StaticProto


def demote(unit: Unit, why: str, migrated: dict[Unit, KernelFunction],
            records: dict[Unit, KernelRecord]) -> None:
    migrated.pop(unit, None)
    rec = records[unit]
    if rec.status is KernelStatus.MIGRATED:
        rec.status, rec.reason, rec.function = KernelStatus.SKIPPED, why, ""


def shared_phi_reason(phi_name: str, ops: list[str]) -> str:
    return (f"ops {', '.join(sorted(ops))} all map to PHI kernel '{phi_name}'; one function "
            "must serve all of them (merge their signatures by hand)")


def covered_reason(primary: str, phi_name: str) -> str:
    return (f"covered by {primary}: same kernel as {primary}'s, served by PHI kernel "
            f"'{phi_name}'")


def _arg_key(p: Param) -> tuple[object, ...]:
    """What one kernel function's argument is: name, hint, slot, kind, and the default a
    `ctx.has_attr` fallback gives it (two kernels with different ones are two functions)."""
    return (p.name, p.hint, p.slot, p.kind, repr(p.default) if p.fallback else None)


def _same_kernel(a: KernelFunction, b: KernelFunction) -> bool:
    """One function can serve both ops: same arguments, registrations and body."""
    if [_arg_key(p) for p in a.params] != [_arg_key(p) for p in b.params]:
        return False
    if a.registrations != b.registrations or repr(a.folds) != repr(b.folds):
        return False
    if [n for n, _ in a.helpers] != [n for n, _ in b.helpers]:
        return False
    body = cst.Module([]).code_for_node
    return body(a.node.with_changes(name=cst.Name("f"))) == \
        body(b.node.with_changes(name=cst.Name("f")))


def check_shared_phi_names(info: ModuleInfo, migrated: dict[Unit, KernelFunction],
                            records: dict[Unit, KernelRecord]) -> dict[Unit, Unit]:
    """Two legacy ops migrating to one PHI name would register it twice.

    When every kernel of such a group is the same function (same arguments,
    registrations and body, as for transpose / transpose2 or squeeze / squeeze2 served
    by one class), the primary op (the one named like the PHI kernel, else the first)
    migrates and the others are `covered` by it: each was migrated against its own
    proto to the same parameters, so the primary's kernel signature fits them all, and
    a covered op whose proto the default mapping does not fit gets its own mapping to
    it (see `assemble`). A group with a kernel whose PHI kernel follows its class's keys
    (`followed_kernels`) is refused whole: `follow_legacy_kernel` follows one op's keys,
    and the other ops' keys the unread code gives the class may differ. Returns the
    covered units (taken out of `migrated`) with the unit covering each.
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
        classes = sorted({u[0] for u in units if followed(info, u[0])})
        if classes:  # its PHI kernel would follow the class's keys for one op only
            for unit in units:
                demote(unit, followed_shared_reason(classes, name, ops), migrated, records)
            continue
        if all(_same_kernel(migrated[first], migrated[u]) for u in others) \
                and all(isinstance(info.protos.get(u[1]), StaticProto) for u in units):
            for unit in others:
                kf = migrated.pop(unit)
                rec = records[unit]
                rec.status, rec.reason, rec.function = (KernelStatus.COVERED,
                                                        covered_reason(primary, name), "")
                rec.phi_name = kf.phi_name
                covered[unit] = first
            continue
        for unit in units:
            demote(unit, shared_phi_reason(name, ops), migrated, records)
    return covered


def check_whole_classes(units: list[Unit], migrated: dict[Unit, KernelFunction],
                         records: dict[Unit, KernelRecord], covered: dict[Unit, Unit]) -> None:
    """A class serving several ops is replaced only when every one of its ops migrates
    (or is covered by another op's kernel)."""
    for name in {u[0] for u in units}:
        mine = [u for u in units if u[0] == name]
        left = [u[1] for u in mine if u not in migrated and u not in covered]
        if left and len(left) < len(mine):
            for u in mine:
                demote(u, f"{name} also serves op(s) {', '.join(left)}, which do not migrate",
                        migrated, records)
    uncover(covered, migrated, records)


def uncover(covered: dict[Unit, Unit], migrated: dict[Unit, KernelFunction],
             records: dict[Unit, KernelRecord]) -> None:
    """A covered op whose covering kernel did not migrate after all stays legacy too."""
    for unit, primary in list(covered.items()):
        if primary not in migrated:
            del covered[unit]
            rec = records[unit]
            rec.status, rec.function = KernelStatus.SKIPPED, ""
            rec.reason = records[primary].reason or f"{primary[1]} did not migrate"


def check_outputless(migrated: dict[Unit, KernelFunction],
                     records: dict[Unit, KernelRecord]) -> None:
    """An op with a kernel refused for writing no output keeps all of its kernels legacy:
    the others alone would give the op a PHI signature (ops.yaml entry, mapping) that the
    refused one does not share, and the op would run half legacy, half PHI."""
    silent = {u[1]: u[0] for u, rec in records.items()
              if rec.status is KernelStatus.SKIPPED and rec.reason.startswith(NO_OUTPUT)}
    for unit in [u for u in migrated if u[1] in silent]:
        demote(unit, f"kernel {silent[unit[1]]} of op '{unit[1]}' writes no output, so no one "
                     "PHI signature serves all of the op's kernels; migrate them by hand",
               migrated, records)


def align_ops(info: ModuleInfo, migrated: dict[Unit, KernelFunction]) -> None:
    """Kernels of one op reading different inputs or attributes (a float kernel reading
    `axis`, an int one not) each take them all: the others' become parameters it does not
    read, in the proto's order, as `_params` orders them, so one signature serves the op.
    Only where two kernels taking one alike take it the same way (`_arg_key`), they take
    the same outputs, none folds a tensor into an attribute or is a grad kernel, and no
    added name is one a function's body already spells (a global it reads)."""
    by_op: dict[str, list[Unit]] = {}
    for unit, kf in migrated.items():
        by_op.setdefault(kf.op_type, []).append(unit)
    for op, units in by_op.items():
        kfs = [migrated[u] for u in units]
        proto = info.protos.get(op)
        if len(units) < 2 or not isinstance(proto, StaticProto) or any(
                kf.folds or kf.backward is not None for kf in kfs):
            continue
        order = {k: i for i, k in enumerate([*(("input", v.name) for v in proto.inputs),
                                             *(("attr", a.name) for a in proto.attrs)])}
        union: dict[tuple[str, str], Param] = {}
        for p in (p for kf in kfs for p in kf.params if p.kind != "output"):
            if _arg_key(union.setdefault((p.kind, p.slot), p)) != _arg_key(p):
                break
        else:
            outputs = {tuple(_arg_key(p) for p in kf.params if p.kind == "output")
                       for kf in kfs}
            if len(outputs) > 1 or not set(union) <= set(order):
                continue
            full = sorted(union.values(), key=lambda p: order[(p.kind, p.slot)])
            if any(p not in kf.params and p.name in _spelled(kf.node) for kf in kfs
                   for p in full):
                continue
            for kf in kfs:
                kf.params = [*full, *(p for p in kf.params if p.kind == "output")]


def _spelled(node: cst.CSTNode) -> set[str]:
    return {n.value for n in m.findall(node, m.Name())}


def check_ops(migrated: dict[Unit, KernelFunction], records: dict[Unit, KernelRecord]) -> None:
    """Kernels of one op must take the same arguments (one mapping, one yaml entry)."""
    by_op: dict[str, list[Unit]] = {}
    for unit, kf in migrated.items():
        by_op.setdefault(kf.op_type, []).append(unit)
    for op, units in by_op.items():
        shapes = {tuple(_arg_key(p) for p in migrated[u].params) for u in units}
        if len(shapes) > 1:
            names = ", ".join(u[0] for u in units)
            split = {tuple(k[:3] for k in shape) for shape in shapes} == {
                tuple(k[:3] for k in next(iter(shapes)))}
            why = ("read an attribute with different ctx.has_attr fallbacks (or one reads it "
                   "plainly), and its PHI default can be only one" if split else
                   "take different arguments; migrate them by hand or align their reads")
            for u in units:
                demote(u, f"kernels of op '{op}' ({names}) {why}", migrated, records)
