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
    from compat.feeds import InputError
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
        InputError,
        FileNotFoundError,
    ]
    try:
        from legacy_fluid.io.errors import ModelFormatError

        errors.append(ModelFormatError)
    except ImportError:  # pragma: no cover - io package always ships
        pass
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
        except (CliError, *_user_errors()) as exc:
            from legacy_fluid.framework.executor import OpRunError

            err_console.print(f"[bold red]error:[/] {exc}", highlight=False, soft_wrap=True)
            raise typer.Exit(1 if isinstance(exc, OpRunError) else 2) from None

    return wrapper  # type: ignore[return-value]


# -- run ---------------------------------------------------------------------
def _trace_table(trace: list[Any]) -> Table:
    table = Table(title="per-op kernel choices", header_style="bold")
    table.add_column("#", justify="right", no_wrap=True)
    for col in ("op", "path", "kernel", "key", "transforms"):
        table.add_column(col, overflow="fold")
    for rec in trace:
        table.add_row(
            str(rec.index), rec.type, rec.path, rec.kernel, rec.key, "; ".join(rec.transforms)
        )
    return table


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
    place: Annotated[str, typer.Option(help="cpu or gpu")] = "cpu",
    path: Annotated[str, typer.Option(help="auto | phi | legacy")] = "auto",
    trace: Annotated[bool, typer.Option(help="print the per-op kernel choices")] = False,
    trace_json: Annotated[Path | None, typer.Option(help="write the per-op trace as JSON")] = None,
) -> None:
    """Run a legacy inference model (.pdmodel + .pdiparams) and print its outputs."""
    from compat.dual_dispatch import PathMode
    from compat.feeds import read_inputs
    from compat.predictor import load_model, run_model
    from phi.backends.context_pool import DeviceContextPool
    from phi.common import Place

    if path not in {m.value for m in PathMode}:
        raise CliError(f"--path {path!r}: expected auto, phi or legacy")
    if place not in ("cpu", "gpu") and not place.startswith("gpu:"):
        raise CliError(f"--place {place!r}: expected cpu or gpu")
    target = Place.parse(place)
    DeviceContextPool.instance().get(target)  # no usable device: say so before loading
    loaded = load_model(model)
    feeds = read_inputs(input, loaded.feed_names)
    result = run_model(loaded, feeds, place=target, path=path)
    if output is not None:
        npz = output if output.suffix == ".npz" else output.with_suffix(".npz")
        _write_output(npz, "--output", lambda f: np.savez(f, **result.outputs))
    if trace_json is not None:
        trace_text = json.dumps([r.as_dict() for r in result.trace], indent=2)
        _write_output(trace_json, "--trace-json", trace_text.encode("utf-8"))
    if trace:
        console.print(_trace_table(result.trace))
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


# -- migrate ---------------------------------------------------------------------
@app.command()
@friendly_errors
def migrate(
    paths: Annotated[list[Path], typer.Argument(help="files or directories with legacy ops")],
    write: Annotated[bool, typer.Option(help="write the changes (default: dry run diff)")] = False,
    jobs: Annotated[int, typer.Option(help="files processed in parallel")] = 1,
    json_path: Annotated[Path | None, typer.Option("--json", help="write the summary")] = None,
    verify: Annotated[bool, typer.Option(help="run legacy vs migrated kernels per dtype")] = False,
    report: Annotated[Path | None, typer.Option(help="write migration report files here")] = None,
) -> None:
    """Turn legacy OpKernel classes into PHI functional kernels (dry run by default)."""
    from migrate.cli_entry import run_migrate

    code = run_migrate(
        paths=paths,
        write=write,
        jobs=jobs,
        json_path=json_path,
        verify=verify,
        report_dir=report,
        console=console,
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
