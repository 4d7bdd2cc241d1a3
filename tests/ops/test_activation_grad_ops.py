"""Activation grads beyond the Paddle fixtures: hard_swish_grad's refusal of custom
constants (on both paths), 0-d softmaxes (constant functions: zero gradient), and
abs_grad / angle_grad of a complex X, which read a real Out@GRAD and refuse a complex one
on both paths (Paddle 3.3.1's kernels refuse it: a cast would drop its imaginary part)."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from tests.ops.op_helpers import rand, run_both


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_hard_swish_grad_refuses_constants_other_than_6_6_3(path):
    inputs = {"X": rand((3, 4), 1), "Out@GRAD": rand((3, 4), 2)}
    with pytest.raises(Exception, match="not 6/6/3"):
        run_single_op("hard_swish_grad", inputs, {"threshold": 4.0, "scale": 5.0,
                                                  "offset": 2.0}, ["X@GRAD"], path)


def test_hard_swish_grad_takes_the_default_constants():
    x = np.array([-4.0, -3.0, -1.0, 0.0, 2.0, 3.0, 5.0], np.float32)
    got = run_both("hard_swish_grad", {"X": x, "Out@GRAD": np.ones_like(x)}, {}, ["X@GRAD"])
    np.testing.assert_allclose(got["X@GRAD"][0], [0, 0, 1 / 6, 0.5, 7 / 6, 1, 1], rtol=1e-6)


@pytest.mark.parametrize("op", ["softmax_grad", "log_softmax_grad"])
def test_a_0d_softmax_has_a_zero_gradient(op):
    out = np.array(1.0 if op == "softmax_grad" else 0.0, np.float32)
    got = run_both(op, {"Out": out, "Out@GRAD": np.array(0.7, np.float32)}, {"axis": -1},
                   ["X@GRAD"])
    assert got["X@GRAD"][0].shape == () and got["X@GRAD"][0] == 0


@pytest.mark.parametrize("op", ["abs_grad", "angle_grad"])
@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_a_complex_cotangent_of_a_complex_x_is_refused(op, path):
    x = (rand((3, 4), 1) + 1j * rand((3, 4), 2)).astype(np.complex64)
    with pytest.raises(Exception, match="'Out@GRAD' is complex64, expected float32"):
        run_single_op(op, {"X": x, "Out@GRAD": x}, {}, ["X@GRAD"], path)


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_a_real_x_with_a_cotangent_of_another_type_is_refused(path):
    x = rand((3, 4), 1)
    with pytest.raises(Exception, match="'Out@GRAD' is float64, expected float32"):
        run_single_op("abs_grad", {"X": x, "Out@GRAD": x.astype(np.float64)}, {}, ["X@GRAD"],
                      path)


def test_complex_abs_and_angle_grads_of_a_real_cotangent():
    x = np.array([3 + 4j, -1j, 0j], np.complex128)
    cot = np.array([2.0, 1.0, 5.0], np.float64)
    got = run_both("abs_grad", {"X": x, "Out@GRAD": cot}, {}, ["X@GRAD"])
    np.testing.assert_allclose(got["X@GRAD"][0], [1.2 + 1.6j, -1j, 0j], rtol=1e-15)
    got = run_both("angle_grad", {"X": x, "Out@GRAD": cot}, {}, ["X@GRAD"])
    # d angle / dx, conjugated: cot * (-im + i re) / |x|^2; 0 at x = 0
    np.testing.assert_allclose(got["X@GRAD"][0], [-0.32 + 0.24j, 1 + 0j, 0j], rtol=1e-15)
