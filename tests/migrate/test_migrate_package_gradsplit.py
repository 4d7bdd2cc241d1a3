"""The codemod on grad kernels whose forward kernel is in another module of the tree
(tests/migrate/corpus/pkg_gradsplit, issue 23, cm45): `ops/cube.py` holds `gs_cube` and its
kernel, `ops/cube_grad.py` the grad op `gs_cube_grad` (registered with the framework's
`GradOp`, no backward_op entry in phi/backward.yaml) and its kernel. The forward migrates,
and so does the grad kernel, its backward_op entry generated from the forward and written
to the backward.yaml of the forward's folder. Negative twin: `gs_tally_grad`, whose forward
kernel (tally.py) keeps instance state and stays legacy: the grad kernel stays skipped, its
row naming that forward. A forward taken back later (held back) takes its grad back too.

After `--write` (verify on) every module still imports and every op, forward and grad,
computes what it computed before.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    assert_ops_as_before,
    run_script,
    write_copy,
    write_tree,
)

from migrate.runner import discover, follow_forwards, remigrate, run_codemod

PACKAGE = "pkg_gradsplit"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
_NO_BACKWARD = ("a gradient kernel with no backward_op 'gs_tally_grad' in phi/backward.yaml "
                "to follow, and no forward kernel migrated in this module to generate one "
                "from, nor in the run: forward op 'gs_tally' (TallyKernel of ")
EXPECTED = {
    "cube.py": {"CubeKernel": ("migrated", "gs_cube", "migrated; class kept for ", _FLOATS)},
    "cube_grad.py": {"CubeGradKernel": ("migrated", "gs_cube_grad", "migrated; class kept "
                                        "for ", _FLOATS)},
    "tally.py": {"TallyKernel": ("skipped", "gs_tally", "TallyKernel keeps instance state",
                                 {})},
    "tally_grad.py": {"TallyGradKernel": ("skipped", "gs_tally_grad", _NO_BACKWARD, {})},
}
LEGACY = ("gs_tally", "gs_tally_grad")

#: runs each op (argv: root, JSON op -> mode) on X (and Out@GRAD for a grad), two coeffs
_RUN = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
root, modes = sys.argv[1], json.loads(sys.argv[2])
sys.path.insert(0, root)
importlib.import_module("pkg_gradsplit.ops")
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
out = {}
for op, mode in modes.items():
    grad = op.endswith("_grad")
    feeds = {"X": x, "Out@GRAD": x[::-1].copy()} if grad else {"X": x}
    slot = "X@GRAD" if grad else "Out"
    for attrs in ({}, {"coeff": -1.5}):
        got = run_single_op(op, feeds, attrs, {slot: 1}, mode=mode)[0][slot][0]
        out[f"{op} {attrs}"] = got.tolist()
print(json.dumps(out))
'''


def _run(root: Path, mode: str) -> Any:
    ops = ("gs_cube", "gs_cube_grad", "gs_tally", "gs_tally_grad")
    return run_script(_RUN, str(root), json.dumps(
        {op: "legacy" if op in LEGACY else mode for op in ops}))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("gradsplit"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    row = next(r for r in written["doc"]["kernels"] if r["kernel"] == "TallyGradKernel")
    assert "pkg_gradsplit/ops/tally.py) is skipped, as its row says" in row["reason"], row
    assert row["reason"].count("nor in the run") == 1  # named once, however many passes


def test_the_backward_entry_lands_beside_the_forwards(written: dict[str, Any]) -> None:
    ops = written["pkg"] / "ops"
    yaml, backward = (ops / "ops.yaml").read_text(), (ops / "backward.yaml").read_text()
    assert "- op : gs_cube\n" in yaml and "  backward : gs_cube_grad\n" in yaml
    assert "- backward_op : gs_cube_grad\n" \
        "  forward : gs_cube (Tensor x, float coeff=0.5) -> Tensor(out)\n" \
        "  args : (Tensor x, Tensor out_grad, float coeff=0.5)\n" \
        "  output : Tensor(x_grad)\n" in backward
    assert "gs_tally" not in yaml + backward
    grad = (ops / "cube_grad.py").read_text()
    assert "def gs_cube_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, " \
        "out_grad: DenseTensor, coeff: float,\n" in grad
    assert 'register_op_kernel("gs_cube_grad"' not in grad
    assert 'register_op_kernel("gs_tally_grad"' in (ops / "tally_grad.py").read_text()


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before = assert_ops_as_before(written)
    assert before["gs_cube_grad {}"] != before["gs_cube_grad {'coeff': -1.5}"]
    assert before["gs_cube_grad {}"] != before["gs_tally_grad {}"]


def test_a_forward_of_another_folder_gets_the_backward_entry_in_its_folder(
        tmp_path: Path) -> None:
    pkg = tmp_path / "pkg_gradsplit"
    for sub in ("fwd", "grads"):
        (pkg / sub).mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "fwd" / "__init__.py").write_text("from . import cube  # noqa: F401\n")
    (pkg / "grads" / "__init__.py").write_text("from . import cube_grad  # noqa: F401\n")
    shutil.copy(CORPUS / PACKAGE / "ops" / "cube.py", pkg / "fwd" / "cube.py")
    grad = (CORPUS / PACKAGE / "ops" / "cube_grad.py").read_text()
    (pkg / "grads" / "cube_grad.py").write_text(grad.replace("from .cube import",
                                                             "from ..fwd.cube import"))
    done = write_tree(tmp_path, "pkg_gradsplit")
    rows = {r["kernel"]: r for r in done["doc"]["kernels"]}
    assert {k: r["status"] for k, r in rows.items()} == {"CubeKernel": "migrated",
                                                         "CubeGradKernel": "migrated"}
    assert all(v["status"] == "identical" for r in rows.values() for v in r["verify"])
    assert "- backward_op : gs_cube_grad\n" in (pkg / "fwd" / "backward.yaml").read_text()
    assert not (pkg / "grads" / "backward.yaml").exists()
    assert done["code"] == 0 and done["after"]["imported"] == done["before"]["imported"]


def test_a_forward_taken_back_takes_its_grad_back(tmp_path: Path) -> None:
    shutil.copytree(CORPUS / PACKAGE, tmp_path / PACKAGE,
                    ignore=shutil.ignore_patterns("__pycache__"))
    files = discover([tmp_path / PACKAGE])
    results = run_codemod(files)
    status = {rec.kernel: rec.status.value for r in results for rec in r.records}
    assert (status["CubeKernel"], status["CubeGradKernel"]) == ("migrated", "migrated")
    cube = next(i for i, f in enumerate(files) if f.name == "cube.py")
    results[cube] = remigrate(files[cube], results[cube], {"gs_cube": "held for the test"})
    follow_forwards(files, results)
    grad = next(rec for r in results for rec in r.records if rec.kernel == "CubeGradKernel")
    assert grad.status.value == "skipped", grad.reason
    assert "nor in the run: forward op 'gs_cube' (CubeKernel of " in grad.reason
    assert not any(op.op_type == "gs_cube_grad" for r in results for op in r.ops)
