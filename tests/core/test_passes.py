"""Inference passes at plan time: Paddle's answers kept, fused ops named, inputs untouched."""

from __future__ import annotations

import numpy as np
import pytest

from compat.passes import optimize
from compat.plan import PlannedExecutor
from compat.predictor import load_model, run_model
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import VarType
from phi.common import Place
from phi.core.dense_tensor import DenseTensor
from tests.conformance.paddle_reference import (
    FIXTURES_ROOT,
    assert_outputs_match,
    fixture_feeds,
    fixture_models,
    load_npz,
)

MODELS = [("models", m) for m in fixture_models("models")] + [
    ("models_v2", m) for m in fixture_models("models_v2")]


@pytest.mark.parametrize(("folder", "name"), MODELS)
def test_passes_keep_paddle_s_answers_and_name_what_they_fused(folder: str, name: str) -> None:
    model_dir = FIXTURES_ROOT / folder / name
    model = load_model(str(model_dir / "model"))
    ops_before = [op.type for op in model.program.global_block().ops]
    for batch in ("b1", "b4"):
        feeds = fixture_feeds(model_dir, batch)
        for _ in range(2):  # the plan's first run and a reuse
            result = run_model(model, feeds)
            assert_outputs_match(result.outputs, load_npz(model_dir / f"outputs_{batch}.npz"),
                                 f"{name}/{batch}/passes")
        off = run_model(model, feeds, executor=PlannedExecutor(Place(), passes=False))
        for fetch, ref in off.outputs.items():
            got = result.outputs[fetch]
            if ref.dtype.kind == "f":
                bound = 1e-5 * max(1.0, float(np.abs(ref).max()))
                assert float(np.abs(got - ref).max()) <= bound, fetch
            else:
                np.testing.assert_array_equal(got, ref)
    assert [op.type for op in model.program.global_block().ops] == ops_before
    for rec in result.trace:
        if rec.type in ("fused_conv2d_add_act", "fc"):
            assert rec.fused, f"{rec.type} #{rec.index} does not say what it fused"
        elif rec.fused:
            assert (rec.type, rec.fused) == ("scale", ["dropout"]), rec


def test_conv_nets_are_fused() -> None:
    model_dir = FIXTURES_ROOT / "models" / "resnet18_small"
    model = load_model(str(model_dir / "model"))
    rewrite = optimize(model.program, model.scope)
    types = [op.type for op in rewrite.ops]
    assert "batch_norm" not in types and "conv2d" not in types
    fused = [f for f in rewrite.fused.values() if f[0] == "conv2d"]
    assert ["conv2d", "batch_norm", "relu"] in fused
    assert ["conv2d", "batch_norm", "elementwise_add", "relu"] in fused  # residual joined
    assert len(rewrite.notes) >= len(fused)


def test_a_reshaped_conv_bias_is_folded_and_fused() -> None:
    # Paddle 3.x writes a conv's bias as reshape2(bias, [1, C, 1, 1]) + elementwise_add
    model = load_model(str(FIXTURES_ROOT / "models" / "lenet" / "model"))
    block = model.program.global_block()
    reshaped = [op.output("Out")[0] for op in block.ops if op.type == "reshape2"
                and block.find_var(op.input("X")[0]).persistable]
    assert reshaped, "lenet's fixture no longer reshapes a parameter"
    rewrite = optimize(model.program, model.scope)
    types = [op.type for op in rewrite.ops]
    assert "reshape2" not in types and "elementwise_add" not in types and "relu" not in types
    assert sum(f == ["conv2d", "elementwise_add", "relu"] for f in rewrite.fused.values()) == 2
    assert sum("computed once" in n for n in rewrite.notes) == len(reshaped)
    for name in reshaped:  # the user's program keeps its own (non-persistable) var
        assert not block.find_var(name).persistable
        assert rewrite.program.global_block().find_var(name).persistable


def test_a_reshape_whose_output_is_fetched_stays() -> None:
    program = ProgramDesc()
    block = program.global_block()
    block.var("b", shape=[3], persistable=True)
    block.var("r", shape=[1, 3, 1, 1])
    block.append_op("reshape2", {"X": ["b"]}, {"Out": ["r"]}, {"shape": [1, 3, 1, 1]})
    block.var("fetch", type=VarType.FETCH_LIST, persistable=True)
    block.append_op("fetch", {"X": ["r"]}, {"Out": ["fetch"]}, {"col": 0})
    scope = Scope()
    scope.var("b").value = DenseTensor(np.arange(3, dtype=np.float32))
    assert [op.type for op in optimize(program, scope).ops] == ["reshape2", "fetch"]


def _dropout_program(impl: str) -> ProgramDesc:
    program = ProgramDesc()
    block = program.global_block()
    for n in ("x", "d", "m", "y"):
        block.var(n, shape=[2, 3])
    block.append_op("dropout", {"X": ["x"]}, {"Out": ["d"], "Mask": ["m"]},
                    {"dropout_prob": 0.25, "is_test": True, "dropout_implementation": impl})
    block.append_op("relu", {"X": ["d"]}, {"Out": ["y"]}, {})
    return program


