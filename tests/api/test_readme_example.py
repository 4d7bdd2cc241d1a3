"""README's generated-API example runs as printed."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_generated_api_example_in_readme_runs() -> None:
    section = README.read_text(encoding="utf-8").split("### The generated PHI API", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None, "README lost its generated-API example"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code.group(1), "README.md", "exec"), {})
    assert "add_grad" in printed.getvalue()
    assert re.search(r"\[\[.*\]\]", printed.getvalue(), re.S)  # the (3, 2) gradient
