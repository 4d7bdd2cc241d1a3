"""A grad kernel with no backward.yaml entry gets one generated from its grad proto and
the forward's generated entry (tests/migrate/corpus/grad_framework.py), or is skipped
naming what cannot be named in Paddle's way."""

from __future__ import annotations

from pathlib import Path

import pytest

from migrate.codemod import migrate_source
from migrate.generated_backward import is_generated
from migrate.grads import skip_cause
from phi.op_defs import render_op

CORPUS = Path(__file__).resolve().parent / "corpus"
SOURCE = (CORPUS / "grad_framework.py").read_text()


def _rows(text: str) -> dict[str, tuple[str, str]]:
    result = migrate_source(text, base_names={})
    return {r.kernel: (r.status, r.reason) for r in result.records}


def test_the_entry_follows_paddles_names_and_the_grad_op_is_read_as_gradop() -> None:
    result = migrate_source(SOURCE, base_names={})
    assert {r.kernel: r.status for r in result.records} == {
        "CubeKernel": "migrated", "CubeGradKernel": "migrated"}
    [grad] = [p for p in result.ops if p.op_def.is_backward]
    assert is_generated(grad.op_def)
    text = render_op(grad.op_def)
    assert "args : (Tensor x, Tensor out_grad, float coeff=0.5)" in text, text
    assert "output : Tensor(x_grad)" in text and "infer_meta" not in text, text


def test_the_grad_class_before_its_forward_still_gets_its_entry() -> None:
    start, end = SOURCE.index("class CubeKernel("), SOURCE.index("class CubeGradKernel(")
    forward = SOURCE[start:end]
    text = SOURCE[:start] + SOURCE[end:].replace(
        "\n\nregister_operator(", "\n\n" + forward + "register_operator(", 1)
    assert text.index("class CubeGradKernel(") < text.index("class CubeKernel(")
    assert _rows(text)["CubeGradKernel"] == ("migrated", "")


@pytest.mark.parametrize(("change", "why"), [
    (('self.add_attr("coeff", AttrType.FLOAT, 0.5, "the forward\'s factor")',
      'self.add_attr("power", AttrType.FLOAT, 0.5, "not the forward\'s")'),
     "its attribute 'power' is no attribute of forward op 'team_cube'"),
    (('self.add_input("Out@GRAD", "gradient of Out")',
      'self.add_input("Y@GRAD", "no forward output")'),
     "its input 'Y@GRAD' is no output of forward op 'team_cube'"),
    (('self.add_output("X@GRAD", "gradient of X")', 'self.add_output("Out@GRAD", "?")'),
     "its output 'Out@GRAD' is no gradient of an input of forward op 'team_cube'"),
    (('register_op_kernel("team_cube", "CPU", CubeKernel, _dtype)',
      'register_op_kernel("team_cube", "GPU_X", CubeKernel, _dtype)'),
     "no forward kernel migrated in this module"),
])
def test_what_cannot_be_named_is_refused_naming_it(change: tuple[str, str], why: str) -> None:
    assert change[0] in SOURCE
    status, reason = _rows(SOURCE.replace(*change))["CubeGradKernel"]
    assert status == "skipped" and why in reason, reason
    assert "no backward_op 'team_cube_grad'" in reason
    assert skip_cause(reason) == "no backward_op entry in backward.yaml"


def test_a_renamed_forward_keeps_its_grad_named_after_its_op_type() -> None:
    """`register_base_kernel_name("team_cube", "cube3")`: the forward runs PHI `cube3`, the
    grad op keeps its own name `team_cube_grad` (the legacy forward's + `_grad`), its entry
    generated from the renamed forward's; a grad renamed to neither is refused, named."""
    result = migrate_source(SOURCE, base_names={"team_cube": "cube3"})
    assert {r.kernel: r.status for r in result.records} == {
        "CubeKernel": "migrated", "CubeGradKernel": "migrated"}
    [grad] = [p for p in result.ops if p.op_def.is_backward]
    text = render_op(grad.op_def)
    assert "backward_op : team_cube_grad" in text and "forward : cube3 (" in text, text
    rows = {r.kernel: (r.status, r.reason) for r in migrate_source(
        SOURCE, base_names={"team_cube": "cube3", "team_cube_grad": "other_grad"}).records}
    assert rows["CubeGradKernel"][0] == "skipped"
    assert "its name is not the forward's 'cube3' + '_grad'" in rows["CubeGradKernel"][1]


def test_the_renamed_forwards_entry_names_its_grad_entry(tmp_path: Path) -> None:
    """Written: the forward's ops.yaml entry `cube3` names `team_cube_grad` as its
    backward, whose entry goes to backward.yaml beside it."""
    from migrate_helpers import console

    from migrate.cli_entry import run_migrate

    text = SOURCE.replace("\nclass ", "\nregister_base_kernel_name(\"team_cube\", \"cube3\")\n\n\n"
                          "class ", 1)
    text = "from compat.arg_mapping import register_base_kernel_name\n" + text
    (tmp_path / "grad_framework.py").write_text(text)
    assert run_migrate([tmp_path], write=True, verify=False, console=console()) == 0
    ops = (tmp_path / "ops.yaml").read_text()
    assert "- op : cube3\n" in ops and "backward : team_cube_grad" in ops, ops
    assert "- backward_op : team_cube_grad" in (tmp_path / "backward.yaml").read_text()
