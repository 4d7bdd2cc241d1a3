"""Where `fluidphi coverage` reads the repository's evidence from.

Besides the registries, the report rests on files of the source repository: the last
parity run (``reports/parity.json``), the codemod's report (``reports/migration.json``)
with its reviewed hand edits (``migrate/hand_edits.yaml``), and the grad evidence (the
Paddle-made grad fixtures and the finite-difference cases of the tests). A source checkout
reads them where they are. A built package (wheel) carries a copy of them under
``compat/coverage/bundled/``, at the same relative paths (``setup.py`` copies them at build
time), so an installed fluidphi reports what the repository reports, and its report names
the same sources.

Standard library only: ``setup.py`` loads this file by path, before any dependency is
installed.
"""

from __future__ import annotations

import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
BUNDLE_DIR = "bundled"

# The evidence, relative to the repository root.
PARITY = "reports/parity.json"
MIGRATION = "reports/migration.json"
HAND_EDITS = "migrate/hand_edits.yaml"
GRAD_FIXTURES = "tests/fixtures/grads"
GRAD_CASES_GLOB = "*/cases.json"  # under GRAD_FIXTURES
GRAD_FIXTURE_CASES = f"{GRAD_FIXTURES}/{GRAD_CASES_GLOB}"
FD_CASES_DIR = "tests/api/grad_fd"
FD_CASES_GLOB = "*.py"  # under FD_CASES_DIR: one module per grad family
FD_CASES = f"{FD_CASES_DIR}/{FD_CASES_GLOB}"
#: What a build copies (glob patterns); each must match at least one file.
EVIDENCE = (PARITY, MIGRATION, HAND_EDITS, GRAD_FIXTURE_CASES, FD_CASES)


def evidence_root(here: Path = HERE) -> Path:
    """The copy bundled into an installed package when there is one, else the directory
    holding the packages (the repository root of a source checkout)."""
    bundled = here / BUNDLE_DIR
    return bundled if bundled.is_dir() else here.parent.parent


class MissingEvidenceError(FileNotFoundError):
    """A build without the evidence an installed `fluidphi coverage` needs."""


def evidence_files(root: Path) -> list[str]:
    """Every evidence file under `root`, as relative paths (pattern by pattern, sorted)."""
    found: list[str] = []
    for pattern in EVIDENCE:
        matches = sorted(p.relative_to(root).as_posix() for p in root.glob(pattern)
                         if p.is_file())
        if not matches:
            raise MissingEvidenceError(
                f"{root / pattern}: no such file; building fluidphi needs the repository's "
                f"coverage evidence ({', '.join(EVIDENCE)}) so that an installed "
                "`fluidphi coverage` can report on it")
        found.extend(matches)
    return found


def bundle(root: Path, dest: Path) -> list[Path]:
    """Copy the evidence under `root` to `dest` at the same relative paths; the copies."""
    copies = []
    for name in evidence_files(root):
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / name, target)
        copies.append(target)
    return copies