@pytest.mark.parametrize(("impl", "factor", "ops"), [
    ("upscale_in_train", 1.0, ["relu"]),  # a scale by 1: dropped (remove_identity_scales)
    ("downgrade_in_infer", 0.75, ["scale", "relu"])])
def test_inference_dropout_becomes_a_scale(impl: str, factor: float, ops: list[str]) -> None:
    program = _dropout_program(impl)
    rewrite = optimize(program, Scope())
    assert [op.type for op in rewrite.ops] == ops
    if factor != 1.0:
        assert rewrite.ops[0].attr("scale") == factor
    else:
        assert rewrite.ops[0].input("X") == ["x"]  # relu reads the dropout's input
    assert [op.type for op in program.global_block().ops] == ["dropout", "relu"]
    assert program.global_block().ops[1].input("X") == ["d"]  # the user's program untouched
    x = np.array([[1, -2, 3], [4, 5, -6]], np.float32)
    (y,) = PlannedExecutor(Place()).run(program, Scope(), {"x": x}, fetch_list=["y"])
    np.testing.assert_array_equal(y.numpy(), np.maximum(x * np.float32(factor), 0))


def _scale_program(overwrite_x: bool) -> ProgramDesc:
    """x -> scale(1, 0) -> s -> relu -> y, and tanh(s) -> z; optionally x is rewritten
    (x = exp(x)) between the scale and its readers."""
    program = ProgramDesc()
    block = program.global_block()
    for n in ("x", "s", "y", "z"):
        block.var(n, shape=[2, 3])
    block.append_op("scale", {"X": ["x"]}, {"Out": ["s"]},
                    {"scale": 1.0, "bias": 0.0, "bias_after_scale": True})
    if overwrite_x:
        block.append_op("exp", {"X": ["x"]}, {"Out": ["x"]}, {})
    block.append_op("relu", {"X": ["s"]}, {"Out": ["y"]}, {})
    block.append_op("tanh", {"X": ["s"]}, {"Out": ["z"]}, {})
    return program


@pytest.mark.parametrize("overwrite_x", [False, True])
def test_an_identity_scale_is_dropped_unless_its_input_changes(overwrite_x: bool) -> None:
    program = _scale_program(overwrite_x)
    rewrite = optimize(program, Scope())
    types = [op.type for op in rewrite.ops]
    if overwrite_x:  # relu and tanh must see x before exp: the scale stays
        assert types == ["scale", "exp", "relu", "tanh"]
    else:
        assert types == ["relu", "tanh"]
        assert [op.input("X") for op in rewrite.ops] == [["x"], ["x"]]
        assert any("the identity" in n for n in rewrite.notes)
    x = np.array([[1, -2, 3], [4, 5, -6]], np.float32)
    y, z = PlannedExecutor(Place()).run(program, Scope(), {"x": x}, fetch_list=["y", "z"])
    np.testing.assert_array_equal(y.numpy(), np.maximum(x, 0))
    np.testing.assert_array_equal(z.numpy(), np.tanh(x))


@pytest.mark.parametrize("slot", ["ScaleTensor", "BiasTensor"])
def test_a_scale_fed_by_a_tensor_is_no_identity(slot: str) -> None:
    """scale 1, bias 0 as attributes, but a fed tensor overrides one of them: it stays, and
    the planned run reads the tensor."""
    program = ProgramDesc()
    block = program.global_block()
    for n in ("x", "t", "s", "y"):
        block.var(n, shape=[2, 3] if n != "t" else [1])
    block.append_op("scale", {"X": ["x"], slot: ["t"]}, {"Out": ["s"]},
                    {"scale": 1.0, "bias": 0.0, "bias_after_scale": True})
    block.append_op("relu", {"X": ["s"]}, {"Out": ["y"]}, {})
    assert [op.type for op in optimize(program, Scope()).ops] == ["scale", "relu"]
    x = np.array([[1, -2, 3], [4, 5, -6]], np.float32)
    t = np.array([2.5], np.float32)
    (y,) = PlannedExecutor(Place()).run(program, Scope(), {"x": x, "t": t}, fetch_list=["y"])
    want = x * t[0] if slot == "ScaleTensor" else x + t[0]
    np.testing.assert_array_equal(y.numpy(), np.maximum(want, 0))


def test_a_fetched_intermediate_is_not_fused_away() -> None:
    program = _dropout_program("upscale_in_train")
    block = program.global_block()
    block.var("fetch", type=VarType.FETCH_LIST, persistable=True)
    block.append_op("fetch", {"X": ["d"]}, {"Out": ["fetch"]}, {"col": 0})
    rewrite = optimize(program, Scope())
    assert [op.type for op in rewrite.ops][1:] == ["relu", "fetch"]
