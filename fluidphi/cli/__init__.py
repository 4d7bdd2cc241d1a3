"""`fluidphi`: run, train, check, inspect, kernels, migrate, coverage, bench."""

from __future__ import annotations

import copy
import sys
from typing import Annotated

import typer
from typer.main import get_command_name

from fluidphi.cli import model_verbs, tools, train  # noqa: F401  (they register the verbs)
from fluidphi.cli.common import app, console, err_console

__all__ = ["app", "console", "err_console", "main"]


def _version(value: bool) -> None:
    if value:
        from fluidphi import __version__

        typer.echo(f"fluidphi {__version__}")
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


def app_for(args: list[str]) -> typer.Typer:
    """The app to parse `args` with: when they start with a verb, the app holding that
    verb alone (Typer builds a command from each verb's signature on every start, and a
    run needs one); otherwise, and for anything else, the whole app."""
    if not args:
        return app
    for info in app.registered_commands:
        name = info.name or get_command_name(info.callback.__name__)  # type: ignore[union-attr]
        if name == args[0]:
            narrowed = copy.copy(app)
            narrowed.registered_commands = [info]
            return narrowed
    return app


def main() -> None:
    app_for(sys.argv[1:])(prog_name="fluidphi")
