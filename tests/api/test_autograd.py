"""The eager autograd tape over the generated API: chains of ops against finite
differences, accumulation, stop_gradient, no_grad and the errors it gives."""

from __future__ import annotations

import numpy as np
import pytest

from phi import api
from phi.common import DataType

STEP = 1e-6


def _mlp_loss(x, w1, b1, w2, label):
    hidden = api.relu(api.add(api.matmul(x, w1), b1))
    logits = api.matmul(hidden, w2)
    _softmax, loss = api.cross_entropy_with_softmax(logits, label)
    return api.mean(loss)


def _numeric(f, values: dict[str, np.ndarray], name: str) -> np.ndarray:
    grad = np.zeros_like(values[name])
    for i in np.ndindex(grad.shape):
        plus, minus = dict(values), dict(values)
        plus[name], minus[name] = values[name].copy(), values[name].copy()
        plus[name][i] += STEP
        minus[name][i] -= STEP
        grad[i] = (f(**plus) - f(**minus)) / (2 * STEP)
    return grad


def test_an_mlp_loss_differentiates_like_finite_differences() -> None:
    rng = np.random.default_rng(0)
    values = {"x": rng.standard_normal((6, 4)), "w1": rng.standard_normal((4, 5)),
              "b1": rng.standard_normal(5), "w2": rng.standard_normal((5, 3))}
    label = rng.integers(0, 3, (6, 1)).astype(np.int64)
    params = {k: api.Tensor(v, stop_gradient=k == "x") for k, v in values.items()}
    loss = _mlp_loss(label=label, **params)
    assert loss.shape == ()
    loss.backward()
    assert params["x"].grad is None  # stop_gradient inputs get no gradient

    def objective(**kw: np.ndarray) -> float:
        return float(_mlp_loss(label=label, **kw).numpy())

    for name in ("w1", "b1", "w2"):
        np.testing.assert_allclose(params[name].grad.numpy(), _numeric(objective, values, name),
                                   rtol=1e-5, atol=1e-7, err_msg=name)


def test_gradients_of_a_tensor_used_twice_add_up() -> None:
    x = api.Tensor(np.array([1.0, -2.0, 3.0]), stop_gradient=False)
    y = api.add(api.relu(x), api.matmul(x, x))  # relu(x) + x.x
    y.backward(np.ones(3))
    np.testing.assert_allclose(x.grad.numpy(), (x.numpy() > 0) + 2 * 3 * x.numpy())


def test_backward_twice_accumulates_into_leaves() -> None:
    x = api.Tensor(np.array([2.0, -1.0]), stop_gradient=False)
    api.mean(x).backward()
    api.mean(x).backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0, 1.0])


def test_results_of_untracked_inputs_and_no_grad_are_not_recorded() -> None:
    x = api.Tensor(np.ones(3))
    assert api.relu(x).stop_gradient and api.relu(x).is_leaf
    tracked = api.Tensor(np.ones(3), stop_gradient=False)
    with api.no_grad():
        out = api.relu(tracked)
    assert out.stop_gradient and out.producer is None
    assert not api.relu(tracked).stop_gradient


def test_integer_results_do_not_need_gradients() -> None:
    x = api.Tensor(np.array([1.0, 2.0]), stop_gradient=False)
    assert api.cast(x, DataType.INT64).stop_gradient


def test_a_gradient_through_an_op_without_backward_is_an_error() -> None:
    x = api.Tensor(np.array([1.0, -2.0]), stop_gradient=False)
    with pytest.raises(api.AutogradError, match="'sign' has no backward entry"):
        api.mean(api.sign(x)).backward()


def test_a_seed_of_the_wrong_shape_is_an_error() -> None:
    x = api.Tensor(np.ones((2, 3)), stop_gradient=False)
    with pytest.raises(api.AutogradError, match=r"grad 0 has shape \[3\]"):
        api.relu(x).backward(np.ones(3))
