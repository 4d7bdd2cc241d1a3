"""`fluidphi migrate PATH... [--write] [--jobs N] [--json FILE] [--verify] [--report DIR]`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from migrate.records import FileResult, KernelRecord
from migrate.runner import apply, discover, plan_changes, run_codemod, unified_diff, write_atomic
from migrate.verify import VerifyResult, verify_file

PROGRESS_MIN_FILES = 8


def _verify_summary(results: list[VerifyResult]) -> dict[tuple[str, str, str], str]:
    """Per (file, op, kernel class): counts by status and the first bad verdict."""
    out: dict[tuple[str, str, str], list[VerifyResult]] = {}
    for v in results:
        out.setdefault((v.file, v.op_type, v.kernel), []).append(v)
    text = {}
    for key, vs in out.items():
        counts: dict[str, int] = {}
        for v in vs:
            counts[v.status] = counts.get(v.status, 0) + 1
        parts = [f"{n} {s}" for s, n in sorted(counts.items())]
        bad = next((v for v in vs if v.status != "identical"), None)
        if bad is not None:
            parts.append(f"first: {bad.backend} {bad.dtype}: {bad.detail}")
        text[key] = "verify: " + ", ".join(parts)
    return text


def _short_path(path: str) -> str:
    """The file's name and its folder's: enough to tell files apart in a table."""
    parts = Path(path).parts
    return str(Path(*parts[-2:])) if len(parts) > 1 else path


def summary_table(records: list[KernelRecord], verify: list[VerifyResult]) -> Table:
    """One row per legacy kernel, grouped by file (its name shown once per group), so the
    reasons get the width of a narrow terminal."""
    table = Table(title="fluidphi migrate", show_lines=False)
    table.add_column("file", overflow="fold", max_width=24)
    for col in ("op", "kernel"):
        table.add_column(col, overflow="fold")
    table.add_column("status", no_wrap=True)
    table.add_column("details", overflow="fold", ratio=1)
    vsum = _verify_summary(verify)
    style = {"migrated": "green", "covered": "cyan", "skipped": "yellow", "failed": "red"}
    for i, r in enumerate(records):
        verdict = vsum.get((r.file, r.op_type, r.kernel), "")
        if r.status == "migrated":
            details = [f"-> {r.function} (PHI '{r.phi_name}')",
                       "mapping fn" if r.mapping else "default mapping", r.infer_meta, verdict]
        else:
            details = [r.reason, "mapping fn" if r.mapping else "", verdict]
        detail = "; ".join(d for d in details if d)
        first = i == 0 or records[i - 1].file != r.file
        last = i + 1 == len(records) or records[i + 1].file != r.file
        table.add_row(_short_path(r.file) if first else "", r.op_type, r.kernel,
                      f"[{style[r.status]}]{r.status}[/]", detail, end_section=last)
    return table


def summary_json(results: list[FileResult], verify: list[VerifyResult], written: list[Path],
                 write: bool) -> dict[str, Any]:
    records = [r for res in results for r in res.records]
    by_kernel: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for v in verify:
        by_kernel.setdefault((v.file, v.kernel), []).append(
            {"backend": v.backend, "dtype": v.dtype, "status": v.status, "detail": v.detail,
             "emulated": v.emulated})
    kernels = []
    for r in records:
        row = {"file": r.file, "op": r.op_type, "kernel": r.kernel, "status": r.status,
               "reason": r.reason, "function": r.function, "phi_kernel": r.phi_name,
               "dtypes": r.dtypes, "mapping": r.mapping, "infer_meta": r.infer_meta}
        if (r.file, r.kernel) in by_kernel:
            row["verify"] = by_kernel[(r.file, r.kernel)]
        kernels.append(row)
    counts = {s: sum(1 for r in records if r.status == s) for s in ("migrated", "covered",
                                                                     "skipped", "failed")}
    vcounts = {s: sum(1 for v in verify if v.status == s) for s in ("identical", "differing",
                                                                    "errored")}
    return {"mode": "write" if write else "dry-run", "totals": counts, "verify": vcounts,
            "file_errors": [{"file": r.path, "error": r.error} for r in results if r.error],
            "written": [str(p) for p in written], "kernels": kernels}


def run_migrate(paths: Sequence[Path | str], write: bool = False, jobs: int = 1,
                json_path: Path | str | None = None, verify: bool = False,
                report_dir: Path | str | None = None, out_root: Path | str | None = None,
                console: Console | None = None, err_console: Console | None = None) -> int:
    """The `fluidphi migrate` command; returns the exit code (1 when anything failed).

    `out_root` is accepted for the CLI's signature but unused: the rewrite is
    in place (see docs/migrate.md). `report_dir` writes reports/migration.{md,json}
    (dogfooding; implies --verify). Files that cannot be read are reported on
    `err_console` (default: `console`).
    """
    console = console or Console()
    if out_root is not None:
        console.print("[yellow]--out is not supported: migrate rewrites modules in place "
                      "(run it on a copy)[/]")
        return 2
    files = discover([Path(p) for p in paths])
    verify = verify or report_dir is not None
    results: list[FileResult] = []
    if len(files) >= PROGRESS_MIN_FILES:
        with Progress(TextColumn("migrating"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.description}"), console=console,
                      transient=True) as progress:
            task = progress.add_task("", total=len(files))

            def done(r: FileResult) -> None:
                progress.update(task, advance=1, description=r.path)

            results = run_codemod(files, jobs, done)
    else:
        results = run_codemod(files, jobs)
    plan = plan_changes(files, results)
    verify_results: list[VerifyResult] = []
    if verify:
        for f, r in zip(files, results):
            verify_results.extend(verify_file(r, f))
    written: list[Path] = []
    if write:
        written = apply(plan)
    else:
        diff = unified_diff(plan)
        if diff:
            console.out(diff, highlight=False)
    errors = err_console or console
    for r in results:
        if r.error:
            errors.print(f"[red]error: {r.path}: {r.error}[/]", highlight=False)
    records = plan.records
    if records:
        console.print(summary_table(records, verify_results))
    counts = {s: sum(1 for r in records if r.status == s) for s in ("migrated", "covered",
                                                                     "skipped", "failed")}
    line = (f"{counts['migrated']} migrated, {counts['covered']} covered, {counts['skipped']} "
            f"skipped, {counts['failed']} failed in {len(files)} files")
    unread = sum(1 for r in results if r.error)
    if unread:
        line += f" ({unread} could not be read, see above)"
    if verify:
        vc = {s: sum(1 for v in verify_results if v.status == s)
              for s in ("identical", "differing", "errored")}
        line += (f"; verify: {vc['identical']} identical, {vc['differing']} differing, "
                 f"{vc['errored']} errored (kernel x dtype)")
    if write:
        line += f"; wrote {len(written)} files"
    elif plan.changes:
        line += f"; dry run: {len(plan.changes)} files would change (use --write)"
    else:
        line += "; nothing to change"
    console.print(line, highlight=False)
    if json_path is not None:
        text = json.dumps(summary_json(results, verify_results, written, write), indent=2)
        write_atomic(Path(json_path), text + "\n")
    if report_dir is not None:
        from migrate import dogfood

        report = dogfood.build_report(results, verify_results)
        for p in dogfood.write_report(report, Path(report_dir)):
            console.print(f"wrote {p}", highlight=False)
    failed = counts["failed"] > 0 or any(r.error for r in results) or any(
        v.status != "identical" for v in verify_results)
    return 1 if failed else 0
