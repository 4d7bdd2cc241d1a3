"""prelu / label_smooth beyond the Paddle fixtures (tests/fixtures/ops/vision_misc): the
errors Paddle raises while building a program."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

PATHS = ("legacy", "phi")
_X = np.linspace(-2, 2, 24, dtype=np.float32).reshape(2, 3, 4)


def _a(*shape: int) -> np.ndarray:
    return np.full(shape, 0.25, np.float32)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("inputs", "attrs", "match"), [
    ({"X": _X, "Alpha": _a(2)}, {"mode": "all"}, "mode 'all' wants 1 alpha value"),
    ({"X": _X, "Alpha": _a(4)}, {"mode": "channel"}, "wants 3 alpha values"),
    ({"X": _X, "Alpha": _a(3)}, {"mode": "channel", "data_format": "NHWC"},
     "wants 4 alpha values"),
    ({"X": _X, "Alpha": _a(3)}, {"mode": "channel", "data_format": "NCL"},
     "takes data_format NCHW or NHWC"),
    ({"X": _X[0, 0], "Alpha": _a(1)}, {"mode": "channel"}, "rank >= 2"),
    ({"X": _X, "Alpha": _a(12)}, {"mode": "element"}, "alpha of X's rank 3"),
    ({"X": _X, "Alpha": _a(1, 4, 4)}, {"mode": "element"}, r"same count"),
    ({"X": _X, "Alpha": _a(1)}, {"mode": "elementwise"}, "mode must be one of"),
], ids=["all", "channel NCHW", "channel NHWC", "channel layout", "channel rank",
        "element rank", "element count", "mode"])
def test_prelu_bad_alpha_raises(inputs: dict, attrs: dict, match: str, mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op("prelu", inputs, attrs, {"Out": 1}, mode)


@pytest.mark.parametrize("mode", PATHS)
def test_prelu_element_alpha_read_flat(mode: str) -> None:
    """Element mode reads alpha flat, as Paddle's kernel: [2, 3, 4] uses its first 12 values,
    and [1, 4, 3] (Paddle checks only the count after the first dim) the same 12."""
    alpha = np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 10
    got, _ = run_single_op("prelu", {"X": -np.ones_like(_X), "Alpha": alpha},
                           {"mode": "element"}, {"Out": 1}, mode)
    np.testing.assert_array_equal(got["Out"][0], -np.broadcast_to(alpha[:1], _X.shape))
    again, _ = run_single_op("prelu", {"X": -np.ones_like(_X),
                                       "Alpha": alpha[:1].reshape(1, 4, 3)},
                             {"mode": "element"}, {"Out": 1}, mode)
    np.testing.assert_array_equal(again["Out"][0], got["Out"][0])


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("inputs", "match"), [
    ({"X": np.ones((3, 4), np.float32), "PriorDist": np.ones((1, 5), np.float32)},
     "PriorDist must hold one value per class"),
    ({"X": np.float32(1.0)}, "at least 1 dim"),
], ids=["prior size", "0-d"])
def test_label_smooth_bad_inputs_raise(inputs: dict, match: str, mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op("label_smooth", inputs, {"epsilon": 0.1}, {"Out": 1}, mode)
