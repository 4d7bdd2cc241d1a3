"""Finite-difference cases of the where_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them; the
condition is no derivative's input)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
)


def _condition(shape: tuple[int, ...]) -> Spec:
    return lambda rng: rng.random(shape) < 0.5


GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "where_grad": [
        ({"condition": _condition((3, 4)), "x": (3, 4), "y": (3, 4)}, {}),
        # equal dims only: the forward refuses others, as Paddle's where op
        ({"condition": _condition((2, 3, 4)), "x": (2, 3, 4), "y": (2, 3, 4)}, {}),
        ({"condition": lambda rng: np.array(True), "x": (), "y": ()}, {}),
    ],
}
