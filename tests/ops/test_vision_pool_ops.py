"""pool3d / max_pool{2,3}d_with_index / unpool{,3d} beyond the Paddle fixtures
(tests/fixtures/ops/vision_pool): errors Paddle raises while building a program (or, for an
unpool index outside the output, raises and then aborts its process), and the
pool-then-unpool round trip."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

PATHS = ("legacy", "phi")
_RNG = np.random.default_rng(3)
_X3 = _RNG.normal(0, 1, (2, 3, 4, 5, 6)).astype(np.float32)
_X2 = _RNG.normal(0, 1, (2, 3, 6, 8)).astype(np.float32)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("op", "x", "attrs", "match"), [
    ("pool3d", _X3, {"ksize": [2, 2, 2], "pooling_type": "min"}, "pooling_type must be"),
    ("pool3d", _X3, {"ksize": [2, 2], "pooling_type": "max"}, "ksize and strides must hold 3"),
    ("pool3d", _X3[0], {"ksize": [2, 2, 2], "pooling_type": "max"}, "wants a 5-D input"),
    ("pool3d", _X3, {"ksize": [5, 2, 2], "pooling_type": "avg"}, "output size 0 is not"),
    ("max_pool2d_with_index", _X2, {"ksize": [2, 2], "paddings": [1, 1, 0, 0]},
     "paddings must hold 2 values"),
    ("max_pool3d_with_index", _X2, {"ksize": [2, 2, 2]}, "wants a 5-D input"),
], ids=["type", "ksize", "rank", "size", "with-index paddings", "with-index rank"])
def test_pool_bad_inputs_raise(op: str, x: np.ndarray, attrs: dict, match: str,
                               mode: str) -> None:
    outputs = {"Out": 1, "Mask": 1} if "index" in op else {"Out": 1}
    with pytest.raises(Exception, match=match):
        run_single_op(op, {"X": x}, attrs, outputs, mode)


def _unpool(x: np.ndarray, idx: np.ndarray, output_size: list[int], mode: str) -> np.ndarray:
    attrs = {"ksize": [2, 2], "strides": [2, 2], "unpooling_type": "max",
             "output_size": output_size}
    got, _ = run_single_op("unpool", {"X": x, "Indices": idx}, attrs, {"Out": 1}, mode)
    return got["Out"][0]


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("idx", "size", "match"), [
    (np.full((1, 1, 2, 2), 16, np.int32), [4, 4], "index 16 lies outside the output's 16"),
    (np.full((1, 1, 2, 2), -1, np.int64), [4, 4], "index -1 lies outside"),
    (np.zeros((1, 1, 2, 3), np.int32), [4, 4], r"Indices dims \[1, 1, 2, 3\] must equal"),
    (np.zeros((1, 1, 2, 2), np.int32), [4, 4, 4], "output_size must hold 2 values"),
], ids=["past end", "negative", "dims", "output_size"])
def test_unpool_bad_inputs_raise(idx: np.ndarray, size: list[int], match: str,
                                 mode: str) -> None:
    with pytest.raises(Exception, match=match):
        _unpool(np.ones((1, 1, 2, 2), np.float32), idx, size, mode)


@pytest.mark.parametrize("mode", PATHS)
def test_unpool_of_max_pool_puts_each_max_back(mode: str) -> None:
    pooled, _ = run_single_op("max_pool2d_with_index", {"X": _X2},
                              {"ksize": [2, 2], "strides": [2, 2]}, {"Out": 1, "Mask": 1}, mode)
    out, mask = pooled["Out"][0], pooled["Mask"][0]
    back = _unpool(out, mask, [6, 8], mode)
    assert (back != 0).sum() == out.size
    np.testing.assert_array_equal(
        np.take_along_axis(back.reshape(6, -1), mask.reshape(6, -1), axis=1), out.reshape(6, -1))
    np.testing.assert_array_equal(np.where(back != 0, back, _X2), _X2)
