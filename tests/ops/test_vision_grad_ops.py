"""Vision grads beyond the Paddle fixtures: gradients not asked for, batch_norm_grad with
is_test (global statistics) and with one element per channel."""

from __future__ import annotations

import numpy as np

from tests.ops.op_helpers import rand, run_both


def test_conv2d_grad_computes_only_the_filter_gradient_when_asked_only_that():
    x, w, dout = rand((2, 3, 5, 5), 1), rand((4, 3, 3, 3), 2), rand((2, 4, 3, 3), 3)
    got = run_both("conv2d_grad", {"Input": x, "Filter": w, "Output@GRAD": dout}, {},
                   ["Filter@GRAD"])
    assert set(got) == {"Filter@GRAD"}
    windows = np.lib.stride_tricks.sliding_window_view(x, (3, 3), axis=(2, 3))
    ref = np.einsum("nohw,nchwij->ocij", dout, windows)
    np.testing.assert_allclose(got["Filter@GRAD"][0], ref, rtol=1e-5, atol=1e-5)


def _bn_inputs(x_shape, seed):
    c = x_shape[1]
    return {"X": rand(x_shape, seed), "Scale": rand((c,), seed + 1),
            "Bias": rand((c,), seed + 2), "MeanOut": rand((c,), seed + 3),
            "VarianceOut": rand((c,), seed + 4, low=0.5),
            "SavedMean": rand((c,), seed + 5), "SavedVariance": rand((c,), seed + 6, low=0.5),
            "Y@GRAD": rand(x_shape, seed + 7)}


def test_batch_norm_grad_with_is_test_uses_the_running_statistics():
    inputs = _bn_inputs((3, 2, 2, 2), 10)
    got = run_both("batch_norm_grad", inputs, {"is_test": True, "epsilon": 1e-5},
                   ["X@GRAD", "Scale@GRAD", "Bias@GRAD"])
    shape = (1, 2, 1, 1)
    inv = 1 / np.sqrt(inputs["VarianceOut"].astype(np.float64) + 1e-5)
    dy = inputs["Y@GRAD"]
    np.testing.assert_allclose(got["X@GRAD"][0], dy * (inputs["Scale"] * inv).reshape(shape),
                               rtol=1e-5)
    xhat = (inputs["X"] - inputs["MeanOut"].reshape(shape)) * inv.reshape(shape)
    np.testing.assert_allclose(got["Scale@GRAD"][0], (xhat * dy).sum(axis=(0, 2, 3)),
                               rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got["Bias@GRAD"][0], dy.sum(axis=(0, 2, 3)), rtol=1e-5)


def test_batch_norm_grad_with_one_element_per_channel_passes_the_gradient_through():
    inputs = _bn_inputs((1, 3), 20)
    got = run_both("batch_norm_grad", inputs, {}, ["X@GRAD"])
    np.testing.assert_array_equal(got["X@GRAD"][0], inputs["Y@GRAD"])
