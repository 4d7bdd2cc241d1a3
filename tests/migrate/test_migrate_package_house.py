"""The codemod on team H's package (tests/migrate/corpus/pkg_house), whose framework names
and registrations are its own: `_compat.py` is the only module importing the framework,
re-exporting its names under the house's (`OpKernel as FluidKernel`, `register_op_kernel as
fluid_register_kernel`, the maker, the operator, `DataType`, with `__all__`), and the
others read them from there (`from .._compat import ...`, `import pkg_house._compat as fw`,
`from . import _compat as fw`, a star import). Kernels registered by hand through those
names (a table loop at the bottom of `v1.py` included; one dtype given by its name) are read
as direct imports are and migrate. Kernels booked by a class keyword (`class
SoftplusKernel(FunctorKernel, op="hx_softplus", placement=FLOATS)`) and registered when
the package's `BOOK.publish()` runs each get a row saying so; where the publishing code is
not proven to register a kernel's keys from its booking alone (a booked class another booked
class derives from, `booked/pairs.py`; a `break`, a counter, a condition it cannot carry
over, the gate closed when the tree was imported) the class and its booking stay and its PHI
kernel follows the class's keys (`followed_kernels`); a kernel nothing registers
gets a row saying that. The summary's counts equal the rows; after `--write` every module
imports and every op computes what it computed before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    assert_nothing_broken,
    console,
    copy_package,
    registered_keys,
    run_package_ops,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_house"
REAL = ["FLOAT32", "FLOAT64"]
UNREGISTERED = ("no register_op_kernel call of this module registers it (registered elsewhere, "
                "or never)")
#: a booked kernel the publishing code is not proven to register from its booking alone: the
#: class and its booking stay, its PHI kernel follows its keys (`followed_kernels`)
FOLLOWED = ("migrated; legacy registration kept: registered when `BOOK.publish()` runs "
            "(pkg_house/__init__.py:14), by code the codemod cannot read; the PHI kernel "
            "follows the class's keys")
BOOKED = ("migrated; registered only by publishing its class statement's booking, when "
          "`BOOK.publish()` runs (pkg_house/__init__.py:14); the class statement replaced, keys "
          "from importing the tree")

#: the dtypes of a kernel booked for FLOATS: its GPU ones registered under the gate
GATED = {"CPU": REAL, "GPU": REAL}
#: the written modules' guard of those registrations
GUARD = 'if os.environ.get("HOUSE_NO_GPU") is None:\n    register_kernel('

#: V1_OPS names the classes: they stay, the loop's kernel registration goes
KEPT = "migrated; class kept for a module-level statement"

#: module -> kernel class -> (status, op, the reason's start, dtypes per backend)
EXPECTED: dict[str, dict[str, tuple[str, str, str, Any]]] = {
    "direct.py": {"DoubleKernel": ("migrated", "hx_double", "", {"CPU": REAL})},
    "named.py": {"HalfKernel": ("migrated", "hx_half", "", {"CPU": REAL}),
                 "ThirdKernel": ("migrated", "hx_third", "", {"CPU": ["FLOAT32"]})},
    "v1.py": {"NegKernel": ("migrated", "hx_neg", KEPT, {"CPU": REAL}),
              "AbsKernel": ("migrated", "hx_abs", KEPT, {"CPU": ["FLOAT32"]})},
    "starred.py": {"CubeKernel": ("migrated", "hx_cube", "", {"CPU": ["FLOAT32"]})},
    # their GPU keys register under the environment gate, carried into the PHI registration
    "softplus.py": {"SoftplusKernel": ("migrated", "hx_softplus", BOOKED, GATED),
                    "SquareKernel": ("migrated", "hx_square", BOOKED, GATED)},
    "scaled.py": {"ScaleKernel": ("migrated", "hx_scale", BOOKED, {"CPU": ["FLOAT32"]})},
    # a booked class another booked class derives from is a kernel of its own, not a
    # template; its class statement stays for the subclass, its PHI kernel following it
    "pairs.py": {"AbsSquareKernel": ("migrated", "hx_abs_square", FOLLOWED,
                                     {"CPU": ["COMPLEX64", "COMPLEX128"]}),
                 "AbsSquareRealKernel": ("migrated", "hx_abs_square", BOOKED, GATED),
                 "RowCumsumKernel": ("migrated", "hx_row_cumsum", FOLLOWED, GATED),
                 "RowCumsumIntKernel": ("migrated", "hx_row_cumsum", BOOKED,
                                        {"CPU": ["INT32", "INT64"]})},
    "idle.py": {"IdleKernel": ("skipped", "?", "not registered: no statement of its module "
                               "registers it and importing the tree registers it for no op",
                               None)},
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    doc = written["doc"]
    counted = sum(doc["totals"].values())
    assert counted == len(doc["kernels"]) == sum(len(k) for k in EXPECTED.values())


def test_the_written_package_imports_and_computes_as_before(written: dict[str, Any]) -> None:
    rows = [row for ks in EXPECTED.values() for row in ks.values()]
    # hx_row_cumsum, hx_abs_square: one class replaced, the other kept registered, its PHI
    # kernel following it
    followed = {op for _, op, why, _ in rows if why == FOLLOWED}
    migrated = {op for s, op, _, _ in rows if s == "migrated"} - {
        op for s, op, _, _ in rows if s != "migrated"} - followed
    assert migrated >= {"hx_scale"} and followed == {"hx_row_cumsum", "hx_abs_square"}
    # hx_abs_square's float class went, its complex one stays, so the legacy way no longer
    # runs it on float32 (hx_row_cumsum's float class stays: the legacy way runs it as
    # before); the PHI way computes what the legacy one did
    after_ran = dict(written["after"]["ran"])
    assert "NoKernelError" in after_ran.pop("hx_abs_square")
    assert_nothing_broken({**written, "after": {**written["after"], "ran": after_ran}},
                          migrated | {"hx_abs_square"})
    phi = run_package_ops(written["pkg"].parent, [PACKAGE], {op: [{}] for op in followed},
                          "phi")
    assert phi == {f"{op} {{}}": written["before"]["ran"][op] for op in followed}
    assert len(written["before"]["imported"]) == 13
    assert written["after"]["phi_ran"].keys() == migrated
    for op in migrated:
        assert written["after"]["phi_ran"][op] == written["before"]["ran"][op], op
    pkg: Path = written["pkg"]
    assert "fluid_register_kernel(\"hx_double\"" not in (pkg / "plain" / "direct.py").read_text()
    # the names the write no longer uses go from the imports of the house's own modules;
    # those still used stay
    direct = (pkg / "plain" / "direct.py").read_text()
    assert "fluid_register_kernel," not in direct and "FluidKernel," not in direct
    assert "from .._compat import DataType, FluidMaker, FluidOperator, " in direct
    scaled = (pkg / "booked" / "scaled.py").read_text()
    assert "from ..registry import BOOK, SameShape, Signature\n" in scaled
    assert "class ScaleKernel" not in scaled and "from .. import _compat as fw" in scaled
    pairs = (pkg / "booked" / "pairs.py").read_text()
    assert "class RowCumsumIntKernel" not in pairs
    assert 'follow_legacy_kernel("hx_row_cumsum", row_cumsum_kernel, RowCumsumKernel)' in pairs
    softplus = (pkg / "booked" / "softplus.py").read_text()
    assert softplus.count(GUARD) == 2 and "\nimport os\n" in softplus
    assert "Backend.GPU" not in softplus.split(GUARD)[0]  # the ungated keys: decorators
    for kept in ("idle.py", "registry.py", "__init__.py"):
        assert (pkg / kept).read_text() == (CORPUS / PACKAGE / kept).read_text(), kept


def test_a_dry_run_without_verify_still_gives_every_kernel_a_row(tmp_path: Path) -> None:
    copy_package(tmp_path, PACKAGE)
    out = tmp_path / "summary.json"
    run_migrate([tmp_path / PACKAGE], write=False, verify=False, json_path=out,
                console=console())
    rows = {r["kernel"]: (r["status"], r["reason"]) for r in json.loads(out.read_text())["kernels"]}
    assert set(rows) == {k for ks in EXPECTED.values() for k in ks}
    for kernel in ("SoftplusKernel", "SquareKernel", "ScaleKernel", "IdleKernel",
                   "AbsSquareKernel", "AbsSquareRealKernel", "RowCumsumKernel",
                   "RowCumsumIntKernel"):
        assert rows[kernel] == ("skipped", f"{UNREGISTERED}; not migrated"), kernel


def _verified_dry_run(root: Path, edit: tuple[str, str] | None = None,
                      module: str = "registry.py") -> dict[str, str]:
    """A copy of pkg_house (its `module`'s `old` text replaced by `new` when `edit` is
    given) migrated dry with verify: kernel -> its row's reason."""
    pkg = copy_package(root, PACKAGE)
    if edit is not None:
        registry = pkg / module
        text = registry.read_text()
        assert edit[0] in text
        registry.write_text(text.replace(edit[0], edit[1]))
    out = root / "summary.json"
    run_migrate([pkg], write=False, verify=True, json_path=out, console=console())
    return {r["kernel"]: r["reason"] for r in json.loads(out.read_text())["kernels"]}


