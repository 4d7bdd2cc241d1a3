"""`fluidphi`: run, check, inspect, kernels, migrate, coverage, bench."""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

from compat.cli_tables import pieces_table, print_plan, trace_table
from compat.dual_dispatch import PathMode

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Run legacy Paddle programs on PHI-style kernels; migrate legacy kernels.",
)
console = Console()
err_console = Console(stderr=True)

F = TypeVar("F", bound=Callable[..., Any])


def _user_errors() -> tuple[type[BaseException], ...]:
    from compat.checker import ModelCheckError
    from compat.dual_dispatch import NoKernelError
    from compat.feeds import InputError
    from compat.memory_guard import MemoryLimitError
    from compat.output_paths import OutputPathError
    from compat.predictor import ModelInputError
    from legacy_fluid.framework.executor import OpRunError
    from legacy_fluid.framework.op_kernel import LegacyKernelNotFoundError
    from phi.core.device_context import DeviceUnavailableError
    from phi.core.kernel_factory import KernelNotFoundError

    errors: list[type[BaseException]] = [
        DeviceUnavailableError,
        KernelNotFoundError,
        OpRunError,
        LegacyKernelNotFoundError,
        NoKernelError,
        ModelInputError,
        InputError,
        ModelCheckError,
        MemoryLimitError,
        OutputPathError,
        FileNotFoundError,
    ]
    try:
        from legacy_fluid.io.errors import ModelFormatError

        errors.append(ModelFormatError)
    except ImportError:  # pragma: no cover - io package always ships
        pass
    from compat.coverage.codemod import ReportFormatError
    from compat.training import TrainingInputError

    errors += [ReportFormatError, TrainingInputError]
    return tuple(errors)


class CliError(Exception):
    """A usage problem detected by the CLI itself (bad --input syntax, ...)."""


