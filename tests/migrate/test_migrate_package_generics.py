"""The codemod on kernels inheriting their compute from a generic base of another module
whose module reads names bound once to values computed at import (tests/migrate/corpus/
pkg_generics, issue 23, cm51): `stats/params.py`'s `ParamKernel(OpKernel, Generic[P])`
logs through `log = logging.getLogger(__name__)` and names `P = TypeVar("P",
bound=AxisParams)`; `stats/kernels.py`'s `ScaleKernel(ParamKernel[ScaleParams])` and
`ShiftKernel` migrate, importing `log` (and `P`, which the lifted helper's annotation
names) from `.params`: the very objects the base reads (bound once, nothing rebinding them).
Negative twins, refused naming the rebinding: a logger a function rebinds through
`global` (`global_params.py`), a type variable another module's attribute store rebinds
(`tuning.py` on `attr_params.py`), a logger bound in an `if` (`if_params.py`); and, in
trees of their own, a module object handed on, a `del` in a function, a binding in an `if`.

After `--write` (verify on) every module still imports and every op computes what it
computed before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_module_rows,
    assert_ops_as_before,
    console,
    copy_package,
    run_package_ops,
    run_script,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_generics"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
_GLOBAL = ("inherits from GlobalLogKernel (stats/global_params.py), which reads 'log', state "
           "of its module ('log' is bound more than once in its module (`log = "
           "logging.getLogger(\"quiet\")`))")
_ATTR = ("inherits from AttrTypedKernel (stats/attr_params.py), which reads 'P', state of its "
         "module (module attr_params has its namespace changed dynamically (`attr_params.P = "
         "TypeVar(\"P\", bound=float)` in tuning.py line 11)")
_GATED = ("inherits from GatedLogKernel (stats/if_params.py), which reads 'log': state of its "
          "module (`log = logging.getLogger(__name__)` is bound inside a top-level `if` "
          "statement)")
EXPECTED = {
    "kernels.py": {
        "ScaleKernel": ("migrated", "gn_scale", "migrated; class kept for ", _FLOATS),
        "ShiftKernel": ("migrated", "gn_shift", "migrated; class kept for ", _FLOATS),
    },
    "twins.py": {
        "GlobalScaleKernel": ("skipped", "gn_global", _GLOBAL, {}),
        "AttrScaleKernel": ("skipped", "gn_attr", _ATTR, {}),
        "GatedScaleKernel": ("skipped", "gn_gated", _GATED, {}),
    },
}
LEGACY = frozenset({"gn_global", "gn_attr", "gn_gated"})
CASES = {op: [{}, {"scale": -1.5}] for op in ("gn_scale", "gn_shift", *sorted(LEGACY))}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, ["pkg_generics.stats"], CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("generics"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_inherited_compute_imports_the_logger_its_base_module_binds(
        written: dict[str, Any]) -> None:
    stats = written["pkg"] / "stats"
    kernels = (stats / "kernels.py").read_text()
    assert "from .params import AxisParams, P, ParamKernel, ParamMaker, ParamOp, log\n" in kernels
    assert kernels.count('    log.debug("scaling by %s", scale)\n') == 2
    # the lifted helper's annotation names the type variable, imported like any read
    assert "def _shifted(data, params: P | None = None):\n" in kernels
    # the base's module is only read; the twins' modules are untouched
    for name in ("params.py", "global_params.py", "attr_params.py", "if_params.py",
                 "twins.py", "tuning.py"):
        assert (stats / name).read_text() == (Path(__file__).parent / "corpus" / PACKAGE /
                                              "stats" / name).read_text(), name


_SAME_LOGGER = """
import importlib, json, logging, sys
sys.path.insert(0, sys.argv[1])
kernels = importlib.import_module("pkg_generics.stats.kernels")
params = importlib.import_module("pkg_generics.stats.params")
print(json.dumps([kernels.log is params.log, params.log is logging.getLogger(params.__name__),
                  kernels.gn_scale_kernel.__module__]))
