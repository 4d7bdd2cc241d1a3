"""The codemod on team X's package (tests/migrate/corpus/pkg_manifest), whose kernels are
registered from data: each plug-in module exports `MANIFEST = [OpSpec(...),
KernelBinding("tx_neg", NegKernel, FLOATING, EVERYWHERE), ...]` (a frozen dataclass and a
NamedTuple; dtype groups are frozensets, combined with `|`), and the package's `__init__`
calls `load_plugins()`, which passes each plug-in's `MANIFEST` to `_registry.install`,
registering the operators, then each binding's kernel per device and dtype, the GPU ones
only while TEAMX_NO_GPU_KERNELS is unset (a flag read once at import).

A kernel whose one record sits in a `MANIFEST` list literal migrates on the keys importing
the tree shows: its record leaves the list (the operators' records stay), its class
statement becomes the PHI kernel, its GPU keys registered under the same environment read.
Where the reader cannot prove the keys are the record's alone (a computed manifest, records
appended in a loop, an `install` choosing keys by anything else, the gate closed when the
tree was imported) the class and its record stay and the PHI kernel follows the class's keys
(`followed_kernels`); a key naming an op with no known proto is still refused; a kernel
class nested in an operator's body gets a row of its own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_nothing_broken,
    console,
    copy_package,
    registered_keys,
    run_package_ops,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_manifest"
REAL = ["FLOAT32", "FLOAT64"]
READ = "registration not statically readable: `KernelBinding("
LISTED = ("migrated; registered only by its record in its module's `MANIFEST`, when "
          "`load_plugins()` runs (pkg_manifest/__init__.py:6); the record and the class "
          "statement replaced, keys from importing the tree")
#: a kernel whose record the reader cannot prove (a computed manifest, records appended in a
#: loop, an `install` choosing keys by anything else): its class and record stay, its PHI
#: kernel follows the class's keys (`followed_kernels`)
FOLLOWED = ("migrated; legacy registration kept: registered when `load_plugins()` runs "
            "(pkg_manifest/__init__.py:6), by code the codemod cannot read; the PHI kernel "
            "follows the class's keys")

#: kernel -> (status, op, what its reason holds, dtypes per backend)
EXPECTED: dict[str, tuple[str, str, str, Any]] = {
    "NegKernel": ("migrated", "tx_neg", LISTED, {"CPU": REAL, "GPU": REAL}),
    "AbsKernel": ("migrated", "tx_abs", LISTED, {"CPU": ["INT32", "INT64", *REAL]}),
    "ScaleKernel": ("migrated", "tx_scale", LISTED, {"CPU": REAL, "GPU": REAL}),
    "SquareKernel": ("migrated", "tx_square", FOLLOWED, {"CPU": REAL}),
    "DoubleKernel": ("migrated", "tx_double", FOLLOWED, {"CPU": REAL}),
    "HalfKernel": ("migrated", "tx_half", FOLLOWED, {"CPU": REAL}),
    "RollOp.Kernel": ("skipped", "tx_roll", "a kernel class defined in the body of class RollOp "
                      "(registered as `RollOp.Kernel`); the codemod rewrites module-level kernel "
                      "classes only; not migrated", None),
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    rows = {r["kernel"]: r for r in written["doc"]["kernels"]}
    assert set(rows) == set(EXPECTED)
    for kernel, (status, op, reason, dtypes) in EXPECTED.items():
        row = rows[kernel]
        assert (row["status"], row["op"]) == (status, op), row
        assert reason in row["reason"], row
        if status == "migrated":
            assert row["dtypes"] == dtypes, row
            assert row["verify"] and all(v["status"] == "identical" and v["reimported"]
                                         for v in row["verify"]), row
    assert written["code"] == 0 and sum(written["doc"]["totals"].values()) == len(EXPECTED)


def test_the_records_leave_their_manifests_and_the_rest_stays(written: dict[str, Any]) -> None:
    pkg: Path = written["pkg"]
    unary = (pkg / "plugins" / "unary.py").read_text()
    assert "class NegKernel" not in unary and "class AbsKernel" not in unary
    assert "KernelBinding" not in unary and "FLOATING" not in unary
    assert ('MANIFEST = [\n    OpSpec("tx_neg", SameShapeOp, UnaryMaker),\n'
            '    OpSpec("tx_abs", SameShapeOp, UnaryMaker),\n]\n') in unary
    assert 'if os.environ.get("TEAMX_NO_GPU_KERNELS") is None:\n    register_kernel("tx_neg", ' \
        "Backend.GPU" in unary and "\nimport os\n" in unary
    scaled = (pkg / "plugins" / "scaled.py").read_text()
    assert 'MANIFEST = [\n    OpSpec("tx_scale", SameShapeOp, ScaleMaker),\n]\n' in scaled
    for kept in ("_registry.py", "__init__.py", "plugins/roll.py"):
        assert (pkg / kept).read_text() == (CORPUS / PACKAGE / kept).read_text(), kept
    # a record the reader cannot prove stays, the class too; the PHI kernel follows it
    for module, calls in (("computed.py", ["SquareKernel"]),
                          ("looped.py", ["DoubleKernel", "HalfKernel"])):
        old = (CORPUS / PACKAGE / "plugins" / module).read_text()
        new = (pkg / "plugins" / module).read_text()
        assert all(line in new.splitlines() for line in old.splitlines() if "MANIFEST" in line)
        for kernel in calls:
            op = EXPECTED[kernel][1]
            assert f'\nfollow_legacy_kernel("{op}", {op}_kernel, {kernel})\n' in new
            assert f"class {kernel}(OpKernel):" in new and "register_kernel" not in new


def test_the_written_package_imports_and_computes_as_before(written: dict[str, Any]) -> None:
    followed = {op for _, op, why, _ in EXPECTED.values() if why == FOLLOWED}
    migrated = {op for s, op, _, _ in EXPECTED.values() if s == "migrated"} - followed
    assert_nothing_broken(written, migrated)  # the followed classes: the legacy way, as before
    assert written["after"]["phi_ran"].keys() == migrated
    for op in migrated:
        assert written["after"]["phi_ran"][op] == written["before"]["ran"][op], op
    phi = run_package_ops(written["pkg"].parent, [PACKAGE], {op: [{}] for op in followed},
                          "phi")
    assert phi == {f"{op} {{}}": written["before"]["ran"][op] for op in followed}


@pytest.mark.parametrize("setting", [None, "1"])
def test_the_written_package_registers_under_each_gate_setting_what_the_legacy_one_did(
        written: dict[str, Any], setting: str | None) -> None:
    env = {"TEAMX_NO_GPU_KERNELS": setting}
    legacy = registered_keys(CORPUS, PACKAGE, env)
    assert registered_keys(written["pkg"].parent, PACKAGE, env) == legacy
    gpu = {op for op, device, _ in legacy if device == "GPU"}
    assert gpu == (set() if setting else {"tx_neg", "tx_scale"})


def test_a_dry_run_without_verify_still_gives_every_kernel_a_row(tmp_path: Path) -> None:
    copy_package(tmp_path, PACKAGE)
    out = tmp_path / "summary.json"
    run_migrate([tmp_path / PACKAGE], write=False, verify=False, json_path=out,
                console=console())
    rows = {r["kernel"]: (r["status"], r["reason"]) for r in json.loads(out.read_text())["kernels"]}
    assert set(rows) == set(EXPECTED)
    for kernel in ("NegKernel", "AbsKernel", "ScaleKernel", "SquareKernel"):
        assert rows[kernel][0] == "skipped" and rows[kernel][1].startswith(READ), kernel
    assert rows["RollOp.Kernel"] == ("skipped", EXPECTED["RollOp.Kernel"][2])


INNER_IF = '                if device == "CPU":\n'
CPU_CALL = ("                    register_op_kernel(record.op, device, record.kernel, "
            "*record.dtypes)\n")


@pytest.mark.parametrize(("module", "edit", "refusal"), [
    # an install choosing keys by what is not the record's
    ("_registry.py", (INNER_IF, INNER_IF.replace(":", " and record.op not in PLUGINS:")),
     'it registered under `if device == "CPU" and record.op not in PLUGINS` '
     "(pkg_manifest/_registry.py:46), a condition the codemod cannot carry over"),
    ("_registry.py", ("            for device in record.devices:\n",
                      "            for device in EVERYWHERE:\n"),
     "the installing function `install` loops over `EVERYWHERE` (pkg_manifest/_registry.py:45), "
     "not a record's field"),
    # a flag bound twice is no plain environment read
    ("_registry.py", ("PLUGINS = (",
                      'GPU_KERNELS = GPU_KERNELS and os.name == "posix"\nPLUGINS = ('),
     "it registered under `if GPU_KERNELS` (pkg_manifest/_registry.py:49), a condition the "
     "codemod cannot carry over"),
    # a record class that may change after it is listed
    ("_registry.py", ("class KernelBinding(NamedTuple):", "@dataclass\nclass KernelBinding:"),
     "the record class `KernelBinding` (pkg_manifest/_registry.py:33) is neither a NamedTuple "
     "nor a frozen dataclass, so a record may change after it is listed"),
    # the record named twice in its manifest
    ("plugins/unary.py", ("    KernelBinding(\"tx_abs\", AbsKernel, FLOATING | INTEGRAL),\n",
                          "    KernelBinding(\"tx_abs\", AbsKernel, FLOATING | INTEGRAL),\n"
                          "    KernelBinding(\"tx_abs\", AbsKernel, FLOATING, (\"GPU\",)),\n"),
     "its module's `MANIFEST` names it in 2 records"),
])
def test_a_record_the_reader_cannot_prove_falls_back_to_following(
        tmp_path: Path, module: str, edit: tuple[str, str], refusal: str) -> None:
    """`manifest_records` cannot take the keys as the record's alone (`refusal`: the
    registry's shape, not the kernel's): the class and its record stay, the PHI kernel
    follows the class's keys."""
    rows = _edited_dry_run(tmp_path, module, edit)
    assert rows["AbsKernel"]["status"] == "migrated", rows["AbsKernel"]
    assert rows["AbsKernel"]["reason"].startswith(FOLLOWED), rows["AbsKernel"]["reason"]
    assert f"not replaced: {refusal}" in rows["AbsKernel"]["reason"]