def friendly_errors(fn: F) -> F:
    """Known failures become one paragraph on stderr and exit code 2 (1 for op failures)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except typer.Exit:
            raise
        except KeyboardInterrupt:
            err_console.print("[bold red]interrupted[/] (Ctrl-C): nothing was written")
            raise typer.Exit(130) from None
        except (CliError, *_user_errors()) as exc:
            from legacy_fluid.framework.executor import OpRunError

            err_console.print(f"[bold red]error:[/] {exc}", highlight=False, soft_wrap=True)
            raise typer.Exit(1 if isinstance(exc, OpRunError) else 2) from None
        except OSError as exc:  # the file system refused a read or a write
            where = f"'{exc.filename}': " if exc.filename else ""
            err_console.print(f"[bold red]error:[/] {where}{exc.strerror or exc}",
                              highlight=False, soft_wrap=True)
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


# -- run ---------------------------------------------------------------------
PLACE_METAVAR = "[cpu|gpu|gpu:N|emulated|NAME[:N]]"
PLACE_HELP = ("where to run: cpu, a CUDA GPU (CuPy), the emulated device, or a registered "
              "plug-in device type (docs/devices.md)")


def _check_place(value: str) -> str:
    """The spelling only; whether the device can be used is checked before any work."""
    if re.fullmatch(r"[a-z][a-z0-9_]*(:[0-9]+)?", value):
        return value
    raise typer.BadParameter(f"{value!r}: expected cpu, gpu or gpu:N, emulated, or a "
                             "registered device type's name[:N]")


def _device(place: str) -> Any:
    """The place of --place, its device context made (no usable device: a clear error)."""
    from phi.backends.context_pool import DeviceContextPool
    from phi.common import Place

    target = Place.parse(place)
    DeviceContextPool.instance().get(target)
    return target


def _cpu_ops(spec: str | None, loaded: Any) -> frozenset[str]:
    """--cpu-ops TYPE,...: op types of the model (a type it lacks is a mistake)."""
    if not spec:
        return frozenset()
    wanted = [t.strip() for t in spec.split(",") if t.strip()]
    present = set(loaded.program.op_types())
    missing = [t for t in wanted if t not in present]
    if missing:
        raise CliError(f"--cpu-ops: the model has no op of type {', '.join(missing)} "
                       f"(its op types: {', '.join(sorted(present))})")
    return frozenset(wanted)


def _check_outputs(*outputs: tuple[Path | None, str, bool]) -> None:
    """(path, option, is_folder) for each output option: writable, before any work."""
    from compat.output_paths import check_output_dir, check_output_file

    for path, option, folder in outputs:
        if path is not None:
            (check_output_dir if folder else check_output_file)(path, option)


@app.command()
@friendly_errors
def run(
    model: Annotated[
        str, typer.Argument(help="path prefix (dir/model) or a directory with one model")
    ],
    input: Annotated[
        list[str],
        typer.Option(
            "--input",
            "-i",
            help="NAME=FILE.npy (or .npz), FILE.npy for the only feed, or FILE.npz for "
            "every feed named by its arrays",
        ),
    ] = [],  # noqa: B006
    output: Annotated[Path | None, typer.Option(help="write fetched arrays to this .npz")] = None,
    place: Annotated[
        str,
        typer.Option(metavar=PLACE_METAVAR, callback=_check_place, help=PLACE_HELP),
    ] = "cpu",
    cpu_ops: Annotated[str | None, typer.Option(
        "--cpu-ops", metavar="TYPE,...", help="run the ops of these types on CPU whatever "
        "--place is (inputs moved to the host; the trace notes it)")] = None,
    path: Annotated[
        PathMode, typer.Option(help="PHI kernels where possible, or PHI / legacy only")
    ] = PathMode.AUTO,
    trace: Annotated[bool, typer.Option(help="print the per-op kernel choices")] = False,
    trace_json: Annotated[Path | None, typer.Option(help="write the per-op trace as JSON")] = None,
    plan: Annotated[bool, typer.Option(
        "--plan", help="print the plan: per step its kernel, key, transforms and output "
        "buffers (auto and phi paths)")] = False,
    no_passes: Annotated[bool, typer.Option(
        "--no-passes", help="run the program op by op (no conv+batch_norm folding, "
        "fused activations, fc, inference dropout removal)")] = False,
    max_loop_iters: Annotated[int | None, typer.Option(
        "--max-loop-iters", min=1, help="stop any while loop after this many iterations "
        "(an error naming the loop)")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="print the result as JSON instead of tables")
    ] = False,
    max_memory: Annotated[
        str | None,
        typer.Option(
            metavar="SIZE",
            help="refuse to run when the InferMeta estimate of the tensors exceeds SIZE "
            "(512M, 4GiB, none); default: 80% of the memory available",
        ),
    ] = None,
    warm_runs: Annotated[
        int, typer.Option(min=0, help="timed runs after the first (cold) one")
    ] = 1,
) -> None:
    """Run a legacy inference model (.pdmodel + .pdiparams) and print its outputs.

    The auto and phi paths run a plan: kernels chosen, arguments bound and ops fused once;
    the legacy path chooses every op's kernel on every run."""
    from compat.checker import preflight
    from compat.feeds import read_inputs
    from compat.memory_guard import resolve_limit
    from compat.predictor import check_feeds, load_model, run_model
    from compat.run_report import RunSummary, rows
    from legacy_fluid.framework.block_runner import loop_limit

    npz = None if output is None else (
        output if output.suffix == ".npz" else output.with_suffix(".npz"))
    _check_outputs((output, "--output", False), (npz, "--output", False),
                   (trace_json, "--trace-json", False))
    try:
        limit = resolve_limit(max_memory)
    except ValueError as e:
        raise CliError(f"--max-memory {e}") from None
    target = _device(place)  # no usable device: say so before loading
    loaded = load_model(model)
    forced = _cpu_ops(cpu_ops, loaded)
    feeds = read_inputs(input, loaded.feed_names)
    preflight(loaded, check_feeds(loaded, feeds), limit)
    with loop_limit(max_loop_iters):
        result = run_model(loaded, feeds, place=target, path=path, passes=not no_passes,
                           cpu_ops=forced)
        warm = [run_model(loaded, feeds, place=target, path=path, passes=not no_passes,
                          cpu_ops=forced).seconds for _ in range(warm_runs)]
    summary = RunSummary(model, path.value, place, result.outputs, result.trace,
                         result.seconds, warm)
    if npz is not None:
        _write_output(npz, "--output", lambda f: np.savez(f, **result.outputs))
    if trace_json is not None:
        trace_text = json.dumps([r.as_dict() for r in result.trace], indent=2)
        _write_output(trace_json, "--trace-json", trace_text.encode("utf-8"))
    warning = summary.fallback_warning()
    if warning:
        err_console.print(f"[bold yellow]warning:[/] {warning}", highlight=False,
                          soft_wrap=True)
    if as_json:
        typer.echo(json.dumps(summary.as_dict(), indent=2))
        return
    if trace:
        console.print(trace_table(result.trace))
    if plan:
        print_plan(console, loaded, path.value)
    table = Table(title=f"outputs ({summary.timing_text()}, path {path.value}, place {place})")
    for col in ("fetch", "shape", "dtype", "values"):
        table.add_column(col)
    for row in rows(result.outputs):
        table.add_row(*row)
    console.print(table)