LOOP = "        for op, kernel, placement in self:\n"
CPU_CALL = '            fluid_register_kernel(op, "CPU", kernel, *placement.cpu)\n'


@pytest.mark.parametrize(("edit", "refusal"), [
    ((LOOP, f'{LOOP}            if op == "hx_none":\n                break\n'),
     "the publishing function `publish` holds `break` (pkg_house/registry.py:61), so which "
     "keys it registers depends on more than the booking"),
    ((LOOP, f"        published = 0\n{LOOP}            published += 1\n"),
     "the publishing function `publish` holds a counter (pkg_house/registry.py:61), so which "
     "keys it registers depends on more than the booking"),
    # a test of the entry's own fields (`op != "hx_none"`) decides nothing else; this one
    # calls a function the codemod does not know
    ((CPU_CALL, f'            if len(op) > 2:\n    {CPU_CALL}'),
     "it registered under `if len(op) > 2` (pkg_house/registry.py:60), a condition the "
     "codemod cannot carry over"),
])
def test_a_publishing_function_choosing_keys_otherwise_falls_back_to_following(
        tmp_path: Path, edit: tuple[str, str], refusal: str) -> None:
    """`booked_publish` refuses to take the keys as the booking's alone (`refusal`, the
    registry's shape, not the kernel's): the class and its booking stay, the PHI kernel
    follows the class's keys."""
    reasons = _verified_dry_run(tmp_path, edit)
    for kernel in ("ScaleKernel", "RowCumsumIntKernel"):  # the twins migrate unedited
        assert reasons[kernel].startswith(FOLLOWED), kernel
        assert f"not replaced: {refusal}" in reasons[kernel], kernel  # the row says why


