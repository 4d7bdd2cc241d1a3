"""Verify what a write leaves legacy: every op registered by a written module, or by a
module importing one, runs before and after the write (legacy mode, the same cases) and
must give the same outputs.

Before: the module's text as it is, its package from the disk. After: the module as
`--write` leaves it, its package's written modules from their migrated text
(`verify_session.module_session(texts=...)`). An op the write migrates is not run here
(`verify.verify_file` runs it against its PHI kernel). A module that no longer imports,
an op no longer registered, or an output that differs is a problem (`TreeProblem`); an op
whose case raised before the write must raise the same after it. What cannot be
compared is a problem too: a module that does not import before the write, or an op
none of whose kernels any case runs (the write is held back, never passed unchecked).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from compat.statuses import KernelStatus, Verdict
from migrate.records import FileResult
from migrate.tree_names import importers, package_root
from migrate.verify import (
    Row,
    Target,
    VerifyResult,
    chose_legacy,
    differs_from,
    has_cuda,
    kernel_name,
    legacy_runs,
    run_op,
)
from migrate.verify_session import ModuleRunError, brief, module_session


@dataclass(frozen=True)
class TreeProblem:
    module: int  # index into the run's files
    why: str
    #: the top-level name the run after the write missed (AttributeError / NameError), if any
    missing: str = ""
    #: what ran into it (words), when `missing`
    user: str = ""
    #: the problem is what cannot be compared (no run before the write), not a difference
    unchecked: bool = False


def check_tree(files: list[Path], results: list[FileResult]) -> tuple[
        list[TreeProblem], dict[int, set[int]]]:
    """Problems of the written modules and their importers, and which written modules
    each checked module imports (by index)."""
    written = [i for i, r in enumerate(results) if r.changed and r.ops]
    if not written:
        return [], {}
    index = {Path(os.path.realpath(f)): i for i, f in enumerate(files)}  # loops too
    users = importers([files[i] for i in written], files)
    imports = {index[u]: {index[m] for m in ms} for u, ms in users.items() if u in index}
    checked = sorted(set(written) | set(imports))
    problems = []
    for k in checked:
        texts = {files[i]: results[i].new_text for i in written if i != k}
        problem = _check_module(files[k], results[k], texts)
        if problem is not None:
            problems.append(TreeProblem(k, *problem))
    return problems, imports


def culprits(files: list[Path], results: list[FileResult], problem: TreeProblem,
             suspects: set[int]) -> set[int]:
    """Which written modules cause `problem` on their own: module `problem.module` checked
    again with only one of them written, for each written module in turn (`suspects`, the
    module and what it imports, first). A module whose package only fails to import when a
    sibling is written is not to blame for it. Falls back to `suspects` when no one module
    alone causes it (it takes several), or when there is nothing to compare."""
    written = [i for i, r in enumerate(results) if r.changed and r.ops]
    if problem.unchecked or len(written) < 2:
        return suspects
    k = problem.module
    found: set[int] = set()
    for i in sorted(written, key=lambda j: (j not in suspects, j)):
        alone = results[k] if i == k else replace(results[k], new_text=results[k].old_text)
        texts = {files[i]: results[i].new_text} if i != k else {}
        if _check_module(files[k], alone, texts) is not None:
            found.add(i)
    return found or suspects


def _served(result: FileResult) -> set[str]:
    return {r.op_type for r in result.records
            if r.status in (KernelStatus.MIGRATED, KernelStatus.COVERED)}


def _check_module(path: Path, result: FileResult, texts: dict[Path, str]
                  ) -> tuple[str, str, str, bool] | None:
    """(why, missing name, user, unchecked) of the first problem; None: none."""
    from legacy_fluid.framework.op_kernel import OP_KERNELS
    from phi.common import DataType

    cuda = has_cuda()
    migrated = _served(result) | {p.op_type for p in result.ops}
    rows: list[Row] = []
    try:
        with module_session(result.old_text, path, "before") as namespace:
            mine = {}
            own = {r.kernel for r in result.records}
            for (op, key), cls in OP_KERNELS.items():
                # a factory's class: as the module building it (its rows) names it
                name = kernel_name(cls, namespace)
                if name is not None and op not in migrated and (
                        cls.__module__ == namespace["__name__"] or (
                            name != cls.__name__ and name in own)):
                    backend = "CPU" if key.place.is_cpu else "GPU"
                    mine.setdefault((op, name, backend), []).append(key.data_type.name)
            for (op, cls_name, backend), dtypes in sorted(mine.items()):
                for dtype in dtypes:
                    row = Row(Target(op, cls_name, "", "", [(backend, "ALL_LAYOUT", [dtype])]),
                              VerifyResult(result.path, op, cls_name, "", backend, dtype,
                                           Verdict.UNVERIFIED))
                    try:
                        legacy_runs(row, namespace, DataType[dtype], cuda)
                    except Exception as exc:
                        row.runs.clear()
                        row.result.detail = f"its cases raise {brief(exc)}"
                    rows.append(row)
            # an op none of whose kernels runs (or raises) on any case cannot be compared; a
            # registration whose dtype no case selects is covered by its class's other runs
            for op in sorted({row.target.op_type for row in rows}):
                mine_rows = [r for r in rows if r.target.op_type == op]
                if not any(r.runs or r.raised for r in mine_rows):
                    res = mine_rows[0].result
                    return (f"legacy op '{op}' ({res.kernel}, {res.backend} {res.dtype}) of "
                            f"{result.path} does not run before the write "
                            f"({res.detail or 'no case runs'}): nothing to compare it with "
                            "after the write", "", "", True)
    except ModuleRunError as exc:
        return (f"{result.path} does not import before the write ({exc}): the ops it "
                "registers cannot be compared after the write", "", "", True)
    try:
        with module_session(result.new_text, path, "after", texts=texts) as after_ns:
            shown = os.path.relpath(path, package_root(path))
            for row in rows:
                problem = _rerun(row, cuda, shown, after_ns)
                if problem is not None:
                    return problem
    except ModuleRunError as exc:
        return f"{result.path} no longer imports ({exc})", "", "", False
    return None


def _rerun(row: Row, cuda: bool, shown: str, namespace: dict[str, Any]
           ) -> tuple[str, str, str, bool] | None:
    from phi.common import DataType

    res = row.result
    for name, inputs, attrs, outputs, before in row.runs:
        label = f"legacy op '{res.op_type}' ({res.kernel}, {res.backend} {res.dtype}, {name})"
        try:
            after = run_op(res.op_type, inputs, attrs, outputs, "legacy", res.backend, cuda)
        except Exception as exc:
            cause = exc.__cause__ or exc
            missing = (getattr(cause, "name", None) or ""
                       if isinstance(cause, (AttributeError, NameError)) else "")
            return (f"{label} raises after the write: {brief(cause)}", missing,
                    f"{shown}'s legacy op '{res.op_type}' ({res.kernel}, a use "
                    "only running it shows)", False)
        if not chose_legacy(after, row, DataType[res.dtype], namespace):
            return f"{label} runs {after.trace.kernel} after the write", "", "", False
        differs: Any = differs_from(before, after, outputs)
        if differs:
            return f"{label} differs after the write: {differs[1]}", "", "", False
    for name, inputs, attrs, outputs, error in row.raised:
        label = f"legacy op '{res.op_type}' ({res.kernel}, {res.backend} {res.dtype}, {name})"
        try:
            run_op(res.op_type, inputs, attrs, outputs, "legacy", res.backend, cuda)
        except Exception as exc:
            now = brief(exc.__cause__ or exc)
            if now != error:
                return (f"{label} raised {error} before the write and {now} after it",
                        "", "", False)
            continue
        return f"{label} raised {error} before the write and runs after it", "", "", False
    return None

