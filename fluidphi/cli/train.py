"""The train verb: a legacy training program run step by step."""

from __future__ import annotations

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


def _read_npz(path: Path, what: str) -> dict[str, np.ndarray]:
    if not path.is_file():
        raise CliError(f"{what} '{path}' does not exist (expected an .npz keyed by name)")
    try:
        with np.load(path, allow_pickle=False) as npz:
            return {k: npz[k] for k in npz.files}
    except (OSError, ValueError) as exc:
        raise CliError(f"{what} '{path}' is not a readable .npz ({exc})") from None


@verb()
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
        metavar="FILE", help="write NAME (per-step values stacked) and param:NAME (every "
        "persistable after the last step) to this .npz")] = None,
    save: Annotated[str | None, typer.Option(
        metavar="PREFIX", help="write the persistables after the last step as PREFIX.pdparams / "
        "PREFIX.pdopt (paddle.static.save's format)")] = None,
    path: Annotated[
        PathMode, typer.Option(help="PHI kernels where possible, or PHI / legacy only")
    ] = PathMode.AUTO,
    as_json: JsonOption = None,
) -> None:
    """Run a legacy training program one step per --feed file, as paddle.static would."""
    from rich.progress import Progress

    from compat.npz_out import check_npz_names, write_npz
    from compat.run_report import array_summary
    from compat.training import open_session, save_state

    mode = path
    npz_out = _npz_output(output)
    _check_outputs(*((Path(f"{save}{ext}"), "--save", None) for ext in (".pdparams", ".pdopt")
                     if save is not None))
    if npz_out is not None:
        check_npz_names(fetch, "--output")
    emit = _json_sink(as_json)
    out = err_console if as_json == "-" else console  # stdout holds the JSON alone
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
    written = [] if save is None else save_state(save, session.program, final)
    for w in written:
        out.print(f"wrote {shown(w)}", highlight=False, soft_wrap=True)
    if emit is not None:
        emit({"program": str(program), "path": mode.value, "steps": len(steps),
              "fetches": {n: [array_summary(v) for v in vals] for n, vals in history.items()},
              "written": [str(w) for w in written]})


