"""The quick coercion of option values (fluidphi/cli/coercion.py) gives what Typer's own
gives for every option of every verb, and leaves to Typer whatever it cannot vouch for."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

import pytest
import typer.main
from typer._click import Context
from typer._click.exceptions import BadParameter
from typer._coercion import build_runtime_param

from fluidphi.cli import app
from fluidphi.cli.coercion import _UNSURE, QuickCoercion, install_quick_coercion

SAMPLES: dict[Any, list[Any]] = {
    str: ["x", "", "-", "a b", "ü"],
    Path: ["a/b", "", ".", Path("c"), "x.npz"],
    int: ["0", "1", "-1", "007", "+5", " 5", "1_000", "9" * 30, "1.0", "x", 0, 5, -3,
          True, 2.0],
    float: ["1.5", "x", 2],
    bool: [True, False, "true"],
}


def _samples(leaf: Any) -> list[Any]:
    if isinstance(leaf, type) and issubclass(leaf, Enum):
        return [*leaf, *(m.value for m in leaf), *(str(m.value).upper() for m in leaf), "nope"]
    return SAMPLES.get(leaf, ["x"])


def _params() -> list[tuple[Any, Any]]:
    group = typer.main.get_command(app)
    found = [(group, p) for p in group.params]
    for command in group.commands.values():  # type: ignore[attr-defined]
        found += [(command, p) for p in command.get_params(Context(command))]
    return [(c, p) for c, p in found if hasattr(p, "type_descriptor")]


def _full(param: Any, command: Any, value: Any) -> Any:
    try:
        return build_runtime_param(param.type_descriptor).coerce(value, param=param,
                                                                 ctx=Context(command))
    except BadParameter:
        return BadParameter


@pytest.mark.parametrize(("command", "param"), _params(),
                         ids=lambda x: getattr(x, "name", None) or "app")
def test_quick_and_typer_coercion_agree(command: Any, param: Any) -> None:
    desc = param.type_descriptor
    quick = QuickCoercion(desc, build_runtime_param)
    is_list = get_origin(desc.annotation) is list
    leaf = get_args(desc.annotation)[0] if is_list else desc.annotation
    values = _samples(leaf)
    cases = [[v] for v in values] + [values, tuple(values[:2]), "x", None] if is_list \
        else [*values, None]
    multiple = bool(param.multiple or param.nargs == -1)
    vouched = 0
    for value in cases:
        mine = quick.quick(value, multiple)
        if mine is _UNSURE:
            continue
        vouched += 1
        theirs = _full(param, command, value)
        assert theirs is not BadParameter, (param.name, value, mine)
        assert mine == theirs and type(mine) is type(theirs), (param.name, value, mine, theirs)
        if isinstance(mine, list):
            assert [type(v) for v in mine] == [type(v) for v in theirs]
    assert vouched  # None at least


def test_every_plain_parameter_gets_the_quick_coercion() -> None:
    params = _params()
    for _, param in params:
        param._runtime_param = None
    install_quick_coercion([p for _, p in params])
    quick = [p.name for _, p in params if isinstance(p._runtime_param, QuickCoercion)]
    assert {"model", "input", "path", "warm_runs", "place", "help"} <= set(quick)


@pytest.mark.parametrize("args", [["--warm-runs", "-1"], ["--path", "nope"],
                                  ["--max-loop-iters", "1.5"], ["--input"]])
def test_a_bad_value_gets_typers_own_message(tmp_path: Path, args: list[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    command = ["run", str(tmp_path / "m"), *args]
    quick = CliRunner().invoke(app, command)
    monkeypatch.setattr("fluidphi.cli.common.install_quick_coercion", lambda params: None)
    typers = CliRunner().invoke(app, command)
    assert quick.exit_code == typers.exit_code == 2
    assert quick.output == typers.output
