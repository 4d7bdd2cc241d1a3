"""`fluidphi migrate PATH... [--write | --check] [--jobs N] [--json[=FILE]]
[--verify | --no-verify] [--report DIR]`: a write verifies unless told not to, and holds
the tree's lock (`tree_lock`) from its first read to its last write."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from compat.statuses import FileState, KernelStatus, Verdict
from compat.terminal import print_error, shown, styled
from migrate import held_back
from migrate.records import FileResult, KernelRecord
from migrate.runner import (
    Plan,
    discover,
    display_path,
    plan_changes,
    run_codemod,
    unified_diff,
    write_atomic,
    write_plan,
)
from migrate.tree_lock import folders_written, tree_lock
from migrate.verify import VerifyResult, verification

PROGRESS_MIN_FILES = 8
SERVED = (KernelStatus.MIGRATED, KernelStatus.COVERED)


def status_counts(records: list[KernelRecord], verify: list[VerifyResult]
                  ) -> tuple[dict[str, int], dict[str, int]]:
    """Kernels per codemod status, and kernel x dtype verdicts per verify status."""
    counts = {s.value: sum(1 for r in records if r.status == s) for s in KernelStatus}
    verdicts = (Verdict.IDENTICAL, Verdict.DIFFERING, Verdict.ERRORED, Verdict.UNVERIFIED)
    return counts, {s.value: sum(1 for v in verify if v.status == s) for s in verdicts}


def file_counts(results: list[FileResult]) -> dict[str, int]:
    return {s.value: sum(1 for r in results if r.state is s) for s in FileState}


def _rows_of(verify: list[VerifyResult]) -> dict[tuple[str, str, str], list[VerifyResult]]:
    out: dict[tuple[str, str, str], list[VerifyResult]] = {}
    for v in verify:
        out.setdefault((v.file, v.op_type, v.kernel), []).append(v)
    return out


def _short_path(path: str) -> str:
    """The file's name and its folder's: enough to tell files apart in a table."""
    parts = Path(path).parts
    return str(Path(*parts[-2:])) if len(parts) > 1 else path


def summary_table(records: list[KernelRecord], verify: list[VerifyResult],
                  verified: bool = True) -> Table:
    """One row per legacy kernel, grouped by file (its name shown once per group), so the
    reasons get the width of a narrow terminal."""
    table = Table(title="fluidphi migrate", show_lines=False)
    table.add_column("file", overflow="fold", max_width=24)
    for col in ("op", "kernel"):
        table.add_column(col, overflow="fold")
    table.add_column("status", no_wrap=True)
    table.add_column("details", overflow="fold", ratio=1)
    rows = _rows_of(verify)
    style = {"migrated": "green", "covered": "cyan", "skipped": "yellow", "failed": "red"}
    for i, r in enumerate(records):
        mine = rows.get((r.file, r.op_type, r.kernel), [])
        checked = verification(mine, verified) if r.status in SERVED or mine else ""
        if r.status is KernelStatus.MIGRATED:
            details = [f"-> {r.function} (PHI '{r.phi_name}')",
                       "mapping fn" if r.mapping else "default mapping", r.infer_meta, checked]
        else:
            details = [r.reason, "mapping fn" if r.mapping else "",
                       checked if r.status is KernelStatus.COVERED else ""]
        detail = "; ".join(d for d in details if d)
        first = i == 0 or records[i - 1].file != r.file
        last = i + 1 == len(records) or records[i + 1].file != r.file
        table.add_row(shown(_short_path(r.file)) if first else "", shown(r.op_type),
                      shown(r.kernel), styled(str(r.status), style[r.status]), shown(detail),
                      end_section=last)
    return table


def summary_json(results: list[FileResult], verify: list[VerifyResult], written: list[Path],
                 write: bool, verified: bool = True) -> dict[str, Any]:
    records = [r for res in results for r in res.records]
    rows = _rows_of(verify)
    kernels = []
    for r in records:
        row = {"file": r.file, "op": r.op_type, "kernel": r.kernel, "status": r.status,
               "reason": r.reason, "function": r.function, "phi_kernel": r.phi_name,
               "dtypes": r.dtypes, "mapping": r.mapping, "infer_meta": r.infer_meta}
        mine = rows.get((r.file, r.op_type, r.kernel), [])
        if mine:
            row["verify"] = [{"backend": v.backend, "dtype": v.dtype, "status": v.status,
                              "detail": v.detail, "cases": v.cases, "emulated": v.emulated,
                              "reimported": v.reimported} for v in mine]
        if r.status in SERVED or mine:
            row["verification"] = verification(mine, verified)
        kernels.append(row)
    counts, vcounts = status_counts(records, verify)
    return {"mode": "write" if write else "dry-run", "totals": counts, "verify": vcounts,
            "files": file_counts(results),
            "file_errors": [{"file": r.path, "error": r.error} for r in results if r.error],
            "files_skipped": [{"file": r.path, "reason": r.skipped}
                              for r in results if r.skipped],
            "written": [str(p) for p in written], "kernels": kernels}


def _codemod(files: list[Path], jobs: int, console: Console, live: bool = False
             ) -> list[FileResult]:
    if len(files) < PROGRESS_MIN_FILES:
        return run_codemod(files, jobs, live=live)
    with Progress(TextColumn("migrating"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.description}", markup=False), console=console,
                  transient=True) as progress:
        task = progress.add_task("", total=len(files))

        def done(r: FileResult) -> None:
            progress.update(task, advance=1, description=shown(r.path))

        return run_codemod(files, jobs, done, live)


def _file_summary(results: list[FileResult]) -> str:
    """LibCST's closing lines: files transformed, skipped, failed."""
    n = file_counts(results)
    return (f"Finished codemodding {len(results)} files!\n"
            f" - Transformed {n['transformed']} files successfully.\n"
            f" - Skipped {n['skipped']} files.\n"
            f" - Failed to codemod {n['failed']} files.")


