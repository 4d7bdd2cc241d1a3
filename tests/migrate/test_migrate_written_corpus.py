"""The corpus written: every corpus module and package (tests/migrate/corpus) that no package
test of its own writes (`test_migrate_package_<name>.py` calling `write_copy`, whose
`write_tree` keeps the same three rules: `migrate_helpers.assert_written_rules`), and the
packages the tests below read, each by its own `--write --no-verify` run on a copy (the
text written is the text verify checks; a dry run shows the same), is read three ways.

* Every text the codemod generates parses on Python 3.9-3.11 (issue 23, cm42): before
  Python 3.12 an f-string field may hold neither a backslash nor the quote of an f-string
  around it; a value substituted into one (a lifted helper's slot parameter, the op's name
  for `ctx.op_type`, a class constant) once wrote `f"[team] {"op"}: ..."` and lost every
  kernel of its module. No row says that generated code does not parse.
* Every kernel class a corpus package or module really registers has a row, under the
  module-level name it is bound to (a class of a class statement's body: its dotted path,
  `RollOp.Kernel`): the original package is imported (in a subprocess) and each class the
  legacy kernel registry holds for it is looked up among the names its modules bind by a
  class statement or an assignment (a factory's or `type(...)`'s class included).
* The write leaves no import the rewrite made unused: ruff's F401 reports nothing on the
  written copy that it did not report on the original. An import some removed code alone
  read goes; one another module imports from this one stays as an explicit re-export
  (`X as X`); one whose module registers ops when imported (and nothing else imports it)
  stays, marked `# noqa: F401` with why.

One write of these entries serves the three (it is the slow part); the other entries are
written, and checked alike, by their own tests.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import CORPUS, console, run_script

from migrate.cli_entry import run_migrate
from migrate.import_effects import KEPT_COMMENT

#: corpus entries written: minutes (started first: tests/conftest.py)
pytestmark = pytest.mark.heavy

RUFF = Path(sys.executable).parent / "ruff"
TESTS = Path(__file__).parent


def written_elsewhere(entry: str) -> bool:
    """Whether a package test of `entry`'s own writes it (`write_copy` of its name)."""
    test = TESTS / f"test_migrate_package_{entry.removeprefix('pkg_')}.py"
    text = test.read_text() if entry.startswith("pkg_") and test.is_file() else ""
    return "write_copy(" in text and f'"{entry}"' in text


#: the corpus's modules and packages (`pkg_*`)
ALL_ENTRIES = sorted(p.name for p in CORPUS.iterdir()
                     if p.name.endswith(".py") or p.name.startswith("pkg_"))
#: the packages the tests below read written
READ_HERE = frozenset({"pkg_team", "pkg_regs", "pkg_slots", "pkg_reexport", "pkg_studio"})
#: the entries written here, each on its own
ENTRIES = [e for e in ALL_ENTRIES if e in READ_HERE or not written_elsewhere(e)]
#: what each entry is imported as
TARGETS = sorted(name.removesuffix(".py") for name in ENTRIES)

#: imports the package or module argv[2] from root argv[1]; prints the (file relative to
#: root, module-level name) of each kernel class it registered (its class statement, else
#: the assignments binding it: a factory's class, not a re-export; else a class statement
#: of its name that its module rebound), and the classes of it bound to no such name
_REGISTERED = r'''
import importlib, json, pkgutil, re, sys
from pathlib import Path
root, target = Path(sys.argv[1]), sys.argv[2]
sys.path.insert(0, str(root))
from legacy_fluid.framework.op_kernel import OP_KERNELS
from phi.core.registry import watching_additions
# modules of the corpus written to fail on import (they register nothing)
BROKEN = {"pkg_unread.broken", "pkg_liveproto.native"}
added = []  # the legacy kernels importing the target registers (fluidphi's own stay lazy)
with watching_additions(lambda registry, key: added.append(key) if registry is OP_KERNELS
                        else None):
    top = importlib.import_module(target)
    mods = [top] + [importlib.import_module(i.name) for i in pkgutil.walk_packages(
        getattr(top, "__path__", []), target + ".") if i.name not in BROKEN]
named, homeless = set(), []
for cls in {id(c): c for c in (OP_KERNELS[k] for k in added)}.values():
    homes = {"class": set(), "assigned": set()}  # a class statement, else an assignment
    for mod in mods:
        text = Path(mod.__file__).read_text()
        for name, value in vars(mod).items():
            for kind, spelled in (("class", rf"^class {name}\b"), ("assigned", rf"^{name}\s*=")):
                if value is cls and re.search(spelled, text, re.M):
                    homes[kind].add((str(Path(mod.__file__).relative_to(root)), name))
    homes = homes["class"] or homes["assigned"]
    home = sys.modules.get(cls.__module__)
    if not homes and cls.__module__.split(".")[0] == target and home is not None and re.search(
            rf"^class {cls.__name__}\b", Path(home.__file__).read_text(), re.M):
        # a class statement whose name the module no longer binds to it (a decorator
        # handing back something else): the row goes by the statement's name
        homes = {(str(Path(home.__file__).relative_to(root)), cls.__name__)}
    outer = cls.__qualname__.partition(".")[0]
    if not homes and cls.__module__.split(".")[0] == target and home is not None and re.search(
            rf"^class {outer}\b", Path(home.__file__).read_text(), re.M) and "<" not in \
            cls.__qualname__:  # a class of a class statement's body: its dotted path
        homes = {(str(Path(home.__file__).relative_to(root)), cls.__qualname__)}
    named |= homes
    if not homes and cls.__module__.split(".")[0] == target:
        homeless.append(cls.__qualname__)
print(json.dumps({"named": sorted(named), "homeless": homeless}))
'''


