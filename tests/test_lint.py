"""The tree stays ruff-clean (ruff ships with the `test` extra)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    res = subprocess.run([ruff, "check", "--no-cache", "."], cwd=ROOT, capture_output=True,
                         text=True, check=False)
    assert res.returncode == 0, res.stdout[-4000:] + res.stderr[-2000:]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0].strip() for b in readme.split("```sh\n")[1:]]
    test_cmd = next(b for b in blocks if "pytest" in b)
    ci_lines = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
                if line.strip() and not line.startswith(("#", "set ", "cd "))]
    assert ci_lines == [test_cmd]


def test_no_machine_specific_paths_in_text_files() -> None:
    """Commands, messages and docs name portable paths, never a developer machine's
    (its work folder, a venv's absolute interpreter)."""
    machine = "/" + "work" + "/"  # spelt so that this file does not match
    suffixes = {".py", ".md", ".toml", ".json", ".txt", ".cfg", ".ini", ".yml", ".yaml"}
    found = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if path.suffix not in suffixes or any(p.startswith(".") or p in ("build", "dist")
                                              or "venv" in p for p in rel.parts[:-1]):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{rel}:{n}" for n, line in enumerate(text.splitlines(), 1)
                  if machine in line]
    assert found == [], f"machine-specific paths: {found[:20]}"
