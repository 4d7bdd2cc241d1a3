"""The codemod on a package whose kernel classes other modules only re-export
(tests/migrate/corpus/pkg_reexport): an import of a name from a written module is a use,
whether anything reads it later or not (`from .twice import TwiceKernel` in `__init__`, a
module that only imports one, an absolute import under another name, `import pkg.mod`
read as an attribute, a star import). Each such class is kept, unregistered, for its
importer; a class nothing imports is removed. The written package imports, with verify and
without it, and every op computes what it computed before.

Also: with verify, a module the write breaks holds back its own kernels only, never those
of an unrelated module whose package merely fails to import while the broken one is
written (a tree of our own, below).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import console, copy_package, dedent, probe, run_script, write_copy

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_reexport"

#: module -> (kernel class, op, who keeps the class; "" when nothing imports it)
EXPECTED = {
    "twice.py": ("TwiceKernel", "rx_twice", "pkg_reexport/__init__.py"),
    "thrice.py": ("ThriceKernel", "rx_thrice", "pkg_reexport/quiet.py"),
    "quad.py": ("QuadKernel", "rx_quad", "pkg_reexport/absolute.py"),
    "half.py": ("HalfKernel", "rx_half", "pkg_reexport/attrs.py"),
    "neg.py": ("NegKernel", "rx_neg", "pkg_reexport/star.py"),
    "plain.py": ("PlainKernel", "rx_plain", ""),
}


def _rows(doc: dict[str, Any]) -> dict[str, tuple[str, str, str, str]]:
    return {Path(r["file"]).name: (r["kernel"], r["op"], r["status"], r["reason"])
            for r in doc["kernels"]}


def _expected_rows() -> dict[str, tuple[str, str, str, str]]:
    return {mod: (cls, op, "migrated", f"migrated; class kept for {who}" if who else "")
            for mod, (cls, op, who) in EXPECTED.items()}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_reexported_class_is_kept_for_its_importer(written: dict[str, Any]) -> None:
    assert _rows(written["doc"]) == _expected_rows()
    assert written["code"] == 0 and written["doc"]["written"]
    pkg = written["pkg"]
    for mod, (cls, op, who) in EXPECTED.items():
        text = (pkg / mod).read_text()
        assert f"def {op}_kernel(" in text
        assert f"register_op_kernel(\"{op}\"" not in text  # the op runs on its PHI kernel
        assert (f"class {cls}(OpKernel):" in text) == bool(who), (mod, text)


def test_the_written_package_imports_and_computes_as_before(written: dict[str, Any]) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"} and len(before["imported"]) == 12
    assert after["imported"] == before["imported"]
    ops = {op for _, op, _ in EXPECTED.values()}
    assert set(before["ran"]) == ops and after["ran"] == {}
    assert after["phi_ran"] == before["ran"]
    assert before["ran"]["rx_thrice"][0][:2] == [-6.0, -4.909090995788574]


def test_an_unverified_write_keeps_them_too(tmp_path: Path) -> None:
    """The reproducer of the report: `--write --no-verify` removed a class only an import
    names, and the package no longer imported."""
    copy_package(tmp_path, PACKAGE)
    out = tmp_path / "summary.json"
    code = run_migrate([tmp_path / PACKAGE], write=True, verify=False, json_path=out,
                       console=console())
    assert code == 0
    assert _rows(json.loads(out.read_text())) == _expected_rows()
    after = probe(tmp_path, PACKAGE)
    assert set(after["imported"].values()) == {"ok"}
    assert set(after["phi_ran"]) == {op for _, op, _ in EXPECTED.values()}


# -- a module the write breaks is blamed alone --------------------------------------------

_COMMON = '''
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
'''

_KERNEL = '''
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .common import SameOp, UnaryMaker


class {cls}(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = {expr}


register_operator("{op}", SameOp, UnaryMaker)
register_op_kernel("{op}", "CPU", {cls}, DataType.FLOAT32)
'''

#: `vars(neg)[...]`, at import time: no static reading sees the use, and its KeyError is
#: no missing attribute (which verify answers by keeping the class)
_AT_IMPORT = '''
from . import neg

FOUND = vars(neg)["Neg" + "Kernel"]
'''

#: the same lookup when its legacy op runs; it reads alpha.py too (so it imports both)
_AT_RUN = '''
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from . import alpha, neg
from .common import SameOp, UnaryMaker

MODULES = (alpha, neg)


class LookupKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        vars(neg)["Neg" + "Kernel"]
        scale = 1.0 if ctx.has_attr("scale") else 3.0
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * scale


register_operator("bl_lookup", SameOp, UnaryMaker)
register_op_kernel("bl_lookup", "CPU", LookupKernel, DataType.FLOAT32)
'''

_RUN_OPS = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
root, package, modes = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
sys.path.insert(0, root)
importlib.import_module(package)
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
print(json.dumps({op: run_single_op(op, {"X": x}, {}, {"Out": 1}, mode=m)[0]["Out"][0].tolist()
                  for op, m in modes.items()}))
'''


def _blame_tree(root: Path, breaker: str) -> Path:
    pkg = root / "pkgb"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from . import alpha, dyn, neg  # noqa: F401\n")
    (pkg / "common.py").write_text(dedent(_COMMON))
    (pkg / "alpha.py").write_text(_KERNEL.format(cls="AlphaKernel", op="bl_alpha",
                                                 expr="x.data - 1").lstrip())
    (pkg / "neg.py").write_text(_KERNEL.format(cls="NegKernel", op="bl_neg",
                                               expr="-x.data").lstrip())
    (pkg / "dyn.py").write_text(dedent(breaker))
    return pkg


@pytest.mark.parametrize("breaker, where", [(_AT_IMPORT, "import"), (_AT_RUN, "run")])
def test_a_break_holds_back_the_module_to_blame_only(tmp_path: Path, breaker: str,
                                                     where: str) -> None:
    pkg = _blame_tree(tmp_path, breaker)
    ops = {"bl_alpha": "legacy", "bl_neg": "legacy"} | (
        {"bl_lookup": "legacy"} if where == "run" else {})
    before = run_script(_RUN_OPS, str(tmp_path), "pkgb", json.dumps(ops))
    out = tmp_path / "summary.json"
    code = run_migrate([pkg], write=True, verify=True, json_path=out, console=console())
    rows = {r["kernel"]: (r["status"], r["reason"]) for r in json.loads(out.read_text())[
        "kernels"]}
    assert code == 1  # a kernel held back is a failure
    assert rows["AlphaKernel"] == ("migrated", "")  # alpha.py is not to blame
    status, reason = rows["NegKernel"]
    assert status == "failed"
    if where == "import":
        assert reason == ("not written: verify found it errored (CPU FLOAT32: the migrated "
                          "module: importing it raised KeyError: 'NegKernel')")
    else:
        assert reason.startswith("not written: verify found it breaking what stays legacy: "
                                 "legacy op 'bl_lookup' (LookupKernel, CPU FLOAT32, ")
        assert reason.endswith("raises after the write: KeyError: 'NegKernel'"), reason
        assert rows["LookupKernel"][0] == "skipped"
    assert "def bl_alpha_kernel(" in (pkg / "alpha.py").read_text()
    assert "class NegKernel(OpKernel):" in (pkg / "neg.py").read_text()
    after = run_script(_RUN_OPS, str(tmp_path), "pkgb", json.dumps(ops | {"bl_alpha": "phi"}))
    assert after == before
