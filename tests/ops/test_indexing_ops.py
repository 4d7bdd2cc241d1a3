"""Indexing family beyond the Paddle fixtures: data-dependent output dims under a plan, and
inputs Paddle's kernels would read or write out of bounds (fluidphi refuses them)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.predictor import run_model
from compat.single_op import run_single_op
from phi.common import DataType
from tests.ops.op_helpers import assert_refused, saved_model

#: y = 2 * masked_select(x, mask); idx1 = where_index(mask) + 1 (each followed by an op)
_MASKED_OPS = [
    ("masked_select", {"X": ["x"], "Mask": ["mask"]}, {"Y": ["sel"]}, {}),
    ("scale", {"X": ["sel"]}, {"Out": ["y"]}, {"scale": 2.0, "bias": 0.0,
                                                "bias_after_scale": True}),
    ("where_index", {"Condition": ["mask"]}, {"Out": ["idx"]}, {}),
    ("scale", {"X": ["idx"]}, {"Out": ["idx1"]}, {"scale": 1.0, "bias": 1.0,
                                                   "bias_after_scale": True}),
]


def _run_masks(tmp_path: Path, path: str, masks: list[np.ndarray]) -> None:
    model = saved_model(tmp_path, {"x": (DataType.FLOAT32, [3, 4]),
                                   "mask": (DataType.BOOL, [3, 4])}, _MASKED_OPS, ["y", "idx1"])
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    for mask in masks:  # one loaded model, one plan (same feed dims), other counts each run
        result = run_model(model, {"x": x, "mask": mask}, path=path)
        np.testing.assert_array_equal(result.outputs["y"], 2 * x[mask])
        np.testing.assert_array_equal(result.outputs["idx1"], np.argwhere(mask) + 1)
        assert result.outputs["idx1"].dtype == np.int64


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
def test_data_dependent_dims_follow_the_data_on_every_run(tmp_path: Path, path: str) -> None:
    _run_masks(tmp_path, path, [np.eye(3, 4, dtype=bool), np.ones((3, 4), bool),
                                np.zeros((3, 4), bool)])


def test_data_dependent_dims_return_to_the_planned_ones(tmp_path: Path) -> None:
    """A run that returns to the planned dims after one that left them re-infers too."""
    _run_masks(tmp_path, "auto", [np.eye(3, 4, dtype=bool), np.zeros((3, 4), bool),
                                  np.eye(3, 4, dtype=bool)])


def test_along_axis_refuses_what_paddle_reads_out_of_bounds() -> None:
    x = np.zeros((4, 5), np.float32)
    taller = np.zeros((5, 1), np.int64)  # index dim 0 larger than x's: Paddle reads past x
    assert_refused("take_along_axis", {"Input": x, "Index": taller}, {"Axis": 1}, ("Result",),
                   "larger than Input")
    assert_refused("put_along_axis", {"Input": x, "Index": taller,
                                      "Value": np.ones((5, 1), np.float32)},
                   {"Axis": 1}, ("Result",), "larger than Input")
    small_value = np.ones((1, 1), np.float32)  # Value smaller than Index: Paddle reads garbage
    assert_refused("put_along_axis", {"Input": x, "Index": np.zeros((2, 3), np.int64),
                                      "Value": small_value}, {"Axis": 0}, ("Result",), "Value")
    assert_refused("put_along_axis", {"Input": x, "Index": np.zeros((2, 2), np.int64),
                                      "Value": np.ones((2, 2), np.float32)}, {"Axis": -1},
                   ("Result",), "negative Axis")


def test_where_index_needs_rank_one() -> None:
    assert_refused("where_index", {"Condition": np.array(True)}, {}, ("Out",),
                   "at least 1 dimension")


def test_put_along_axis_reads_value_with_its_own_dims() -> None:
    """Value larger than Index: Value[i, j] goes where Index[i, j] says (Paddle 3.3.1)."""
    x = np.zeros((2, 4), np.float32)
    value = np.arange(10, dtype=np.float32).reshape(2, 5)
    out, _ = run_single_op("put_along_axis", {"Input": x, "Index": np.array([[3, 0], [1, 2]]),
                                              "Value": value}, {"Axis": 1}, ("Result",), "phi")
    np.testing.assert_array_equal(out["Result"][0], [[1, 0, 0, 0], [0, 5, 6, 0]])


def test_index_put_refuses_what_paddle_writes_out_of_bounds() -> None:
    """Paddle 3.3.1's CPU index_put writes past x for an id out of range (the process dies
    with a heap corruption: no fixture); a bool index whose dims are not x's at its axes,
    more indexed axes than x has and float ids are refused with the op's name too."""
    x = np.zeros((3, 4), np.float32)
    value = np.ones((1,), np.float32)
    for ids in ([3], [-4]):
        assert_refused("index_put", {"x": x, "indices": [np.array(ids)], "value": value}, {},
                       ("out",), "expected >= -3 and < 3")
    assert_refused("index_put", {"x": x, "indices": [np.ones((2, 4), bool)], "value": value},
                   {}, ("out",), "bool indices\\[0\\] dims \\[2, 4\\] must match")
    assert_refused("index_put", {"x": x, "indices": [np.array([0])] * 3, "value": value}, {},
                   ("out",), "3 indexed axes for x of rank 2")
    assert_refused("index_put", {"x": x, "indices": [np.array([0.0])], "value": value}, {},
                   ("out",), "must be bool, int32 or int64")
