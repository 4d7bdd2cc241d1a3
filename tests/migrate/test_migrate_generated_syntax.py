"""Every text the codemod generates parses on Python 3.9-3.11 (issue 23, cm42).

Before Python 3.12 an f-string field may hold neither a backslash nor the quote of an
f-string around it; a value substituted into one (a lifted helper's slot parameter, the
op's name for `ctx.op_type`, a class constant) once wrote `f"[team] {"op"}: ..."` and lost
every kernel of its module. Here the whole corpus is written (`--write --no-verify` on a
copy, which writes what a dry run shows) and every module of it, written or not, is
parsed as Python 3.9 reads it; no row says that generated code does not parse.
"""

from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

from migrate_helpers import CORPUS, console

from migrate.cli_entry import run_migrate


def test_every_generated_text_of_the_corpus_parses_on_python_3_9(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS, root, ignore=shutil.ignore_patterns("__pycache__", "*.md"))
    before = {p: p.read_text() for p in root.rglob("*.py")}
    out = tmp_path / "rows.json"
    run_migrate([root], write=True, verify=False, json_path=out, console=console())
    rows = json.loads(out.read_text())["kernels"]
    assert not [r for r in rows if "does not parse" in (r["reason"] or "")]
    written = [p for p in root.rglob("*.py") if p.read_text() != before.get(p)]
    assert len(written) > 20, written  # the corpus migrates: the check reads new text
    for path in sorted(root.rglob("*.py")):
        ast.parse(path.read_text(), str(path), feature_version=(3, 9))
