"""The codemod on modules whose namespace is changed dynamically
(tests/migrate/corpus/pkg_dynamic_ns): `globals().update(REAL=...)`, `globals()["SCALE"] =
...`, `setattr(sys.modules[__name__], _name, ...)`, `vars()[...] = ...`, and another module's
`setattr(consts, "FLOATS", ...)`, `consts.__dict__.update(HALVES=...)`, `c.DOUBLES = ...`
(`migrate/dynamic_namespaces.py`).

Read by their bindings, those names give the wrong dtypes (`FLOATS` reads as float32 only,
the import registers float64 too) and the wrong attribute default (`SCALE` 1.0, the maker
gives 2.0). The static reading refuses them, naming the change; with verify the import of the
tree gives the keys and the proto, and every op migrates identical. A kernel reading nothing
the changes name (`StableKernel`, `UpdPlainKernel`) migrates statically, and a module that
only reads its namespace (`reads.py`: `"PAIR" in globals()`, `vars().keys()`, a function's
`globals().get(...)` and its own `locals()`) reads as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_nothing_broken,
    console,
    copy_package,
    run_package_ops,
    verified_rows,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_dynamic_ns"
KEPT = "migrated; legacy registration kept: registered by `register_op_kernel("
LIVE = "which the codemod cannot read; keys from importing the tree"


def _consts(how: str) -> str:
    return (f"registration not statically readable (module consts has its namespace changed "
            f"dynamically ({how}): its constants cannot be read statically)")


#: (module, kernel) -> (status, reason) of a static dry run (nothing imported)
STATIC = {
    ("ops.py", "SetattrKernel"): ("skipped", _consts(
        '`setattr(consts, "FLOATS", (DataType.FLOAT32, DataType.FL ...` in patch.py line 10')),
    ("ops.py", "DictKernel"): ("skipped", _consts(
        "`consts.__dict__.update(HALVES=(DataType.FLOAT64,))` in patch.py line 11")),
    ("ops.py", "AttrKernel"): ("skipped", _consts(
        "`c.DOUBLES = (DataType.FLOAT64,)` in patch.py line 12")),
    ("ops.py", "StableKernel"): ("migrated", ""),
    ("reads.py", "ReadPairKernel"): ("migrated", ""),
    ("selfmod.py", "SelfWideKernel"): ("skipped", (
        "registration not statically readable (module selfmod changes its namespace "
        "dynamically (`setattr(sys.modules[__name__], _name, (DataType.FLOAT32, ...` line 16): "
        "its constants cannot be read statically)")),
    ("updates.py", "UpdScaleKernel"): ("migrated", ""),
    ("updates.py", "UpdRealKernel"): ("skipped", (
        "registration not statically readable (module updates changes its namespace "
        "dynamically (`globals().update(REAL=(DataType.FLOAT32, DataType.FLOAT64))` line 17): "
        "its constants cannot be read statically)")),
    ("updates.py", "UpdPlainKernel"): ("migrated", ""),
}
#: (module, kernel) -> (reason prefix, dtypes verified) of the write with verify
WRITTEN = {
    ("ops.py", "SetattrKernel"): (KEPT, ["FLOAT32", "FLOAT64"]),
    ("ops.py", "DictKernel"): (KEPT, ["FLOAT64"]),
    ("ops.py", "AttrKernel"): (KEPT, ["FLOAT64"]),
    ("ops.py", "StableKernel"): ("", ["FLOAT32", "FLOAT64"]),
    ("reads.py", "ReadPairKernel"): ("", ["FLOAT32", "FLOAT64"]),
    ("selfmod.py", "SelfWideKernel"): (KEPT, ["FLOAT32", "FLOAT64"]),
    ("updates.py", "UpdScaleKernel"): ("", ["FLOAT32"]),
    ("updates.py", "UpdRealKernel"): (KEPT, ["FLOAT32", "FLOAT64"]),
    ("updates.py", "UpdPlainKernel"): ("", ["FLOAT32", "FLOAT64"]),
}
#: the ops with a float32 kernel, run on a float32 input before and after the write
CASES = {op: [{}] for op in ("dn_setattr", "dn_stable", "dn_read_pair", "dn_self_wide",
                             "dn_upd_scale", "dn_upd_real", "dn_upd_plain")}
MODULES = [f"{PACKAGE}.{m}" for m in ("ops", "reads", "selfmod", "updates")]


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_package_ops(root, MODULES, CASES, mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("dynamic_ns"), PACKAGE, run_ops)


def test_the_static_reading_refuses_each_changed_name(tmp_path: Path) -> None:
    pkg = copy_package(tmp_path, PACKAGE)
    out = tmp_path / "summary.json"
    assert run_migrate([pkg], verify=False, json_path=out, console=console()) == 0
    rows = json.loads(out.read_text())["kernels"]
    assert {(Path(r["file"]).name, r["kernel"]): (r["status"], r["reason"])
            for r in rows} == STATIC


def test_with_verify_every_op_migrates_identical(written: dict[str, Any]) -> None:
    got = verified_rows(written, lambda r: (Path(r["file"]).name, r["kernel"]))
    assert set(got) == set(WRITTEN)
    for key, (prefix, dtypes) in WRITTEN.items():
        row = got[key]
        assert row["status"] == "migrated", row
        assert row["reason"].startswith(prefix) and (LIVE in row["reason"]) == bool(prefix), row
        assert sorted(v["dtype"] for v in row["verify"]) == dtypes, row
    # the ops whose legacy registration is kept still run their legacy kernel too
    assert_nothing_broken(written, ["dn_stable", "dn_read_pair", "dn_upd_scale", "dn_upd_plain"])
    assert written["before_ops"]["dn_upd_scale {}"][0][0] == pytest.approx(-4.0)  # SCALE 2.0


def test_an_unreadable_default_is_left_out_never_read_wrong(written: dict[str, Any]) -> None:
    yaml = (written["pkg"] / "ops.yaml").read_text()
    entry = yaml[yaml.index("- op : dn_upd_scale"):].split("\n- op")[0]
    assert "float scale" in entry and "1.0" not in entry


def test_module_replacements_reach_only_what_they_can_replace(tmp_path: Path) -> None:
    """`del sys.modules[k]` changes nothing (the next import runs the same file); a computed
    `sys.modules[k] = m` reaches the writer's own outermost package only; a literal key the
    module it names, unless it installs a module it just made from a spec (a loader)."""
    from migrate.dynamic_namespaces import module_changes

    for pkg in ("ours", "theirs"):
        (tmp_path / pkg).mkdir()
        (tmp_path / pkg / "__init__.py").write_text("")
    (tmp_path / "ours" / "consts.py").write_text("FLOATS = (1, 2)\n")
    (tmp_path / "theirs" / "loader.py").write_text(
        "import sys\n\n\ndef install(name, module):\n    sys.modules[name] = module\n"
        "    del sys.modules['ours.consts']\n")
    (tmp_path / "ours" / "loader.py").write_text(
        "import importlib.util\nimport sys\n\n\ndef load(name, path):\n"
        "    spec = importlib.util.spec_from_file_location(name, path)\n"
        "    module = importlib.util.module_from_spec(spec)\n"
        "    sys.modules[name] = module\n    spec.loader.exec_module(module)\n")
    consts = tmp_path / "ours" / "consts.py"
    assert module_changes(consts) == []  # a loader installing the module it just made
    (tmp_path / "ours" / "plugins.py").write_text(
        "import sys\n\n\ndef install(name, module):\n    sys.modules[name] = module\n")
    assert [(c.file.name, c.target, c.names) for c in module_changes(consts)] == \
        [("plugins.py", None, None)]
    (tmp_path / "theirs" / "patch.py").write_text(
        "import sys\n\nsys.modules['ours.consts'] = object()\n")
    assert {c.file.name for c in module_changes(consts)} == {"plugins.py", "patch.py"}
