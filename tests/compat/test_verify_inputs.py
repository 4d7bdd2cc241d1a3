"""Random verification inputs: bools honour a given [low, high) as 0 / 1 (a nonzero-divisor
spec gives all True), else are 50/50; ints are those in [low, high), fractional bounds
included."""

from __future__ import annotations

import numpy as np
import pytest

from compat.verify_inputs import random_array
from phi.common import DataType


@pytest.mark.parametrize("low, high, values", [
    (None, None, {False, True}),
    (1, 5, {True}),
    (-9, 9, {False, True}),
    (0, 1, {False}),
    (None, 1, {False}),
    (1, None, {True}),
])
def test_bool_range(low, high, values) -> None:
    got = random_array((8, 8), DataType.BOOL, np.random.default_rng(3), low, high)
    assert got.dtype == np.bool_ and set(got.ravel().tolist()) == values


@pytest.mark.parametrize("low, high, values", [
    (1, 5, {1, 2, 3, 4}),
    (0.5, 2.0, {1}),  # a nonzero-divisor spec written for floats draws no integer 0
    (-2.5, 0, {-2, -1}),
    (0, 2.5, {0, 1, 2}),
])
def test_int_range(low, high, values) -> None:
    got = random_array((50,), DataType.INT8, np.random.default_rng(3), low, high)
    assert got.dtype == np.int8 and set(got.tolist()) == values
