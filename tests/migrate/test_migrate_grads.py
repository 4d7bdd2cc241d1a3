"""Grad kernels: the codemod follows phi/backward.yaml's backward_op entries, proves an
in-place entry by an aliased run, and skips with a named reason what it cannot prove.

The foreign-style modules are tests/migrate/corpus/grad_team.py (run with the corpus)
and the snippets here.
"""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest
from rich.console import Console

from migrate.cli_entry import run_migrate
from migrate.codemod import migrate_source
from migrate.dogfood import build_report
from migrate.grads import skip_cause
from phi.op_defs import op_def

CORPUS = Path(__file__).resolve().parent / "corpus"

#: relu_grad written in two passes: right on two buffers, wrong when X@GRAD is Out@GRAD's
#: buffer, which backward.yaml's `inplace : (out_grad -> x_grad)` allows.
TWO_PASS_RELU_GRAD = '''
from compat.arg_mapping import register_base_kernel_name
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType


class ReluGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Out", "relu's output")
        self.add_input("Out@GRAD", "d out")
        self.add_output("X@GRAD", "d x")


class ReluGradOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("X@GRAD", ctx.get_input_dim("Out"))
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("Out"))


class TwoPassReluGradKernel(OpKernel):
    def compute(self, ctx):
        out, g = ctx.input("Out"), ctx.input("Out@GRAD")
        dx = ctx.output("X@GRAD").mutable_data(ctx.place, g.dtype)
        dx[...] = out.data > 0
        dx *= g.data


register_base_kernel_name("two_pass_relu_grad", "relu_grad")
register_operator("two_pass_relu_grad", ReluGradOp, ReluGradMaker)
register_op_kernel("two_pass_relu_grad", "CPU", TwoPassReluGradKernel, DataType.FLOAT32)
'''


def _console() -> Console:
    return Console(record=True, width=200, force_terminal=False)


def _module(tmp_path: Path, name: str, text: str) -> Path:
    root = tmp_path / "ops"
    root.mkdir()
    (root / name).write_text(textwrap.dedent(text))
    return root


def test_an_in_place_grad_wrong_on_one_buffer_is_not_written(tmp_path: Path) -> None:
    root = _module(tmp_path, "relu_grad_ops.py", TWO_PASS_RELU_GRAD)
    before = (root / "relu_grad_ops.py").read_text()
    out = tmp_path / "summary.json"
    assert run_migrate([root], write=True, verify=True, json_path=out, console=_console()) == 1
    assert (root / "relu_grad_ops.py").read_text() == before
    (row,) = json.loads(out.read_text())["kernels"]
    assert row["status"] == "failed"
    assert "in place (Out@GRAD -> X@GRAD)" in row["reason"]
    assert row["verify"][0]["status"] == "differing"


def test_the_same_grad_out_of_place_would_have_passed(tmp_path: Path) -> None:
    """The aliased run, not the plain one, is what catches it."""
    result = migrate_source(TWO_PASS_RELU_GRAD, base_names={},
                            backward={"relu_grad": _without_inplace("relu_grad")})
    from migrate.verify import verify_file

    (verdict,) = verify_file(result, None)
    assert verdict.status == "identical" and verdict.cases == 1


def _without_inplace(name: str) -> object:
    from dataclasses import replace

    return replace(op_def(name), inplace=())


@pytest.fixture(scope="module")
def written_grads(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, dict]:
    root = tmp_path_factory.mktemp("grads") / "team_ops"
    root.mkdir()
    shutil.copy(CORPUS / "grad_team.py", root)
    out = root.parent / "summary.json"
    run_migrate([root], write=True, verify=True, json_path=out, console=_console())
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    return (root / "grad_team.py").read_text(), (root / "ops.yaml").read_text(), rows


def test_grad_kernels_take_backward_yaml_arguments_in_order(written_grads: tuple) -> None:
    text, yaml_text, _ = written_grads
    signature = " ".join(text.split("def matmul_grad_kernel(")[1].split(") -> None")[0].split())
    assert signature == ("dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, "
                         "out_grad: DenseTensor, transpose_x: bool, transpose_y: bool, "
                         "x_grad: OptionalOutTensor, y_grad: OptionalOutTensor")
    mean = text.split("def mean_grad_kernel(")[1].split("\n\n")[0]
    assert "axis: IntArray" in mean and "keepdim: bool" in mean and "axis.get_data()" in mean
    assert "def relu_grad_kernel(" in text
    # followed as phi/backward.yaml holds them: no entry written, none as a forward op
    assert "_grad" not in yaml_text and "backward_op" not in yaml_text


def test_grads_are_verified_on_cotangents_shaped_like_the_forward_outputs(
        written_grads: tuple) -> None:
    """team_mean_grad has no verify cases and accepts only a cotangent of team_mean's
    output shape; team_matmul_grad's cases run with each optional grad output left out."""
    _, _, rows = written_grads
    mean, mm, relu = rows["MeanGradKernel"], rows["MmGradKernel"], rows["ReluGradKernel"]
    assert [v["status"] for v in mean["verify"]] == ["identical"]
    assert [v["cases"] for v in mm["verify"]] == [3]  # all asked, without X@GRAD, without Y@GRAD
    assert [v["cases"] for v in relu["verify"]] == [2]  # out of place, then in place


def test_a_grad_without_a_backward_entry_or_of_higher_order_is_skipped() -> None:
    text = TWO_PASS_RELU_GRAD.replace("two_pass_relu_grad", "two_pass_relu_grad_grad")
    result = migrate_source(text, base_names={})
    (rec,) = result.records
    assert rec.status == "skipped" and "higher-order gradient" in rec.reason
    result = migrate_source(TWO_PASS_RELU_GRAD, base_names={}, backward={})
    (rec,) = result.records
    assert rec.status == "skipped" and "no backward_op 'relu_grad'" in rec.reason
    assert skip_cause(rec.reason) == "no backward_op entry in backward.yaml"


def test_the_report_counts_grads_by_status_and_skip_cause() -> None:
    text = TWO_PASS_RELU_GRAD + textwrap.dedent('''

        class OrphanGradKernel(OpKernel):
            def compute(self, ctx):
                ctx.output("X@GRAD").mutable_data(ctx.place, ctx.input("Out").dtype)[...] = 0


        register_operator("orphan_grad", ReluGradOp, ReluGradMaker)
        register_op_kernel("orphan_grad", "CPU", OrphanGradKernel, DataType.FLOAT32)
    ''')
    result = migrate_source(text, base_names={})
    report = build_report([result], [], hand_edits={})
    grads = report["grads"]
    assert (grads["grad_kernels"], grads["migrated"], grads["skipped"]) == (2, 1, 1)
    assert grads["skip_reasons"] == {"no backward_op entry in backward.yaml": 1}
    assert all(k["grad"] for k in report["kernels"])
