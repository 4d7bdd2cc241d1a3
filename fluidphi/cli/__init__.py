"""`fluidphi`: run, train, check, inspect, kernels, migrate, coverage, bench."""

from __future__ import annotations

from typing import Annotated

import typer

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


def main() -> None:
    app(prog_name="fluidphi")
