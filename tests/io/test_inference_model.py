"""load_inference_model / save_inference_model: layouts, scopes, feed/fetch, errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from io_test_helpers import DATA, FIXTURE_MODELS

from legacy_fluid.framework.program_desc import ProgramDesc, VarDesc
from legacy_fluid.framework.scope import Scope, global_scope
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.io import (
    MissingModelFileError,
    ModelFormatError,
    feed_target_names,
    fetch_target_names,
    load_inference_model,
    program_to_bytes,
    resolve_model,
    save_inference_model,
)
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor

FIXTURES = sorted(p.parent for p in FIXTURE_MODELS.glob("*/model.pdmodel"))
CONTROL = DATA / "control_flow"


@pytest.mark.parametrize("model_dir", FIXTURES, ids=[p.name for p in FIXTURES])
def test_load_fixture_matches_meta(model_dir: Path) -> None:
    meta = json.loads((model_dir / "meta.json").read_text())
    scope = Scope()
    program, feeds, fetches = load_inference_model(model_dir / "model", scope)
    assert feeds == [f["name"] for f in meta["feeds"]]
    assert fetches == [f["name"] for f in meta["fetches"]]
    assert sorted(scope.local_var_names()) == sorted(meta["params"])
    for name, info in meta["params"].items():
        t = scope.find_var(name).value
        assert isinstance(t, DenseTensor)
        assert list(t.dims) == info["shape"] and str(t.dtype) == info["dtype"]
    assert [op.type for op in program.global_block().ops] == meta["op_sequence"]


@pytest.mark.parametrize("model_dir", [*FIXTURES, CONTROL], ids=[p.name for p in FIXTURES]
                         + ["control_flow"])
def test_save_reproduces_paddle_files(model_dir: Path, tmp_path: Path) -> None:
    scope = Scope()
    program, feeds, fetches = load_inference_model(model_dir / "model", scope)
    model, params = save_inference_model(tmp_path / "m", program, feeds, fetches, scope)
    assert model == tmp_path / "m.pdmodel"
    assert model.read_bytes() == (model_dir / "model.pdmodel").read_bytes()
    if not (model_dir / "model.pdiparams").exists():  # no persistables: Paddle writes none
        assert params is None and [p.name for p in tmp_path.iterdir()] == ["m.pdmodel"]
        return
    assert params == tmp_path / "m.pdiparams"
    assert params.read_bytes() == (model_dir / "model.pdiparams").read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.pdiparams", "m.pdmodel"]


@pytest.mark.parametrize("where", [
    CONTROL / "model", CONTROL, CONTROL / "model.pdmodel", DATA / "old_layout",
    DATA / "old_layout" / "__model__", DATA / "old_combined",
], ids=["prefix", "dir", "pdmodel", "old-separate", "old-model-file", "old-combined"])
def test_layouts(where: Path) -> None:
    scope = Scope()
    _, feeds, fetches = load_inference_model(where, scope)
    assert (feeds, fetches) == (["x"], ["scale_0"])
    w = scope.find_var("linear_0.w_0").value
    ref = Scope()
    load_inference_model(CONTROL / "model", ref)
    np.testing.assert_array_equal(w.numpy(), ref.find_var("linear_0.w_0").value.numpy())


def test_model_and_params_filenames(tmp_path: Path) -> None:
    shutil.copy(CONTROL / "model.pdmodel", tmp_path / "net.bin")
    shutil.copy(CONTROL / "model.pdiparams", tmp_path / "weights.bin")
    scope = Scope()
    _, feeds, _ = load_inference_model(tmp_path, scope, model_filename="net.bin",
                                       params_filename="weights.bin")
    assert feeds == ["x"] and scope.find_var("linear_0.b_0") is not None


def test_default_scope_is_global() -> None:
    load_inference_model(CONTROL / "model")
    assert isinstance(global_scope().find_var("linear_0.w_0").value, DenseTensor)
    assert global_scope() is global_scope()


def test_several_models_in_a_directory(tmp_path: Path) -> None:
    for name in ("a", "b"):
        shutil.copy(CONTROL / "model.pdmodel", tmp_path / f"{name}.pdmodel")
    with pytest.raises(ModelFormatError, match=r"several models"):
        load_inference_model(tmp_path)
    assert resolve_model(tmp_path / "a").model_path == tmp_path / "a.pdmodel"


def test_missing_model(tmp_path: Path) -> None:
    with pytest.raises(MissingModelFileError, match=r"model not found"):
        load_inference_model(tmp_path / "nothing")
    with pytest.raises(MissingModelFileError, match=r"no model file in directory"):
        load_inference_model(tmp_path)
    (tmp_path / "model.json").write_text("{}")
    with pytest.raises(ModelFormatError, match=r"PIR"):
        load_inference_model(tmp_path / "model")


def test_missing_params(tmp_path: Path) -> None:
    shutil.copy(CONTROL / "model.pdmodel", tmp_path / "model.pdmodel")
    with pytest.raises(MissingModelFileError) as info:
        load_inference_model(tmp_path / "model", Scope())
    msg = str(info.value)
    assert "model.pdiparams" in msg and "params file not found" in msg and "linear_0.b_0" in msg


def test_params_contradict_program(tmp_path: Path) -> None:
    shutil.copy(FIXTURE_MODELS / "mlp" / "model.pdmodel", tmp_path / "model.pdmodel")
    shutil.copy(FIXTURE_MODELS / "lenet" / "model.pdiparams", tmp_path / "model.pdiparams")
    with pytest.raises(ModelFormatError) as info:
        load_inference_model(tmp_path / "model", Scope())
    assert "model.pdiparams" in str(info.value) and "variable '" in str(info.value)


def test_program_without_params(tmp_path: Path) -> None:
    p = ProgramDesc()
    g = p.global_block()
    g.vars["x"] = VarDesc("x", dtype=DataType.FLOAT32, shape=[-1, 2])
    g.vars["y"] = VarDesc("y", dtype=DataType.FLOAT32, shape=[-1, 2])
    g.append_op("relu", {"X": ["x"]}, {"Out": ["y"]})
    _model, params = save_inference_model(tmp_path / "m", p, ["x"], ["y"], Scope())
    assert params is None and not (tmp_path / "m.pdiparams").exists()
    program, feeds, fetches = load_inference_model(tmp_path / "m", Scope())
    assert (feeds, fetches) == (["x"], ["y"])
    assert [op.type for op in program.global_block().ops] == ["feed", "relu", "fetch"]
    holders = program.global_block().vars
    assert holders["feed"].type == VarType.FEED_MINIBATCH and holders["feed"].persistable
    assert holders["fetch"].type == VarType.FETCH_LIST and holders["fetch"].persistable
    assert not p.global_block().ops[0].type == "feed"  # the caller's program is unchanged


def test_save_with_new_feed_and_fetch_targets(tmp_path: Path) -> None:
    scope = Scope()
    program, _, _ = load_inference_model(FIXTURE_MODELS / "transformer" / "model", scope)
    before = program_to_bytes(program)
    feeds = ["pos_ids", "src_ids"]
    inner = next(n for n in program.global_block().vars if n.startswith("tanh"))
    save_inference_model(tmp_path / "t", program, feeds, [inner, "tanh.tmp_0"], scope)
    assert program_to_bytes(program) == before
    again, f2, t2 = load_inference_model(tmp_path / "t", Scope())
    assert f2 == feeds and t2 == [inner, "tanh.tmp_0"]
    types = [op.type for op in again.global_block().ops]
    assert types[:2] == ["feed", "feed"] and types[-2:] == ["fetch", "fetch"]
    assert feed_target_names(again) == feeds and fetch_target_names(again) == t2
    with pytest.raises(ValueError, match=r"'nope'"):
        save_inference_model(tmp_path / "u", program, ["nope"], None, scope)


def test_save_needs_every_param_in_scope(tmp_path: Path) -> None:
    program, feeds, fetches = load_inference_model(CONTROL / "model", Scope())
    with pytest.raises(ValueError, match=r"linear_0.b_0"):
        save_inference_model(tmp_path / "m", program, feeds, fetches, Scope())
    assert not list(tmp_path.iterdir())


def test_separate_params_save(tmp_path: Path) -> None:
    scope = Scope()
    program, feeds, fetches = load_inference_model(CONTROL / "model", scope)
    save_inference_model(tmp_path, program, feeds, fetches, scope, separate_params=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["__model__", "linear_0.b_0",
                                                          "linear_0.w_0"]
    for name in ("__model__", "linear_0.b_0", "linear_0.w_0"):
        assert (tmp_path / name).read_bytes() == (DATA / "old_layout" / name).read_bytes()


def test_persistable_var_of_unsupported_kind(tmp_path: Path) -> None:
    p = ProgramDesc()
    p.global_block().vars["table"] = VarDesc("table", type=VarType.SELECTED_ROWS,
                                             dtype=DataType.FLOAT32, shape=[5, 2],
                                             persistable=True)
    (tmp_path / "m.pdmodel").write_bytes(program_to_bytes(p))
    (tmp_path / "m.pdiparams").write_bytes(b"")
    with pytest.raises(ModelFormatError, match=r"variable 'table'.*found SELECTED_ROWS"):
        load_inference_model(tmp_path / "m", Scope())