def test_a_key_for_an_op_whose_proto_is_unknown_is_still_refused(tmp_path: Path) -> None:
    """The installed key names an op (`PLUGINS[0]`, "unary") no proto is known for: the
    kernel's own op, so no fallback."""
    rows = _edited_dry_run(tmp_path, "_registry.py",
                           (CPU_CALL, CPU_CALL.replace("record.op", "PLUGINS[0]")))
    assert rows["AbsKernel"]["status"] == "skipped"
    assert rows["AbsKernel"]["reason"].endswith(
        "importing the tree shows it registered for op 'unary', whose proto the codemod cannot "
        "read (op 'unary' is not registered (register_operator) in this module, so its proto "
        "is unknown); not migrated"), rows["AbsKernel"]["reason"]


def _edited_dry_run(root: Path, module: str, edit: tuple[str, str]) -> dict[str, Any]:
    """A copy of pkg_manifest, `module`'s `edit[0]` replaced by `edit[1]`, migrated dry with
    verify: its rows by kernel."""
    pkg = copy_package(root, PACKAGE)
    text = (pkg / module).read_text()
    assert edit[0] in text
    (pkg / module).write_text(text.replace(edit[0], edit[1]))
    out = root / "summary.json"
    run_migrate([pkg], write=False, verify=True, json_path=out, console=console())
    return {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}


def test_the_tree_imported_with_the_gate_closed_follows_every_record_kernel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The GPU keys the gate guards are not seen, so no registration can be written for
    them: the records' kernels follow their classes' keys instead."""
    monkeypatch.setenv("TEAMX_NO_GPU_KERNELS", "1")
    pkg = copy_package(tmp_path, PACKAGE)
    out = tmp_path / "summary.json"
    run_migrate([pkg], write=False, verify=True, json_path=out, console=console())
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    for kernel in ("NegKernel", "AbsKernel", "ScaleKernel"):
        assert rows[kernel]["status"] == "migrated"
        assert rows[kernel]["reason"].startswith(FOLLOWED), rows[kernel]["reason"]
