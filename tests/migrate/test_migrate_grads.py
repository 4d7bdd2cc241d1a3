"""Grad kernels: the codemod follows phi/backward.yaml's backward_op entries, proves an
in-place entry by an aliased run, and skips with a named reason what it cannot prove.

The foreign-style module is tests/migrate/corpus/grad_team.py (run with the corpus too,
where its grads, named onto the framework's own entries, stay legacy: a kernel of the
framework's name would register it twice). Here the team has entries of its own (the
framework's, under the team's names, as a team adds them to backward.yaml before it
migrates), and the module is also varied (a two-pass relu_grad, a grad op with no entry, a
higher-order one).
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
from phi.op_defs import OpDef, parse_op

CORPUS = Path(__file__).resolve().parent / "corpus"
TEAM = (CORPUS / "grad_team.py").read_text()
#: the framework's entries grad_team.py names its grads onto
ENTRIES = ("matmul_grad", "mean_grad", "relu_grad", "add_grad", "cross_entropy_with_softmax_grad")

#: grad_team.py with relu_grad written in two passes: right on two buffers, wrong when
#: X@GRAD is Out@GRAD's buffer, which backward.yaml's `inplace : (out_grad -> x_grad)` allows.
ONE_PASS = "        ctx.xp.multiply(g.data, out.data > 0, out=dx)\n"
TWO_PASS = "        dx[...] = out.data > 0\n        dx *= g.data\n"


def _own(name: str) -> str:
    return f"team_own_{name}"


def own_entries(text: str, backward: dict[str, OpDef] | None = None
                ) -> tuple[str, dict[str, OpDef]]:
    """`text` naming its grads onto entries of the team's own, and `backward` (by default
    phi/backward.yaml's) with those entries: the framework's, renamed."""
    entries = dict(load_backward() if backward is None else backward)
    for name in ENTRIES:
        text = text.replace(f'"{name}")', f'"{_own(name)}")')
        if name in entries:
            entries[_own(name)] = replace(entries[name], name=_own(name))
    return text, entries


TWO_PASS_TEAM = TEAM.replace(ONE_PASS, TWO_PASS)


def _console() -> Console:
    return Console(record=True, width=200, force_terminal=False)


def test_grads_named_onto_the_frameworks_kernels_stay_legacy(tmp_path: Path) -> None:
    """Written and verified as a user runs it: every grad of grad_team.py would register a
    PHI kernel the framework registers (matmul_grad, ...), so none is written."""
    root = tmp_path / "team_ops"
    root.mkdir()
    shutil.copy(CORPUS / "grad_team.py", root)
    out = tmp_path / "summary.json"
    assert run_migrate([root], write=True, verify=True, json_path=out, console=_console()) == 0
    text = (root / "grad_team.py").read_text()
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    for kernel, entry in (("MmGradKernel", "matmul_grad"), ("MeanGradKernel", "mean_grad"),
                          ("ReluGradKernel", "relu_grad")):
        assert rows[kernel]["status"] == "skipped"
        assert f"runs on the framework's PHI kernel '{entry}'" in rows[kernel]["reason"]
        assert f"class {kernel}(" in text and f"def {entry}_kernel" not in text
    assert "def team_matmul_kernel" in text  # the forward ops migrate


def test_an_in_place_grad_wrong_on_one_buffer_is_caught() -> None:
    assert TWO_PASS in TWO_PASS_TEAM
    result = _migrated(TWO_PASS_TEAM)
    verdicts = {v.kernel: v for v in verify_file(result, None)}
    relu = verdicts["ReluGradKernel"]
    assert relu.status == "differing" and "in place (Out@GRAD -> X@GRAD)" in relu.detail
    assert verdicts["MeanGradKernel"].status == "identical"


def _migrated(text: str, backward: dict[str, OpDef] | None = None) -> FileResult:
    """`text` migrated with the team's own entries."""
    own, entries = own_entries(text, backward)
    return migrate_source(own, base_names={}, backward=entries)


def test_the_same_grad_out_of_place_would_have_passed() -> None:
    """The aliased run, not the plain one, is what catches it."""
    text, entries = own_entries(TWO_PASS_TEAM)
    entries[_own("relu_grad")] = replace(entries[_own("relu_grad")], inplace=())
    result = migrate_source(text, base_names={}, backward=entries)
    (verdict,) = [v for v in verify_file(result, None) if v.kernel == "ReluGradKernel"]
    assert verdict.status == "identical" and verdict.cases == 1


@pytest.fixture(scope="module")
def written_grads() -> tuple[str, list[str], dict]:
    text, entries = own_entries(TEAM)
    result = migrate_source(text, base_names={}, backward=entries)
    rows = {r.kernel: r for r in result.records}
    verdicts = {v.kernel: v for v in verify_file(result, None)}
    return result.new_text, [p.phi_name for p in result.ops], {"rows": rows, "verify": verdicts}


def test_grad_kernels_take_backward_yaml_arguments_in_order(written_grads: tuple) -> None:
    text, phi_names, _ = written_grads
    signature = " ".join(text.split(f"def {_own('matmul_grad')}_kernel(")[1]
                         .split(") -> None")[0].split())
    assert signature == ("dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, "
                         "out_grad: DenseTensor, transpose_x: bool, transpose_y: bool, "
                         "x_grad: OptionalOutTensor, y_grad: OptionalOutTensor")
    mean = text.split(f"def {_own('mean_grad')}_kernel(")[1].split("\n\n")[0]
    assert "axis: IntArray" in mean and "keepdim: bool" in mean and "axis.get_data()" in mean
    assert f"def {_own('relu_grad')}_kernel(" in text
    # followed as backward.yaml holds them: kernels of those entries, no op of their own
    assert [n for n in phi_names if n.endswith("_grad")] == [
        _own("matmul_grad"), _own("mean_grad"), _own("relu_grad")]


def test_grads_are_verified_on_cotangents_shaped_like_the_forward_outputs(
        written_grads: tuple) -> None:
    """team_mean_grad has no verify cases and accepts only a cotangent of team_mean's
    output shape; team_matmul_grad's cases run with each optional grad output left out."""
    verdicts = written_grads[2]["verify"]
    mean, mm, relu = (verdicts[k] for k in ("MeanGradKernel", "MmGradKernel", "ReluGradKernel"))
    assert mean.status == "identical"
    assert mm.cases == 3  # all asked, without X@GRAD, without Y@GRAD
    assert relu.cases == 2  # out of place, then in place


def test_a_grad_without_a_backward_entry_or_of_higher_order_is_skipped() -> None:
    text = TWO_PASS_TEAM.replace('"team_relu_grad"', '"team_relu_grad_grad"')
    result = _migrated(text)
    rec = _record(result, "ReluGradKernel")
    assert rec.status == "skipped" and "higher-order gradient" in rec.reason
    result = _migrated(TWO_PASS_TEAM, backward={})
    rec = _record(result, "ReluGradKernel")
    assert rec.status == "skipped" and f"no backward_op '{_own('relu_grad')}'" in rec.reason
    assert skip_cause(rec.reason) == "no backward_op entry in backward.yaml"


def _record(result: FileResult, kernel: str) -> KernelRecord:
    return next(r for r in result.records if r.kernel == kernel)


def test_the_report_counts_grads_by_status_and_skip_cause() -> None:
    text, entries = own_entries(TWO_PASS_TEAM)
    result = migrate_source(text.replace(f'"team_mean_grad", "{_own("mean_grad")}"',
                                         '"team_mean_grad", "no_such_grad"'),
                            base_names={}, backward=entries)
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
