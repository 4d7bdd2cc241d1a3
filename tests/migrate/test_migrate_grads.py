"""Grad kernels: the codemod follows phi/backward.yaml's backward_op entries, proves an
in-place entry by an aliased run, and skips with a named reason what it cannot prove.

The foreign-style module is tests/migrate/corpus/grad_team.py (run with the corpus too);
here it is also varied (a two-pass relu_grad, a grad op with no entry, a higher-order one).
"""

from __future__ import annotations

import json
import shutil
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from rich.console import Console

from migrate.cli_entry import run_migrate
from migrate.codemod import load_backward, migrate_source
from migrate.dogfood import build_report
from migrate.grads import plan_grad, skip_cause
from migrate.kernel_model import SkipError
from migrate.records import FileResult, KernelRecord
from migrate.static_facts import AttrSlot, StaticProto, VarSlot
from migrate.verify import verify_file
from phi.op_defs import OpDef, op_def, parse_op

CORPUS = Path(__file__).resolve().parent / "corpus"

#: grad_team.py with relu_grad written in two passes: right on two buffers, wrong when
#: X@GRAD is Out@GRAD's buffer, which backward.yaml's `inplace : (out_grad -> x_grad)` allows.
ONE_PASS = "        ctx.xp.multiply(g.data, out.data > 0, out=dx)\n"
TWO_PASS = "        dx[...] = out.data > 0\n        dx *= g.data\n"
TWO_PASS_TEAM = (CORPUS / "grad_team.py").read_text().replace(ONE_PASS, TWO_PASS)


def _console() -> Console:
    return Console(record=True, width=200, force_terminal=False)


def _module(tmp_path: Path, name: str, text: str) -> Path:
    root = tmp_path / "ops"
    root.mkdir()
    (root / name).write_text(textwrap.dedent(text))
    return root


def test_an_in_place_grad_wrong_on_one_buffer_is_not_written(tmp_path: Path) -> None:
    assert TWO_PASS in TWO_PASS_TEAM
    root = _module(tmp_path, "grad_team.py", TWO_PASS_TEAM)
    out = tmp_path / "summary.json"
    assert run_migrate([root], write=True, verify=True, json_path=out, console=_console()) == 1
    text = (root / "grad_team.py").read_text()
    assert "class ReluGradKernel(OpKernel)" in text and "def relu_grad_kernel" not in text
    assert "def mean_grad_kernel" in text
    row = next(r for r in json.loads(out.read_text())["kernels"]
               if r["kernel"] == "ReluGradKernel")
    assert row["status"] == "failed"
    assert "in place (Out@GRAD -> X@GRAD)" in row["reason"]
    assert row["verify"][0]["status"] == "differing"


def test_the_same_grad_out_of_place_would_have_passed() -> None:
    """The aliased run, not the plain one, is what catches it."""
    backward = {**load_backward(), "relu_grad": _without_inplace("relu_grad")}
    result = migrate_source(TWO_PASS_TEAM, base_names={}, backward=backward)
    (verdict,) = [v for v in verify_file(result, None) if v.kernel == "ReluGradKernel"]
    assert verdict.status == "identical" and verdict.cases == 1


def _without_inplace(name: str) -> OpDef:
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
    text = TWO_PASS_TEAM.replace('"team_relu_grad"', '"team_relu_grad_grad"')
    result = migrate_source(text, base_names={})
    rec = _record(result, "ReluGradKernel")
    assert rec.status == "skipped" and "higher-order gradient" in rec.reason
    result = migrate_source(TWO_PASS_TEAM, base_names={}, backward={})
    rec = _record(result, "ReluGradKernel")
    assert rec.status == "skipped" and "no backward_op 'relu_grad'" in rec.reason
    assert skip_cause(rec.reason) == "no backward_op entry in backward.yaml"


def _record(result: FileResult, kernel: str) -> KernelRecord:
    return next(r for r in result.records if r.kernel == kernel)


def test_the_report_counts_grads_by_status_and_skip_cause() -> None:
    result = migrate_source(TWO_PASS_TEAM.replace('"team_mean_grad", "mean_grad"',
                                                  '"team_mean_grad", "no_such_grad"'),
                            base_names={})
    report = build_report([result], [], hand_edits={})
    grads = report["grads"]
    assert (grads["grad_kernels"], grads["migrated"], grads["skipped"]) == (5, 2, 3)
    assert grads["skip_reasons"] == {
        "no backward_op entry in backward.yaml": 1,
        "reads a slot or attribute backward.yaml does not declare": 1,
        "optional input/output: legacy kernel and backward.yaml disagree": 1}
    assert {k["kernel"] for k in report["kernels"] if k["grad"]} == {
        "MmGradKernel", "MeanGradKernel", "ReluGradKernel", "AddGradKernel", "CeGradKernel"}


def test_slots_are_named_like_paddle_grads_and_through_the_forward_proto() -> None:
    """`XShape` -> Paddle's `xshape`; `Y@GRAD` of a forward whose PHI output is `out` ->
    `out_grad`, through the forward's proto (outputs matched by position)."""
    entry = parse_op(yaml.safe_load(textwrap.dedent("""
        - backward_op : team_reshape_grad
          forward : team_reshape (Tensor x, IntArray shape) -> Tensor(out), Tensor(xshape)
          args : (Tensor xshape, Tensor out_grad, bool strict=false)
          output : Tensor(x_grad)
          kernel :
            func : team_reshape_grad
    """))[0], "backward.yaml")
    grad = StaticProto("team_reshape2_grad", "M", [VarSlot("XShape"), VarSlot("Y@GRAD")],
                       [VarSlot("X@GRAD")], [AttrSlot("strict_mode", "BOOLEAN", False)])
    forward = StaticProto("team_reshape2", "M", [VarSlot("X")], [VarSlot("Y"), VarSlot("XShape")],
                          [AttrSlot("shape", "INTS", [])])
    plan = plan_grad("team_reshape2_grad", grad, entry, forward)
    assert plan.names == {("input", "XShape"): "xshape", ("input", "Y@GRAD"): "out_grad",
                          ("output", "X@GRAD"): "x_grad", ("attr", "strict_mode"): "strict"}
    with pytest.raises(SkipError, match="takes 'out_grad', which no slot or attribute"):
        plan_grad("team_reshape2_grad", grad, entry, None)
