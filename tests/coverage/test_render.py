"""Markdown, HTML (self-contained, sortable, SVG chart), terminal, and the CLI entry."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from compat.coverage.cli_entry import render, run_coverage
from compat.coverage.render_console import print_report
from compat.coverage.render_html import bar_chart
from compat.coverage.report import build_report
from fluidphi.cli import app

ROOT = Path(__file__).resolve().parent.parent.parent


def _doc() -> dict:
    return json.loads(render(build_report([], ROOT / "reports"), "json"))


def test_html_is_one_offline_file_with_sortable_table_and_chart() -> None:
    html = render(_doc(), "html")
    assert html.startswith("<!DOCTYPE html>")
    assert '<table class="sortable" id="ops">' in html and "<script>" in html
    assert html.count("<svg") >= 2 and "Progress by op family" in html
    # nothing is fetched: no src/href to other files and no remote URLs but the SVG namespace
    assert not re.search(r'\s(src|href)\s*=', html)
    assert set(re.findall(r"https?://[^\s\"'<>]+", html)) <= {"http://www.w3.org/2000/svg"}


def test_bar_chart_segments_and_escaping() -> None:
    svg = bar_chart("a<b", [("fam&ly", [(1, "#0f0", "done"), (3, "#ccc", "todo")], 4, "1/4")])
    assert "a&lt;b" in svg and "fam&amp;ly" in svg
    assert svg.count("<rect") == 1 + 2 + 2  # background, two segments, two legend swatches


def test_markdown_tables() -> None:
    md = render(_doc(), "md")
    assert md.startswith("# Migration coverage\n")
    assert "**Migration progress:" in md
    assert "| op type | family | forms |" in md and "### PHI kernels by backend x dtype" in md


def test_console_summary() -> None:
    console = Console(record=True, width=200)
    print_report(_doc(), console)
    text = console.export_text()
    assert "op types" in text and "scale" in text and "migration progress" in text


def test_run_coverage_writes_requested_formats(tmp_path: Path) -> None:
    console = Console(record=True, width=160)
    assert run_coverage([], ["json", "md"], tmp_path, console) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["coverage.json", "coverage.md"]
    assert run_coverage([], ["pdf"], tmp_path, console) == 2


def test_cli_coverage_bad_model_is_one_line_error(tmp_path: Path) -> None:
    res = CliRunner().invoke(app, ["coverage", "--model", str(tmp_path / "nope" / "model"),
                                   "--out", str(tmp_path)])
    assert res.exit_code == 2
    assert "Traceback" not in res.output
