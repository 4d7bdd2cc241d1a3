"""Finite-difference cases of the activation_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
    avoiding,
    away_from_zero,
    positive,
)

#: complex x (real part in [0.2, 1), imaginary in [-1, 1): off log's and sqrt's branch cut)
_COMPLEX: Spec = lambda rng: rng.uniform(0.2, 1, (3, 4)) + 1j * rng.uniform(-1, 1, (3, 4))  # noqa: E731

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "sigmoid_grad": [({"x": (3, 4)}, {}), ({"x": _COMPLEX}, {})],
    "tanh_grad": [({"x": (3, 4)}, {}), ({"x": _COMPLEX}, {})],
    "exp_grad": [({"x": (3, 4)}, {}), ({"x": _COMPLEX}, {})],
    "sqrt_grad": [({"x": positive((3, 4))}, {}), ({"x": _COMPLEX}, {})],
    "relu6_grad": [({"x": avoiding((3, 4), (0.0, 6.0), -3.0, 9.0)}, {})],
    "log_grad": [({"x": positive((3, 4))}, {}), ({"x": _COMPLEX}, {})],
    "square_grad": [({"x": (3, 4)}, {}), ({"x": _COMPLEX}, {})],
    "abs_grad": [({"x": away_from_zero((3, 4))}, {}), ({"x": _COMPLEX}, {})],
    "swish_grad": [({"x": (3, 4)}, {})],
    "silu_grad": [({"x": (3, 4)}, {}), ({"x": _COMPLEX}, {})],
    "leaky_relu_grad": [({"x": away_from_zero((3, 4))}, {}),
                        ({"x": away_from_zero((3, 4))}, {"negative_slope": 0.3})],
    "softplus_grad": [({"x": (3, 4)}, {}),
                      ({"x": avoiding((3, 4), (1.5,))}, {"beta": 2.0, "threshold": 3.0}),
                      ({"x": _COMPLEX}, {})],
    "hardswish_grad": [({"x": avoiding((3, 4), (-3.0, 3.0), -5.0, 5.0)}, {}),
                       ({"x": _COMPLEX}, {})],
    "hardsigmoid_grad": [({"x": avoiding((3, 4), (-2.5, 2.5))}, {}),
                         ({"x": avoiding((3, 4), (-1.0, 1.0), -2.0, 2.0)},
                          {"slope": 0.5, "offset": 0.5})],
    "gelu_grad": [({"x": (3, 4)}, {}), ({"x": (3, 4)}, {"approximate": True})],
    "softmax_grad": [({"x": (3, 4)}, {}), ({"x": (3, 4, 2)}, {"axis": 1})],
    "log_softmax_grad": [({"x": (3, 4)}, {}), ({"x": (3, 4, 2)}, {"axis": 0})],
    **{f"{op}_grad": [({"x": (3, 4)}, {})] for op in ("softsign", "tanh_shrink")},
    "logsigmoid_grad": [({"x": (3, 4)}, {}), ({"x": _COMPLEX}, {})],
    "softshrink_grad": [({"x": avoiding((3, 4), (-0.5, 0.5))}, {"lambda_": 0.5})],
    "hardshrink_grad": [({"x": avoiding((3, 4), (-0.5, 0.5))}, {"threshold": 0.5})],
    "thresholded_relu_grad": [({"x": avoiding((3, 4), (1.0,))}, {"threshold": 1.0})],
    "stanh_grad": [({"x": (3, 4)}, {"scale_a": 0.67, "scale_b": 1.7159}),
                   ({"x": _COMPLEX}, {"scale_a": 0.5, "scale_b": 1.5})],
    "elu_grad": [({"x": away_from_zero((3, 4))}, {"alpha": 0.5})],
    "selu_grad": [({"x": away_from_zero((3, 4))}, {})],
    "hardtanh_grad": [({"x": avoiding((3, 4), (-1.0, 2.0))}, {"t_min": -1.0, "t_max": 2.0})],
    "mish_grad": [({"x": (3, 4)}, {})],
    "logit_grad": [({"x": avoiding((3, 4), (), 0.1, 0.9)}, {})],
    "celu_grad": [({"x": away_from_zero((3, 4))}, {"alpha": 1.5})],
    "swiglu_grad": [({"x": (3, 4), "y": (3, 4)}, {}), ({"x": (3, 4), "y": None}, {})],
}
