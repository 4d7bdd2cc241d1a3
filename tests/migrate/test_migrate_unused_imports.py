"""`--write` leaves no import the rewrite made unused: ruff's F401 reports nothing on a
migrated copy of any corpus module or package that it did not report on the original.

An import some removed code alone read goes; one another module imports from this one
stays as an explicit re-export (`X as X`); one whose module registers ops when imported
(and nothing else imports it) stays, marked `# noqa: F401` with why.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from migrate_helpers import CORPUS, JOBS, console

from migrate.cli_entry import run_migrate
from migrate.import_effects import KEPT_COMMENT

RUFF = Path(sys.executable).parent / "ruff"
ENTRIES = sorted(p.name for p in CORPUS.iterdir()
                 if p.name.endswith(".py") or p.name.startswith("pkg_"))


def _f401(root: Path) -> set[tuple[str, str]]:
    done = subprocess.run([str(RUFF), "check", "--isolated", "--select", "F401",
                           "--output-format", "json", "--exit-zero", str(root)],
                          capture_output=True, text=True, timeout=120, check=True)
    return {(Path(d["filename"]).relative_to(root).as_posix(), d["message"])
            for d in json.loads(done.stdout)}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every corpus module and package, each written by its own `--write` run (no
    verify: the text written is the text verify checks)."""
    root = tmp_path_factory.mktemp("unused")
    for name in ENTRIES:
        copy = root / name
        if (CORPUS / name).is_dir():
            shutil.copytree(CORPUS / name, copy, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(CORPUS / name, copy)
        run_migrate([copy], write=True, verify=False, console=console(), jobs=JOBS)
    return root


def test_ruff_is_there() -> None:
    assert RUFF.is_file(), f"ruff is not next to {sys.executable}: install the test extra"


def test_no_new_unused_import(written: Path, tmp_path: Path) -> None:
    original = tmp_path / "original"
    for name in ENTRIES:
        if (CORPUS / name).is_dir():
            shutil.copytree(CORPUS / name, original / name,
                            ignore=shutil.ignore_patterns("__pycache__"))
        else:
            original.mkdir(exist_ok=True)
            shutil.copy(CORPUS / name, original / name)
    changed = {p.relative_to(written).as_posix() for p in written.rglob("*.py")
               if p.read_text() != (original / p.relative_to(written)).read_text()}
    assert len(changed) >= 20, changed  # the write did rewrite the corpus
    assert _f401(written) - _f401(original) == set()


def test_import_only_removed_code_read_goes(written: Path) -> None:
    # `from . import common as cm`: common.py defines constants and a function only
    modes = (written / "pkg_team" / "modes.py").read_text()
    assert "cm.FLOAT_TYPES" not in modes and "\nfrom . import common" not in modes
    # `from .common import INTS, REAL, register_all`, all three read by removed calls
    assert "from .common import" not in (written / "pkg_regs" / "helped.py").read_text()
    # `from ..core.dtypes import REAL`: `from ..core import *` still runs core/dtypes.py
    helped = (written / "pkg_slots" / "ops" / "helped.py").read_text()
    assert "from ..core import *" in helped and "from ..core.dtypes import" not in helped


def test_import_another_module_reads_stays_a_reexport(written: Path) -> None:
    # dynamic.py reads `compose.FLOAT_TYPES`; compose.py no longer does
    compose = (written / "pkg_team" / "compose.py").read_text()
    assert "from .common import FLOAT_TYPES as FLOAT_TYPES\n" in compose
    # star.py star-imports neg.py (no `__all__`), which binds register_op_kernel there
    neg = (written / "pkg_reexport" / "neg.py").read_text()
    assert "register_op_kernel as register_op_kernel" in neg


def test_import_of_a_registering_module_stays(written: Path) -> None:
    # importing math/scaled.py registers its ops, and nothing else shifted.py imports does
    shifted = (written / "pkg_studio" / "nn" / "shifted.py").read_text()
    assert f"from ..math import scaled  {KEPT_COMMENT}\n" in shifted
    assert "class ShiftedScaleKernel" not in shifted
