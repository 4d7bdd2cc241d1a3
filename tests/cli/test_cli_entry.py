"""`fluidphi VERB ...` builds the command of that verb alone (fluidphi.cli.app_for), and
behaves exactly as the whole app does."""

from __future__ import annotations

import pytest
import typer.main
from typer.testing import CliRunner

from fluidphi.cli import app, app_for

VERBS = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("verb", VERBS)
def test_a_verb_alone_is_the_verb_of_the_whole_app(verb: str) -> None:
    count = len(app.registered_commands)
    narrowed = app_for([verb, "--help"])
    assert list(typer.main.get_command(narrowed).commands) == [verb]  # type: ignore[attr-defined]
    assert len(app.registered_commands) == count  # the whole app is left as it was
    for args in ([verb, "--help"], [verb, "--no-such-option"]):
        alone, whole = CliRunner().invoke(narrowed, args), CliRunner().invoke(app, args)
        assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output)


@pytest.mark.parametrize("args", [[], ["--help"], ["--version"], ["ru"], ["RUN"]])
def test_anything_else_is_parsed_by_the_whole_app(args: list[str]) -> None:
    assert app_for(args) is app