def _write_output(path: Path, what: str, data: bytes | Any) -> None:
    """Write an output file atomically (folders made as needed); a clear error otherwise."""
    from legacy_fluid.io.atomic_write import atomic_write_bytes

    try:
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise CliError(f"{what} '{path}' cannot be written: {exc.strerror or exc}") from None


# -- inspect -------------------------------------------------------------------
@app.command()
@friendly_errors
def inspect(
    model: Annotated[str, typer.Argument(help="path prefix (dir/model) or a directory")],
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Feeds, fetches, op types and which kernel forms fluidphi has for each."""
    from compat.model_info import describe_model

    info = describe_model(model)
    if as_json:
        typer.echo(json.dumps(info, indent=2))
        return
    io_table = Table(title=f"{model}: feeds and fetches")
    for col in ("role", "name", "shape", "dtype"):
        io_table.add_column(col)
    for role in ("feeds", "fetches"):
        for v in info[role]:
            io_table.add_row(
                role[:-1] if role == "feeds" else "fetch",
                v["name"],
                str(v["shape"]),
                str(v["dtype"]),
            )
    console.print(io_table)
    ops = Table(title=f"op types ({info['op_count']} ops)")
    for col in ("op type", "count", "kernels in fluidphi"):
        ops.add_column(col)
    for row in info["op_types"]:
        ops.add_row(row["type"], str(row["count"]), row["kernels"])
    console.print(ops)
    missing = info["missing"]
    console.print("op types fluidphi cannot run: " + (", ".join(missing) if missing else "none"))
    params = info["params"]
    console.print(f"params: {params['count']} tensors, {params['bytes']:,} bytes"
                  if not params["file_missing"] else "params: no params file beside the program")


# -- check ---------------------------------------------------------------------
@app.command()
@friendly_errors
def check(
    model: Annotated[str, typer.Argument(help="path prefix (dir/model) or a directory")],
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
) -> None:
    """Validate a model without running it: format, structure, params, op types,
    attribute types, and InferMeta over the whole program at the declared shapes."""
    from compat.checker import check_model, describe_estimate, summarize

    report = check_model(model)
    if as_json:
        typer.echo(json.dumps(report.as_dict(), indent=2))
    else:
        facts = report.facts
        if facts:
            feeds = ", ".join(f"{v['name']} {v['shape']} {v['dtype']}" for v in facts["feeds"])
            console.print(f"{model}: {facts['ops']} ops in {facts['blocks']} block(s), "
                          f"version {facts['version']}; feeds {feeds or 'none'}; fetches "
                          f"{', '.join(v['name'] for v in facts['fetches']) or 'none'}",
                          highlight=False, soft_wrap=True)
        if report.meta is not None:
            console.print(f"InferMeta at batch 1: {describe_estimate(report.meta)}",
                          highlight=False, soft_wrap=True)
    if not report.ok:
        err_console.print(f"[bold red]error:[/] {model}: {summarize(report.problems)}",
                          highlight=False, soft_wrap=True)
        raise typer.Exit(2)
    if not as_json:
        console.print(f"{model}: no problems found", highlight=False)


# -- kernels -------------------------------------------------------------------
@app.command()
@friendly_errors
def kernels(
    op: Annotated[str | None, typer.Argument(help="legacy op type or PHI kernel name")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """PHI kernels (by KernelKey) and legacy kernels (by OpKernelType)."""
    from compat.model_info import kernel_listing

    listing = kernel_listing(op)
    if op is not None and not listing["phi"] and not listing["legacy"]:
        raise CliError(f"no PHI or legacy kernel is registered for '{op}'")
    if as_json:
        typer.echo(json.dumps(listing, indent=2))
        return
    if "pieces" in listing:
        console.print(pieces_table(listing["pieces"]))
    phi_table = Table(title="PHI kernels")
    for col in ("name", "backend", "layout", "dtypes", "function"):
        phi_table.add_column(col, overflow="fold")
    for row in listing["phi_grouped"]:
        phi_table.add_row(
            row["name"], row["backend"], row["layout"], ", ".join(row["dtypes"]), row["function"]
        )
    console.print(phi_table)
    legacy_table = Table(title="legacy kernels")
    for col in ("op type", "place", "library", "layout", "dtypes", "class"):
        legacy_table.add_column(col, overflow="fold")
    for row in listing["legacy_grouped"]:
        legacy_table.add_row(
            row["op_type"],
            row["place"],
            row["library"],
            row["layout"],
            ", ".join(row["dtypes"]),
            row["kernel"],
        )
    console.print(legacy_table)


# -- train -----------------------------------------------------------------------
def _read_npz(path: Path, what: str) -> dict[str, np.ndarray]:
    if not path.is_file():
        raise CliError(f"{what} '{path}' does not exist (expected an .npz keyed by name)")
    try:
        with np.load(path, allow_pickle=False) as npz:
            return {k: npz[k] for k in npz.files}
    except (OSError, ValueError) as exc:
        raise CliError(f"{what} '{path}' is not a readable .npz ({exc})") from None


@app.command()
@friendly_errors
def train(
    program: Annotated[Path, typer.Argument(help="the training program (.pdmodel: forward, "
                                                 "backward and optimizer ops)")],
    params: Annotated[list[Path], typer.Option(
        "--params", help="initial persistables: an .npz keyed by name, a paddle.static.save "
        ".pdparams (its .pdopt beside it is read too) or .pdopt, or a save_persistables "
        "file; may repeat")] = [],  # noqa: B006
    feed: Annotated[list[Path], typer.Option(
        "--feed", help="one training step's feeds, an .npz keyed by feed name; one step "
        "per --feed, in order")] = [],  # noqa: B006
    fetch: Annotated[list[str], typer.Option(
        "--fetch", help="a variable to fetch after every step (e.g. the loss)")] = [],  # noqa: B006
    output: Annotated[Path | None, typer.Option(
        help="write NAME (per-step values stacked) and param:NAME (every persistable "
        "after the last step) to this .npz")] = None,
    save: Annotated[str | None, typer.Option(
        help="write the persistables after the last step as PREFIX.pdparams / "
        "PREFIX.pdopt (paddle.static.save's format)")] = None,
    path: Annotated[
        PathMode, typer.Option(help="PHI kernels where possible, or PHI / legacy only")
    ] = PathMode.AUTO,
) -> None:
    """Run a legacy training program one step per --feed file, as paddle.static would."""
    from rich.progress import Progress

    from compat.training import open_session, save_state

    mode = path
    npz_out = None if output is None else (
        output if output.suffix == ".npz" else output.with_suffix(".npz"))
    _check_outputs((npz_out, "--output", False))
    if not feed:
        raise CliError("give at least one --feed FILE.npz (one training step each)")
    state = []
    for p in params:
        state.append(p)
        sibling = p.with_suffix(".pdopt")
        if p.suffix == ".pdparams" and sibling.is_file() and sibling not in params:
            state.append(sibling)
    session = open_session(program, state, path=mode)
    steps = [_read_npz(f, "--feed") for f in feed]
    history: dict[str, list[np.ndarray]] = {name: [] for name in fetch}
    table = Table(title=f"training {program.name}: {len(steps)} steps, path {mode}")
    table.add_column("step", justify="right")
    for name in fetch:
        table.add_column(name)
    with Progress(console=err_console, transient=True) as progress:
        task = progress.add_task("training", total=len(steps))
        for i, values in enumerate(session.run(steps, list(fetch))):
            row = [str(i)]
            for name in fetch:
                history[name].append(values[name])
                flat = values[name].reshape(-1)
                row.append(np.array2string(flat[:4], precision=6, separator=", ")
                           + (" ..." if flat.size > 4 else ""))
            table.add_row(*row)
            progress.advance(task)
    console.print(table)
    final = session.persistables()
    if npz_out is not None:
        arrays = {**{n: np.stack(v) for n, v in history.items()},
                  **{f"param:{n}": v for n, v in final.items()}}
        _write_output(npz_out, "--output", lambda f: np.savez(f, **arrays))
    if save is not None:
        for written in save_state(save, session.program, final):
            console.print(f"wrote {written}")


# -- migrate ---------------------------------------------------------------------
@app.command()
@friendly_errors
def migrate(
    paths: Annotated[list[Path], typer.Argument(help="files or directories with legacy ops")],
    write: Annotated[bool, typer.Option(help="write the changes (default: dry run diff)")] = False,
    check: Annotated[bool, typer.Option(
        help="for CI: list the files --write would change; exit 1 when anything would "
             "change or is unverified")] = False,
    jobs: Annotated[int, typer.Option(min=1, help="files processed in parallel")] = 1,
    json_path: Annotated[Path | None, typer.Option("--json", help="write the summary")] = None,
    verify: Annotated[bool, typer.Option(
        help="import the migrated module as it would be written (with its ops.yaml) and run "
             "each op through the dual dispatch against the legacy module, per dtype; what "
             "differs or errors is not written")] = False,
    report: Annotated[Path | None, typer.Option(help="write migration report files here")] = None,
) -> None:
    """Turn legacy OpKernel classes into PHI functional kernels (dry run by default).

    --verify imports and runs code: the legacy module and the migrated one.
    """
    from migrate.cli_entry import run_migrate

    _check_outputs((json_path, "--json", False), (report, "--report", True))

    code = run_migrate(
        paths=paths,
        write=write,
        jobs=jobs,
        json_path=json_path,
        verify=verify,
        report_dir=report,
        console=console,
        check=check,
        err_console=err_console,
    )
    raise typer.Exit(code)


# -- coverage ----------------------------------------------------------------------
class ReportFormat(str, Enum):
    MD = "md"
    JSON = "json"
    HTML = "html"


@app.command()
@friendly_errors
def coverage(
    model: Annotated[
        list[str],
        typer.Option("--model", help="a model to report on (default: the fixture models)"),
    ] = [],  # noqa: B006
    fmt: Annotated[
        list[ReportFormat],
        typer.Option("--format", metavar="[md|json|html]", help="files to write (default: all)"),
    ] = [],  # noqa: B006
    out: Annotated[Path, typer.Option(help="output directory")] = Path("reports"),
    refresh_parity: Annotated[
        bool,
        typer.Option(help="rerun legacy-vs-PHI parity per op and dtype into OUT/parity.json first"),
    ] = False,
    table: Annotated[
        bool, typer.Option("--table", help="also print the full per-op table")
    ] = False,
) -> None:
    """Migration coverage: what runs on PHI, what still runs legacy, and why."""
    from compat.coverage.cli_entry import run_coverage

    _check_outputs((out, "--out", True))
    raise typer.Exit(
        run_coverage(
            models=model,
            formats=[f.value for f in fmt] or [f.value for f in ReportFormat],
            out=out,
            console=console,
            refresh_parity=refresh_parity,
            table=table,
            err_console=err_console,
        )
    )


# -- bench ---------------------------------------------------------------------------
@app.command()
@friendly_errors
def bench(
    model: Annotated[list[str], typer.Option(help="models to time (default: every fixture "
                     "model, generated ones too, and the dispatch chain 'chain')")] = [],  # noqa: B006
    repeat: Annotated[int, typer.Option(min=1, help="timed samples (rounds) per backend")] = 5,
    out: Annotated[Path, typer.Option(help="output directory")] = Path("reports"),
    batch: Annotated[list[int], typer.Option(help="batch sizes (default: 1 and 4)")] = [],  # noqa: B006
    backend: Annotated[list[str], typer.Option(
        help="backends to run (default: all; see compat/bench_backends.py)")] = [],  # noqa: B006
    threads: Annotated[int, typer.Option(help="threads per backend (default: all CPUs)")] = 0,
    max_foreign: Annotated[float, typer.Option(help="retake a sample taken while other "
                                                "processes used more than this many cores")] = 0.3,
    retries: Annotated[int, typer.Option(help="retakes of a sample under foreign load")] = 2,
    place: Annotated[
        str, typer.Option(metavar=PLACE_METAVAR, callback=_check_place, help=PLACE_HELP),
    ] = "cpu",
) -> None:
    """Time fluidphi's paths, Paddle Inference and ONNX Runtime side by side (reports/bench)."""
    from compat.bench import DEFAULT_BATCHES, run_bench

    _check_outputs((out, "--out", True))
    target = _device(place)  # no usable device: say so before timing anything
    raise typer.Exit(run_bench(model, repeat, out, console, err_console, target,
                               batch or DEFAULT_BATCHES, backend, threads or None,
                               max_foreign, retries))


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"fluidphi {version('fluidphi')}")
        except PackageNotFoundError:  # run from a checkout without installing
            typer.echo("fluidphi (not installed)")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True,
                     help="print the version and exit"),
    ] = False,
) -> None:
    """Run legacy Paddle programs on PHI-style kernels; migrate legacy kernels."""


def main() -> None:
    app()


if __name__ == "__main__":
    sys.exit(main())
