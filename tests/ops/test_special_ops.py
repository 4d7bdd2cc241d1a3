"""special ops: what Paddle cannot export (it reads past a smaller y instead of refusing
it), and identities the series must keep beyond the fixtures' points."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_gammaincc_refuses_broadcasting(mode: str) -> None:
    x, y = np.ones((2, 1)), np.ones((2, 3))
    with pytest.raises(Exception, match="same dims"):
        run_single_op("gammaincc", {"x": x, "y": y}, {}, {"out": 1}, mode)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_gammaincc_of_integer_parameters_is_a_poisson_tail(mode: str) -> None:
    """Q(n, y) = exp(-y) sum_{k < n} y^k / k! for integer n (both series branches)."""
    n = np.repeat(np.arange(1.0, 9.0), 5)
    y = np.tile(np.array([0.2, 1.0, 4.0, 9.5, 20.0]), 8)
    k = np.arange(9.0)[:, None]
    terms = np.where(k < n, y ** k / np.cumprod(np.maximum(k, 1), axis=0), 0.0)
    out, _ = run_single_op("gammaincc", {"x": n, "y": y}, {}, {"out": 1}, mode)
    np.testing.assert_allclose(out["out"][0], np.exp(-y) * terms.sum(axis=0), rtol=1e-13)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_i1_is_the_derivative_of_i0(mode: str) -> None:
    x = np.linspace(-40.0, 40.0, 81)
    h = 1e-6
    i0 = [run_single_op("i0", {"x": x + d}, {}, {"out": 1}, mode)[0]["out"][0] for d in (h, -h)]
    i1, _ = run_single_op("i1", {"x": x}, {}, {"out": 1}, mode)
    np.testing.assert_allclose(i1["out"][0], (i0[0] - i0[1]) / (2 * h), rtol=1e-6, atol=1e-9)
