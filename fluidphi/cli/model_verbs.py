"""The verbs that take a model: run, inspect, check, kernels."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import numpy as np
import typer
from rich.table import Table

from compat.cli_tables import pieces_table, print_plan, trace_table
from compat.dual_dispatch import PathMode
from fluidphi.cli.common import (
    PLACE_HELP,
    PLACE_METAVAR,
    CliError,
    _check_outputs,
    _check_place,
    _cpu_ops,
    _device,
    _write_output,
    app,
    console,
    err_console,
    friendly_errors,
)


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
        "(an error naming the loop); default 1,000,000")] = None,
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


