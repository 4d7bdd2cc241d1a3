"""The codemod on a package whose registration helpers do more than register
(tests/migrate/corpus/pkg_ledger): `provide` books each registration in a module dict and
logs, so its calls cannot be taken out alone. The kernels it registers migrate with their
legacy registration kept: the statement and the class stay, the PHI kernel is written
beside them, the default dispatch runs the PHI kernel for every key the legacy class had
and `--path legacy` still runs the class. A helper that changes the class or hands it to a
function is not read statically; verify being on, importing the tree shows what it
registers and its kernel migrates the same way (`live_registrations`). `provide` is also
reached as `ledger.provide` and through `functools.partial(provide, places=HOST)`;
`gated.py` binds its tables in both branches of constant `if`s (the interpreter's version,
a module flag).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import console, run_script, write_copy

from migrate.cli_entry import run_migrate
from migrate.registrations import uncovered_key
from migrate.static_facts import Registration

PACKAGE = "pkg_ledger"
KEPT = "migrated; legacy registration kept: "
BOOKED = ("also records it in BOOK (`BOOK.setdefault(op, {\"op\": None, \"impl\": []})[\"impl\"]"
          ".app...` in `provide`); logs (`_log.debug(")
LIVE = ", which the codemod cannot read; keys from importing the tree"
BOTH = {"CPU": ["FLOAT32", "FLOAT64"], "GPU": ["FLOAT32", "FLOAT64"]}
HOST = {"CPU": ["FLOAT32", "FLOAT64"]}

#: (module, kernel class) -> (status, op, the reason's start, dtypes per backend)
EXPECTED: dict[tuple[str, str], tuple[str, str, str, dict[str, list[str]]]] = {
    ("elementwise.py", "CubeImpl"): (
        "migrated", "lg_cube", f"{KEPT}`provide(\"lg_cube\", CubeImpl)` {BOOKED}", BOTH),
    # a registering decorator that books too: the decorator stays on the kept class
    ("elementwise.py", "BookedImpl"): (
        "migrated", "lg_booked", f"{KEPT}`@booked(\"lg_booked\")` {BOOKED}", BOTH),
    # a helper reached as an attribute of its module
    ("elementwise.py", "HalveImpl"): (
        "migrated", "lg_halve",
        f"{KEPT}`ledger.provide(\"lg_halve\", HalveImpl, places=ledger.HOST)` {BOOKED}", HOST),
    # a partial of the helper, its keyword bound
    ("elementwise.py", "NegateImpl"): (
        "migrated", "lg_negate", f"{KEPT}`host_only(\"lg_negate\", NegateImpl)` {BOOKED}", HOST),
    # not read statically (`impl.op_tag = op`, `_audit(impl)`): read by importing the tree
    ("elementwise.py", "TaggedImpl"): (
        "migrated", "lg_tagged", f"{KEPT}registered by `provide_tagged(\"lg_tagged\", "
        f"TaggedImpl)`{LIVE}", HOST),
    ("elementwise.py", "AuditedImpl"): (
        "migrated", "lg_audited", f"{KEPT}registered by `provide_audited(\"lg_audited\", "
        f"AuditedImpl)`{LIVE}", HOST),
    # tables bound in the live branch of a constant `if`; the tables keep naming the classes
    ("gated.py", "SquareImpl"): ("migrated", "lg_square", "migrated; class kept for",
                                 {"CPU": ["FLOAT32"]}),
    ("gated.py", "TwiceImpl"): ("migrated", "lg_twice", "migrated; class kept for",
                                {"CPU": ["FLOAT32"]}),
}
KEPT_OPS = {"lg_cube": "CubeImpl", "lg_booked": "BookedImpl", "lg_halve": "HalveImpl",
            "lg_negate": "NegateImpl", "lg_tagged": "TaggedImpl", "lg_audited": "AuditedImpl"}

#: argv: root. Each op run the default way and the legacy way: output, path, kernel; and
#: what the ledger booked
_RUN_OPS = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
sys.path.insert(0, sys.argv[1])
importlib.import_module("pkg_ledger.gated")
ledger = importlib.import_module("pkg_ledger.ledger")
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
out = {}
for op in ("lg_cube", "lg_booked", "lg_halve", "lg_negate", "lg_tagged", "lg_audited", "lg_square",
           "lg_twice"):
    for mode in ("auto", "legacy"):
        try:
            got, trace = run_single_op(op, {"X": x}, {}, {"Out": 1}, mode=mode)
            out[f"{op}/{mode}"] = [got["Out"][0].tolist(), trace.path.value, trace.kernel]
        except Exception as exc:
            out[f"{op}/{mode}"] = type(exc).__name__
print(json.dumps({"runs": out, "book": {op: [list(map(str, e)) for e in v["impl"]]
                                        for op, v in ledger.BOOK.items()}}))
'''


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_script(_RUN_OPS, str(root))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    got = {(Path(r["file"]).name, r["kernel"]): r for r in written["doc"]["kernels"]}
    assert set(got) == set(EXPECTED)
    for key, (status, op, reason, dtypes) in EXPECTED.items():
        row = got[key]
        assert (row["status"], row["op"]) == (status, op), row
        assert row["reason"].startswith(reason), row
        if status == "migrated":
            assert row["dtypes"] == dtypes, row
            assert row["verify"] and all(v["status"] == "identical" and v["reimported"]
                                         for v in row["verify"]), row
    assert written["code"] == 0 and written["doc"]["written"]


def test_kept_registrations_run_phi_by_default_and_the_class_under_legacy(
        written: dict[str, Any]) -> None:
    before, after = written["before_ops"], written["after_ops"]
    for key, run in before["runs"].items():
        assert isinstance(run, list) and run[1] == "legacy", (key, run)
    for op, cls in KEPT_OPS.items():
        auto, legacy = after["runs"][f"{op}/auto"], after["runs"][f"{op}/legacy"]
        assert auto[1] == "phi" and auto[2] == op, auto  # the PHI kernel, by default
        assert legacy[1:] == ["legacy", cls], legacy  # the class, still registered
        assert auto[0] == legacy[0] == before["runs"][f"{op}/auto"][0]
    for op in ("lg_square", "lg_twice"):  # migrated plainly: no legacy kernel left
        assert after["runs"][f"{op}/auto"][1] == "phi"
        assert after["runs"][f"{op}/auto"][0] == before["runs"][f"{op}/auto"][0]
        assert after["runs"][f"{op}/legacy"] == "OpRunError"  # no kernel
    # the helper's other effect still happens, naming the very classes it named before
    assert after["book"] == before["book"] and after["book"]["lg_cube"]
    assert written["after"]["imported"] == written["before"]["imported"]


def test_the_statements_and_classes_stay_and_a_second_run_changes_nothing(
        written: dict[str, Any], tmp_path: Path) -> None:
    text = (written["pkg"] / "elementwise.py").read_text()
    for call in ('provide("lg_cube", CubeImpl)\n',
                 'ledger.provide("lg_halve", HalveImpl, places=ledger.HOST)\n',
                 'host_only("lg_negate", NegateImpl)\n'):
        assert "\n" + call in text
    assert ("# fluidphi migrate: kept, still registered by a statement doing more than "
            "registering; op 'lg_cube' runs on lg_cube_kernel\nclass CubeImpl(OpKernel):"
            ) in text
    assert "\ndef lg_cube_kernel(" in text
    assert ("registering; op 'lg_booked' runs on lg_booked_kernel\n@booked(\"lg_booked\")\n"
            "class BookedImpl(OpKernel):") in text
    gated = (written["pkg"] / "gated.py").read_text()
    assert "register_op_kernel" not in gated and "register_operator(_op, " in gated
    before = {p.name: p.read_bytes() for p in written["pkg"].glob("*")}
    out = tmp_path / "again.json"
    code = run_migrate([written["pkg"]], write=True, verify=False, json_path=out,
                       console=console())
    assert code == 0
    assert {p.name: p.read_bytes() for p in written["pkg"].glob("*")} == before
    rows = {r["kernel"]: (r["status"], r["reason"]) for r in json.loads(out.read_text())["kernels"]}
    assert rows["CubeImpl"] == ("skipped", "migrated by an earlier write (op 'lg_cube' runs on "
                                "lg_cube_kernel); the class is kept with its legacy registration")


def test_a_key_the_phi_kernel_would_not_cover_is_named() -> None:
    regs = [Registration("x", "CPU", "K", ["FLOAT32", "INT64"], "ANY", "PLAIN", 3)]
    assert uncovered_key(regs, [("CPU", "ALL_LAYOUT", ["FLOAT32", "INT64"])]) is None
    assert uncovered_key(regs, [("CPU", "ALL_LAYOUT", ["FLOAT32"])]) == "CPU/ANY/INT64"
    assert uncovered_key(regs, [("GPU", "ALL_LAYOUT", ["FLOAT32", "INT64"])]) == "CPU/ANY/FLOAT32"


_HELPER_MODULE = '''
import logging

from legacy_fluid.framework.op_kernel import OP_KERNELS, OpKernel, register_op_kernel
from phi.common import DataType


class Sink:
    def add(self, item):
        pass


_SINK = Sink()
_SEEN = []
_log = logging.getLogger(__name__)


def reg(op, k):
    register_op_kernel(op, "CPU", k, DataType.FLOAT32)
    {effect}


class XKernel(OpKernel):
    def compute(self, ctx):
        pass


reg("x", XKernel)
'''


@pytest.mark.parametrize("effect, expected", [
    ("_SEEN.append((op, k, DataType.FLOAT32))", "records it in _SEEN"),
    ("_log.info('%s %s', op, k.__name__)", "logs"),
    ("print('registered', repr(k))", "prints"),
    ("_SINK.add(k)", "!`_SINK.add(k)` next to registrations"),
    ("k.tag = op", "!`k.tag = op` changes the kernel class itself"),
    ("_SEEN.append(k())", "!`_SEEN.append(k())` instantiates or calls the kernel class `k`"),
    ("_SEEN.append(k.describe())", "!`_SEEN.append(k.describe())` calls `k.describe`"),
    ("_SEEN.append(len(OP_KERNELS))", "!`_SEEN.append(len(OP_KERNELS))` reads `OP_KERNELS`"),
])
def test_what_a_helper_may_do_besides_registering(effect: str, expected: str) -> None:
    from migrate.module_scan import scan_module

    info = scan_module(_HELPER_MODULE.replace("{effect}", effect))
    if expected.startswith("!"):
        assert not info.effects and not info.registrations
        assert next(u.reason for u in info.unresolved).startswith(expected[1:]), info.unresolved
    else:
        assert not info.unresolved and [r.class_name for r in info.registrations] == ["XKernel"]
        [(_index, [what])] = info.effects.items()
        assert what.startswith(f"{expected} (`") and what.endswith(" in `reg`)"), what
