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
                out.setdefault(i, {})[op] = (
                    f"op '{op}' also has a kernel in {_shown(files[j])} ({k}), which stays "
                    "legacy: the kernels of an op split over modules migrate together or not "
                    "at all")
    return out


def _shown(path: Path) -> str:
    return path.resolve().relative_to(package_root(path)).as_posix()
