"""`fluidphi`: run, inspect, kernels, migrate, coverage, bench."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Run legacy Paddle programs on PHI-style kernels; migrate legacy kernels.",
)
console = Console()
err_console = Console(stderr=True)

F = TypeVar("F", bound=Callable[..., Any])


def _user_errors() -> tuple[type[BaseException], ...]:
    from compat.dual_dispatch import NoKernelError
    from compat.predictor import ModelInputError
    from legacy_fluid.framework.executor import OpRunError
    from legacy_fluid.framework.op_kernel import LegacyKernelNotFoundError
    from phi.backends.gpu.gpu_context import GPUUnavailableError
    from phi.core.kernel_factory import KernelNotFoundError

    errors: list[type[BaseException]] = [
        GPUUnavailableError,
        KernelNotFoundError,
        OpRunError,
        LegacyKernelNotFoundError,
        NoKernelError,
        ModelInputError,
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

    return wrapper  # type: ignore[return-value]


# -- run ---------------------------------------------------------------------
def _parse_inputs(specs: list[str], feed_names: list[str]) -> dict[str, np.ndarray]:
    feeds: dict[str, np.ndarray] = {}
    for spec in specs:
        name, sep, file = spec.partition("=")
        if not sep:
            if len(feed_names) != 1:
                raise CliError(
                    f"--input {spec}: the model has {len(feed_names)} feeds "
                    f"({', '.join(feed_names)}); use --input NAME=FILE.npy"
                )
            name, file = feed_names[0], spec
        path = Path(file)
        if not path.is_file():
            what = "is not a regular file" if path.exists() else "does not exist"
            raise CliError(f"--input {spec}: '{file}' {what} (expected a .npy or .npz file)")
        try:
            if path.suffix == ".npz":
                with np.load(path, allow_pickle=False) as npz:
                    feeds[name] = npz[name] if name in npz else npz[npz.files[0]]
            else:
                feeds[name] = np.load(path, allow_pickle=False)
        except (ValueError, OSError) as exc:
            raise CliError(
                f"--input {spec}: '{file}' is not a readable .npy/.npz file ({exc})"
            ) from None
    return feeds


def _trace_table(trace: list[Any]) -> Table:
    table = Table(title="per-op kernel choices", header_style="bold")
    table.add_column("#", justify="right", no_wrap=True)
    notes = any(rec.note for rec in trace)  # a column only when an op left its plain kernel
    for col in ("op", "path", "kernel", "key", "transforms", *(("note",) if notes else ())):
        table.add_column(col, overflow="fold")
    for rec in trace:
        op = rec.type + (f" (fused: {' + '.join(rec.fused)})" if rec.fused else "")
        table.add_row(str(rec.index), op, rec.path, rec.kernel, rec.key,
                      "; ".join(rec.transforms), *((rec.note,) if notes else ()))
    return table


def _print_plan(loaded: Any, place: Any, path: str) -> None:
    """The plan the last run used (none on the legacy path, which plans nothing)."""
    plans = [ex.last_plan for ex in loaded.extra.get("executors", {}).values()
             if getattr(ex, "last_plan", None) is not None]
    if not plans:
        console.print(f"path {path} runs without a plan (kernels are chosen on every run)")
        return
    table = Table(title="plan (built once per feed shapes; later runs call these steps)",
                  header_style="bold")
    for col in ("step", "op", "kernel", "key", "transforms", "output buffers"):
        table.add_column(col, overflow="fold")
    for row in plans[0].describe():
        table.add_row(row["step"], row["op"] or f"move {row['var']}", row["kernel"], row["key"],
                      row["transforms"], row["outputs"])
    console.print(table)
    for note in plans[0].notes:
        console.print(f"pass: {note}", highlight=False)


@app.command()
@friendly_errors
def run(
    model: Annotated[
        str, typer.Argument(help="path prefix (dir/model) or a directory with one model")
    ],
    input: Annotated[
        list[str],
        typer.Option("--input", "-i", help="NAME=FILE.npy, or FILE.npy for the only feed"),
    ] = [],  # noqa: B006
    output: Annotated[Path | None, typer.Option(help="write fetched arrays to this .npz")] = None,
    place: Annotated[str, typer.Option(help="cpu or gpu")] = "cpu",
    path: Annotated[str, typer.Option(help="auto | phi | legacy")] = "auto",
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
) -> None:
    """Run a legacy inference model (.pdmodel + .pdiparams) and print its outputs.

    The auto and phi paths run a plan: kernels chosen, arguments bound and ops fused once;
    the legacy path chooses every op's kernel on every run."""
    from compat.dual_dispatch import PathMode
    from compat.predictor import load_model, run_model
    from legacy_fluid.framework.block_runner import loop_limit
    from phi.backends.context_pool import DeviceContextPool
    from phi.common import Place

    if path not in {m.value for m in PathMode}:
        raise CliError(f"--path {path!r}: expected auto, phi or legacy")
    if place not in ("cpu", "gpu") and not place.startswith("gpu:"):
        raise CliError(f"--place {place!r}: expected cpu or gpu")
    target = Place.parse(place)
    DeviceContextPool.instance().get(target)  # no usable device: say so before loading
    loaded = load_model(model)
    feeds = _parse_inputs(input, loaded.feed_names)
    with loop_limit(max_loop_iters):
        result = run_model(loaded, feeds, place=target, path=path, passes=not no_passes)
    if output is not None:
        npz = output if output.suffix == ".npz" else output.with_suffix(".npz")
        _write_output(npz, "--output", lambda f: np.savez(f, **result.outputs))
    if trace_json is not None:
        trace_text = json.dumps([r.as_dict() for r in result.trace], indent=2)
        _write_output(trace_json, "--trace-json", trace_text.encode("utf-8"))
    if trace:
        console.print(_trace_table(result.trace))
    if plan:
        _print_plan(loaded, target, path)
    summary = Table(title=f"outputs ({result.seconds * 1000:.1f} ms, path {path}, place {place})")
    for col in ("fetch", "shape", "dtype", "values"):
        summary.add_column(col)
    for name, arr in result.outputs.items():
        flat = arr.reshape(-1)
        preview = np.array2string(flat[:6], precision=5, separator=", ")
        summary.add_row(
            name, str(list(arr.shape)), str(arr.dtype), preview + (" ..." if flat.size > 6 else "")
        )
    console.print(summary)


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
    console.print(f"params: {info['params']['count']} tensors, {info['params']['bytes']:,} bytes")


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
        console.print(_pieces_table(listing["pieces"]))
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


