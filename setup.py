"""Build hook (the project's metadata is in pyproject.toml).

A built package carries a copy of the repository files `fluidphi coverage` reads as evidence
(the last parity run, the codemod's report and hand edits, the grad evidence), under
compat/coverage/bundled/: see compat/coverage/sources.py. An editable install reads them
from the source tree instead.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _sources() -> ModuleType:  # by path: the dependencies may not be installed yet
    spec = importlib.util.spec_from_file_location("_fluidphi_coverage_sources",
                                                  ROOT / "compat" / "coverage" / "sources.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildPyWithEvidence(build_py):
    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            sources = _sources()
            dest = Path(self.build_lib) / "compat" / "coverage" / sources.BUNDLE_DIR
            sources.bundle(ROOT, dest)


setup(cmdclass={"build_py": BuildPyWithEvidence})
