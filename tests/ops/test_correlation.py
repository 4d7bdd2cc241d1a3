"""correlation's values. Paddle's CPU kernel refuses every input (the fixtures in
tests/conformance/op_cases/correlation.py pin that, for fluidphi's CPU kernel too), so its
GPU kernel is the reference: fluidphi's GPU kernel runs on the emulated device here and is
checked against that kernel's loops written out element by element."""

from __future__ import annotations

import math

import numpy as np
import pytest

from compat.single_op import run_single_op
from phi.common import Place


def _reference(x1: np.ndarray, x2: np.ndarray, pad: int, k: int, md: int, s1: int,
               s2: int) -> np.ndarray:
    """Paddle's GPU correlation_forward: window at (y * s1 + md, x * s1 + md) of the
    zero-padded inputs, displacements (tj, ti) * s2 within md, mean over C and the taps."""
    n, c, h, w = x1.shape
    p1 = np.pad(x1, ((0, 0), (0, 0), (pad, pad), (pad, pad))).astype(np.float64)
    p2 = np.pad(x2, ((0, 0), (0, 0), (pad, pad), (pad, pad))).astype(np.float64)
    kr, r = (k - 1) // 2, md // s2
    oh = math.ceil((h + 2 * pad - 2 * (kr + md)) / s1)
    ow = math.ceil((w + 2 * pad - 2 * (kr + md)) / s1)
    out = np.zeros((n, (2 * r + 1) ** 2, oh, ow))
    for y in range(oh):
        for x in range(ow):
            h1, w1 = y * s1 + md, x * s1 + md
            for tj in range(-r, r + 1):
                for ti in range(-r, r + 1):
                    h2, w2 = h1 + tj * s2, w1 + ti * s2
                    win1 = p1[:, :, h1 - kr:h1 + kr + 1, w1 - kr:w1 + kr + 1]
                    win2 = p2[:, :, h2 - kr:h2 + kr + 1, w2 - kr:w2 + kr + 1]
                    out[:, (tj + r) * (2 * r + 1) + ti + r, y, x] = \
                        (win1 * win2).sum(axis=(1, 2, 3)) / (k * k * c)
    return out


@pytest.mark.parametrize(("shape", "attrs"), [
    ((2, 3, 6, 7), {"pad_size": 2, "kernel_size": 1, "max_displacement": 2, "stride1": 1,
                    "stride2": 1}),
    ((1, 4, 9, 8), {"pad_size": 4, "kernel_size": 1, "max_displacement": 4, "stride1": 2,
                    "stride2": 2}),
    ((1, 2, 8, 8), {"pad_size": 3, "kernel_size": 3, "max_displacement": 3, "stride1": 1,
                    "stride2": 2}),
])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_device_kernel_matches_paddles_gpu_loops(emulated: Place, mode: str, dtype: type,
                                                 shape: tuple, attrs: dict) -> None:
    rng = np.random.default_rng(3)
    x1, x2 = (rng.uniform(-2, 2, shape).astype(dtype) for _ in range(2))
    result, _ = run_single_op("correlation", {"Input1": x1, "Input2": x2},
                              {**attrs, "corr_type_multiply": 1}, ["Output"], mode,
                              place=emulated)
    got = result["Output"][0]
    want = _reference(x1, x2, *(attrs[a] for a in ("pad_size", "kernel_size",
                                                   "max_displacement", "stride1", "stride2")))
    assert got.dtype == dtype and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-5 if dtype == np.float32 else 1e-12)


@pytest.mark.parametrize("attrs", [
    {"kernel_size": 3, "max_displacement": 2, "stride2": 1},  # window before the input
    {"kernel_size": 2, "max_displacement": 2, "stride2": 1},  # even kernel
])
def test_device_kernel_refusals(emulated: Place, attrs: dict) -> None:
    x = np.ones((1, 1, 6, 6), np.float32)
    with pytest.raises(Exception, match="kernel_size"):
        run_single_op("correlation", {"Input1": x, "Input2": x},
                      {"pad_size": 2, "stride1": 1, "corr_type_multiply": 1, **attrs},
                      ["Output"], "phi", place=emulated)
