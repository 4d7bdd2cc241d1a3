"""Manipulation family beyond the Paddle fixtures: programs Paddle 3.3.1 crashes on or reads
garbage for (fluidphi raises instead), and repeat_interleave's data-dependent length under
a plan."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.predictor import run_model
from phi.common import DataType
from tests.ops.op_helpers import assert_refused, saved_model

X = np.arange(6, dtype=np.float32).reshape(2, 3)


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
    assert_refused(op, inputs, attrs, outputs, match)


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
def test_repeat_interleave_length_follows_the_counts(tmp_path: Path, path: str) -> None:
    """out = 10 * repeat_interleave(x, r, dim=1), one plan, other counts every run."""
    model = saved_model(
        tmp_path, {"x": (DataType.FLOAT32, [2, 3]), "r": (DataType.INT64, [3])},
        [("repeat_interleave", {"X": ["x"], "RepeatsTensor": ["r"]}, {"Out": ["rep"]},
          {"dim": 1}),
         ("scale", {"X": ["rep"]}, {"Out": ["out"]},
          {"scale": 10.0, "bias": 0.0, "bias_after_scale": True})], ["out"])
    for counts in ([1, 2, 0], [3, 3, 3], [0, 0, 1]):
        result = run_model(model, {"x": X, "r": np.array(counts)}, path=path)
        np.testing.assert_array_equal(result.outputs["out"], 10 * np.repeat(X, counts, axis=1))
