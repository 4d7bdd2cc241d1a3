"""pixel_shuffle / pixel_unshuffle / channel_shuffle / temporal_shift beyond the Paddle
fixtures (tests/fixtures/ops/vision_shuffle): the errors Paddle raises while building a
program, the inverse pairs, and float64 shuffle_channel (grad) against Paddle's record where
Paddle writes it (tests/fixtures/shuffle_channel_float64.npz)."""

from __future__ import annotations

from pathlib import Path

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


_FLOAT64 = Path(__file__).parents[1] / "fixtures" / "shuffle_channel_float64.npz"


def _float64_cases() -> dict[str, dict[str, np.ndarray]]:
    """Case -> its arrays (`in/x`, `out/out`, `defined/out`, ...) in the Paddle record of
    tests/conformance/export_shuffle_channel_float64.py."""
    with np.load(_FLOAT64) as archive:
        cases: dict[str, dict[str, np.ndarray]] = {}
        for key in archive.files:
            case, rest = key.split("/", 1)
            cases.setdefault(case, {})[rest] = archive[key]
    return cases


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize("case", sorted(_float64_cases()))
def test_shuffle_channel_float64_equals_paddle_where_defined(case: str, mode: str) -> None:
    """Paddle 3.3.1's float64 shuffle_channel / shuffle_channel_grad write only the first
    (H * W) // 2 elements of each plane (the record's `defined`); fluidphi equals them bit
    for bit there and writes the shuffle of the float32 code everywhere."""
    arrays = _float64_cases()[case]
    group = int(arrays["attrs/group"])
    if case.startswith("shuffle_channel_grad_"):
        source = arrays["in/cot_out"]
        outs, _ = run_single_op("shuffle_channel_grad", {"Out@GRAD": source}, {"group": group},
                                ["X@GRAD"], mode)
        got, want, defined = outs["X@GRAD"][0], arrays["out/x@GRAD"], arrays["defined/x@GRAD"]
    else:
        source = arrays["in/x"]
        outs, _ = run_single_op("shuffle_channel", {"X": source}, {"group": group}, {"Out": 1},
                                mode)
        got, want, defined = outs["Out"][0], arrays["out/out"], arrays["defined/out"]
    n, c, h, w = source.shape
    half = np.arange(h * w).reshape(h, w) < (h * w) // 2
    np.testing.assert_array_equal(defined, np.broadcast_to(half, source.shape))
    assert got.dtype == np.float64 and got.shape == source.shape
    np.testing.assert_array_equal(got.view(np.uint64)[defined], want.view(np.uint64)[defined])
    shuffled = source.reshape(n, group, c // group, h, w).swapaxes(1, 2).reshape(source.shape)
    np.testing.assert_array_equal(got.view(np.uint64), shuffled.view(np.uint64))
