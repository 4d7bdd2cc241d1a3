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
A computed manifest, records appended in a loop and an `install` choosing keys by anything
else are named refusals; a kernel class nested in an operator's body gets a row of its own.
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
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_manifest"
REAL = ["FLOAT32", "FLOAT64"]
READ = "registration not statically readable: `KernelBinding("
INSTALLED = ("importing the tree shows it registered when `load_plugins()` runs "
             "(pkg_manifest/__init__.py:6), installing its module's `MANIFEST` records, but ")
LISTED = ("migrated; registered only by its record in its module's `MANIFEST`, when "
          "`load_plugins()` runs (pkg_manifest/__init__.py:6); the record and the class "
          "statement replaced, keys from importing the tree")
LOOPED = ("pkg_manifest/plugins/looped.py names `MANIFEST` again after binding it (the records "
          "may be built or changed there); not migrated")

#: kernel -> (status, op, what its reason holds, dtypes per backend)
EXPECTED: dict[str, tuple[str, str, str, Any]] = {
    "NegKernel": ("migrated", "tx_neg", LISTED, {"CPU": REAL, "GPU": REAL}),
    "AbsKernel": ("migrated", "tx_abs", LISTED, {"CPU": ["INT32", "INT64", *REAL]}),
    "ScaleKernel": ("migrated", "tx_scale", LISTED, {"CPU": REAL, "GPU": REAL}),
    "SquareKernel": ("skipped", "tx_square", f"{INSTALLED}its module's `MANIFEST` is computed "
                     "(`MANIFEST = OPERATORS + [KernelBinding(\"tx_square\", SquareKernel, "
                     "FLOATING)]`), not a list literal; not migrated", None),
    "DoubleKernel": ("skipped", "tx_double", f"{INSTALLED}{LOOPED}", None),
    "HalfKernel": ("skipped", "tx_half", f"{INSTALLED}{LOOPED}", None),
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
    for kept in ("_registry.py", "__init__.py", "plugins/computed.py", "plugins/looped.py",
                 "plugins/roll.py"):
        assert (pkg / kept).read_text() == (CORPUS / PACKAGE / kept).read_text(), kept


def test_the_written_package_imports_and_computes_as_before(written: dict[str, Any]) -> None:
    migrated = {op for s, op, _, _ in EXPECTED.values() if s == "migrated"}
    assert_nothing_broken(written, migrated)
    assert written["after"]["phi_ran"].keys() == migrated
    for op in migrated:
        assert written["after"]["phi_ran"][op] == written["before"]["ran"][op], op


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
    ("_registry.py", (CPU_CALL, CPU_CALL.replace("record.op", "PLUGINS[0]")),
     "`register_op_kernel(PLUGINS[0], device, record.kernel, *record.dtypes)` "
     "(pkg_manifest/_registry.py:47) passes what is not a record's field"),
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
def test_a_record_the_reader_cannot_prove_is_a_named_refusal(
        tmp_path: Path, module: str, edit: tuple[str, str], refusal: str) -> None:
    pkg = copy_package(tmp_path, PACKAGE)
    text = (pkg / module).read_text()
    assert edit[0] in text
    (pkg / module).write_text(text.replace(edit[0], edit[1]))
    out = tmp_path / "summary.json"
    run_migrate([pkg], write=False, verify=True, json_path=out, console=console())
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    assert rows["AbsKernel"]["status"] == "skipped"
    assert rows["AbsKernel"]["reason"].endswith(f"{INSTALLED}{refusal}; not migrated"), \
        rows["AbsKernel"]["reason"]


def test_the_tree_imported_with_the_gate_closed_migrates_no_kernel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The GPU keys the gate guards are not seen: none of the records' kernels migrates."""
    monkeypatch.setenv("TEAMX_NO_GPU_KERNELS", "1")
    pkg = copy_package(tmp_path, PACKAGE)
    out = tmp_path / "summary.json"
    run_migrate([pkg], write=False, verify=True, json_path=out, console=console())
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    closed = ('the tree was imported with the environment gate `GPU_KERNELS = os.environ.get('
              '"TEAMX_NO_GPU_KERNELS") is None` (pkg_manifest/_registry.py:19) closed, so the '
              "keys it guards were not seen; not migrated")
    for kernel in ("NegKernel", "AbsKernel", "ScaleKernel"):
        assert rows[kernel]["status"] == "skipped"
        assert rows[kernel]["reason"].endswith(f"{INSTALLED}{closed}"), rows[kernel]["reason"]
