"""`fluidphi coverage`: write coverage.md / .json / .html and print the summary tables."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console

from compat.terminal import print_error
from legacy_fluid.io.atomic_write import atomic_write_text

FORMATS = ("md", "json", "html")
FILE_NAMES = {"md": "coverage.md", "json": "coverage.json", "html": "coverage.html"}
FIXTURES = Path("tests/fixtures/models")


def default_models() -> list[str]:
    """The public fixture models (relative to the current directory), when there are any."""
    if not FIXTURES.is_dir():
        return []
    return [(p / "model").as_posix() for p in sorted(FIXTURES.iterdir())
            if (p / "model.pdmodel").is_file()]


def render(doc: dict[str, Any], fmt: str) -> str:
    if fmt == "json":
        return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    if fmt == "md":
        from compat.coverage.render_md import render_markdown

        return render_markdown(doc)
    from compat.coverage.render_html import render_html

    return render_html(doc)


def run_coverage(models: list[str], formats: list[str], out: Path, console: Console,
                 refresh_parity: bool = False, *, table: bool = False,
                 err_console: Console | None = None,
                 emit: Callable[[dict[str, Any]], None] | None = None) -> int:
    """Build the report for `models` (default: the fixture models) and write `formats` to `out`.

    The terminal gets the headline, the verdict per model and the blockers; the
    full per-op table too with `table`. Errors go to `err_console` (stderr). `emit`, when
    given, receives the report (what coverage.json holds; `--json`).
    """
    from compat.coverage.facts import collect_facts
    from compat.coverage.parity import refresh_parity as refresh
    from compat.coverage.render_summary import print_summary
    from compat.coverage.report import build_report, load_inputs
    from compat.coverage.validate import validate

    err_console = err_console or Console(stderr=True)
    bad = [f for f in formats if f not in FORMATS]
    if bad:
        print_error(err_console, f"--format {', '.join(bad)}: expected md, json or html")
        return 2
    if not models:
        found = default_models()
        where = FIXTURES.as_posix()
        console.print(f"no --model given: reporting on the {len(found)} fixture models in "
                      f"{where} ({', '.join(Path(m).parent.name for m in found)})" if found
                      else f"no --model given and no fixture models in ./{where}: reporting on "
                      "op types and kernels only", highlight=False, soft_wrap=True)
        models = found
    if refresh_parity:
        path = out / "parity.json"
        with console.status("running parity checks (legacy vs PHI per op and dtype)..."):
            refresh(collect_facts().values(), path)
        console.print(f"parity results written to {path.as_posix()}", highlight=False)
    doc = build_report(models, out, load_inputs(out))
    problems = validate(json.loads(render(doc, "json")))
    if problems:  # a bug in the report builder, not in the user's input
        print_error(err_console, "the report does not match compat/coverage/schema.json: "
                    + "; ".join(problems[:5]))
        return 1
    print_summary(doc, console, table=table)
    if emit is not None:
        emit(doc)
    written = []
    for fmt in dict.fromkeys(formats):
        path = out / FILE_NAMES[fmt]
        atomic_write_text(path, render(doc, fmt))
        written.append(path.as_posix())
    console.print("wrote " + ", ".join(written), highlight=False, soft_wrap=True)
    return 0
