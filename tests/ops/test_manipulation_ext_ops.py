"""Manipulation family beyond the Paddle fixtures: programs Paddle 3.3.1 crashes on or reads
garbage for (fluidphi raises instead), and repeat_interleave's data-dependent length under
a plan."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from compat.single_op import run_single_op
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.io import save_inference_model
from phi.common import DataType

X = np.arange(6, dtype=np.float32).reshape(2, 3)


def _raises(op: str, inputs: dict, attrs: dict, outputs, match: str) -> None:
    for mode in ("legacy", "phi"):
        with pytest.raises(Exception, match=match):
            run_single_op(op, inputs, attrs, outputs, mode)


@pytest.mark.parametrize(("op", "inputs", "attrs", "outputs", "match"), [
    # Paddle segfaults on these two
    ("expand_as_v2", {"X": X}, {"target_shape": [2, -1]}, ("Out",), "must be >= 0"),
    ("expand_as_v2", {"X": X, "Y": np.zeros((2, 1, 3), np.float32)},
     {"target_shape": [2, 3]}, ("Out",), "Y's rank"),
    # Paddle aborts (heap corruption in InferShape)
    ("repeat_interleave", {"X": X}, {"Repeats": 2, "dim": -1}, ("Out",), "negative dim"),
    # Paddle fills the outputs with the wrong elements
    ("unbind", {"X": X}, {"axis": 1}, {"Out": 2}, "2 outputs for an axis of size 3"),
    # Paddle refuses these when building
    ("strided_slice", {"Input": X}, {"axes": [-1], "starts": [0], "ends": [2], "strides": [1],
                                     "infer_flags": [1]}, ("Out",), "greater than or equal"),
    ("flip", {"X": X}, {"axis": [1, -1]}, ("Out",), "duplicates"),
])
def test_refused_programs(op: str, inputs: dict, attrs: dict, outputs, match: str) -> None:
    _raises(op, inputs, attrs, outputs, match)


def _repeat_program() -> ProgramDesc:
    """out = 10 * repeat_interleave(x, repeats, dim=1)."""
    program = ProgramDesc()
    block = program.global_block()
    block.var("feed", type=VarType.FEED_MINIBATCH, dtype=None)
    block.var("fetch", type=VarType.FETCH_LIST, dtype=None)
    block.var("x", shape=[2, 3])
    block.var("r", dtype=DataType.INT64, shape=[3])
    block.var("rep", shape=[2, -1])
    block.var("out", shape=[2, -1])
    block.append_op("feed", {"X": ["feed"]}, {"Out": ["x"]}, {"col": 0})
    block.append_op("feed", {"X": ["feed"]}, {"Out": ["r"]}, {"col": 1})
    block.append_op("repeat_interleave", {"X": ["x"], "RepeatsTensor": ["r"]}, {"Out": ["rep"]},
                    {"dim": 1})
    block.append_op("scale", {"X": ["rep"]}, {"Out": ["out"]},
                    {"scale": 10.0, "bias": 0.0, "bias_after_scale": True})
    block.append_op("fetch", {"X": ["out"]}, {"Out": ["fetch"]}, {"col": 0})
    return program


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
def test_repeat_interleave_length_follows_the_counts(tmp_path: Path, path: str) -> None:
    save_inference_model(tmp_path / "model", _repeat_program(), ["x", "r"], ["out"])
    model = load_model(tmp_path / "model")
    for counts in ([1, 2, 0], [3, 3, 3], [0, 0, 1]):
        result = run_model(model, {"x": X, "r": np.array(counts)}, path=path)
        np.testing.assert_array_equal(result.outputs["out"], 10 * np.repeat(X, counts, axis=1))
