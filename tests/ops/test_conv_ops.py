"""conv family beyond the Paddle fixtures (tests/fixtures/ops/conv): the deformable
convolutions' errors, which Paddle raises while building a program (and the ones fluidphi
adds where Paddle reads out of bounds), and zero offsets giving a plain convolution."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

PATHS = ("legacy", "phi")
_RNG = np.random.default_rng(7)
_X = _RNG.normal(0, 1, (4, 4, 5, 5))
_W = _RNG.normal(0, 0.3, (6, 4, 3, 3))
_OFF = _RNG.uniform(-1, 1, (4, 18, 3, 3))
_MASK = _RNG.uniform(0, 1, (4, 9, 3, 3))


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("inputs", "attrs", "match"), [
    ({}, {"im2col_step": 3}, r"batch 4 must be at most or a multiple of im2col_step \(3\)"),
    ({}, {"groups": 2}, r"Input channels \(4\) must equal Filter channels \(4\) \* groups"),
    ({"Filter": _W[:5]}, {"deformable_groups": 2},
     r"output channels \(5\) must be divisible by groups \(1\) and deformable_groups \(2\)"),
    ({"Offset": _OFF[:, :16]}, {}, r"Offset must have dims \[4, 18, 3, 3\]"),
    ({"Offset": _OFF[:2]}, {}, r"Offset must have dims \[4, 18, 3, 3\]"),
    ({"Mask": _MASK[:, :, :2]}, {}, r"Mask must have dims \[4, 9, 3, 3\]"),
    ({"Input": _X[:, :3], "Filter": _W[:, :3]}, {"deformable_groups": 2},
     r"Input channels \(3\) must be divisible by deformable_groups \(2\)"),
    ({}, {"strides": [0, 1]}, "must be positive"),
    ({}, {"paddings": [0, 0, 0, 0]}, "must hold 2 values each"),
    ({"Input": _X[:, :, :2, :2]}, {}, "output size 0 is not positive"),
], ids=["im2col_step", "groups", "out_dg", "offset_channels", "offset_batch", "mask_hw",
        "channels_dg", "stride0", "paddings4", "size"])
def test_bad_inputs_raise(inputs: dict, attrs: dict, match: str, mode: str) -> None:
    feeds = {"Input": _X, "Offset": _OFF, "Filter": _W, "Mask": _MASK, **inputs}
    with pytest.raises(Exception, match=match):
        run_single_op("deformable_conv", feeds, attrs, {"Output": 1}, mode)


@pytest.mark.parametrize("mode", PATHS)
def test_zero_offsets_unit_mask_is_conv2d(mode: str) -> None:
    attrs = {"paddings": [1, 1], "strides": [2, 1]}
    plain, _ = run_single_op("conv2d", {"Input": _X, "Filter": _W}, attrs, {"Output": 1}, mode)
    feeds = {"Input": _X, "Offset": np.zeros((4, 18, 3, 5)), "Filter": _W,
             "Mask": np.ones((4, 9, 3, 5))}
    got, _ = run_single_op("deformable_conv", feeds, attrs, {"Output": 1}, mode)
    np.testing.assert_allclose(got["Output"][0], plain["Output"][0], rtol=0, atol=1e-12)
    del feeds["Mask"]
    got, _ = run_single_op("deformable_conv_v1", feeds, attrs, {"Output": 1}, mode)
    np.testing.assert_allclose(got["Output"][0], plain["Output"][0], rtol=0, atol=1e-12)