"""


def test_the_imported_logger_is_the_object_the_base_module_reads(written: dict[str, Any]
                                                                  ) -> None:
    same = run_script(_SAME_LOGGER, str(written["pkg"].parent))
    assert same == [True, True, "pkg_generics.stats.kernels"]


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before = assert_ops_as_before(written)
    assert before["gn_scale {}"] != before["gn_shift {}"] != before["gn_scale {'scale': -1.5}"]


_TOP = "log = logging.getLogger(__name__)\n"
_DEL = _TOP + "\n\ndef forget():\n    global log\n    del log\n"
_CONST_IF = "if True:\n    log = logging.getLogger(__name__)\n"


@pytest.mark.parametrize(("params_log", "tuning", "reason"), [
    (_TOP, "from . import params\nm = params\n",
     "module params is handed on (`m = params` in pkg_generics/stats/tuning.py), where its "
     "names may be rebound"),
    (_TOP, "import importlib\n\nfrom . import params\n\n\ndef again():\n"
     "    importlib.reload(params)\n",
     "module params is handed on (`importlib.reload(params)` in"),
    (_TOP + "\nimport sys\n\n_self = sys.modules[__name__]\n", "",
     "module params is handed on (`_self = sys.modules[__name__]` in "
     "pkg_generics/stats/params.py)"),
    (_TOP, "import importlib\n\nMOD = importlib.import_module('pkg_generics.stats.params')\n",
     "module params is handed on (`MOD = importlib.import_module("),
    (_TOP, "import sys\n\n_me = sys.modules[__name__]\n", ""),  # tuning.py's own module
    # a lookup whose value goes nowhere (imported for its registrations) hands nothing on
    (_TOP, "import importlib\n\nimportlib.import_module('pkg_generics.stats.params')\n", ""),
    (_TOP, "import importlib\n\nfrom . import params\n\nimportlib.reload(params)\n",
     "module params is handed on (`importlib.reload(params)` in"),
    (_DEL, "", "'log' is deleted (`del log`)"),
    (_CONST_IF, "", "`log = logging.getLogger(__name__)` is bound inside a top-level `if` "
     "statement"),
    (_TOP + "if logging.root.level:\n    log = None\n", "",
     "'log' is bound more than once in its module (`log = None`)"),
    (_TOP + "if False:\n    log = None\n", "", ""),  # a branch that never runs binds nothing
    (_TOP, "from . import params\n\nprint(params.log, getattr(params, 'P'))\n", ""),
])
def test_a_name_bound_once_is_imported_only_while_nothing_may_rebind_it(
        tmp_path: Path, params_log: str, tuning: str, reason: str) -> None:
    pkg = copy_package(tmp_path, PACKAGE)
    params = pkg / "stats" / "params.py"
    params.write_text(params.read_text().replace(_TOP, params_log))
    (pkg / "stats" / "tuning.py").write_text(tuning)
    out = tmp_path / "summary.json"
    assert run_migrate([pkg], json_path=out, console=console()) == 0
    row = next(r for r in json.loads(out.read_text())["kernels"] if r["kernel"] == "ScaleKernel")
    if not reason:
        assert row["status"] == "migrated", row["reason"]
    else:
        assert row["status"] == "skipped" and reason in row["reason"], row
        assert row["reason"].startswith("inherits from ParamKernel (stats/params.py), which "
                                        "reads '"), row


def test_the_import_is_spelled_as_the_module_imports_its_tree(tmp_path: Path) -> None:
    pkg = copy_package(tmp_path, PACKAGE)
    kernels = pkg / "stats" / "kernels.py"
    kernels.write_text(kernels.read_text().replace("from .params import",
                                                   "from pkg_generics.stats.params import"))
    out = tmp_path / "summary.json"
    assert run_migrate([pkg], write=True, verify=False, json_path=out, console=console()) == 0
    assert "from pkg_generics.stats.params import AxisParams, P, ParamKernel, ParamMaker, " \
        "ParamOp, log\n" in kernels.read_text()