def _f401(root: Path) -> set[tuple[str, str]]:
    done = subprocess.run([str(RUFF), "check", "--isolated", "--select", "F401",
                           "--output-format", "json", "--exit-zero", str(root)],
                          capture_output=True, text=True, timeout=120, check=True)
    return {(Path(d["filename"]).relative_to(root).as_posix(), d["message"])
            for d in json.loads(done.stdout)}


def _copy(name: str, root: Path) -> Path:
    copy = root / name
    if (CORPUS / name).is_dir():
        shutil.copytree(CORPUS / name, copy, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        root.mkdir(parents=True, exist_ok=True)
        shutil.copy(CORPUS / name, copy)
    return copy


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """`original`: a copy of the corpus; `written`: another, each entry written by its own
    run; `rows`: every row of those runs, as JSON."""
    base = tmp_path_factory.mktemp("written")
    original, written = base / "original", base / "written"
    rows: list[dict[str, Any]] = []
    for name in ENTRIES:
        _copy(name, original)
        out = base / f"{name}.rows.json"
        # one process: an entry is a few files, and the suite's other worker is busy
        run_migrate([_copy(name, written)], write=True, verify=False, json_path=out,
                    console=console())
        rows.extend(json.loads(out.read_text())["kernels"])
    return {"original": original, "written": written, "rows": rows}


@pytest.fixture(scope="module")
def written(corpus: dict[str, Any]) -> Path:
    return corpus["written"]


def test_every_generated_text_of_the_corpus_parses_on_python_3_9(corpus: dict[str, Any]
                                                                  ) -> None:
    assert not [r for r in corpus["rows"] if "does not parse" in (r["reason"] or "")]
    root, original = corpus["written"], corpus["original"]
    changed = [p for p in root.rglob("*.py")
               if p.read_text() != (original / p.relative_to(root)).read_text()]
    assert len(changed) > 10, changed  # the corpus migrates: the check reads new text
    for path in sorted(root.rglob("*.py")):
        ast.parse(path.read_text(), str(path), feature_version=(3, 9))


@pytest.fixture(scope="module")
def row_names(corpus: dict[str, Any]) -> set[tuple[str, str]]:
    """(file relative to the corpus root, kernel) of every row."""
    root = corpus["written"].resolve()
    names = set()
    for r in corpus["rows"]:
        path = Path(r["file"])
        path = path if path.is_absolute() else Path.cwd() / path
        names.add((str(path.resolve().relative_to(root)), r["kernel"]))
    return names


@pytest.mark.parametrize("target", TARGETS)
def test_every_registered_kernel_class_has_a_row(corpus: dict[str, Any],
                                                  row_names: set[tuple[str, str]],
                                                  target: str) -> None:
    got = run_script(_REGISTERED, str(corpus["original"]), target)
    registered = {tuple(n) for n in got["named"]}
    assert registered, f"{target} registers no kernel class"
    assert got["homeless"] == []
    assert registered - row_names == set()


def test_every_entry_is_written_here_or_by_its_own_package_test() -> None:
    elsewhere = [e for e in ALL_ENTRIES if e not in ENTRIES]
    assert len(elsewhere) > 50 and all(e.startswith("pkg_") for e in elsewhere), elsewhere
    assert set(ENTRIES) | set(elsewhere) == set(ALL_ENTRIES)
    for entry in elsewhere:  # its test writes it through write_tree, keeping the rules
        text = (TESTS / f"test_migrate_package_{entry.removeprefix('pkg_')}.py").read_text()
        assert "import" in text and "write_copy" in text


def test_ruff_is_there() -> None:
    assert RUFF.is_file(), f"ruff is not next to {sys.executable}: install the test extra"


def test_no_new_unused_import(corpus: dict[str, Any]) -> None:
    written, original = corpus["written"], corpus["original"]
    changed = {p.relative_to(written).as_posix() for p in written.rglob("*.py")
               if p.read_text() != (original / p.relative_to(written)).read_text()}
    assert len(changed) >= 10, changed  # the write did rewrite the corpus
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