def test_the_tree_imported_with_the_gate_closed_follows_every_published_kernel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The keys the closed gate guards were not seen, so no registration can be written for
    them: the PHI kernels follow their classes' keys, whichever the gate lets through."""
    monkeypatch.setenv("HOUSE_NO_GPU", "1")  # the GPU registrations do not run
    reasons = _verified_dry_run(tmp_path)
    for kernel in ("ScaleKernel", "RowCumsumIntKernel", "SoftplusKernel", "SquareKernel"):
        assert reasons[kernel].startswith(FOLLOWED), kernel


def test_a_published_kernel_another_module_uses_stays_legacy(tmp_path: Path) -> None:
    """Kept for its user, its class statement would still book it: it is left legacy."""
    use = "\n\nfrom .booked.scaled import ScaleKernel\n\nSCALED = ScaleKernel\n"
    reasons = _verified_dry_run(tmp_path, ("x.data + 1\n", f"x.data + 1\n{use}"), "idle.py")
    assert reasons["ScaleKernel"] == (
        "pkg_house/idle.py uses `ScaleKernel`, which migrating would remove from this module; "
        "left legacy: kept, its class statement would still book it for registration")
    assert reasons["RowCumsumIntKernel"].startswith(BOOKED)


@pytest.mark.parametrize("setting", [None, "1"])
def test_the_written_package_registers_under_each_gate_setting_what_the_legacy_one_did(
        written: dict[str, Any], setting: str | None) -> None:
    """Written with the gate open, imported with HOUSE_NO_GPU unset and set: the same keys
    as the legacy package under each (the GPU ones only while the gate is open)."""
    env = {"HOUSE_NO_GPU": setting}
    legacy = registered_keys(CORPUS, PACKAGE, env)
    assert registered_keys(written["pkg"].parent, PACKAGE, env) == legacy
    gpu = {op for op, device, _ in legacy if device == "GPU"}
    assert gpu == (set() if setting else {"hx_softplus", "hx_square", "hx_abs_square",
                                          "hx_row_cumsum"})


