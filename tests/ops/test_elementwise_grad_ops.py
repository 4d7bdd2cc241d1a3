"""elementwise_{sub,mul,div,max,min,pow}_grad and remainder_grad on both paths: fluid's axis
reduced back to each operand, gradients not asked for left out, Paddle's tie / NaN /
zero-base rules, mod's divisor sign, and the refusal of a forward axis that max / min / pow /
mod grads cannot honour."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from tests.ops.op_helpers import rand, run_both

GRADS = ("X@GRAD", "Y@GRAD")


def _run(op: str, x: np.ndarray, y: np.ndarray, dout: np.ndarray, axis: int = -1,
         out: np.ndarray | None = None, outputs=GRADS) -> dict:
    inputs = {"X": x, "Y": y, "Out@GRAD": dout}
    if out is not None:
        inputs["Out"] = out
    return run_both(op, inputs, {"axis": axis}, list(outputs))


@pytest.mark.parametrize(("x_shape", "y_shape", "axis", "x_view", "y_view"), [
    ((2, 3, 4), (3,), 1, (2, 3, 4), (1, 3, 1)),
    ((2, 3, 4), (3, 1), 1, (2, 3, 4), (1, 3, 1)),   # a trailing 1 that overhangs is trimmed
    ((2, 3, 4), (4,), -1, (2, 3, 4), (1, 1, 4)),
    ((2, 1, 4), (3,), 1, (2, 1, 4), (1, 3, 1)),     # X broadcast too
    ((3,), (2, 3, 4), 1, (1, 3, 1), (2, 3, 4)),     # X the lower-rank operand
])
def test_sub_mul_div_reduce_each_gradient_to_its_operand(x_shape, y_shape, axis, x_view,
                                                         y_view):
    x, y = rand(x_shape, 1, np.float64), rand(y_shape, 2, np.float64, low=0.5)
    xv, yv = x.reshape(x_view), y.reshape(y_view)
    out_shape = np.broadcast_shapes(x_view, y_view)
    dout = rand(out_shape, 3, np.float64)

    def back(local: np.ndarray, view: tuple[int, ...], shape: tuple[int, ...]) -> np.ndarray:
        axes = tuple(i for i, (v, o) in enumerate(zip(view, out_shape)) if v == 1 and o != 1)
        return local.sum(axis=axes, keepdims=True).reshape(shape)

    got = _run("elementwise_sub_grad", x, y, dout, axis)
    np.testing.assert_allclose(got["X@GRAD"][0], back(dout, x_view, x_shape))
    np.testing.assert_allclose(got["Y@GRAD"][0], back(-dout, y_view, y_shape))
    got = _run("elementwise_mul_grad", x, y, dout, axis)
    np.testing.assert_allclose(got["X@GRAD"][0], back(dout * yv, x_view, x_shape))
    np.testing.assert_allclose(got["Y@GRAD"][0], back(dout * xv, y_view, y_shape))
    out = xv / yv
    got = _run("elementwise_div_grad", x, y, dout, axis, out=out)
    np.testing.assert_allclose(got["X@GRAD"][0], back(dout / yv, x_view, x_shape))
    np.testing.assert_allclose(got["Y@GRAD"][0], back(-dout * out / yv, y_view, y_shape))


def test_a_gradient_not_asked_for_is_not_computed():
    x, y, dout = rand((2, 3), 1), rand((3,), 2), rand((2, 3), 3)
    got = _run("elementwise_mul_grad", x, y, dout, outputs=("Y@GRAD",))
    assert set(got) == {"Y@GRAD"}
    np.testing.assert_allclose(got["Y@GRAD"][0], (dout * x).sum(axis=0), rtol=1e-6)


def test_max_min_send_the_gradient_to_the_picked_operand_split_on_ties_none_on_nan():
    nan = np.nan
    x = np.array([1, 2, 3, nan, 1, -np.inf, np.inf], np.float32)
    y = np.array([1, 1, 4, 1, nan, 1, np.inf], np.float32)
    dout = np.full(7, 2.0, np.float32)
    got = _run("elementwise_max_grad", x, y, dout)
    np.testing.assert_array_equal(got["X@GRAD"][0], [1, 2, 0, 0, 0, 0, 1])
    np.testing.assert_array_equal(got["Y@GRAD"][0], [1, 0, 2, 0, 0, 2, 1])
    got = _run("elementwise_min_grad", x, y, dout)
    np.testing.assert_array_equal(got["X@GRAD"][0], [1, 0, 2, 0, 0, 2, 1])
    np.testing.assert_array_equal(got["Y@GRAD"][0], [1, 2, 0, 0, 0, 0, 1])


def test_pow_grad_at_a_zero_base_and_a_zero_exponent():
    x = np.array([0, 0, 0, 0, np.nan, 2, 0], np.float32)
    y = np.array([0, 2, 0.5, -1, 0, 0, 1], np.float32)
    dout = np.ones(7, np.float32)
    got = _run("elementwise_pow_grad", x, y, dout)
    with np.errstate(all="ignore"):
        naive_dx = y * np.power(x, y - 1)
        naive_dy = np.log(x) * np.power(x, y)
    np.testing.assert_array_equal(got["X@GRAD"][0], np.where(y == 0, 0, naive_dx))
    np.testing.assert_array_equal(got["Y@GRAD"][0], np.where((x == 0) & (y >= 0), 0, naive_dy))
    assert got["Y@GRAD"][0][3] == -np.inf  # a negative exponent keeps log(0) * inf


def test_remainder_grad_takes_the_floor_quotient_with_the_divisor_sign():
    # every sign pair; -floor(x / y) is what Paddle 3.3.1's dygraph remainder_grad answers
    x = np.array([[5, -5, 5, -5], [7.5, -7.5, 3, 0.5]], np.float32)
    y = np.array([[3, 3, -3, -3], [2, 2, -2, 4]], np.float32)
    dout = np.array([[1, 2, 3, 4], [1, 1, 1, 0.5]], np.float32)
    got = _run("remainder_grad", x, y, dout)
    np.testing.assert_array_equal(got["X@GRAD"][0], dout)
    np.testing.assert_array_equal(got["Y@GRAD"][0], [[-1, 4, 6, -4], [-3, 4, 2, 0]])
    got = _run("remainder_grad", x, y[0], dout[:1].repeat(2, axis=0))  # Y broadcast
    np.testing.assert_allclose(got["Y@GRAD"][0], (-dout[:1] * np.floor(x / y[0])).sum(axis=0))


@pytest.mark.parametrize("op", ["elementwise_max_grad", "elementwise_min_grad",
                                "elementwise_pow_grad", "remainder_grad"])
@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_a_forward_axis_other_than_trailing_is_refused(op, path):
    x, y, dout = rand((2, 3, 3), 1, low=0.5), rand((3,), 2), rand((2, 3, 3), 3)
    with pytest.raises(Exception, match="aligns trailing dims only"):
        run_single_op(op, {"X": x, "Y": y, "Out@GRAD": dout}, {"axis": 1}, list(GRADS), path)


def test_an_axis_that_equals_trailing_alignment_is_accepted():
    x, y, dout = rand((2, 3, 4), 1), rand((4,), 2), rand((2, 3, 4), 3)
    got = _run("elementwise_max_grad", x, y, dout, axis=2)
    np.testing.assert_allclose(got["Y@GRAD"][0], (dout * (y > x)).sum(axis=(0, 1)), rtol=1e-6)
