"""Every kernel class a corpus package or module really registers has a row of the report,
under the module-level name it is bound to (a class of a class statement's body: its dotted
path, `RollOp.Kernel`): the package is imported (in a subprocess) and
each class the legacy kernel registry holds for it is looked up among the names its
modules bind by a class statement or an assignment (a factory's or `type(...)`'s class
included); the codemod's dry run (no verify) over a copy of the whole corpus must give each
of them a row, whatever its status."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from migrate_helpers import CORPUS, JOBS, console, run_script

from migrate.cli_entry import run_migrate

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
# modules of the corpus written to fail on import (they register nothing)
BROKEN = {"pkg_unread.broken", "pkg_liveproto.native"}
top = importlib.import_module(target)
mods = [top] + [importlib.import_module(i.name) for i in pkgutil.walk_packages(
    getattr(top, "__path__", []), target + ".") if i.name not in BROKEN]
named, homeless = set(), []
for cls in {id(c): c for c in OP_KERNELS.values()}.values():
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

TARGETS = sorted(p.stem if p.suffix == ".py" else p.name for p in CORPUS.iterdir()
                 if (p.suffix == ".py" or (p / "__init__.py").is_file())
                 and not p.name.startswith("_"))


@pytest.fixture(scope="module")
def corpus_rows(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, set[tuple[str, str]]]:
    root = tmp_path_factory.mktemp("corpus") / "corpus"
    shutil.copytree(CORPUS, root, ignore=shutil.ignore_patterns("__pycache__", "*.md"))
    out = root.parent / "rows.json"
    run_migrate([root], write=False, verify=False, json_path=out, console=console(),
                jobs=JOBS)
    rows = set()
    for r in json.loads(out.read_text())["kernels"]:
        path = Path(r["file"])
        path = path if path.is_absolute() else Path.cwd() / path
        rows.add((str(path.resolve().relative_to(root.resolve())), r["kernel"]))
    return root, rows


@pytest.mark.parametrize("target", TARGETS)
def test_every_registered_kernel_class_has_a_row(corpus_rows: tuple[Path, set[tuple[str, str]]],
                                                  target: str) -> None:
    root, rows = corpus_rows
    got = run_script(_REGISTERED, str(root), target)
    registered = {tuple(n) for n in got["named"]}
    assert registered, f"{target} registers no kernel class"
    assert got["homeless"] == []
    assert registered - rows == set()
