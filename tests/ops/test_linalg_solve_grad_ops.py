"""Decomposition grads where Paddle 3.3.1 raises (no Paddle grad fixture can hold them): the
same clear errors on both paths; Paddle's gradients are checked by the grad fixtures in
tests/fixtures/grads/linalg_solve_grad."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op


def _f64(*shape: int) -> np.ndarray:
    return np.random.default_rng(sum(shape)).uniform(-1, 1, shape)


def _qr(x: np.ndarray, mode: str) -> tuple[np.ndarray, np.ndarray]:
    return np.linalg.qr(x, mode="complete" if mode == "complete" else "reduced")


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize(("qr_mode", "shape", "match"), [
    ("r", (3, 3), "not implemented when mode='r'"),
    ("complete", (4, 3), "mode='complete' and 4 > 3"),
])
def test_qr_grad_refuses_what_paddle_refuses(mode: str, qr_mode: str, shape: tuple[int, int],
                                             match: str) -> None:
    x = _f64(*shape)
    q, r = _qr(x, qr_mode)
    inputs = {"X": x, "Q": q, "R": r, "Q@GRAD": np.ones_like(q), "R@GRAD": np.ones_like(r)}
    with pytest.raises(Exception, match=match):
        run_single_op("qr_grad", inputs, {"mode": qr_mode}, {"X@GRAD": 1}, mode)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_slogdet_v2_grad_of_a_singular_matrix_is_an_error(mode: str) -> None:
    x = np.array([[[2.0, 0.0], [0.0, 1.0]], [[1.0, 2.0], [2.0, 4.0]]])
    sign, logdet = np.linalg.slogdet(x)
    inputs = {"x": x, "sign": sign, "logdet": logdet, "sign@GRAD": np.ones(2),
              "logdet@GRAD": np.ones(2)}
    with pytest.raises(Exception, match=r"not invertible.*matrix 1 of the batch"):
        run_single_op("slogdet_v2_grad", inputs, {}, {"x@GRAD": 1}, mode)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_eigvalsh_grad_needs_the_forward_eigenvectors(mode: str) -> None:
    inputs = {"Eigenvectors": np.zeros((0,)), "Eigenvalues@GRAD": np.ones((2, 3))}
    with pytest.raises(Exception, match="is_test writes none"):
        run_single_op("eigvalsh_grad", inputs, {"UPLO": "L", "is_test": True},
                      {"X@GRAD": 1}, mode)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_determinant_grad_zeroes_the_batch_when_one_matrix_is_singular(mode: str) -> None:
    x = np.array([[[2.0, 1.0], [1.0, 3.0]], [[1.0, 2.0], [2.0, 4.0]]])
    det = np.array([5.0, 0.0])
    got, _ = run_single_op("determinant_grad", {"Input": x, "Out": det, "Out@GRAD": np.ones(2)},
                           {}, {"Input@GRAD": 1}, mode)
    grad = got["Input@GRAD"][0]
    assert grad.shape == x.shape and not grad.any()
    got, _ = run_single_op("determinant_grad", {"Input": x[:1], "Out": det[:1],
                                                "Out@GRAD": np.ones(1)},
                           {}, {"Input@GRAD": 1}, mode)
    np.testing.assert_allclose(got["Input@GRAD"][0][0], 5.0 * np.linalg.inv(x[0]).T)
