"""loss family inputs Paddle cannot export as fixtures: refusals (Paddle refuses them while
the program is built, or reads out of bounds) on both paths."""

from __future__ import annotations

import numpy as np

from tests.ops.op_helpers import assert_refused, rand

_HSIGMOID_OUT = ("Out", "PreOut", "W_Out")


def test_hierarchical_sigmoid_refuses_labels_outside_the_tree() -> None:
    inputs = {"X": rand((3, 4), 1), "W": rand((5, 4), 2),
              "Label": np.array([[0], [6], [2]], np.int64)}
    assert_refused("hierarchical_sigmoid", inputs, {"num_classes": 6}, _HSIGMOID_OUT,
                   r"Label must hold classes in \[0, 6\), got 6")


def test_hierarchical_sigmoid_refuses_a_path_past_w() -> None:
    inputs = {"X": rand((2, 3), 1), "W": rand((3, 3), 2), "Label": np.zeros((2, 1), np.int64),
              "PathTable": np.array([[0, 1, -1], [0, 4, 2]], np.int64),
              "PathCode": np.array([[1, 0, 0], [0, 1, 1]], np.int64)}
    assert_refused("hierarchical_sigmoid", inputs, {"num_classes": 6}, _HSIGMOID_OUT,
                   "PathTable names node 4, but W has 3 rows")


def test_hierarchical_sigmoid_refuses_a_path_table_without_codes() -> None:
    inputs = {"X": rand((2, 3), 1), "W": rand((3, 3), 2), "Label": np.zeros((2, 1), np.int64),
              "PathTable": np.array([[0, 1], [0, 2]], np.int64)}
    assert_refused("hierarchical_sigmoid", inputs, {}, _HSIGMOID_OUT,
                   "PathCode must be given with PathTable's dims")


def _ctc_inputs(label: list[list[int]], lengths: list[int]) -> dict[str, np.ndarray]:
    return {"Logits": rand((5, 2, 4), 3), "Label": np.array(label, np.int32),
            "LogitsLength": np.array(lengths, np.int64),
            "LabelLength": np.array([2, 1], np.int64)}


def test_warpctc_refuses_a_blank_outside_the_classes() -> None:
    assert_refused("warpctc", _ctc_inputs([[1, 2], [3, 0]], [5, 4]), {"blank": 4},
                   ("Loss", "WarpCTCGrad"), r"Attr\(blank\) should be in interval \[0, 4\)")


def test_warpctc_refuses_labels_outside_the_classes() -> None:
    assert_refused("warpctc", _ctc_inputs([[1, 7], [3, 0]], [5, 4]), {},
                   ("Loss", "WarpCTCGrad"), r"Label values must lie in \[0, 4\), got 7")


def test_warpctc_refuses_empty_or_too_long_sequences() -> None:
    for lengths in ([5, 0], [6, 4]):
        assert_refused("warpctc", _ctc_inputs([[1, 2], [3, 0]], lengths), {},
                       ("Loss", "WarpCTCGrad"), r"LogitsLength must lie in \[1, 5\]")


def _rnnt_inputs(label: list[list[int]], lengths: list[int]) -> dict[str, np.ndarray]:
    return {"input": -np.abs(rand((2, 4, 3, 5), 4)), "label": np.array(label, np.int32),
            "input_lengths": np.array(lengths, np.int32),
            "label_lengths": np.array([2, 1], np.int32)}


def test_warprnnt_refuses_labels_outside_the_classes() -> None:
    assert_refused("warprnnt", _rnnt_inputs([[1, 5], [3, 0]], [4, 3]), {},
                   ("loss", "warprnntgrad"), r"label values must lie in \[0, 5\), got 5")


def test_warprnnt_refuses_lengths_past_the_input() -> None:
    assert_refused("warprnnt", _rnnt_inputs([[1, 2], [3, 0]], [5, 3]), {},
                   ("loss", "warprnntgrad"), r"input_lengths must lie in \[1, 4\]")