def run_migrate(paths: Sequence[Path | str], write: bool = False, jobs: int = 1,
                json_path: Path | str | None = None, verify: bool | None = None,
                report_dir: Path | str | None = None, out_root: Path | str | None = None,
                console: Console | None = None, check: bool = False,
                err_console: Console | None = None,
                emit: Callable[[dict[str, Any]], None] | None = None) -> int:
    """The `fluidphi migrate` command; returns the exit code.

    1 when a kernel or a file failed or a verification differed or errored, and with
    `check` also when anything would change or is unverified; 2 for a usage error.
    `out_root` is accepted for the CLI's signature but unused: the rewrite is in place
    (see docs/migrate.md). `report_dir` writes reports/migration.{md,json} (dogfooding;
    implies --verify). `verify`: None verifies a write (or a report) and not a dry run;
    False writes unverified (`--no-verify`), held-back ops staying legacy (`held_back`).
    Files that cannot be read are reported on `err_console` (default:
    `console`). `emit`, when given, receives the summary `json_path` would hold.
    """
    console = console or Console()
    if out_root is not None:
        print_error(err_console or console, "--out is not supported: migrate rewrites "
                    "modules in place (run it on a copy)")
        return 2
    if check and write:
        print_error(err_console or console, "--check reports what --write would change; give "
                    "one of them")
        return 2
    roots = [Path(p) for p in paths]
    files = discover(roots)
    verify = report_dir is not None or (write if verify is None else verify)
    if not write:
        return _run_migrate(files, False, jobs, json_path, verify, report_dir, console, check,
                            err_console, emit)

    def waiting(folder: Path) -> None:
        console.print(f"waiting for another `fluidphi migrate --write` on {shown(str(folder))}",
                      highlight=False)

    with tree_lock(folders_written(roots, files), waiting):  # read, verify, write: one run
        return _run_migrate(files, True, jobs, json_path, verify, report_dir, console, check,
                            err_console, emit)


def _run_migrate(files: list[Path], write: bool, jobs: int, json_path: Path | str | None,
                 verify: bool, report_dir: Path | str | None, console: Console, check: bool,
                 err_console: Console | None,
                 emit: Callable[[dict[str, Any]], None] | None) -> int:
    # dogfooding (`--report`) reads statically only, as `dogfood.run` does: one report
    results = _codemod(files, jobs, console, verify and report_dir is None)
    verify_results: list[VerifyResult] = []
    if write and not verify:
        held_back.hold_recorded(files, results)
    if verify:
        from migrate.verify_gate import verify_and_hold

        verify_results = verify_and_hold(files, results)
    written: list[Path] = []
    if write:
        plan, report = write_plan(files, results)
        written = report.written
        if verify:
            held_back.record(files, results)
    else:
        plan = plan_changes(files, results)
        _show_changes(plan, check, console)
    errors = err_console or console
    for r in results:
        if r.error:
            print_error(errors, f"{r.path}: {r.error}")
        elif r.skipped:
            console.print(styled(r.skipped, "yellow"), highlight=False, soft_wrap=True)
    records = plan.records
    if records:
        console.print(summary_table(records, verify_results, verify))
    console.print(_summary_line(results, records, verify_results, verify, write, plan, written),
                  highlight=False)
    console.print(_file_summary(results), highlight=False)
    if json_path is not None or emit is not None:
        doc = summary_json(results, verify_results, written, write, verify)
        if json_path is not None:
            write_atomic(Path(json_path), json.dumps(doc, indent=2) + "\n")
        if emit is not None:
            emit(doc)
    if report_dir is not None:
        from migrate import dogfood

        doc = dogfood.build_report(results, verify_results)
        for p in dogfood.write_report(doc, Path(report_dir)):
            console.print(f"wrote {p}", highlight=False)
    counts, vc = status_counts(records, verify_results)
    failed = counts["failed"] > 0 or any(r.error for r in results) or \
        vc["differing"] > 0 or vc["errored"] > 0
    unsettled = bool(plan.changes) or vc["unverified"] > 0
    return 1 if failed or (check and unsettled) else 0


def _show_changes(plan: Plan, check: bool, console: Console) -> None:
    if check:
        for ch in plan.changes:
            console.print(f"would change: {shown(display_path(ch.path))}", highlight=False)
        return
    diff = unified_diff(plan)
    if diff:
        console.out(diff, highlight=False)


def _summary_line(results: list[FileResult], records: list[KernelRecord],
                  verify_results: list[VerifyResult], verify: bool, write: bool, plan: Plan,
                  written: list[Path]) -> str:
    counts, vc = status_counts(records, verify_results)
    line = (f"{counts['migrated']} migrated, {counts['covered']} covered, {counts['skipped']} "
            f"skipped, {counts['failed']} failed in {len(results)} files")
    unread = sum(1 for r in results if r.error)
    if unread:
        line += f" ({unread} could not be read or written, see above)"
    if verify:
        line += (f"; verify: {vc['identical']} identical, {vc['differing']} differing, "
                 f"{vc['errored']} errored, {vc['unverified']} unverified (kernel x dtype; "
                 "the written result imported and run)")
    elif write:
        line += ("; the write is unverified (--no-verify: the migrated code was not imported "
                 "and run)")
    elif counts["migrated"] or counts["covered"]:
        line += "; unverified: use --verify to import and run the migrated code"
    if write:
        line += f"; wrote {len(written)} files"
    elif plan.changes:
        line += f"; dry run: {len(plan.changes)} files would change (use --write)"
    else:
        line += "; nothing to change"
    return line
