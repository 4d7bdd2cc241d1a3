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


def test_phi_imports_nothing_of_the_upper_layers() -> None:
    """phi/ is the bottom layer; legacy_fluid/ may use phi/ but not compat/ or migrate/."""
    rules = {"phi": ("legacy_fluid", "compat", "migrate", "cli"),
             "legacy_fluid": ("compat", "migrate", "cli")}
    offenders = []
    for package, banned in rules.items():
        for path in (ROOT / package).rglob("*.py"):
            for line in path.read_text(encoding="utf-8").splitlines():
                words = line.strip().split()
                if len(words) >= 2 and words[0] in ("import", "from"):
                    top = words[1].split(".")[0]
                    if top in banned:
                        offenders.append(f"{path.relative_to(ROOT)}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
