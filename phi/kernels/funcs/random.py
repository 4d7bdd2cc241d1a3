"""Random initializers (uniform_random, gaussian_random) on NumPy's generator.

Paddle's startup programs fill parameters with these. fluidphi draws from NumPy's PCG64,
not Paddle's generator: the values are distributed the same way but are not bit-identical
to Paddle's (load Paddle's initial parameters to reproduce a Paddle run). A seed of 0
means "not seeded": the process-wide generator (`seed_all` seeds it) is used.
"""

from __future__ import annotations

from typing import Any

import numpy as np

_GLOBAL = np.random.default_rng()


def seed_all(seed: int) -> None:
    """Seed the generator every unseeded random op draws from."""
    global _GLOBAL
    _GLOBAL = np.random.default_rng(seed)


def global_generator() -> np.random.Generator:
    """The generator every unseeded random op draws from."""
    return _GLOBAL


def _rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed) if seed else _GLOBAL


def generator(seed: int) -> np.random.Generator:
    """The generator a random op with attribute `seed` draws from (0: the global one)."""
    return _rng(seed)


def uniform(xp: Any, low: float, high: float, seed: int, out: Any) -> None:
    out[...] = xp.asarray(_rng(seed).uniform(low, high, size=out.shape))


def gaussian(xp: Any, mean: float, std: float, seed: int, out: Any) -> None:
    out[...] = xp.asarray(_rng(seed).normal(mean, std, size=out.shape))
