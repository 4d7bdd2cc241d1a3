"""The train verb: a legacy training program run step by step."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import numpy as np
import typer

from compat.dual_dispatch import PathMode
from compat.terminal import data_table, shown
from fluidphi.cli.common import (
    CliError,
    JsonOption,
    _check_outputs,
    _json_sink,
    _npz_output,
    _write_output,
    console,
    err_console,
    friendly_errors,
    verb,
)


def _save_paths(save: str | None, program: object) -> list[Path]:
    """The files `--save PREFIX` will write, checked as every output is, before any work."""
    from compat.training import state_paths

    if save is None:
        return []
    folder = CliError(f"--save '{save}': expected a path prefix such as out/model (written "
                      "as out/model.pdparams and out/model.pdopt), not a folder")
    if not save or save.endswith(("/", os.sep)):
        raise folder
    paths = state_paths(save, program)  # type: ignore[arg-type]
    _check_outputs(*[(p, "--save", None) for p in paths])  # name lengths first
    if Path(save).is_dir():
        raise folder
    return paths


def _state_files(params: list[Path]) -> list[Path]:
    """The --params files, each .pdparams followed by the .pdopt beside it (when there is
    one and it is not given too)."""
    state = []
    for p in params:
        state.append(p)
        sibling = p.with_suffix(".pdopt")
        if p.suffix == ".pdparams" and sibling.is_file() and sibling not in params:
            state.append(sibling)
    return state


def _with_lods(specs: list[str], steps: list[dict]) -> list[dict]:
    """The steps' feeds with `--lod STEP:NAME=OFFSETS[/...]` applied (compat.feeds.apply_lods
    per step)."""
    from compat.feeds import apply_lods

    per_step: dict[int, list[str]] = {}
    for text in specs:
        step, sep, rest = text.partition(":")
        if not sep or not step.isdigit() or int(step) >= len(steps):
            raise CliError(f"--lod {text}: expected STEP:NAME=OFFSETS[/OFFSETS...] with STEP "
                           f"the index of a --feed (0 to {len(steps) - 1}), e.g. 0:words=0,2,5")
        per_step.setdefault(int(step), []).append(rest)
    return [apply_lods(per_step.get(i, []), values) for i, values in enumerate(steps)]


@verb()
@friendly_errors
def train(
    program: Annotated[Path, typer.Argument(help="the training program (.pdmodel: forward, "
                                                 "backward and optimizer ops)")],
    params: Annotated[list[Path], typer.Option(
        "--params", help="initial persistables: an .npz keyed by name, a paddle.static.save "
        ".pdparams (its .pdopt beside it is read too) or .pdopt, or a save_persistables "
        "file; may repeat")] = [],  # noqa: B006
    feed: Annotated[list[str], typer.Option(
        "--feed", metavar="SPEC[,SPEC...]", help="one training step's feeds; one step per "
        "--feed, in order. Each SPEC as run's --input: FILE.npz (every feed, arrays named "
        "after the feeds), NAME=FILE.npy or NAME=FILE.npz (one feed), FILE.npy (a program's "
        "only feed); e.g. --feed step0.npz or --feed x=x0.npy,y=y0.npy")] = [],  # noqa: B006
    lod: Annotated[list[str], typer.Option(
        "--lod", metavar="STEP:NAME=OFFSETS[/OFFSETS...]", help="the LoD of a sequence feed "
        "of step STEP (0 = the first --feed), as run's --lod: offsets comma-separated, "
        "levels outermost first separated by '/'; e.g. --lod 0:words=0,2,5")] = [],  # noqa: B006
    fetch: Annotated[list[str], typer.Option(
        "--fetch", help="a variable to fetch after every step (e.g. the loss)")] = [],  # noqa: B006
    output: Annotated[Path | None, typer.Option(
        metavar="FILE", help="write NAME (per-step values stacked) and param:NAME (every "
        "persistable after the last step) to this .npz")] = None,
    save: Annotated[str | None, typer.Option(
        metavar="PREFIX", help="write the persistables after the last step as PREFIX.pdparams / "
        "PREFIX.pdopt (paddle.static.save's format)")] = None,
    path: Annotated[
        PathMode, typer.Option(help="PHI kernels where possible, or PHI / legacy only")
    ] = PathMode.AUTO,
    max_memory: Annotated[str | None, typer.Option(
        metavar="SIZE", help="refuse --params and --feed files whose arrays would take more "
        "than SIZE in all (512M, 4GiB, none), checked from their headers before they are "
        "read; default: 80% of the memory available")] = None,
    as_json: JsonOption = None,
) -> None:
    """Run a legacy training program one step per --feed, as paddle.static would.

    Every input is checked before the first op runs: the --save and --output paths, each
    --params and --feed file (against --max-memory), the feeds of every step, and that
    every persistable the program reads has a value."""
    from rich.progress import Progress

    from compat.feeds import ReadBudget, read_inputs, split_step
    from compat.memory_guard import resolve_limit
    from compat.npz_out import check_npz_names, write_npz
    from compat.run_report import array_summary
    from compat.training import TrainingInputError, open_session, state_file_bytes
    from legacy_fluid.io import load_program

    mode = path
    npz_out = _npz_output(output)
    if npz_out is not None:
        check_npz_names(fetch, "--output")
    emit = _json_sink(as_json)
    out = err_console if as_json == "-" else console  # stdout holds the JSON alone
    if not feed:
        raise CliError("give at least one --feed (one training step each: FILE.npz, or "
                       "NAME=FILE,...)")
    try:
        budget = ReadBudget(resolve_limit(max_memory))
    except ValueError as e:
        raise CliError(f"--max-memory {e}") from None
    desc = load_program(program)
    _save_paths(save, desc)
    session = open_session(desc, _state_files(params), budget, path=mode)
    steps = [read_inputs(split_step(f), session.feed_names, budget, "--feed") for f in feed]
    steps = _with_lods(lod, steps)
    for text, values in zip(feed, steps):
        try:
            session.check_feeds(values, list(fetch))
        except TrainingInputError as e:
            raise CliError(f"--feed {text}: {e}") from None
    session.check_state()  # before the first op: every persistable read has a value
    history: dict[str, list[np.ndarray]] = {name: [] for name in fetch}
    table = data_table(f"training {program.name}: {len(steps)} steps, path {mode.value}",
                       "step", *(shown(n) for n in fetch))
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
    if as_json != "-":
        console.print(table)
    final = session.persistables()
    if npz_out is not None:
        arrays = {**{n: np.stack(v) for n, v in history.items()},
                  **{f"param:{n}": v for n, v in final.items()}}
        _write_output(npz_out, "--output", lambda f: write_npz(f, arrays))
    written = []
    if save is not None:
        for path_, data in state_file_bytes(save, session.program, final).items():
            _write_output(path_, "--save", data)
            written.append(path_)
            out.print(f"wrote {shown(path_)}", highlight=False, soft_wrap=True)
    if emit is not None:
        emit({"program": str(program), "path": mode.value, "steps": len(steps),
              "fetches": {n: [array_summary(v) for v in vals] for n, vals in history.items()},
              "written": [str(w) for w in written]})


