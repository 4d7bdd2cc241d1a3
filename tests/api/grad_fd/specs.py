"""Input specs of the finite-difference cases (tests/api/grad_fd/<family>.py): a shape
(standard normal values), a function of a numpy Generator, None (an optional input left
out), a Seq (a LoD input) or a list of specs (a Tensor[] argument)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

Spec = tuple[int, ...] | Callable[[np.random.Generator], np.ndarray] | None  # None: left out


@dataclass(frozen=True)
class Seq:
    """An input fed as a LoD tensor: its values from `spec`, its LoD `lod`."""

    spec: Spec
    lod: tuple[tuple[int, ...], ...]
#: A list of specs is a Tensor[] argument (rnn's pre_state, weight_list).


def away_from_zero(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """Values at least 0.1 from 0 (no kink inside the finite-difference step)."""
    def make(rng: np.random.Generator) -> np.ndarray:
        x = rng.standard_normal(shape)
        return x + np.sign(x) * 0.1
    return make


def complex_normal(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """Complex values, both parts standard normal."""
    return lambda rng: rng.standard_normal(shape) + 1j * rng.standard_normal(shape)


def positive(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """Values in [0.5, 2) (inside a log's or a fractional power's domain)."""
    return lambda rng: rng.uniform(0.5, 2.0, size=shape)


def complex_uniform(shape: tuple[int, ...],
                    real_low: float = -1.0) -> Callable[[np.random.Generator], np.ndarray]:
    """Complex values: real part in [real_low, 1) (away from zero with a positive
    real_low), imaginary part in [-1, 1)."""
    return lambda rng: rng.uniform(real_low, 1, shape) + 1j * rng.uniform(-1, 1, shape)


def avoiding(shape: tuple[int, ...], kinks: tuple[float, ...], low: float = -4.0,
             high: float = 4.0) -> Callable[[np.random.Generator], np.ndarray]:
    """Values in [low, high) at least 0.1 from every kink (where the function bends)."""
    def make(rng: np.random.Generator) -> np.ndarray:
        x = rng.uniform(low, high, size=shape)
        for k in kinks:
            near = np.abs(x - k) < 0.1
            x[near] = k + np.where(x[near] >= k, 0.1, -0.1)
        return x
    return make


def int_labels(shape: tuple[int, ...], classes: int) -> Callable[[np.random.Generator], Any]:
    return lambda rng: rng.integers(0, classes, size=shape).astype(np.int64)


#: nce's custom-distribution inputs (the generated function takes them before its first
#: attribute, which has no default): the alias table of [0.1, 0.2, 0.3, 0.4].
NCE_ALIAS = {
    "custom_dist_probs": lambda rng: np.array([0.1, 0.2, 0.3, 0.4], np.float32),
    "custom_dist_alias": lambda rng: np.array([3, 2, -1, -1], np.int32),
    "custom_dist_alias_probs": lambda rng: np.array([0.4, 0.8, 1.0, 1.0], np.float32)}


def probabilities(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    def make(rng: np.random.Generator) -> np.ndarray:
        p = rng.random(shape) + 0.1
        return p / p.sum(axis=-1, keepdims=True)
    return make


def rnn_case(mode: str, layers: int = 1, bidirec: bool = False,
             lengths: list[int] | None = None, **attrs: Any
             ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A training rnn forward of 3 steps, batch 2, input 2, hidden 3 (lengths only where no
    reverse direction meets a non-zero initial state: there Paddle's grad takes the padded
    Out, zero, for h_prev, on purpose; tests/ops covers it against Paddle)."""
    gates, dirs = {"LSTM": 4, "GRU": 3}.get(mode, 1), 2 if bidirec else 1
    weights: list[Spec] = []
    for k in range(layers * dirs):
        weights += [(gates * 3, 2 if k < dirs else dirs * 3), (gates * 3, 3)]
    weights += [(gates * 3,)] * (2 * layers * dirs)
    specs: dict[str, Any] = {"x": (3, 2, 2), "pre_state": [(layers * dirs, 2, 3)] * (
        2 if mode == "LSTM" else 1), "weight_list": weights}
    if lengths is not None:
        specs["sequence_length"] = lambda rng: np.array(lengths, np.int64)
    return specs, {"mode": mode, "num_layers": layers, "is_bidirec": bidirec,
                   "input_size": 2, "hidden_size": 3, **attrs}
