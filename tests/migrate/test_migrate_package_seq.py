"""Verify runs sequence kernels with a LoD (tests/migrate/corpus/pkg_seq): both ops refuse
an X without one, so verify's plain derived cases all fail and its LoD cases
(`migrate.verify_cases.LOD_CASES`: one level with an empty sequence, two levels) are the
ones run; a kernel reading a LoD runs them besides its first plain case; outputs are
compared with their LoD, so a PHI kernel dropping it differs. After `--write` each op,
fed a LoD, gives the values and the LoD it gave before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from migrate_helpers import assert_nothing_broken, run_script, verified_rows, write_copy

from legacy_fluid.framework.op_proto import OpProto, VarProto
from migrate.verify import same_tensor
from migrate.verify_cases import derived_cases, kernel_reads_lod
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor

PACKAGE = "pkg_seq"
OPS = ("seq_pkg_scan", "seq_pkg_ends")

#: runs OPS (argv: root, mode) on X of 5 rows with the LoD [[0, 2, 2, 5]], then on a
#: plain X: per op, [Out's values, Out's LoD] and what the plain run raised
_RUN = '''
import json, sys
import numpy as np
from compat.single_op import run_single_op_tensors
from phi.core.dense_tensor import DenseTensor
root, mode = sys.argv[1:]
sys.path.insert(0, root)
import pkg_seq  # noqa
x = np.arange(10, dtype=np.float32).reshape(5, 2)
out = {}
for op in ("seq_pkg_scan", "seq_pkg_ends"):
    run = run_single_op_tensors(op, {"X": DenseTensor(x, lod=[[0, 2, 2, 5]])}, {}, ["Out"],
                                mode)
    got = run.outputs["Out"][0]
    try:
        run_single_op_tensors(op, {"X": x}, {}, ["Out"], mode)
        plain = "ran"
    except Exception as exc:
        while exc.__cause__ is not None:
            exc = exc.__cause__
        plain = str(exc)
    out[op] = [got.numpy().tolist(), got.lod, plain]
print(json.dumps(out))
'''


def run_ops(root: Path, mode: str) -> Any:
    return run_script(_RUN, str(root), mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("seq"), PACKAGE, run_ops)


def test_sequence_kernels_are_verified_with_a_lod_and_written(written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert {k: (r["status"], r["reason"]) for k, r in got.items()} == {
        "ScanKernel": ("migrated", ""), "EndsKernel": ("migrated", "")}
    for row in got.values():
        assert [(v["dtype"], v["status"]) for v in row["verify"]] == [
            ("FLOAT32", "identical"), ("FLOAT64", "identical")], row
        # no plain case runs (the ops refuse X without a LoD): one LoD case each
        assert all(v["cases"] == 1 for v in row["verify"]), row


def test_the_written_ops_keep_their_values_and_lod(written: dict[str, Any]) -> None:
    assert_nothing_broken(written, OPS)
    before = written["before_ops"]
    assert written["after_ops"] == before
    scan, ends = before["seq_pkg_scan"], before["seq_pkg_ends"]
    assert scan[0] == [[0, 1], [2, 4], [4, 5], [10, 12], [18, 21]]
    assert ends[0] == [[0, 0], [1, 1], [0, 0], [0, 0], [1, 1]]
    assert scan[1] == ends[1] == [[0, 2, 2, 5]]
    assert scan[2] == ends[2] == "a sequence op needs X with a LoD"


def test_derived_cases_carry_a_lod_after_the_plain_ones() -> None:
    proto = OpProto("t", inputs=[VarProto("X"), VarProto("Ids")],
                    outputs=[VarProto("Out")])
    cases = derived_cases(proto)
    plain = [c for c in cases if not c.lod]
    with_lod = [c for c in cases if c.lod]
    assert plain and with_lod and cases == plain + with_lod
    levels = []
    for case in with_lod:
        inputs, _, _ = case.call(proto, DataType.FLOAT32, "t/FLOAT32/0")
        x = inputs["X"]
        assert isinstance(x, DenseTensor) and x.lod[-1][-1] == x.dims[0]
        assert not isinstance(inputs["Ids"], DenseTensor)  # an index slot: no LoD
        levels.append(len(x.lod))
    assert [0, 2, 2, 5] in [c.inputs["X"]["lod"][-1] for c in with_lod]
    assert sorted(set(levels)) == [1, 2]


def test_only_a_kernel_reading_a_lod_runs_the_lod_cases_too() -> None:
    class Reads:
        def compute(self, ctx):
            ctx.output("Out").lod = ctx.input("X").lod

    class Plain:
        def compute(self, ctx):
            ctx.output("Out").data[...] = 0

    assert kernel_reads_lod(Reads) and not kernel_reads_lod(Plain)


def test_an_output_differing_only_in_its_lod_differs() -> None:
    x = np.ones((5, 2), np.float32)
    why = same_tensor(DenseTensor(x, lod=[[0, 2, 2, 5]]), DenseTensor(x.copy()))
    assert why == "lod [[0, 2, 2, 5]] vs []"
    assert same_tensor(DenseTensor(x, lod=[[0, 2, 2, 5]]),
                       DenseTensor(x.copy(), lod=[[0, 2, 2, 5]])) == ""
