"""Random verification inputs: bools honour a given [low, high) as 0 / 1 (a nonzero-divisor
spec gives all True), else are 50/50."""

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


def test_int_range_unchanged() -> None:
    got = random_array((50,), DataType.INT8, np.random.default_rng(3), 1, 5)
    assert got.dtype == np.int8 and set(got.tolist()) == {1, 2, 3, 4}
