"""A params file named apart from its program (`inference.pdmodel` + `weights.pdiparams`):
`load_inference_model(params_file=)`, `load_model`, and `--params-file` on run, check and
inspect."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from compat.predictor import load_model, run_model
from fluidphi.cli import app
from legacy_fluid.framework.scope import Scope
from legacy_fluid.io import MissingModelFileError, ModelFormatError, load_inference_model
from tests.conformance.paddle_reference import FIXTURES_ROOT, assert_close_to_paddle, load_npz

MLP = FIXTURES_ROOT / "models" / "mlp"
runner = CliRunner()


@pytest.fixture
def renamed(tmp_path: Path) -> Path:
    """mlp's files as tmp/inference.pdmodel + tmp/weights.pdiparams, and x.npy."""
    shutil.copy(MLP / "model.pdmodel", tmp_path / "inference.pdmodel")
    shutil.copy(MLP / "model.pdiparams", tmp_path / "weights.pdiparams")
    np.save(tmp_path / "x.npy", load_npz(MLP / "inputs_b4.npz")["x"])
    return tmp_path


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


def test_loader_takes_a_params_file_of_another_stem(renamed: Path) -> None:
    scope = Scope()
    _, feeds, fetches = load_inference_model(
        renamed / "inference.pdmodel", scope, params_file=renamed / "weights.pdiparams")
    assert (feeds, fetches) == (["x"], ["softmax_0.tmp_0"])
    ref_scope = Scope()
    load_inference_model(MLP / "model", ref_scope)
    for name in ("linear_0.w_0", "linear_2.b_0"):
        np.testing.assert_array_equal(scope.find_var(name).value.numpy(),
                                      ref_scope.find_var(name).value.numpy())
    # the prefix form finds the program; params_file overrides the absent inference.pdiparams
    model = load_model(renamed / "inference", params_file=renamed / "weights.pdiparams")
    result = run_model(model, {"x": load_npz(MLP / "inputs_b4.npz")["x"]})
    ref = load_npz(MLP / "outputs_b4.npz")["softmax_0.tmp_0"]
    assert_close_to_paddle(result.outputs["softmax_0.tmp_0"], ref, "mlp renamed")
    with pytest.raises(MissingModelFileError, match=r"inference\.pdiparams: params file not"):
        load_model(renamed / "inference")


def test_loader_errors_for_a_missing_or_wrong_params_file(renamed: Path) -> None:
    prog = renamed / "inference.pdmodel"
    with pytest.raises(MissingModelFileError, match=r"nope\.pdiparams: params file not found "
                       r"\(expected a combined params file \(\.pdiparams\), found no file\)"):
        load_inference_model(prog, Scope(), params_file=renamed / "nope.pdiparams")
    with pytest.raises(MissingModelFileError, match="found a directory"):
        load_inference_model(prog, Scope(), params_file=renamed)
    with pytest.raises(ModelFormatError, match=r"inference\.pdmodel: variable 'linear_0\.b_0': "
                       r"not a params file of this program \(inference\.pdmodel\)"):
        load_inference_model(prog, Scope(), params_file=prog)
    (renamed / "short.pdiparams").write_bytes((renamed / "weights.pdiparams").read_bytes()[:100])
    with pytest.raises(ModelFormatError, match="not a params file of this program"):
        load_inference_model(prog, Scope(), params_file=renamed / "short.pdiparams")
    with pytest.raises(ValueError, match="not both"):
        load_inference_model(prog, Scope(), params_filename="weights.pdiparams",
                             params_file=renamed / "weights.pdiparams")


def test_run_with_params_file(renamed: Path) -> None:
    res = invoke("run", renamed / "inference.pdmodel", "--params-file",
                 renamed / "weights.pdiparams", "-i", renamed / "x.npy",
                 "--output", renamed / "out.npz")
    assert res.exit_code == 0, res.output
    got = load_npz(renamed / "out.npz")["softmax_0.tmp_0"]
    assert_close_to_paddle(got, load_npz(MLP / "outputs_b4.npz")["softmax_0.tmp_0"], "run")
    res = invoke("run", renamed / "inference", "-i", renamed / "x.npy")
    text = res.output.replace("\n", " ")
    assert res.exit_code == 2 and "inference.pdiparams: params file not found" in text
    assert "--params-file" in text  # the way out is named
    res = invoke("run", renamed / "inference", "--params-file", renamed / "nope.pdiparams",
                 "-i", renamed / "x.npy")
    assert res.exit_code == 2
    assert "nope.pdiparams: params file not found" in res.output.replace("\n", "")


def test_check_and_inspect_with_params_file(renamed: Path) -> None:
    args = (renamed / "inference", "--params-file", renamed / "weights.pdiparams", "--json")
    res = invoke("check", *args)
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["params"]["count"] == 6
    res = invoke("inspect", *args)
    assert res.exit_code == 0, res.output
    info = json.loads(res.output)
    assert (info["params"]["count"], info["params"]["file_missing"]) == (6, False)
    res = invoke("check", renamed / "inference", "--params-file", renamed / "inference.pdmodel")
    assert res.exit_code == 2 and "not a params file of this program" in res.output
    res = invoke("inspect", renamed / "inference", "--params-file", renamed / "nope.pdiparams")
    assert res.exit_code == 2 and "params file not found" in res.output
