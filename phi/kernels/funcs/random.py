"""Random initializers (uniform_random, gaussian_random) on NumPy's generator.

Paddle's startup programs fill parameters with these. fluidphi draws from NumPy's PCG64,
not Paddle's generator: the values are distributed the same way but are not bit-identical
to Paddle's (load Paddle's initial parameters to reproduce a Paddle run). A seed of 0
means "not seeded": the process-wide generator (`seed_all` seeds it) is used.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs import cpu_engine

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


def _engine_dtype(dtype: np.dtype) -> np.dtype:
    """The type Paddle's CPU kernels draw in: double for float64, float for the rest
    (float16 / bfloat16 results are float draws rounded once)."""
    return np.dtype(np.float64 if dtype == np.float64 else np.float32)


def uniform_draws(low: float, high: float, seed: int, count: int,
                  dtype: np.dtype) -> np.ndarray:
    """`count` uniform values in [low, high) on the host, in the type Paddle draws them
    for an output of `dtype`: Paddle's own bits for a non-zero `seed` (a fresh
    std::mt19937_64 seeded with it), else draws of fluidphi's process-wide generator."""
    engine_dtype = _engine_dtype(np.dtype(dtype))
    if seed:
        return cpu_engine.uniform_real(seed, count, low, high, engine_dtype)
    lo, hi = engine_dtype.type(low), engine_dtype.type(high)
    return _GLOBAL.random(count, dtype=engine_dtype) * (hi - lo) + lo


def batch_size_like_dims(op: str, shape: list[int], input_dims: tuple[int, ...],
                         input_dim_idx: int, output_dim_idx: int) -> tuple[int, ...]:
    """`shape` with dim `output_dim_idx` taken from the input's dim `input_dim_idx` (the
    *_batch_size_like ops)."""
    if not shape:
        raise ValueError(f"{op}: attribute 'shape' must not be empty")
    if not 0 <= input_dim_idx < len(input_dims):
        raise ValueError(f"{op}: input_dim_idx {input_dim_idx} is outside Input's "
                         f"{len(input_dims)} dims")
    if not 0 <= output_dim_idx < len(shape):
        raise ValueError(f"{op}: output_dim_idx {output_dim_idx} is outside shape {shape}")
    dims = list(shape)
    dims[output_dim_idx] = input_dims[input_dim_idx]
    if any(d < 0 for d in dims):
        raise ValueError(f"{op}: shape {shape} has a negative dim besides output_dim_idx")
    return tuple(dims)


def set_diagonal(op: str, flat: np.ndarray, diag_num: int, diag_step: int,
                 diag_val: float) -> None:
    """Paddle's `diag_num` initialisation: elements i * (diag_step + 1), i < diag_num, of
    the flat output become diag_val (the last one must lie inside the tensor)."""
    if diag_num <= 0:
        return
    last = (diag_num - 1) * (diag_step + 1)
    if flat.size <= last:
        raise ValueError(f"{op}: ShapeInvalid: diag_num {diag_num} with diag_step "
                         f"{diag_step} reaches element {last}, the output has {flat.size}")
    flat[: last + 1 : diag_step + 1] = diag_val


def uniform_random_batch_size_like(xp: Any, low: float, high: float, seed: int,
                                   diag_num: int, diag_step: int, diag_val: float,
                                   out: Any) -> None:
    """Paddle's CPU kernel: uniform draws (its seed cast to a 32-bit unsigned int), then
    the diagonal initialisation."""
    flat = uniform_draws(low, high, seed & 0xFFFFFFFF, out.size, out.dtype)
    set_diagonal("uniform_random_batch_size_like", flat, diag_num, diag_step, diag_val)
    out[...] = xp.asarray(flat.reshape(out.shape))
