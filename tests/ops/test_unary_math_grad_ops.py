"""The flat ops' grads with cotangents the Paddle fixtures cannot feed (they draw them in
[-1, 1)): Paddle 3.3.1 gives 0 * out_grad for ceil / floor / round / rint (NaN for a NaN or
infinite cotangent, -0.0 for a negative one) and plain zeros for trunc."""

from __future__ import annotations

import numpy as np
import pytest

from phi.kernels.funcs import unary_math_grad as math_grad

COT = np.array([np.nan, np.inf, -1.0, 2.0], dtype=np.float32)


@pytest.mark.parametrize("op", ["ceil_grad", "floor_grad", "round_grad", "rint_grad"])
def test_zero_times_cotangent(op: str) -> None:
    x_grad = np.empty_like(COT)
    math_grad.FLAT_GRADS[op](np, COT, x_grad)
    assert np.isnan(x_grad[:2]).all()
    assert x_grad[2] == 0 and np.signbit(x_grad[2])
    assert x_grad[3] == 0 and not np.signbit(x_grad[3])


def test_trunc_grad_is_plain_zeros() -> None:
    x_grad = np.full_like(COT, 5.0)
    math_grad.FLAT_GRADS["trunc_grad"](np, COT, x_grad)
    assert (x_grad == 0).all() and not np.signbit(x_grad).any()


def test_integer_cotangent() -> None:
    cot = np.array([3, -4], dtype=np.int32)
    x_grad = np.empty_like(cot)
    math_grad.FLAT_GRADS["ceil_grad"](np, cot, x_grad)
    assert (x_grad == 0).all()