GATE = '        gpu = os.environ.get("HOUSE_NO_GPU") is None\n'
IF_GPU = "            if gpu and placement.gpu:\n"


@pytest.mark.parametrize("edit", [
    # a module-level flag read once at import
    (GATE, "", "\n\nclass Placement:", '\n\ngpu = os.getenv("HOUSE_NO_GPU") is None\n\n\n'
     "class Placement:"),
    # the read as the `if` test's conjunct itself
    (GATE, "", IF_GPU,
     '            if os.environ.get("HOUSE_NO_GPU") is None and placement.gpu:\n'),
    (GATE, '        gpu = os.environ.get("HOUSE_NO_GPU") in (None, "")\n'),
])
def test_a_plain_environment_read_is_carried(tmp_path: Path, edit: tuple[str, ...]) -> None:
    pkg = copy_package(tmp_path, PACKAGE)
    text = (pkg / "registry.py").read_text()
    for old, new in zip(edit[::2], edit[1::2], strict=True):
        assert old in text
        text = text.replace(old, new)
    (pkg / "registry.py").write_text(text)
    out = tmp_path / "summary.json"
    run_migrate([pkg], write=False, verify=True, json_path=out, console=console())
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    for kernel in ("SoftplusKernel", "SquareKernel"):
        assert rows[kernel]["status"] == "migrated", rows[kernel]
        assert rows[kernel]["dtypes"] == GATED


@pytest.mark.parametrize(("edit", "refusal"), [
    ((GATE, '        gpu = os.environ.get("HOUSE_NO_GPU", "") == ""\n'),
     "it registered under `if gpu and placement.gpu` (pkg_house/registry.py:61), a condition "
     "the codemod cannot carry over"),
    ((GATE, '        gpu = not os.environ.get("HOUSE_NO_GPU")\n'),
     "it registered under `if gpu and placement.gpu` (pkg_house/registry.py:61), a condition "
     "the codemod cannot carry over"),
    ((IF_GPU, "            if placement.gpu and not gpu:\n"),
     "it registered under `if placement.gpu and not gpu` (pkg_house/registry.py:61), a "
     "condition the codemod cannot carry over"),
])
def test_an_environment_condition_other_than_a_plain_read_falls_back_to_following(
        tmp_path: Path, edit: tuple[str, str], refusal: str) -> None:
    """A condition `env_gates` cannot carry over (`refusal`): the PHI kernel follows the
    class's keys, whichever the condition lets through."""
    reasons = _verified_dry_run(tmp_path, edit)
    for kernel in ("SoftplusKernel", "SquareKernel"):
        assert reasons[kernel].startswith(FOLLOWED), kernel
        assert f"not replaced: {refusal}" in reasons[kernel], kernel  # the row says why
