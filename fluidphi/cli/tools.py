"""The verbs for framework teams: migrate, coverage, bench."""

from __future__ import annotations

import math
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from fluidphi.cli.common import (
    PLACE_HELP,
    PLACE_METAVAR,
    CliError,
    JsonOption,
    _check_outputs,
    _check_place,
    _device,
    _json_sink,
    console,
    err_console,
    friendly_errors,
    verb,
)

#: Where coverage and bench write their reports unless --out says otherwise: not the
#: repository's committed reports/ (pass --out reports to regenerate those).
DEFAULT_REPORTS = Path("fluidphi-reports")
OUT_HELP = (f"folder the report files are written to (default: ./{DEFAULT_REPORTS}; "
            "the repository's committed reports: --out reports)")


@verb()
@friendly_errors
def migrate(
    paths: Annotated[list[Path], typer.Argument(help="files or directories with legacy ops")],
    write: Annotated[bool, typer.Option(
        "--write", help="write the changes (default: dry run diff)")] = False,
    check: Annotated[bool, typer.Option(
        "--check", help="for CI: list the files --write would change; exit 1 when anything "
        "would change or is unverified")] = False,
    jobs: Annotated[int, typer.Option(min=1, max=512, help="files processed in parallel")] = 1,
    as_json: JsonOption = None,
    verify: Annotated[bool | None, typer.Option(
        "--verify/--no-verify", help="import the migrated module as it would be written "
        "(with its ops.yaml) and run each op through the dual dispatch against the legacy "
        "module, per dtype; what differs or errors is not written (default: on with "
        "--write, off for a dry run; --no-verify writes unverified, and what an earlier "
        "verify held back stays legacy)")] = None,
    report: Annotated[Path | None, typer.Option(
        metavar="DIR", help="write migration report files here")] = None,
) -> None:
    """Turn legacy OpKernel classes into PHI functional kernels (dry run by default).

    Verifying (the default of --write) imports and runs code: the legacy module and the
    migrated one.
    """
    from migrate.cli_entry import run_migrate

    _check_outputs((report, "--report", ("migration.md", "migration.json")))
    if as_json == "-" and any(p.suffix == ".json" for p in paths):
        raise CliError("--json alone prints to stdout; to write the summary to a file give "
                       "--json=FILE")
    emit = _json_sink(as_json)
    code = run_migrate(
        paths=paths,
        write=write,
        jobs=jobs,
        emit=emit,
        verify=verify,
        report_dir=report,
        console=err_console if as_json == "-" else console,  # stdout holds the JSON alone
        check=check,
        err_console=err_console,
    )
    raise typer.Exit(code)


# -- coverage ----------------------------------------------------------------------
class ReportFormat(str, Enum):
    MD = "md"
    JSON = "json"
    HTML = "html"


@verb()
@friendly_errors
def coverage(
    model: Annotated[
        list[str],
        typer.Option("--model", metavar="MODEL",
                     help="a model to report on (default: the fixture models)"),
    ] = [],  # noqa: B006
    fmt: Annotated[
        list[ReportFormat],
        typer.Option("--format", metavar="[md|json|html]", help="files to write (default: all)"),
    ] = [],  # noqa: B006
    out: Annotated[Path, typer.Option(metavar="DIR", help=OUT_HELP)] = DEFAULT_REPORTS,
    refresh_parity: Annotated[
        bool,
        typer.Option("--refresh-parity", help="rerun legacy-vs-PHI parity per op and dtype "
                     "into OUT/parity.json first"),
    ] = False,
    table: Annotated[
        bool, typer.Option("--table", help="also print the full per-op table")
    ] = False,
    as_json: JsonOption = None,
) -> None:
    """Migration coverage: what runs on PHI, what still runs legacy, and why."""
    from compat.coverage.cli_entry import FILE_NAMES, run_coverage

    formats = [f.value for f in fmt] or [f.value for f in ReportFormat]
    _check_outputs((out, "--out", (*(FILE_NAMES[f] for f in formats),
                                   *(("parity.json",) if refresh_parity else ()))))
    emit = _json_sink(as_json)
    raise typer.Exit(
        run_coverage(
            models=model,
            formats=formats,
            out=out,
            console=err_console if as_json == "-" else console,
            refresh_parity=refresh_parity,
            table=table,
            err_console=err_console,
            emit=emit,
        )
    )


# -- bench ---------------------------------------------------------------------------
def _finite_cores(value: float) -> float:
    if not math.isfinite(value) or value < 0:
        raise typer.BadParameter(f"{value} is not a number of cores (a finite number >= 0)")
    return value


@verb()
@friendly_errors
def bench(
    model: Annotated[list[str], typer.Option(
        metavar="MODEL", help="models to time (default: every fixture model, generated ones "
        "too, and the dispatch chain 'chain')")] = [],  # noqa: B006
    repeat: Annotated[int, typer.Option(min=1, help="timed samples (rounds) per backend")] = 5,
    out: Annotated[Path, typer.Option(metavar="DIR", help=OUT_HELP)] = DEFAULT_REPORTS,
    batch: Annotated[list[int], typer.Option(min=1, max=1 << 20,
                     help="batch sizes (default: 1 and 4)")] = [],  # noqa: B006
    backend: Annotated[list[str], typer.Option(
        help="backends to run (default: all; see compat/bench_backends.py)")] = [],  # noqa: B006
    threads: Annotated[int, typer.Option(min=0, max=4096,
                       help="threads per backend (default: all CPUs)")] = 0,
    max_foreign: Annotated[float, typer.Option(callback=_finite_cores, help="retake a sample "
                           "taken while other processes used more than this many cores")] = 0.3,
    retries: Annotated[int, typer.Option(min=0, max=100,
                       help="retakes of a sample under foreign load")] = 2,
    place: Annotated[
        str, typer.Option(metavar=PLACE_METAVAR, callback=_check_place, help=PLACE_HELP),
    ] = "cpu",
    as_json: JsonOption = None,
) -> None:
    """Time fluidphi's paths, Paddle Inference and ONNX Runtime side by side (OUT/bench.md
    and OUT/bench.json)."""
    from compat.bench import DEFAULT_BATCHES, run_bench

    _check_outputs((out, "--out", ("bench.json", "bench.md")))
    emit = _json_sink(as_json)
    target = _device(place)  # no usable device: say so before timing anything
    raise typer.Exit(run_bench(model, repeat, out,
                               err_console if as_json == "-" else console, err_console,
                               target, batch or DEFAULT_BATCHES, backend, threads or None,
                               max_foreign, retries, emit=emit))