def _pieces_table(pieces: dict[str, Any]) -> Table:
    """The five pieces of one op, each with its file."""
    table = Table(title=f"{pieces['query']}: the pieces of the op", header_style="bold")
    for col in ("piece", "name", "file", "note"):
        table.add_column(col, overflow="fold")
    for leg in pieces["legacy"]:
        table.add_row("legacy proto", leg["maker"] or "-", leg["maker_file"] or "-",
                      f"op type {leg['op_type']}")
        table.add_row("legacy operator", leg["operator"] or "-", leg["operator_file"] or "-",
                      "infer_shape, expected kernel type")
        for k in leg["kernels"]:
            table.add_row("legacy kernel", k["class"], k["file"], k["keys"])
    for phi in pieces["phi"]:
        for fn in phi["functions"]:
            table.add_row("PHI kernel", f"{phi['kernel']}: {fn['function']}", fn["file"],
                          f"chosen when {phi['chosen_when']}; {fn['keys']}")
        table.add_row("InferMeta", phi["infer_meta"] or "- (legacy infer_shape runs)",
                      phi["infer_meta_file"] or "-", f"for {phi['kernel']}")
        table.add_row("ops.yaml", phi["ops_yaml"] or "- (none)", phi["ops_yaml_file"] or "-",
                      f"declares {phi['kernel']}")
    for m in pieces["mapping"]:
        table.add_row("argument mapping", m["function"] or m.get("signature") or "-", m["file"],
                      f"{m['kind']} mapping of {m['op_type']}")
    return table


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
    path: Annotated[str, typer.Option(help="auto | phi | legacy")] = "auto",
) -> None:
    """Run a legacy training program one step per --feed file, as paddle.static would."""
    from rich.progress import Progress

    from compat.dual_dispatch import PathMode
    from compat.training import open_session, save_state

    mode = PathMode.parse(path) if path in {m.value for m in PathMode} else None
    if mode is None:
        raise CliError(f"--path {path!r}: expected auto, phi or legacy")
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
    if output is not None:
        arrays = {**{n: np.stack(v) for n, v in history.items()},
                  **{f"param:{n}": v for n, v in final.items()}}
        npz = output if output.suffix == ".npz" else output.with_suffix(".npz")
        _write_output(npz, "--output", lambda f: np.savez(f, **arrays))
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
    jobs: Annotated[int, typer.Option(help="files processed in parallel")] = 1,
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

    code = run_migrate(
        paths=paths,
        write=write,
        jobs=jobs,
        json_path=json_path,
        verify=verify,
        report_dir=report,
        console=console,
        check=check,
    )
    raise typer.Exit(code)


# -- coverage ----------------------------------------------------------------------
@app.command()
@friendly_errors
def coverage(
    model: Annotated[list[str], typer.Option("--model", help="a model to report on")] = [],  # noqa: B006
    fmt: Annotated[list[str], typer.Option("--format", help="md, json, html")] = [],  # noqa: B006
    out: Annotated[Path, typer.Option(help="output directory")] = Path("reports"),
    refresh_parity: Annotated[
        bool,
        typer.Option(help="rerun legacy-vs-PHI parity per op and dtype into OUT/parity.json first"),
    ] = False,
) -> None:
    """Migration coverage: what runs on PHI, what still runs legacy, and why."""
    from compat.coverage.cli_entry import run_coverage

    raise typer.Exit(
        run_coverage(
            models=model,
            formats=fmt or ["md", "json", "html"],
            out=out,
            console=console,
            refresh_parity=refresh_parity,
        )
    )


# -- bench ---------------------------------------------------------------------------
@app.command()
@friendly_errors
def bench(
    model: Annotated[
        list[str], typer.Option("--model", help="models to time (default: fixtures)")
    ] = [],  # noqa: B006
    repeat: Annotated[int, typer.Option(help="timed runs per path")] = 5,
    out: Annotated[Path, typer.Option(help="output directory")] = Path("reports"),
) -> None:
    """Time legacy vs PHI paths side by side in one run; write reports/bench.md and .json."""
    from compat.bench import run_bench

    raise typer.Exit(run_bench(models=model, repeat=repeat, out=out, console=console))


def main() -> None:
    app()


if __name__ == "__main__":
    sys.exit(main())
