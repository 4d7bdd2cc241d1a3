"""The codemod on team P's package (tests/migrate/corpus/pkg_plugins), whose kernels another
module's code registers in shapes the codemod cannot read statically: a plug-in loader
(`PLUGINS`, `importlib.import_module`, `install(getattr(module, "MANIFEST", ()), origin=...)`)
whose records register themselves through a method looping devices, GPU ones taking FLOAT16
too while PKGPLUG_GPU_HALF is set (read in the sibling `_flags`); and a base's
`__init_subclass__` booking each kernel in a book object that `publish_book()` publishes.

Such a kernel migrates with its legacy registration kept (`followed_kernels`): its class and
the other module stay as they are, the PHI kernel is written beside the class with
`follow_legacy_kernel(...)`, so under either setting of the flag the PHI keys are the legacy
class's, and `--path legacy` still runs the class. A kernel whose compute cannot migrate
keeps its own reason.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import REPO, console, copy_package, verified_rows, write_copy

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_plugins"
FLAG = "PKGPLUG_GPU_HALF"
REAL = ["FLOAT32", "FLOAT64"]
FOLLOWS = "; the PHI kernel follows the class's keys"
LOADED = ("migrated; legacy registration kept: registered when `load_plugins()` runs "
          f"(pkg_plugins/__init__.py:9), by code the codemod cannot read{FOLLOWS} (its class "
          "statement not replaced: it registered through code that is not a module-level "
          "function)")
PUBLISHED = ("migrated; legacy registration kept: registered when `publish_book()` runs "
             f"(pkg_plugins/__init__.py:10), by code the codemod cannot read{FOLLOWS} (its "
             "class statement not replaced: `publish_book()` registered it through code that "
             "is not that module-level function)")

#: kernel -> (module, status, op, reason, dtypes per backend)
EXPECTED: dict[str, tuple[str, str, str, str, dict[str, list[str]]]] = {
    "NegKernel": ("pointwise.py", "migrated", "pl_neg", LOADED, {"CPU": REAL, "GPU": REAL}),
    "SquareKernel": ("pointwise.py", "migrated", "pl_square", LOADED, {"CPU": ["FLOAT32"]}),
    "TwistKernel": ("pointwise.py", "skipped", "pl_twist",
                    "compute() does not take exactly (self, ctx)", {}),
    "ScaleKernel": ("scaled.py", "migrated", "pl_scale", LOADED, {"CPU": REAL, "GPU": REAL}),
    "CubeKernel": ("booked.py", "migrated", "pl_cube", PUBLISHED, {"CPU": REAL, "GPU": REAL}),
    "HalveKernel": ("booked.py", "migrated", "pl_halve", PUBLISHED, {"CPU": REAL}),
    "CountKernel": ("booked.py", "skipped", "pl_count",
                    "uses self beyond helpers and constant class attributes (instance state)",
                    {}),
}
OPS = sorted(op for _, _, op, _, _ in EXPECTED.values())
MIGRATED = {k for k, (_, status, *_) in EXPECTED.items() if status == "migrated"}
#: the ops registered on GPU too (where the flag adds FLOAT16)
ON_GPU = {"pl_neg", "pl_twist", "pl_scale", "pl_cube", "pl_count"}
#: the package's own registry code, which the write must leave byte for byte
UNTOUCHED = ("__init__.py", "_flags.py", "_loader.py", "_book.py", "plugins/__init__.py",
             "plugins/_shapes.py")

#: argv: root, package, ops (JSON). Per op: its legacy and PHI keys, and its run the default
#: way and the legacy way (output and path, or the error's type)
_KEYS_AND_RUNS = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
from legacy_fluid.framework.op_kernel import OP_KERNELS
from phi.core.kernel_factory import KERNELS
root, package, ops = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
sys.path.insert(0, root)
importlib.import_module(package)
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
out = {"legacy": {}, "phi": {}, "runs": {}}
for op in ops:
    out["legacy"][op] = sorted(f"{k.place.kind.upper()}/{k.data_type.name}"
                               for k in OP_KERNELS.kernels_of(op))
    out["phi"][op] = sorted(f"{k.backend.name}/{k.dtype.name}" for k in KERNELS.kernels_of(op))
    for mode in ("auto", "legacy"):
        try:
            got, trace = run_single_op(op, {"X": x}, {}, {"Out": 1}, mode=mode)
            out["runs"][f"{op}/{mode}"] = [got["Out"][0].tolist(), trace.path.value]
        except Exception as exc:
            out["runs"][f"{op}/{mode}"] = type(exc).__name__
print(json.dumps(out))
'''


def keys_and_runs(root: Path, flag: bool) -> dict[str, Any]:
    """`_KEYS_AND_RUNS` on `root/pkg_plugins`, with the flag set or unset."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop(FLAG, None)
    if flag:
        env[FLAG] = "1"
    done = subprocess.run([sys.executable, "-c", _KEYS_AND_RUNS, str(root), PACKAGE,
                           json.dumps(OPS)], capture_output=True, text=True, env=env,
                          timeout=300, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    original = tmp_path_factory.mktemp("original")
    copy_package(original, PACKAGE)
    result = write_copy(tmp_path_factory.mktemp("written"), PACKAGE)
    result["original"] = original / PACKAGE
    for flag in (False, True):
        result[f"before/{flag}"] = keys_and_runs(original, flag)
        result[f"after/{flag}"] = keys_and_runs(result["pkg"].parent, flag)
    return result


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    rows = verified_rows(written)
    assert set(rows) == set(EXPECTED)
    for kernel, (module, status, op, reason, dtypes) in EXPECTED.items():
        row = rows[kernel]
        assert (Path(row["file"]).name, row["status"], row["op"]) == (module, status, op), row
        assert row["reason"] == reason, row
        assert row["dtypes"] == dtypes, row
    assert written["doc"]["written"]


def test_modules_import_and_the_registry_code_stays_byte_for_byte(
        written: dict[str, Any]) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    for name in UNTOUCHED:
        assert (written["pkg"] / name).read_bytes() == (written["original"] / name).read_bytes()
    for module in ("plugins/pointwise.py", "plugins/scaled.py", "booked.py"):
        old, new = ((p / module).read_text() for p in (written["original"], written["pkg"]))
        assert "register_kernel" not in new  # no key of its own: it follows the class
        for kernel in [k for k, (m, *_) in EXPECTED.items() if module.endswith(m)]:
            start = old.index(f"class {kernel}(")
            end = old.find("\n\n\n", start)
            statement = old[start:end if end >= 0 else None]
            assert statement in new  # the class statement, exactly as it was
            op = EXPECTED[kernel][2]
            follow = f'\nfollow_legacy_kernel("{op}", {op}_kernel, {kernel})\n'
            if kernel in MIGRATED:
                assert follow in new and new.index(follow) > new.index(statement)
            else:
                assert f'follow_legacy_kernel("{op}"' not in new
        if "MANIFEST" in old:  # the records stay as they were
            assert new[new.index("\nMANIFEST = "):] == old[old.index("\nMANIFEST = "):]


@pytest.mark.parametrize("flag", [False, True])
def test_phi_keys_follow_the_legacy_keys_under_either_setting_of_the_flag(
        written: dict[str, Any], flag: bool) -> None:
    before, after = written[f"before/{flag}"], written[f"after/{flag}"]
    half = {op: any(k.endswith("FLOAT16") for k in keys) for op, keys in before["legacy"].items()}
    assert half == {op: flag and op in ON_GPU for op in OPS}  # the flag counts
    assert after["legacy"] == before["legacy"]  # the class keeps every key it had
    for op in OPS:
        migrated = any(o == op and k in MIGRATED for k, (_, _, o, _, _) in EXPECTED.items())
        assert before["phi"][op] == []
        assert after["phi"][op] == (before["legacy"][op] if migrated else []), op
        auto, legacy = after["runs"][f"{op}/auto"], after["runs"][f"{op}/legacy"]
        assert before["runs"][f"{op}/auto"][1] == "legacy"
        assert legacy == before["runs"][f"{op}/legacy"]  # `--path legacy`: the class
        assert auto[0] == legacy[0] == before["runs"][f"{op}/auto"][0]
        assert auto[1] == ("phi" if migrated else "legacy")


def test_a_second_run_changes_nothing(written: dict[str, Any], tmp_path: Path) -> None:
    files = sorted(written["pkg"].rglob("*.py"))
    before = {p: p.read_bytes() for p in files}
    out = tmp_path / "again.json"
    code = run_migrate([written["pkg"]], write=True, verify=False, json_path=out,
                       console=console())
    assert code == 0 and {p: p.read_bytes() for p in files} == before
    rows = {r["kernel"]: r["reason"] for r in json.loads(out.read_text())["kernels"]}
    assert rows["NegKernel"] == ("migrated by an earlier write (op 'pl_neg' runs on "
                                 "pl_neg_kernel); the class is kept with its legacy "
                                 "registration")
