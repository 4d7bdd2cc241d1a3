"""reports/ is current: regenerating it with the recorded command changes no byte."""

from __future__ import annotations

import itertools
import json
import shlex
import subprocess
import sys
from pathlib import Path

from compat.coverage.cli_entry import FILE_NAMES
from compat.coverage.validate import validate

ROOT = Path(__file__).resolve().parent.parent.parent
REPORTS = ROOT / "reports"
HINT = "reports/ is stale: regenerate it with the command in reports/README.md"


def test_committed_reports_are_current(tmp_path: Path) -> None:
    committed = json.loads((REPORTS / "coverage.json").read_text(encoding="utf-8"))
    assert validate(committed) == []
    args = shlex.split(committed["command"])
    assert args[:2] == ["fluidphi", "coverage"]
    models = [a for prev, a in itertools.pairwise(args) if prev == "--model"]
    models_dir = ROOT / "tests/fixtures/models"
    on_demand = {line.strip().strip("/") for line in
                 (models_dir / ".gitignore").read_text(encoding="utf-8").splitlines()}
    fixtures = sorted(p.parent.relative_to(ROOT).as_posix() + "/model"
                      for p in models_dir.glob("*/model.pdmodel")
                      if p.parent.name not in on_demand)  # generator-made, never committed
    assert models == fixtures, "reports/ must cover every fixture model, in sorted order"
    readme = (REPORTS / "README.md").read_text(encoding="utf-8")
    assert committed["command"] in readme, "reports/README.md must give the command"
    cmd = [sys.executable, "-m", "fluidphi", *args[1:], "--format", "md", "--format", "json",
           "--format", "html", "--out", str(tmp_path)]
    res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300,
                         check=False)
    assert res.returncode == 0, res.stdout + res.stderr
    for name in FILE_NAMES.values():
        fresh = (tmp_path / name).read_bytes()
        assert fresh == (REPORTS / name).read_bytes(), f"{name}: {HINT}"
