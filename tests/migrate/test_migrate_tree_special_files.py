"""Files of a package that Python could never import change nothing a kernel reads.

The codemod reads the other modules of a kernel's package (`tree_attributes`: who may set a
class constant; `write_only_counters`: who may read a counter; `tree_operators`: who
registers an op's operator). A FIFO named like a module must not be opened (it would block
the run), and a folder named like one, or a module whose bytes are no valid source, cannot
run: none of them may turn a kernel's row into a refusal. Each corpus package is read twice,
as it is and with those files added, and must give the same row for every kernel."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from migrate_helpers import REPO, copy_package


def _rows(root: Path, package: str) -> dict[tuple[str, str], tuple[str, str]]:
    out = root / "rows.json"
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{root}", "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run([sys.executable, "-m", "fluidphi", "migrate", package, f"--json={out}"],
                   cwd=root, env=env, capture_output=True, timeout=600, check=False)
    doc = json.loads(out.read_text())
    return {(Path(r["file"]).name, r["kernel"]): (r["status"], r["reason"])
            for r in doc["kernels"]}


@pytest.mark.parametrize("package", ["pkg_ranges", "pkg_counters"])
def test_files_python_cannot_import_leave_every_row_as_it_was(tmp_path: Path,
                                                              package: str) -> None:
    plain = _rows(copy_package(tmp_path / "plain", package).parent, package)
    pkg = copy_package(tmp_path / "odd", package)
    os.mkfifo(pkg / "pipe_op.py")
    (pkg / "latin_op.py").write_bytes(b"NAMES = '\xe9'\n")  # latin-1 without a coding line
    (pkg / "folder_op.py").mkdir()
    (pkg / "broken_op.py").write_text("def (:\n")
    odd = _rows(pkg.parent, package)
    assert plain and odd == plain
