"""The codemod on team L's package (tests/migrate/corpus/pkg_liveproto), whose op makers
the static reader cannot follow: a helper called with *args (`starred.py`), a
comprehension in make() (`comprehended.py`), makers built by a registry object's method
and looked up in it (`tabled.py`), maker classes built and registered in a loop
(`looped.py`), a class attribute a later statement changes (`renamed.py`). When verify
runs, the tree is imported once (`live_protos`) and those ops' protos are read from the
operator registry; their kernels migrate through the same code as a statically read
maker's and are verified. An op the import does not register (`unlisted.py`) and a module
that does not import (`native.py`) stay legacy, saying why; a maker reading a constant its
module changes through `globals()` (`rebound.py`) is refused statically and takes the
imported proto; without verify nothing is imported."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import CORPUS, console, run_package_ops, verified_rows, write_copy

from migrate.cli_entry import run_migrate
from migrate.codemod import migrate_source
from migrate.live_protos import LIVE_PROTO, operator_class, read_live_protos
from migrate.live_registrations import read_live
from migrate.module_scan import scan_module
from migrate.proto_reader import read_protos
from migrate.records import LiveFacts
from migrate.static_facts import UNKNOWN_DEFAULT, StaticProto
from migrate.static_refs import ClassRef

PACKAGE = "pkg_liveproto"
LIVE = f"migrated; {LIVE_PROTO}"
LOOP = "migrated; class {} kept: the registration `for _op, _default in "
FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
UNREAD = "op proto of '{}' is not statically readable: "
#: (module, kernel) -> (status, op, reason (prefix for a refusal), its static reason prefix)
EXPECTED: dict[tuple[str, str], tuple[str, str, str, str]] = {
    ("starred.py", "ShiftKernel"): ("migrated", "lp_shift", LIVE,
                                    UNREAD.format("lp_shift") + "*args in declare("),
    ("comprehended.py", "ClampKernel"): ("migrated", "lp_clamp", LIVE,
                                         UNREAD.format("lp_clamp") + "`[self.add_attr("),
    ("tabled.py", "ScaleKernel"): (
        "migrated", "lp_scale", LIVE, "op 'lp_scale' is registered (`register_operator("),
    ("renamed.py", "MirrorKernel"): (
        "migrated", "lp_mirror", LIVE,
        UNREAD.format("lp_mirror") + "'operand' is also assigned outside its class body"),
    ("looped.py", "FloorKernel"): ("migrated", "lp_floor", LOOP.format("FloorKernel"),
                                   "op 'lp_floor' is not registered (register_operator)"),
    ("looped.py", "CeilKernel"): ("migrated", "lp_ceil", LOOP.format("CeilKernel"),
                                  "op 'lp_ceil' is not registered (register_operator)"),
    ("unlisted.py", "TwiceKernel"): (
        "skipped", "lp_twice", "op 'lp_twice' is not registered (register_operator) in this "
        "module, so its proto is unknown", "op 'lp_twice' is not registered"),
    ("native.py", "CubeKernel"): (
        "skipped", "lp_cube", UNREAD.format("lp_cube") + "*args in declare(self, *SLOTS); "
        "importing the tree to read it failed (importing it as pkg_liveproto.native raised "
        "ModuleNotFoundError: No module named 'team_l_native')", UNREAD.format("lp_cube")),
    # its maker reads OPERAND, which `globals().update(OPERAND="X")` changes: refused
    # statically (`dynamic_namespaces`), so the proto comes from the import
    ("rebound.py", "OffsetKernel"): ("migrated", "lp_offset", LIVE, UNREAD.format("lp_offset")),
}
MIGRATED = {op for status, op, _, _ in EXPECTED.values() if status == "migrated"}
MODULES = [f"{PACKAGE}.{m}" for m in
           ("starred", "comprehended", "tabled", "renamed", "looped", "unlisted")]
#: attribute sets each migrated op runs with (its defaults, then others)
CASES = {"lp_shift": [{}, {"offset": -0.25}], "lp_clamp": [{}, {"lo": -0.5, "hi": 0.5}],
         "lp_scale": [{}, {"factor": 3.0}], "lp_mirror": [{}],
         "lp_floor": [{}, {"bound": -1.0}], "lp_ceil": [{}, {"bound": 0.5}]}


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    """The migrated ops: legacy before the write, through their PHI kernels after it."""
    return run_package_ops(root, MODULES, CASES, mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_row_and_the_live_protos_are_verified(
        written: dict[str, Any]) -> None:
    rows = verified_rows(written, lambda r: (Path(r["file"]).name, r["kernel"]))
    assert set(rows) == set(EXPECTED)
    for key, (status, op, reason, _) in EXPECTED.items():
        row = rows[key]
        assert (row["status"], row["op"]) == (status, op), row
        assert row["reason"].startswith(reason), row
        if status == "migrated":
            assert row["reason"].endswith(f"; {LIVE_PROTO}"), row
            assert row["dtypes"] == FLOATS, row
            # the InferMeta from the operator class, read or as the import shows it
            assert row["infer_meta"] == f"new {op}_infer_meta", row
        else:
            assert LIVE_PROTO not in row["reason"], row
    assert set(CASES) == MIGRATED - {"lp_offset"}  # two inputs: the run feeds X only
    names = {Path(p).name for p in written["doc"]["written"]}
    assert names >= {"starred.py", "comprehended.py", "tabled.py", "renamed.py", "looped.py",
                     "rebound.py"}
    assert not {"unlisted.py", "native.py"} & names


def test_the_package_imports_and_every_op_gives_what_it_gave(written: dict[str, Any]) -> None:
    before, after = written["before"], written["after"]
    assert before["imported"][f"{PACKAGE}.native"] != "ok"
    assert after["imported"] == before["imported"]
    assert {op: v for op, v in after["ran"].items() if op not in MIGRATED} == {
        op: v for op, v in before["ran"].items() if op not in MIGRATED}
    assert written["after_ops"] == written["before_ops"]
    assert all(isinstance(v, list) for v in written["before_ops"].values()), written
    # the attributes matter: the non-default sets give other values
    assert written["before_ops"]["lp_shift {}"] != written["before_ops"][
        "lp_shift {'offset': -0.25}"]
    for module in ("unlisted.py", "native.py", "helpers.py"):
        assert (written["pkg"] / module).read_text() == (CORPUS / PACKAGE / module).read_text()
    starred = (written["pkg"] / "starred.py").read_text()
    assert "class ShiftKernel" not in starred and "\ndef lp_shift_kernel(" in starred
    assert "class ShiftMaker(OpProtoAndCheckerMaker):" in starred  # the maker stays


def test_an_imported_proto_gives_the_entry_a_read_maker_gives() -> None:
    """One writer: the ops.yaml entry from the imported proto is the one the static reading
    gives the same maker written plainly."""
    path = CORPUS / PACKAGE / "starred.py"
    live = read_live(sorted((CORPUS / PACKAGE).glob("*.py")))[str(path.resolve())]
    assert not live.error and set(live.protos) == {"lp_shift"}
    text = path.read_text()
    from_live = migrate_source(text, path, live=live)
    plain = text.replace("declare(self, *SLOTS, (\"offset\", 1.5))", (
        "self.add_input(\"X\", \"operand\")\n        self.add_output(\"Out\", \"result\")\n"
        "        self.add_attr(\"offset\", AttrType.FLOAT, 1.5, \"a float attribute\")"))
    plain = plain.replace("from .helpers import", "from legacy_fluid.framework.var_type "
                          "import AttrType\nfrom .helpers import")
    from_static = migrate_source(plain, path)
    assert [r.status.value for r in from_static.records] == ["migrated"], from_static.records
    assert [op.yaml for op in from_live.ops] == [op.yaml for op in from_static.ops]
    assert "offset" in from_live.ops[0].yaml and "1.5" in from_live.ops[0].yaml
    assert [r.reason for r in from_live.records] == [LIVE]


def test_without_verify_nothing_is_read_live(tmp_path: Path) -> None:
    out = tmp_path / "dry.json"
    run_migrate([CORPUS / PACKAGE], json_path=out, console=console())
    rows = {(Path(r["file"]).name, r["kernel"]): r
            for r in json.loads(out.read_text())["kernels"]}
    assert set(rows) == set(EXPECTED)
    for key, (_, _, _, static) in EXPECTED.items():
        assert rows[key]["status"] == "skipped", rows[key]
        assert rows[key]["reason"].startswith(static), rows[key]
        assert "importing the tree" not in rows[key]["reason"], rows[key]


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    out = pkg.parent / "second.json"
    assert run_migrate([pkg], write=True, json_path=out, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts
    rows = json.loads(out.read_text())["kernels"]
    assert not [r for r in rows if r["status"] == "migrated"], rows


def _read(module: str, live: LiveFacts) -> Any:
    path = CORPUS / PACKAGE / module
    info = read_protos(scan_module(path.read_text(), path))
    read_live_protos(info, live)
    return info


def test_an_op_the_import_does_not_register_keeps_its_refusal_saying_so() -> None:
    none = "importing the tree registered no operator for it from this module"
    info = _read("starred.py", LiveFacts())
    assert info.protos["lp_shift"] == UNREAD.format("lp_shift") + (
        f"*args in declare(self, *SLOTS, (\"offset\", 1.5)); {none}")
    info = _read("tabled.py", LiveFacts(error="it raised"))
    assert info.unread_operators["lp_scale"].endswith(
        "so its proto is unknown; importing the tree to read it failed (it raised)")
    assert "lp_scale" not in info.protos


def test_a_default_that_is_no_literal_is_unknown_and_the_partial_reading_is_checked() -> None:
    row = {"maker": "ShiftMaker", "inputs": [["X", False, False, False, False]],
           "outputs": [["Out", False, False, False, False]],
           "attrs": [["offset", "FLOAT", None, False, False]], "op_class": None}
    info = _read("starred.py", LiveFacts(protos={"lp_shift": row}))
    proto = info.protos["lp_shift"]
    assert isinstance(proto, StaticProto) and proto.attrs[0].default is UNKNOWN_DEFAULT
    # an operator registration the codemod cannot read: the operator class is the one the
    # import shows when it is a class of the tree, else none (the legacy infer_shape stays)
    info = _read("tabled.py", LiveFacts(protos={"lp_scale": row}))
    assert operator_class(info, "lp_scale") is None
    helpers = str((CORPUS / PACKAGE / "helpers.py").resolve())
    info = _read("tabled.py", LiveFacts(protos={"lp_scale": {
        **row, "op_class": [helpers, "KeepShape"]}}))
    assert operator_class(info, "lp_scale") == ClassRef("KeepShape", Path(helpers))
    # rebound.py's maker reads OPERAND, which its module changes through globals(): the
    # static reading takes nothing of it (not `In`), so the imported proto is used as it is
    info = _read("rebound.py", LiveFacts(protos={"lp_offset": row}))
    assert [v.name for v in info.protos["lp_offset"].inputs] == ["X"]
