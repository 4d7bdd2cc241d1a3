"""An op whose kernels are split over modules of the run (the operator's module with the
float kernel, a sibling adding an int kernel) migrates all its kernels or none.

A kernel of a module that does not register the op's operator stays legacy
(`tree_operators`), so the module that does register it must keep its kernels of that op
legacy too, or the op would be served half by PHI kernels and half by legacy ones:
`split_exclusions` says, per module of the run, which ops to leave legacy and why (naming
the other module and its kernel).
"""

from __future__ import annotations

from pathlib import Path

from compat.statuses import KernelStatus
from migrate.records import FileResult
from migrate.tree_names import package_root
from migrate.tree_operators import ELSEWHERE, SPLIT_BLOCKER

_MIGRATES = (KernelStatus.MIGRATED, KernelStatus.COVERED)


def split_exclusions(files: list[Path], results: list[FileResult]) -> dict[int, dict[str, str]]:
    """Module index -> {op type: why it stays legacy} for each op with a kernel that
    migrates in one module and a kernel that stays legacy in another (named from above its
    outermost package, `pkg/ops_int.py`)."""
    by_op: dict[str, list[tuple[int, str, KernelStatus]]] = {}
    for i, r in enumerate(results):
        for rec in r.records:
            if rec.op_type != "?":
                by_op.setdefault(rec.op_type, []).append((i, rec.kernel, rec.status))
    out: dict[int, dict[str, str]] = {}
    for op, rows in by_op.items():
        legacy = [(i, k) for i, k, status in rows if status not in _MIGRATES]
        for i, _kernel, status in rows:
            others = [(j, k) for j, k in legacy if j != i]
            if status in _MIGRATES and others:
                j, k = others[0]
                why = _own_blocker(results[j], op, k)
                out.setdefault(i, {})[op] = (
                    f"op '{op}' also has a kernel in {_shown(files[j])} ({k}), which stays "
                    f"legacy{f' ({why})' if why else ''}: the kernels of an op split over "
                    "modules migrate together or not at all")
    return out


def _own_blocker(result: FileResult, op: str, kernel: str) -> str:
    """`K itself cannot migrate: <why>` from the row of `kernel` (a kernel of a module not
    registering `op`'s operator that could not migrate with that operator's proto either);
    "" when its row says no such thing."""
    for rec in result.records:
        if (rec.op_type, rec.kernel) == (op, kernel):
            mark = f"{kernel} {SPLIT_BLOCKER}: "
            return rec.reason[rec.reason.index(mark):] if mark in rec.reason else ""
    return ""


def _shown(path: Path) -> str:
    return path.resolve().relative_to(package_root(path)).as_posix()


def name_split_blockers(files: list[Path], results: list[FileResult]) -> None:
    """The row of a kernel a module not registering its op's operator keeps legacy also
    names a kernel of that op in another module that cannot migrate for its own reason
    (the operator's module's kernel refused, say), with that reason."""
    for i, r in enumerate(results):
        for rec in r.records:
            if rec.status in _MIGRATES or not rec.reason.startswith(
                    f"op '{rec.op_type}' {ELSEWHERE}"):
                continue
            for j, other in enumerate(results):
                blocked = [o for o in other.records if o.op_type == rec.op_type and j != i
                           and o.status not in _MIGRATES and not _split(o.reason, o.op_type)]
                if blocked:
                    o = blocked[0]
                    rec.reason += (f"; the op's kernel {o.kernel} in {_shown(files[j])} "
                                   f"cannot migrate either: {o.reason}")
                    break


def _split(reason: str, op: str) -> bool:
    """Whether `reason` is one of a split op's (its kernels elsewhere, or not here)."""
    return reason.startswith((f"op '{op}' {ELSEWHERE}", f"op '{op}' also has a kernel in"))
