"""Finite-difference cases of the random_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

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
