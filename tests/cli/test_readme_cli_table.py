"""README's CLI table names every verb and every flag the CLI has."""

from __future__ import annotations

from pathlib import Path

import typer

from fluidphi.cli import app

README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_flag_is_in_the_readme_row_of_its_verb() -> None:
    text = README.read_text(encoding="utf-8")
    table = text[text.index("| verb | what it does |"):text.index("`--path auto` takes")]
    rows = {line.split("`")[1].split()[1]: line for line in table.splitlines()
            if line.startswith("| `fluidphi ")}
    group = typer.main.get_command(app)
    missing = []
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        row = rows.get(name)
        if row is None:
            missing.append(f"verb {name}")
            continue
        for param in command.params:
            flags = [o for o in param.opts if o.startswith("--")]
            if flags and not any(f in row for f in flags):
                missing.append(f"{name} {flags[0]}")
    assert "--version" in rows.get("--version", ""), "fluidphi --version"
    assert not missing, missing
