"""Manipulation family beyond the Paddle fixtures: inputs Paddle 3.3.1 refuses while the
program is built (no fixture can hold them); fluidphi refuses them on both paths.

Manipulation family beyond the Paddle fixtures: programs Paddle 3.3.1 crashes on or reads
garbage for (fluidphi raises instead), and repeat_interleave's data-dependent length under
a plan. view_shape_grad, which Paddle makes but has no operator for (its executor refuses
it), on both paths.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.predictor import run_model
from compat.single_op import run_single_op
from phi.common import DataType
from tests.ops.op_helpers import assert_refused, rand, run_both, saved_model


def test_reverse_refuses_empty_or_out_of_range_axes() -> None:
    x = np.zeros((3, 4), np.float32)
    assert_refused("reverse", {"X": x}, {"axis": []}, ("Out",), "can not be empty")
    assert_refused("reverse", {"X": x}, {"axis": [2]}, ("Out",), "axis 2 is out of range")
    assert_refused("reverse", {"X": x}, {"axis": [-3]}, ("Out",), "axis -3 is out of range")
    assert_refused("reverse", {"X": np.float32(1.0)}, {"axis": [0]}, ("Out",), "out of range")


def test_unstack_and_multiplex_refuse_what_paddle_does_while_building() -> None:
    x = np.zeros((3, 4), np.float32)
    assert_refused("unstack", {"X": x}, {"axis": 0, "num": 2}, {"Y": 3}, "attribute num is 2")
    assert_refused("unstack", {"X": x}, {"axis": 1, "num": 3}, {"Y": 3},
                   "3 outputs for an axis of size 4")
    ids = np.array([[0], [1], [1], [0]], np.int32)
    assert_refused("multiplex", {"X": [x, x], "Ids": ids}, {}, ("Out",), "at least Ids' 4 rows")
    assert_refused("multiplex", {"X": [x], "Ids": ids[:3]}, {}, ("Out",),
                   "more than one candidate")
    assert_refused("multiplex", {"X": [x, x], "Ids": ids.reshape(-1)}, {}, ("Out",),
                   "must be \\[N, 1\\]")


def test_scatter_nd_add_refuses_updates_of_other_dims() -> None:
    x = np.zeros((3, 4), np.float32)
    assert_refused("scatter_nd_add", {"X": x, "Index": np.array([[1, 2]]),
                                      "Updates": np.ones((2,), np.float32)}, {}, ("Out",),
                   "Updates dims \\[2\\] must be \\[1\\]")
    assert_refused("scatter_nd_add", {"X": x, "Index": np.array([[1, 2, 0]]),
                                      "Updates": np.ones((1,), np.float32)}, {}, ("Out",),
                   "larger than X's rank")


def test_broadcast_tensors_refuses_dims_that_do_not_broadcast() -> None:
    xs = [np.zeros((2, 3), np.float32), np.zeros((4, 1), np.float32)]
    assert_refused("broadcast_tensors", {"X": xs}, {}, {"Out": 2},
                   "broadcast_tensors: dims \\[2, 3\\] and \\[4, 1\\] do not broadcast")


def test_partial_ops_refuse_column_ranges_outside_the_inputs() -> None:
    """partial_sum with a negative start_index: Paddle 3.3.1 builds and runs it, reading
    memory before each row (garbage); fluidphi refuses it. The others Paddle refuses too."""
    xs = [np.zeros((3, 4), np.float32)] * 2
    assert_refused("partial_sum", {"X": xs}, {"start_index": -1, "length": 1}, ("Out",),
                   "start_index -1 is expected to be in range of \\[0, 4\\)")
    assert_refused("partial_concat", {"X": xs}, {"start_index": 2, "length": 3}, ("Out",),
                   "larger than input length")
    assert_refused("partial_concat", {"X": xs}, {"start_index": -5, "length": -1}, ("Out",),
                   "in range of \\[-4, 4\\)")
    assert_refused("partial_sum", {"X": [xs[0], np.zeros((2, 4), np.float32)]}, {},
                   ("Out",), "2-D of one dims")


def test_view_slice_refuses_rows_outside_the_input() -> None:
    x = np.zeros((3, 4), np.float32)
    for begin, end in ((2, 2), (-1, 2), (0, 4), (2, 1)):
        assert_refused("view_slice", {"input": x}, {"begin_idx": begin, "end_idx": end},
                       ("out",), f"rows \\[{begin}, {end}\\) must satisfy")
    assert_refused("view_slice", {"input": np.float32(1.0)}, {"begin_idx": 0, "end_idx": 1},
                   ("out",), "at least 1 dimension")


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


def test_set_refuses_views_outside_source() -> None:
    x, source = np.zeros(2, np.float32), np.arange(6, dtype=np.float32)
    for attrs in ({"dims": [4], "stride": [2]}, {"dims": [2], "stride": [1], "offset": 20},
                  {"dims": [2], "stride": [-1]}, {"dims": [2], "stride": [1], "offset": 2}):
        assert_refused("set", {"x": x, "source": source}, attrs, ("out",),
                       "must lie within source's 6 elements")
    assert_refused("set", {"x": x, "source": source}, {"dims": [2, 2], "stride": [1]},
                   ("out",), "one stride each")
    assert_refused("set", {"x": x, "source": source.astype(np.float64)}, {}, ("out",),
                   "must be x's")


@pytest.mark.parametrize("dout_shape", [(2, 6), (12,)])
def test_view_shape_grad_lays_the_gradient_out_in_the_inputs_dims(dout_shape):
    # out@GRAD has view_shape's out dims (the input's, as Paddle's static kernel keeps them)
    # or the viewed dims: either way input@GRAD is it in input's dims, on both paths
    x, dout = rand((2, 6), 1), rand(dout_shape, 2)
    got = run_both("view_shape_grad", {"input": x, "out@GRAD": dout}, {"dims": [12]},
                   ["input@GRAD"])
    np.testing.assert_array_equal(got["input@GRAD"][0], dout.reshape(2, 6))


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_view_shape_grad_refuses_a_gradient_of_another_size(path):
    with pytest.raises(Exception, match="view_shape_grad: out_grad has 10 elements"):
        run_single_op("view_shape_grad", {"input": rand((2, 6), 1), "out@GRAD": rand((10,), 2)},
                      {"dims": [12]}, ["input@GRAD"], path)
