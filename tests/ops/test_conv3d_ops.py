"""conv3d beyond the Paddle fixtures (tests/fixtures/ops/conv3d): the errors Paddle raises
while building a program, and channel-last against channel-first."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

PATHS = ("legacy", "phi")
_RNG = np.random.default_rng(5)
_X = _RNG.normal(0, 1, (2, 4, 5, 5, 5)).astype(np.float32)
_W = _RNG.normal(0, 0.3, (6, 2, 3, 3, 3)).astype(np.float32)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("x", "w", "attrs", "match"), [
    (_X, _W, {}, r"input channels \(4\) must equal filter channels \(2\) \* groups \(1\)"),
    (_X, _W[:5], {"groups": 2}, r"output channels \(5\) must be divisible by groups"),
    (_X[0], _W, {"groups": 2}, "5-D input and filter"),
    (_X, _W, {"groups": 2, "strides": [1, 1]}, "strides must hold 3 values"),
    (_X, _W, {"groups": 2, "paddings": [1, 1]}, "paddings must hold 3 or 6 values"),
    (_X[:, :, :2], _W, {"groups": 2}, "output size 0 is not positive"),
    (_X, _W, {"groups": 2, "data_format": "NHWDC"}, "unknown data_format"),
    (_X, _W, {"groups": 0}, "groups must be positive"),
], ids=["channels", "out groups", "rank", "strides", "paddings", "size", "layout", "groups0"])
def test_bad_inputs_raise(x: np.ndarray, w: np.ndarray, attrs: dict, match: str,
                          mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op("conv3d", {"Input": x, "Filter": w}, attrs, {"Output": 1}, mode)


@pytest.mark.parametrize("mode", PATHS)
def test_ndhwc_matches_ncdhw(mode: str) -> None:
    attrs = {"groups": 2, "strides": [2, 1, 2], "paddings": [1, 0, 0, 1, 1, 1],
             "dilations": [1, 2, 1]}
    first, _ = run_single_op("conv3d", {"Input": _X, "Filter": _W}, attrs, {"Output": 1}, mode)
    last, _ = run_single_op("conv3d", {"Input": np.moveaxis(_X, 1, -1).copy(), "Filter": _W},
                            {**attrs, "data_format": "NDHWC"}, {"Output": 1}, mode)
    np.testing.assert_allclose(np.moveaxis(last["Output"][0], -1, 1), first["Output"][0],
                               rtol=0, atol=1e-5)
