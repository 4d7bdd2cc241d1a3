"""pixel_shuffle / pixel_unshuffle / channel_shuffle / temporal_shift beyond the Paddle
fixtures (tests/fixtures/ops/vision_shuffle): the errors Paddle raises while building a
program, and the inverse pairs."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

PATHS = ("legacy", "phi")
_X = np.arange(2 * 8 * 4 * 6, dtype=np.float32).reshape(2, 8, 4, 6)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("op", "x", "attrs", "match"), [
    ("pixel_shuffle", _X, {"upscale_factor": 3}, "8 channels must be divisible by"),
    ("pixel_shuffle", _X, {"upscale_factor": 0}, "upscale_factor must be positive"),
    ("pixel_shuffle", _X[0], {"upscale_factor": 2}, "X must be 4-D"),
    ("pixel_unshuffle", _X, {"downscale_factor": 4}, "height 4 and width 6 must be divisible"),
    ("channel_shuffle", _X, {"groups": 3}, "8 channels must be divisible by groups 3"),
    ("channel_shuffle", _X, {"groups": 2, "data_format": "NCL"},
     "data_format must be NCHW or NHWC"),
    ("temporal_shift", _X, {"seg_num": 3}, r"first dim \(2\) must be divisible by seg_num"),
    ("temporal_shift", _X, {"seg_num": 2, "shift_ratio": 0.5}, r"shift_ratio must be in"),
    ("temporal_shift", _X, {"seg_num": 0}, "seg_num must be positive"),
], ids=["shuffle C", "shuffle r0", "shuffle rank", "unshuffle HW", "channel groups",
        "layout", "seg batch", "ratio", "seg0"])
def test_bad_inputs_raise(op: str, x: np.ndarray, attrs: dict, match: str, mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op(op, {"X": x}, attrs, {"Out": 1}, mode)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize("layout", ["NCHW", "NHWC"])
def test_unshuffle_inverts_shuffle(mode: str, layout: str) -> None:
    x = _X if layout == "NCHW" else _X.transpose(0, 2, 3, 1).copy()
    attrs = {"data_format": layout}
    up, _ = run_single_op("pixel_shuffle", {"X": x}, {**attrs, "upscale_factor": 2},
                          {"Out": 1}, mode)
    back, _ = run_single_op("pixel_unshuffle", {"X": up["Out"][0]},
                            {**attrs, "downscale_factor": 2}, {"Out": 1}, mode)
    np.testing.assert_array_equal(back["Out"][0], x)
    mixed, _ = run_single_op("channel_shuffle", {"X": x}, {**attrs, "groups": 2}, {"Out": 1},
                             mode)
    again, _ = run_single_op("channel_shuffle", {"X": mixed["Out"][0]}, {**attrs, "groups": 4},
                             {"Out": 1}, mode)
    np.testing.assert_array_equal(again["Out"][0], x)


@pytest.mark.parametrize("mode", PATHS)
def test_shuffle_channel_refuses_float64(mode: str) -> None:
    """Paddle's float64 kernel leaves half of every plane unwritten: no kernel, a clear
    error, rather than a guess (DTYPE_GAPS of the vision_shuffle family)."""
    with pytest.raises(Exception, match=r"no kernel can run it.*float64"):
        run_single_op("shuffle_channel", {"X": np.zeros((1, 4, 2, 2))}, {"group": 2},
                      {"Out": 1}, mode)
