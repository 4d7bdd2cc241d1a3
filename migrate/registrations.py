"""Legacy `register_op_kernel` calls: merge per-dtype calls into one decorator per backend
and remove the calls whose kernels were migrated (loops over dtypes included).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate import emit
from migrate.consistency import demote
from migrate.kernel_model import KernelFunction
from migrate.records import KernelRecord, Unit
from migrate.static import ModuleInfo
from migrate.static_facts import Registration
from migrate.static_refs import dotted

DEVICE_ORDER = {"CPU": 0, "GPU": 1}


def merge_registrations(regs: list[Registration]) -> list[tuple[str, str, list[str]]]:
    groups: dict[tuple[str, str], list[str]] = {}
    for r in regs:
        dts = groups.setdefault((r.device, emit.layout_name(r.layout)), [])
        for d in r.dtypes:
            if d not in dts:
                dts.append(d)
    keys = sorted(groups, key=lambda k: (DEVICE_ORDER.get(k[0], 9), k[1]))
    return [(b, layout, groups[(b, layout)]) for b, layout in keys]


def _reg_class(call: cst.Call) -> str | None:
    positional = [a for a in call.args if a.keyword is None]
    for a in call.args:
        if a.keyword is not None and a.keyword.value == "kernel":
            return dotted(a.value)
    return dotted(positional[2].value) if len(positional) > 2 else None


def plan_registration_removal(info: ModuleInfo, migrated: dict[Unit, KernelFunction],
                               records: dict[Unit, KernelRecord], units: list[Unit]
                               ) -> dict[int, Any]:
    """Top-level statement index -> None (drop it) or a rewritten statement."""
    while True:
        moved_classes = {u[0] for u in migrated}
        by_stmt: dict[int, set[str]] = {}
        for r in info.registrations:
            by_stmt.setdefault(r.stmt_index, set()).add(r.class_name)
        plan: dict[int, Any] = {}
        reasons: dict[str, str] = {}
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
                    reasons[c] = ("registered in one statement with kernel(s) not migrated ("
                                 + ", ".join(sorted(classes - moved)) + ")")
            else:
                plan[index] = new_stmt
        if not reasons:
            return plan
        for unit in units:
            if unit[0] in reasons:
                demote(unit, reasons[unit[0]], migrated, records)


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
