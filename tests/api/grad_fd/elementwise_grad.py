"""Finite-difference cases of the elementwise_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them).

remainder_grad has no Paddle fixture: Paddle 3.3.1 makes the op for elementwise_mod but
registers no operator of that type, so its static executor refuses the program ("There are
no kernels which are registered in the remainder_grad operator"); these finite differences
are its only check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
    away_from_zero,
    complex_uniform,
    positive,
)


def _between_multiples(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """Odd integers +- 0.2: x / y is at least 0.2 from an integer for every divisor of
    _DIVISORS (x mod y jumps where x / y is one)."""
    return lambda rng: 2.0 * rng.integers(-3, 3, size=shape) + 1 + rng.uniform(-0.2, 0.2, shape)


def _divisors(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """y of both signs from _DIVISORS, cycled into `shape`."""
    return lambda rng: np.resize(_DIVISORS, shape)


_DIVISORS = np.array([2.0, -2.0, 4.0, -4.0])


def _complex_near_even(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """complex128 with even-integer parts +- 0.3: divided by +-2 each part is at least 0.35
    from a half (the complex remainder's quotient rounds each part, jumping at halves)."""
    def draw(rng: np.random.Generator) -> np.ndarray:
        re, im = (2.0 * rng.integers(-3, 3, size=(2, *shape)) + rng.uniform(-0.3, 0.3, (2, *shape)))
        return re + 1j * im
    return draw


def _complex_twos(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """complex128 divisors +-2 (imaginary part 0), cycled into `shape`."""
    return lambda rng: np.resize(np.array([2.0, -2.0], np.complex128), shape)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "subtract_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {}),
                      ({"x": complex_uniform((3, 1)), "y": complex_uniform((2, 1, 4))}, {})],
    "multiply_grad": [({"x": (2, 3, 4), "y": (3, 1)}, {}), ({"x": (4,), "y": (2, 3, 4)}, {}),
                      ({"x": complex_uniform((2, 3, 4)), "y": complex_uniform((3, 1))}, {})],
    "divide_grad": [({"x": (2, 3, 4), "y": away_from_zero((4,))}, {}),
                    ({"x": (3, 1), "y": away_from_zero((2, 1, 4))}, {}),
                    ({"x": complex_uniform((2, 3, 4)), "y": complex_uniform((4,), 0.5)}, {})],
    "maximum_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})],
    "minimum_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})],
    "elementwise_pow_grad": [({"x": positive((2, 3, 4)), "y": (4,)}, {}),
                             ({"x": positive((3, 1)), "y": (2, 1, 4)}, {})],
    **{f"{op}_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})]
       for op in ("fmax", "fmin")},
    "heaviside_grad": [({"x": away_from_zero((2, 3, 4)), "y": (4,)}, {})],
    "remainder_grad": [({"x": _between_multiples((2, 3, 4)), "y": _divisors((4,))}, {}),
                       ({"x": _between_multiples((3, 1)), "y": _divisors((2, 1, 4))}, {}),
                       ({"x": _complex_near_even((2, 3, 4)), "y": _complex_twos((4,))}, {})],
}
