"""The codemod on a package registering its ops from tables of spec objects
(tests/migrate/corpus/pkg_specs): a frozen dataclass (built directly and through a
`functools.partial`, a `field(default_factory=tuple)`), a `typing.NamedTuple` whose method
registers kernels (also handed to a module function, or read by the loop's own
registration), a plain class storing its arguments,
and `OpSpec(...).register()` as a statement of its own. Each kernel migrates with its legacy
registration kept: the table and its loop stay as written, the class stays registered, the
PHI kernel is written beside it and runs by default; a kernel of the table that cannot
migrate still runs as before. The twins the static reader refuses (a table appended to
after its definition, an instance whose field is changed, a non-frozen dataclass changed by
a function, a method reading a class constant besides its fields) migrate the same way on
the keys and protos importing the tree gives, verify being on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import console, run_script, verified_rows, write_copy

from migrate.cli_entry import run_migrate
from migrate.module_scan import scan_module

PACKAGE = "pkg_specs"
KEPT = "migrated; legacy registration kept: "
SPECS = "also registers it through OpSpec objects, which stay as written"
ROWS = "also registers it through KernelRow objects, which stay as written"
LIVE = ("migrated; legacy registration kept: registered by `{}`, which the codemod cannot read; "
        "keys from importing the tree; proto from importing the tree")
BOTH = {"CPU": ["FLOAT32", "FLOAT64"]}
HOST = {"CPU": ["FLOAT32"]}

#: (module, kernel class) -> (status, op, the reason's start, dtypes per backend)
EXPECTED: dict[tuple[str, str], tuple[str, str, str, dict[str, list[str]]]] = {
    # through a partial of the frozen dataclass, a GPU list and a default_factory field
    ("unary.py", "ExpmImpl"): ("migrated", "sp_expm", f"{KEPT}`for _spec in SPECS:` {SPECS}",
                               {"CPU": ["FLOAT32", "FLOAT64"], "GPU": ["FLOAT32"]}),
    # its maker given as a keyword: the attribute it declares is the PHI kernel's
    ("unary.py", "ShiftImpl"): ("migrated", "sp_shift", f"{KEPT}`for _spec in SPECS:` {SPECS}",
                                HOST),
    # the table's entry that cannot migrate: still registered by the table
    ("unary.py", "HoldImpl"): ("skipped", "sp_hold", "passes the ExecutionContext 'ctx' on",
                               {}),
    ("rows.py", "TripleImpl"): ("migrated", "sp_triple",
                                f"{KEPT}`for _row in ROWS:` {ROWS}", BOTH),
    ("rows.py", "QuarterImpl"): ("migrated", "sp_quarter",
                                 f"{KEPT}`for _row in ROWS:` {ROWS}", HOST),
    ("rows.py", "SquareImpl"): (
        "migrated", "sp_square", f"{KEPT}`for _plain in PLAIN:` also registers it through "
        "PlainSpec objects, which stay as written", HOST),
    ("rows.py", "FlipImpl"): (
        "migrated", "sp_flip", f"{KEPT}`OpSpec(\"sp_flip\", FlipImpl, SINGLE).register()` {SPECS}",
        HOST),
    # a row handed to a module function
    ("rows.py", "HalfImpl"): ("migrated", "sp_enrolled", f"{KEPT}`for _row in (KernelRow("
                              f"\"sp_enrolled\", HalfImpl),):` {ROWS}", BOTH),
    # a loop reading the rows' fields itself
    ("rows.py", "NegHalfImpl"): ("migrated", "sp_direct", f"{KEPT}`for _row in (KernelRow("
                                 f"\"sp_direct\", NegHalfImpl, SINGLE),):` {ROWS}", HOST),
    # twins the static reader refuses (a table changed after it is built, a spec class it
    # does not read): importing the tree (verify on) gives their keys and protos
    ("twins.py", "GrownImpl"): ("migrated", "sp_grown", LIVE.format("for _spec in GROWN:"),
                                HOST),
    ("twins.py", "LateImpl"): ("migrated", "sp_late", LIVE.format("for _spec in GROWN:"), HOST),
    ("twins.py", "PatchedImpl"): ("migrated", "sp_patched",
                                  LIVE.format("_patched.register()"),
                                  {"CPU": ["FLOAT32"], "GPU": ["FLOAT32"]}),
    ("twins.py", "LooseImpl"): ("migrated", "sp_loose", LIVE.format("for _spec in LOOSE:"),
                                HOST),
    ("twins.py", "PeekImpl"): ("migrated", "sp_peek", LIVE.format(
        'for _spec in (PeekSpec("sp_peek", PeekImpl),):'), HOST),
}
KEPT_OPS = {"sp_expm": "ExpmImpl", "sp_shift": "ShiftImpl", "sp_triple": "TripleImpl",
            "sp_quarter": "QuarterImpl", "sp_square": "SquareImpl", "sp_flip": "FlipImpl",
            "sp_enrolled": "HalfImpl", "sp_direct": "NegHalfImpl", "sp_grown": "GrownImpl",
            "sp_late": "LateImpl", "sp_patched": "PatchedImpl", "sp_loose": "LooseImpl",
            "sp_peek": "PeekImpl"}
LEGACY_OPS = ("sp_hold",)

#: argv: root. Each op run the default way and the legacy way: output, path, kernel
_RUN_OPS = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
sys.path.insert(0, sys.argv[1])
for name in ("unary", "rows", "twins"):
    importlib.import_module(f"pkg_specs.{name}")
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
out = {}
for op in json.loads(sys.argv[2]):
    for mode in ("auto", "legacy"):
        try:
            got, trace = run_single_op(op, {"X": x}, {}, {"Out": 1}, mode=mode)
            out[f"{op}/{mode}"] = [got["Out"][0].tolist(), trace.path.value, trace.kernel]
        except Exception as exc:
            out[f"{op}/{mode}"] = type(exc).__name__
print(json.dumps(out))
'''


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_script(_RUN_OPS, str(root), json.dumps([*KEPT_OPS, *LEGACY_OPS]))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    rows = verified_rows(written, lambda r: (Path(r["file"]).name, r["kernel"]))
    assert set(rows) == set(EXPECTED)
    for key, (status, op, reason, dtypes) in EXPECTED.items():
        row = rows[key]
        assert (row["status"], row["op"]) == (status, op), row
        assert row["reason"].startswith(reason), row
        assert row["dtypes"] == dtypes, row
    assert written["doc"]["written"]


def test_the_tables_keep_registering_and_the_phi_kernels_run_by_default(
        written: dict[str, Any]) -> None:
    before, after = written["before_ops"], written["after_ops"]
    for key, run in before.items():
        assert isinstance(run, list) and run[1] == "legacy", (key, run)
    for op, cls in KEPT_OPS.items():
        auto, legacy = after[f"{op}/auto"], after[f"{op}/legacy"]
        assert auto[1:] == ["phi", op], auto  # the PHI kernel, by default
        assert legacy[1:] == ["legacy", cls], legacy  # the class, still registered
        assert auto[0] == legacy[0] == before[f"{op}/auto"][0]
    for op in LEGACY_OPS:  # what did not migrate runs as before, the table's other entries too
        assert after[f"{op}/auto"] == before[f"{op}/auto"], op
    assert written["after"]["imported"] == written["before"]["imported"]
    assert set(written["after"]["imported"].values()) == {"ok"}


def test_the_tables_stay_as_written_and_a_second_run_changes_nothing(
        written: dict[str, Any], tmp_path: Path) -> None:
    pkg, corpus = written["pkg"], Path(__file__).parent / "corpus" / PACKAGE
    unary = (pkg / "unary.py").read_text()
    table = (corpus / "unary.py").read_text().split("_float_spec = ")[1]
    assert table in unary  # the partial, the table and its loop, unchanged
    assert ("# fluidphi migrate: kept, still registered by a statement doing more than "
            "registering; op 'sp_expm' runs on sp_expm_kernel\nclass ExpmImpl(OpKernel):") in unary
    assert "\ndef sp_expm_kernel(" in unary and "def sp_hold_kernel(" not in unary
    twins = (pkg / "twins.py").read_text()  # the twins' tables and classes stay as written
    assert all(line in twins for line in (corpus / "twins.py").read_text().splitlines()
               if line and not line.startswith(("from ", "import ")))
    assert (pkg / "specs.py").read_bytes() == (corpus / "specs.py").read_bytes()
    before = {p.name: p.read_bytes() for p in pkg.glob("*.py")}
    out = tmp_path / "again.json"
    assert run_migrate([pkg], write=True, verify=False, json_path=out, console=console()) == 0
    assert {p.name: p.read_bytes() for p in pkg.glob("*.py")} == before
    rows = {r["kernel"]: (r["status"], r["reason"]) for r in json.loads(out.read_text())["kernels"]}
    assert rows["FlipImpl"] == ("skipped", "migrated by an earlier write (op 'sp_flip' runs on "
                                "sp_flip_kernel); the class is kept with its legacy registration")


_MODULE = '''
from dataclasses import dataclass, field
import functools

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)

{spec}


class XKernel(OpKernel):
    def compute(self, ctx):
        pass


{use}
'''
_FROZEN = '''
@dataclass(frozen=True)
class Spec:
    op: str
    kernel: type
    dtypes: tuple = FLOATS
    places: tuple = field(default_factory=tuple)
{extra}
    def register(self, place="CPU"):
        for t in self.dtypes:
            register_op_kernel(self.op, place, self.kernel, t)
'''


@pytest.mark.parametrize("extra, use, expected", [
    ("", "Spec('x', XKernel).register()", ["CPU/FLOAT32", "CPU/FLOAT64"]),
    ("", "Spec('x', XKernel, (DataType.FLOAT64,)).register(place='GPU')", ["GPU/FLOAT64"]),
    ("", "_p = functools.partial(Spec, dtypes=FLOATS)\nfor _s in [_p('x', XKernel, "
     "dtypes=(DataType.FLOAT64,))]:\n    _s.register()", ["CPU/FLOAT64"]),
    ("", "for _s in (Spec('x', XKernel, places=('CPU',)),):\n    _s.register(_s.places[0])",
     ["CPU/FLOAT32", "CPU/FLOAT64"]),
    ("    def __post_init__(self):\n        pass\n", "Spec('x', XKernel).register()",
     "!Spec is no spec class the codemod reads: it defines `__post_init__`"),
    ("    extra: int = field(default=0, init=False)\n", "Spec('x', XKernel).register()",
     "!Spec is no spec class the codemod reads: `extra: int = field(default=0, init=False)`"),
    ("", "_s = Spec('x', XKernel, [DataType.FLOAT32])\n_s.dtypes.append(DataType.FLOAT64)\n"
     "_s.register()", "!Spec is no spec class the codemod reads: `_s.dtypes.append("),
    ("", "_s = Spec('x', XKernel)\nobject.__setattr__(_s, 'op', 'y')\n_s.register()",
     "!Spec is no spec class the codemod reads: `object.__setattr__(_s, 'op', 'y')`"),
    ("", "Spec('x', XKernel, 3, 4, 5).register()", "!`Spec('x', XKernel, 3, 4, 5)` does not "
     "fit Spec's fields"),
])
def test_what_a_spec_class_may_be(extra: str, use: str, expected: Any) -> None:
    info = scan_module(_MODULE.format(spec=_FROZEN.format(extra=extra), use=use))
    if isinstance(expected, str):
        assert not info.registrations
        assert next(u.reason for u in info.unresolved).startswith(expected[1:]), info.unresolved
    else:
        assert not info.unresolved, info.unresolved
        got = [f"{r.device}/{d}" for r in info.registrations for d in r.dtypes]
        assert got == expected and {r.class_name for r in info.registrations} == {"XKernel"}
        [(_index, [what])] = info.effects.items()
        assert what.startswith("registers it through Spec objects"), what


_MAKERS = '''
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class FwdMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")
        self.add_attr("alpha", AttrType.FLOAT, 1.0, "slope")


class FwdGradMaker(FwdMaker):
    def make(self):
        super().make()
        self.proto.outputs.clear()
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")


class FwdNoInputsMaker(FwdMaker):
    def make(self):
        super().make()
        self.proto.inputs.clear()
        self.add_input("Y", "another operand")


class Op(OperatorWithKernel):
    def infer_shape(self, ctx):
        pass


register_operator("pc_fwd", Op, FwdMaker)
register_operator("pc_fwd_grad", Op, FwdGradMaker)
register_operator("pc_fwd_y", Op, FwdNoInputsMaker)
'''

_LIVE_PROTOS = '''
import json, sys
sys.path.insert(0, sys.argv[1])
import pc_makers
from legacy_fluid.framework.op_registry import OP_INFOS
out = {}
for op in ("pc_fwd", "pc_fwd_grad", "pc_fwd_y"):
    p = OP_INFOS.info(op).proto
    out[op] = [[v.name for v in p.inputs], [v.name for v in p.outputs],
               [a.name for a in p.attrs if not a.generated]]
print(json.dumps(out))
'''


def test_a_grad_maker_clearing_its_forwards_slots_reads_as_the_proto_it_builds(
        tmp_path: Path) -> None:
    from migrate.proto_reader import read_protos
    from migrate.static_facts import StaticProto

    path = tmp_path / "pc_makers.py"
    path.write_text(_MAKERS)
    live = run_script(_LIVE_PROTOS, str(tmp_path))
    info = read_protos(scan_module(_MAKERS, path))
    read = {op: p for op, p in info.protos.items() if isinstance(p, StaticProto)}
    assert set(read) == set(live)
    assert {op: [[v.name for v in p.inputs], [v.name for v in p.outputs],
                 [a.name for a in p.attrs]] for op, p in read.items()} == live
    assert live["pc_fwd_grad"][1] == ["X@GRAD"] and live["pc_fwd_y"][0] == ["Y"]


@pytest.mark.parametrize("change", ["self.proto.outputs.pop()", "self.proto.attrs.clear()",
                                    "self.proto.outputs[0].clear()", "self.proto.outputs = []"])
def test_other_changes_of_the_makers_proto_stay_unreadable_named(change: str,
                                                                  tmp_path: Path) -> None:
    from migrate.proto_reader import read_protos

    text = _MAKERS.replace("self.proto.outputs.clear()", change)
    path = tmp_path / "pc_makers.py"
    path.write_text(text)
    proto = read_protos(scan_module(text, path)).protos["pc_fwd_grad"]
    assert isinstance(proto, str) and f"`{change}` in make() changes self.proto" in proto, proto
