"""The verbs that take a model: run, inspect, check, kernels."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from compat.cli_tables import pieces_table, plan_doc, print_plan, trace_table
from compat.dual_dispatch import PathMode
from compat.kernel_library import KernelLibrary
from compat.terminal import data_table, fit_first_column, print_error, print_warning, shown
from fluidphi.cli.common import (
    PLACE_HELP,
    PLACE_METAVAR,
    CliError,
    JsonOption,
    _check_outputs,
    _check_place,
    _cpu_ops,
    _device,
    _json_sink,
    _npz_output,
    _write_output,
    console,
    err_console,
    friendly_errors,
    verb,
)

ParamsFileOption = Annotated[Path | None, typer.Option(
    "--params-file", metavar="FILE", help="the combined params file, when its name differs "
    "from the program's (inference.pdmodel + weights.pdiparams)")]
KernelsOption = Annotated[Path | None, typer.Option(
    "--kernels", metavar="FILE", help="a crop file (fluidphi crop): refuse op types and "
    "kernels outside it")]


@verb()
@friendly_errors
def run(
    model: Annotated[
        str, typer.Argument(help="path prefix (dir/model) or a directory with one model")
    ],
    params_file: ParamsFileOption = None,
    kernels: KernelsOption = None,
    input: Annotated[
        list[str],
        typer.Option(
            "--input",
            "-i",
            metavar="SPEC",
            help="NAME=FILE.npy (or .npz), FILE.npy for the only feed, or FILE.npz for "
            "every feed named by its arrays",
        ),
    ] = [],  # noqa: B006
    lod: Annotated[list[str], typer.Option(
        "--lod", metavar="NAME=OFFSETS[/OFFSETS...]",
        help="the LoD of a fed sequence input: offsets comma-separated, levels outermost "
        "first separated by '/' (words=0,2,5)")] = [],  # noqa: B006
    output: Annotated[Path | None, typer.Option(
        metavar="FILE", help="write fetched arrays to this .npz")] = None,
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
    trace: Annotated[bool, typer.Option("--trace", help="print the per-op kernel choices")] = False,
    trace_json: Annotated[Path | None, typer.Option(
        metavar="FILE", help="write the per-op trace as JSON")] = None,
    plan: Annotated[bool, typer.Option(
        "--plan", help="print the plan: per step its kernel, key, transforms and output "
        "buffers, and the Python code it runs as (auto and phi paths; --json: under "
        "'plan')")] = False,
    no_passes: Annotated[bool, typer.Option(
        "--no-passes", help="run the program op by op (no conv+batch_norm folding, "
        "fused activations, fc, inference dropout removal)")] = False,
    library: Annotated[KernelLibrary, typer.Option(
        help="kernel library preferred on CPU: numba runs the compiled kernels (the 'jit' "
        "extra) where it has one, plain elsewhere (docs/devices.md)")] = KernelLibrary.PLAIN,
    max_loop_iters: Annotated[int | None, typer.Option(
        "--max-loop-iters", min=1, help="stop any while loop after this many iterations "
        "(an error naming the loop); default 1,000,000")] = None,
    as_json: JsonOption = None,
    max_memory: Annotated[
        str | None,
        typer.Option(
            metavar="SIZE",
            help="refuse to run when the InferMeta estimate of the tensors exceeds SIZE, "
            "or --input files whose headers declare more (512M, 4GiB, none); default: 80% "
            "of the memory available",
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
    from compat.feeds import ReadBudget, apply_lods, group_array_items, read_inputs
    from compat.kernel_library import use_library
    from compat.memory_guard import resolve_limit
    from compat.npz_out import check_npz_names, write_npz
    from compat.predictor import check_feeds, load_model, run_model
    from compat.run_report import RunSummary, rows
    from legacy_fluid.framework.block_runner import loop_limit
    from legacy_fluid.framework.program_queries import array_input_names

    npz = _npz_output(output)
    _check_outputs((trace_json, "--trace-json", None))
    emit = _json_sink(as_json)
    try:
        limit = resolve_limit(max_memory)
    except ValueError as e:
        raise CliError(f"--max-memory {e}") from None
    target = _device(place)  # no usable device: say so before loading
    use_library(library)  # a library that cannot load: say so before loading too
    loaded = load_model(model, params_file, kernels=kernels)
    if npz is not None:
        check_npz_names(loaded.fetch_names, "--output")
    forced = _cpu_ops(cpu_ops, loaded)
    arrays = array_input_names(loaded.program)
    feeds = group_array_items(apply_lods(lod, read_inputs(input, loaded.feed_names,
                                                          ReadBudget(limit), arrays=arrays)),
                              arrays)
    preflight(loaded, check_feeds(loaded, feeds), limit)
    with loop_limit(max_loop_iters):
        result = run_model(loaded, feeds, place=target, path=path, passes=not no_passes,
                           cpu_ops=forced, library=library)
        warm = [run_model(loaded, feeds, place=target, path=path, passes=not no_passes,
                          cpu_ops=forced, library=library).seconds for _ in range(warm_runs)]
    summary = RunSummary(model, path.value, place, result.outputs, result.trace,
                         result.seconds, warm, result.lods)
    if npz is not None:
        _write_output(npz, "--output", lambda f: write_npz(f, result.outputs))
    if trace_json is not None:
        trace_text = json.dumps([r.as_dict() for r in result.trace], indent=2)
        _write_output(trace_json, "--trace-json", trace_text.encode("utf-8"))
    warning = summary.fallback_warning()
    if warning:
        print_warning(err_console, warning)
    if emit is not None:
        doc = summary.as_dict()
        if plan:
            doc["plan"] = plan_doc(loaded)
        emit(doc)
        if as_json == "-":
            return
    if trace:
        console.print(trace_table(result.trace))
    if plan:
        print_plan(console, loaded, path.value)
    table = data_table(f"outputs ({summary.timing_text()}, path {path.value}, place {place})",
                       "fetch", "shape", "dtype", "values")
    cells = [(shown(name), *rest) for name, *rest in rows(result.outputs, result.lods)]
    for row in cells:
        table.add_row(*row)
    fit_first_column(table, cells, console.width)
    console.print(table)



# -- inspect -------------------------------------------------------------------
@verb()
@friendly_errors
def inspect(
    model: Annotated[str, typer.Argument(help="path prefix (dir/model) or a directory")],
    params_file: ParamsFileOption = None,
    as_json: JsonOption = None,
) -> None:
    """Feeds, fetches, op types and which kernel forms fluidphi has for each."""
    from compat.model_info import describe_model

    emit = _json_sink(as_json)
    info = describe_model(model, None if params_file is None else str(params_file))
    if emit is not None:
        emit(info)
        if as_json == "-":
            return
    io_table = data_table(f"{model}: feeds and fetches", "role", "name", "shape", "dtype")
    for role in ("feeds", "fetches"):
        for v in info[role]:
            io_table.add_row(role[:-1] if role == "feeds" else "fetch", shown(v["name"]),
                             str(v["shape"]), str(v["dtype"]))
    console.print(io_table)
    ops = data_table(f"op types ({info['op_count']} ops)", "op type", "count",
                     "kernels in fluidphi")
    for row in info["op_types"]:
        ops.add_row(shown(row["type"]), str(row["count"]), row["kernels"])
    console.print(ops)
    missing = [shown(m) for m in info["missing"]]
    console.print("op types fluidphi cannot run: " + (", ".join(missing) if missing else "none"),
                  highlight=False, soft_wrap=True)
    params = info["params"]
    console.print(f"params: {params['count']} tensors, {params['bytes']:,} bytes"
                  if not params["file_missing"] else "params: no params file beside the program")


# -- check ---------------------------------------------------------------------
@verb()
@friendly_errors
def check(
    model: Annotated[str, typer.Argument(help="path prefix (dir/model) or a directory")],
    params_file: ParamsFileOption = None,
    as_json: JsonOption = None,
) -> None:
    """Validate a model without running it: format, structure, params, op types,
    attribute types, and InferMeta over the whole program at the declared shapes."""
    from compat.checker import check_model, describe_estimate, summarize

    emit = _json_sink(as_json)
    report = check_model(model, params_file)
    if emit is not None:
        emit(report.as_dict())
    if as_json != "-":
        facts = report.facts
        if facts:
            feeds = ", ".join(f"{shown(v['name'])} {v['shape']} {v['dtype']}"
                              for v in facts["feeds"])
            console.print(f"{model}: {facts['ops']} ops in {facts['blocks']} block(s), "
                          f"version {facts['version']}; feeds {feeds or 'none'}; fetches "
                          f"{', '.join(shown(v['name']) for v in facts['fetches']) or 'none'}",
                          highlight=False, soft_wrap=True)
        if report.meta is not None:
            console.print(f"InferMeta at batch 1: {describe_estimate(report.meta)}",
                          highlight=False, soft_wrap=True)
    if not report.ok:
        print_error(err_console, f"{model}: {summarize(report.problems)}")
        raise typer.Exit(2)
    if as_json != "-":
        console.print(f"{model}: no problems found", highlight=False)


# -- kernels -------------------------------------------------------------------
@verb()
@friendly_errors
def kernels(
    op: Annotated[str | None, typer.Argument(help="legacy op type or PHI kernel name")] = None,
    as_json: JsonOption = None,
) -> None:
    """PHI kernels (by KernelKey) and legacy kernels (by OpKernelType)."""
    from compat.model_info import kernel_listing

    emit = _json_sink(as_json)
    listing = kernel_listing(op)
    if op is not None and not listing["phi"] and not listing["legacy"]:
        raise CliError(f"no PHI or legacy kernel is registered for '{op}'")
    if emit is not None:
        emit(listing)
        if as_json == "-":
            return
    if "pieces" in listing:
        console.print(pieces_table(listing["pieces"]))
    phi_table = data_table("PHI kernels", "name", "backend", "layout", "dtypes", "function")
    for row in listing["phi_grouped"]:
        phi_table.add_row(
            row["name"], row["backend"], row["layout"], ", ".join(row["dtypes"]), row["function"]
        )
    console.print(phi_table)
    legacy_table = data_table("legacy kernels", "op type", "place", "library", "layout",
                              "dtypes", "class")
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




# -- crop ----------------------------------------------------------------------
@verb()
@friendly_errors
def crop(
    models: Annotated[list[str], typer.Argument(
        help="models (dir/model prefixes or directories) the crop must run")],
    out: Annotated[Path, typer.Option("--out", metavar="FILE",
                                      help="the crop file to write (JSON)")],
    inputs: Annotated[list[Path], typer.Option(
        "--inputs", metavar="FILE.npz", help="per model, in order: its feeds by name "
        "(default: zeros of the declared dims, -1 as 1)")] = [],  # noqa: B006
    place: Annotated[
        str,
        typer.Option(metavar=PLACE_METAVAR, callback=_check_place, help=PLACE_HELP),
    ] = "cpu",
    path: Annotated[
        PathMode, typer.Option(help="the path the crop is for")
    ] = PathMode.AUTO,
    as_json: JsonOption = None,
) -> None:
    """Write the op types, kernels and kernel keys a set of models needs (for run --kernels)."""
    from compat.array_files import InputError, ReadBudget, read_array_file
    from compat.crop_builder import crop_models
    from compat.memory_guard import resolve_limit

    if inputs and len(inputs) != len(models):
        raise CliError(f"--inputs: give one .npz per model ({len(models)} models, "
                       f"{len(inputs)} --inputs)")
    _check_outputs((out, "--out", None))
    emit = _json_sink(as_json)
    budget = ReadBudget(resolve_limit(None))
    feeds = []
    for file in inputs:  # the one checked reader of input arrays
        content = read_array_file(file, f"--inputs '{file}'", budget)
        if not isinstance(content, dict):
            raise InputError(f"--inputs '{file}': expected an .npz of the model's feeds by "
                             "name, not a single array")
        feeds.append(content)
    result = crop_models(models, feeds or [None] * len(models), _device(place), path)
    document = result.to_json()
    _write_output(out, "--out", (json.dumps(document, indent=1) + "\n").encode())
    if emit is not None:
        emit({**document, "written": str(out)})
        if as_json == "-":
            return
    console.print(f"{shown(str(out))}: {len(result.ops)} op types, {len(result.kernels)} "
                  f"kernels from {len(models)} model(s)", highlight=False, soft_wrap=True)
