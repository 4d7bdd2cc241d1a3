"""Finite-difference cases of the random_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
    away_from_zero,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "dropout_grad": [
        ({"x": (3, 4)}, {"p": 0.3, "mode": "upscale_in_train", "seed": 3, "fix_seed": True}),
        ({"x": (2, 5)}, {"p": 0.4, "seed": 11, "fix_seed": True}),
    ],
    # inference, and training with one slope: the forward draws nothing that matters
    "rrelu_grad": [({"x": away_from_zero((3, 4))}, {"is_test": True, "lower": 0.1,
                                                     "upper": 0.5}),
                   ({"x": away_from_zero((2, 5))}, {"lower": 0.3, "upper": 0.3})],
}
# Forwards whose draw the cases pin down (fixed seed, a one-value range, negative poisson
# rates, one row to shuffle, a row maximum the Gumbel noise (below 37) cannot overtake):
# Out is the same on every call, so central differences see the op's derivative.
GRAD_CASES.update({
    "gaussian_inplace_grad": [({"x": (3, 4)}, {"seed": 9, "mean": 1.0, "std": 2.0})],
    "uniform_inplace_grad": [({"x": (3, 4)}, {"seed": 13, "min": -2.0, "max": 2.0})],
    "poisson_grad": [({"x": lambda rng: -rng.uniform(1.0, 2.0, (3, 4))}, {})],
    "random_grad": [({"x": (3, 4)}, {"from_": 3, "to": 4})],
    "shuffle_batch_grad": [({"x": (1, 5), "seed": lambda rng: np.array([7])},
                            {"startup_seed": 0})],
    "gumbel_softmax_grad": [({"x": lambda rng: np.where(np.eye(3, 4) > 0, 100.0,
                                                        rng.standard_normal((3, 4)))},
                             {"hard": True})],
})
