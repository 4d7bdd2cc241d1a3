"""The random ops' math (docs/random.md says which match Paddle's bits).

A non-zero `seed` draws Paddle's values (phi.kernels.funcs.cpu_engine: a fresh
std::mt19937_64 and libstdc++'s distributions); a seed of 0 means "not seeded": fluidphi's
process-wide generator (NumPy's PCG64, `seed_all` seeds it) is used, whose values are
distributed as Paddle's but are not its bits (Paddle's own process-wide state is unknown).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from phi.kernels.funcs import cpu_engine
from phi.kernels.funcs import softmax as softmax_funcs
from phi.kernels.funcs.common import to_host

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
    """uniform_random: `uniform_draws` in `out`'s type; complex takes 2n draws of its
    part's type, the first n the real parts, the next n the imaginary ones (as Paddle)."""
    dtype = np.dtype(out.dtype)
    if dtype.kind != "c":
        values = uniform_draws(low, high, seed, out.size, dtype)
    else:
        part = np.dtype(np.float32 if dtype == np.complex64 else np.float64)
        draws = uniform_draws(low, high, seed, 2 * out.size, part)
        values = np.empty(out.size, dtype)
        values.real, values.imag = draws[:out.size], draws[out.size:]
    out[...] = xp.asarray(values.astype(dtype, copy=False).reshape(out.shape))


def gaussian(xp: Any, mean: float, std: float, seed: int, out: Any) -> None:
    """gaussian_random: `normal_draws` in `out`'s type (complex: interleaved parts)."""
    out[...] = xp.asarray(normal_draws(mean, std, seed, out.size, out.dtype)
                          .astype(out.dtype, copy=False).reshape(out.shape))


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


def _polynomial(coefficients: tuple[float, ...], r: np.ndarray) -> np.ndarray:
    """((c7 r + c6) r + ...) r + c0 in r's type, highest coefficient first."""
    acc = np.full_like(r, coefficients[0])
    for c in coefficients[1:]:
        acc = acc * r + r.dtype.type(c)
    return acc


#: Rational approximations of erfinv (Giles-style, as Paddle's truncated_normal.h uses),
#: highest coefficient first: |x| <= 0.85, then r = sqrt(ln 2 - log(1 - |x|)) <= 5, else.
_ERFINV = (
    ((8.8709406962545514830200e2, 1.1819493347062294404278e4, 2.3782041382114385731252e4,
      1.6235862515167575384252e4, 4.8548868893843886794648e3, 6.9706266534389598238465e2,
      4.7072688112383978012285e1, 1.1975323115670912564578e0),
     (5.2264952788528545610e3, 2.8729085735721942674e4, 3.9307895800092710610e4,
      2.1213794301586595867e4, 5.3941960214247511077e3, 6.8718700749205790830e2,
      4.2313330701600911252e1, 1.0)),
    ((7.74545014278341407640e-4, 2.27238449892691845833e-2, 2.41780725177450611770e-1,
      1.27045825245236838258e0, 3.64784832476320460504e0, 5.76949722146069140550e0,
      4.63033784615654529590e0, 1.42343711074968357734e0),
     (1.4859850019840355905497876e-9, 7.7441459065157709165577218e-4,
      2.1494160384252876777097297e-2, 2.0945065210512749128288442e-1,
      9.7547832001787427186894837e-1, 2.3707661626024532365971225e0,
      2.9036514445419946173133295e0, 1.4142135623730950488016887e0)),
    ((2.01033439929228813265e-7, 2.71155556874348757815e-5, 1.24266094738807843860e-3,
      2.65321895265761230930e-2, 2.96560571828504891230e-1, 1.78482653991729133580e0,
      5.46378491116411436990e0, 6.65790464350110377720e0),
     (2.891024605872965461538222e-15, 2.010321207683943062279931e-7,
      2.611088405080593625138020e-5, 1.112800997078859844711555e-3,
      2.103693768272068968719679e-2, 1.936480946950659106176712e-1,
      8.482908416595164588112026e-1, 1.414213562373095048801689e0)),
)


def erfinv_rational(x: np.ndarray) -> np.ndarray:
    """erfinv by Paddle's rational approximation, in x's type (float32 or float64) with
    its double intermediates: r of the centre and the tail's log / sqrt in double, the
    polynomials in x's type; +-1 give +-inf, |x| > 1 NaN."""
    t = x.dtype.type
    ax = np.abs(x)
    x64 = x.astype(np.float64)
    centre = (0.180625 - 0.25 * x64 * x64).astype(x.dtype)
    with np.errstate(divide="ignore", invalid="ignore"):
        tail = np.sqrt(np.float64(t(0.6931471805599453)) - np.log(1.0 - ax.astype(np.float64))
                       ).astype(x.dtype)
        mid = (tail.astype(np.float64) - 1.6).astype(x.dtype)
        far = (tail.astype(np.float64) - 5.0).astype(x.dtype)
        out = np.where(tail <= t(5.0), _polynomial(_ERFINV[1][0], mid) / _polynomial(
            _ERFINV[1][1], mid), _polynomial(_ERFINV[2][0], far) / _polynomial(
            _ERFINV[2][1], far))
        out = np.where(x < 0, -out, out)
        out = np.where(ax <= 0.85, x * _polynomial(_ERFINV[0][0], centre)
                       / _polynomial(_ERFINV[0][1], centre), out)
    out = np.where(x == 1, t(np.inf), np.where(x == -1, t(-np.inf), out))
    return np.where((x < -1) | (x > 1), t(np.nan), out).astype(x.dtype)


def truncated_gaussian(mean: float, std: float, a: float, b: float, seed: int, count: int,
                       dtype: np.dtype) -> np.ndarray:
    """Paddle's CPU truncated_gaussian_random in the type it computes in (double for
    float64, else float): u uniform in [FLT_MIN, 1), p = Phi(a') + (Phi(b') - Phi(a')) u
    with a' = (a - mean) / std (Phi in double, rounded to the type), then
    sqrt(2) erfinv(2 p - 1) std + mean in double, rounded and clamped to [a, b]."""
    t = _engine_dtype(np.dtype(dtype)).type
    tiny = float(np.finfo(np.float32).tiny)
    u = uniform_draws(tiny, 1.0, seed, count, np.dtype(t))
    m, s, lo, hi = t(mean), t(std), t(a), t(b)

    def cdf(z: float) -> float:
        return float(t((1.0 + math.erf(float(z) / math.sqrt(2.0))) / 2.0))

    pa, pb = t(cdf((lo - m) / s)), t(cdf((hi - m) / s))
    p = pa + (pb - pa) * u
    inv = erfinv_rational(t(2) * p - t(1)).astype(np.float64)
    ret = (math.sqrt(2.0) * inv * float(s) + float(m)).astype(t)
    return np.clip(ret, lo, hi)


def truncated_gaussian_random(xp: Any, mean: float, std: float, seed: int, a: float, b: float,
                              out: Any) -> None:
    out[...] = xp.asarray(truncated_gaussian(mean, std, a, b, seed, out.size, out.dtype)
                          .reshape(out.shape))


#: The fluid VarType numbers of randint's output types: Paddle 3.3.1 seeds a seeded
#: randint's engine with this number (its `dtype` attribute), whatever `seed` says.
_RANDINT_ENGINE_SEED = {np.dtype(np.int32): 2, np.dtype(np.int64): 3}


def check_randint_range(low: int, high: int) -> None:
    if low >= high:
        raise ValueError(f"randint: low must be less than high, got low = {low}, "
                         f"high = {high}")


def randint(xp: Any, low: int, high: int, seed: int, out: Any) -> None:
    """Integers in [low, high). Paddle 3.3.1's CPU kernel with a non-zero `seed` draws
    from a std::mt19937_64 seeded with the output's fluid dtype number (2 int32, 3 int64;
    the legacy op hands `dtype` to the kernel's seed), so any non-zero seed gives the same
    values, reproduced bit for bit; seed 0: fluidphi's process-wide generator."""
    check_randint_range(low, high)
    if seed:
        values = cpu_engine.uniform_int(_RANDINT_ENGINE_SEED[np.dtype(out.dtype)], out.size,
                                        low, high - 1)
    else:
        values = _GLOBAL.integers(low, high, out.size, dtype=np.int64)
    out[...] = xp.asarray(values.reshape(out.shape).astype(out.dtype))


def randperm_dims(n: int) -> tuple[int]:
    if n < 0:
        raise ValueError(f"randperm: n must be >= 0, got {n}")
    return (n,)


def randperm(xp: Any, out: Any) -> None:
    """A random permutation of 0 .. n-1 (n: out's length). Paddle draws it from its
    process-wide generator (the op has no seed of its own), fluidphi from its own."""
    out[...] = xp.asarray(_GLOBAL.permutation(out.shape[0]).astype(out.dtype))


def check_probabilities(op: str, p: np.ndarray) -> None:
    """Paddle's check that every probability lies in [0, 1] (NaN fails it)."""
    bad = ~((p >= 0) & (p <= 1))
    if bad.any():
        raise ValueError(f"{op}: The probability should be in [0, 1], but got "
                         f"{p[bad].ravel()[0]} in X")


def bernoulli(xp: Any, x: Any, out: Any) -> None:
    """1 where a uniform draw in [0, 1) (in x's type) is below x, else 0. Paddle draws from
    its process-wide generator, fluidphi from its own."""
    p = to_host(x)
    check_probabilities("bernoulli", p)
    draws = _GLOBAL.random(p.size, dtype=_engine_dtype(p.dtype)).reshape(p.shape)
    out[...] = xp.asarray((draws < p).astype(out.dtype))


def multinomial_dims(x_dims: tuple[int, ...], num_samples: int) -> tuple[int, ...]:
    if not x_dims:
        raise ValueError("multinomial: X must have 1 or 2 dims, got a 0-d tensor")
    if num_samples <= 0:
        raise ValueError(f"multinomial: num_samples must be > 0, got {num_samples}")
    return (*x_dims[:-1], num_samples)


def _check_multinomial(probs: np.ndarray, num_samples: int, replacement: bool) -> None:
    negative = probs < 0
    if negative.any():
        raise ValueError("multinomial: The input of multinomial distribution should be "
                         f">= 0, but got {probs[negative][0]}")
    sums = probs.sum(axis=1)
    if not (sums > 0).all():
        raise ValueError("multinomial: The sum of one multinomial distribution probability "
                         f"should be > 0, but got {sums[~(sums > 0)][0]}")
    if not replacement and ((probs != 0).sum(axis=1) < num_samples).any():
        raise ValueError("multinomial: When replacement is False, number of samples should "
                         "be less than non-zero categories")


def multinomial(xp: Any, x: Any, num_samples: int, replacement: bool, out: Any) -> None:
    """Category ids drawn per row of X (the last axis holds the weights), as Paddle's CPU
    kernel: a uniform draw u (in X's type) picks the first category whose normalised
    cumulative weight is >= u (the last one is 1); without replacement the picked category
    leaves the row before the next draw. Paddle draws from its process-wide generator,
    fluidphi from its own."""
    host = to_host(x)
    probs = host.reshape(-1, host.shape[-1]).astype(_engine_dtype(host.dtype))
    _check_multinomial(probs, num_samples, replacement)
    t = probs.dtype.type
    rows = probs.shape[0]
    picks = np.empty((rows, num_samples), np.int64)
    for s in range(1 if replacement else num_samples):
        cum = np.cumsum(probs, axis=1, dtype=probs.dtype)
        cum /= cum[:, -1:]
        cum[:, -1] = t(1)
        take = num_samples if replacement else 1
        u = _GLOBAL.random((rows, take), dtype=probs.dtype)
        ids = (cum[:, None, :] < u[:, :, None]).sum(axis=2)
        picks[:, s : s + take] = ids
        probs[np.arange(rows)[:, None], ids] = 0
    out[...] = xp.asarray(picks.reshape(out.shape))


def exponential(xp: Any, lam: float, out: Any) -> None:
    """-1 / lambda * log(1 - u) for u uniform in [0, 1), in the output's type (float for
    the half types). Paddle draws u from its process-wide generator, fluidphi from its own."""
    t = _engine_dtype(np.dtype(out.dtype)).type
    u = _GLOBAL.random(out.size, dtype=t)
    with np.errstate(divide="ignore", invalid="ignore"):
        values = t(-1.0) / t(lam) * np.log(t(1.0) - u)
    out[...] = xp.asarray(values.reshape(out.shape))


def poisson(xp: Any, x: Any, out: Any) -> None:
    """Poisson(X) counts in X's type. A rate that is not > 0 (0, negative, NaN) gives 0, as
    libstdc++'s std::poisson_distribution in Paddle's kernel does. Paddle draws from its
    process-wide generator, fluidphi from its own."""
    lam = to_host(x).astype(np.float64)
    drawn = lam > 0
    counts = _GLOBAL.poisson(np.where(drawn, lam, 0.0))
    out[...] = xp.asarray(np.where(drawn, counts, 0).astype(out.dtype))


def seed(xp: Any, value: int, deterministic: bool, out: Any) -> None:
    """The seed op: a non-zero `value` itself unless `deterministic`; otherwise Paddle asks
    std::random_device (or, deterministic, its generator named by rng_name, never 0), which
    fluidphi replaces by a non-zero int32 of its process-wide generator."""
    if value and not deterministic:
        out[...] = value
        return
    drawn = 0
    while drawn == 0:
        drawn = int(_GLOBAL.integers(-(2 ** 31), 2 ** 31))
    out[...] = drawn


_MINSTD_M = 2 ** 31 - 1


def minstd_rand0_first(seed: int) -> int:
    """The first output of a std::minstd_rand0 (libstdc++'s default_random_engine) seeded
    with `seed` (taken modulo 2^64, then modulo 2^31 - 1; a state of 0 becomes 1)."""
    state = (seed % 2 ** 64) % _MINSTD_M or 1
    return state * 16807 % _MINSTD_M


def shuffle_batch(xp: Any, x: Any, seed: int, out: Any, shuffle_idx: Any,
                  seed_out: Any) -> None:
    """Rows (every dim but the last) of X moved along one random cycle through all of
    them: row i goes to ShuffleIdx[i]. Paddle seeds that shuffle from std::random_device,
    fluidphi from its process-wide generator (two rows: the swap either way); SeedOut is
    Paddle's exactly, the first draw of a std::minstd_rand0 seeded with `seed`."""
    host = to_host(x)
    rows = host.reshape(-1, host.shape[-1]) if host.ndim else host.reshape(1, 1)
    order = _GLOBAL.permutation(rows.shape[0])
    idx = np.empty(rows.shape[0], np.int64)
    idx[order] = np.roll(order, -1)
    moved = np.empty_like(rows)
    moved[idx] = rows
    out[...] = xp.asarray(moved.reshape(out.shape))
    shuffle_idx[...] = xp.asarray(idx)
    seed_out[...] = minstd_rand0_first(seed)


def shuffle_batch_idx_dims(x_dims: tuple[int, ...]) -> tuple[int]:
    return (math.prod(x_dims[:-1]),)


def held_seed(seed: Any | None, fallback: int) -> int:
    """The int64 a Seed tensor holds, else `fallback` (a Seed fed without data too)."""
    if seed is None or not seed.initialized() or seed.numel() == 0:
        return int(fallback)
    return int(to_host(seed.data).reshape(-1)[0])


def normal_draws(mean: float, std: float, seed: int, count: int,
                 dtype: np.dtype) -> np.ndarray:
    """`count` normal(mean, std) values on the host for an output of `dtype`, as Paddle's
    CPU kernels draw them: std::normal_distribution in double (float64) or float (the
    rest), a complex value taking two consecutive draws of a normal(mean, std / sqrt 2)
    as its real and imaginary parts (std / sqrt 2 rounded to float). Paddle's polar-method
    draws for a non-zero `seed` (a fresh std::mt19937_64; its log's last ulp is NumPy's),
    else fluidphi's process-wide generator."""
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        part = np.dtype(np.float32 if dtype == np.complex64 else np.float64)
        parts = normal_draws(mean, float(np.float32(std / math.sqrt(2.0))), seed, 2 * count,
                             part)
        return parts.view(dtype)
    t = _engine_dtype(dtype)
    if seed:
        return cpu_engine.normal(seed, count, mean, std, t)
    return _GLOBAL.normal(size=count).astype(t) * t.type(std) + t.type(mean)


def gaussian_inplace(xp: Any, mean: float, std: float, seed: int, out: Any) -> None:
    out[...] = xp.asarray(normal_draws(mean, std, seed, out.size, out.dtype)
                          .reshape(out.shape))


def uniform_inplace(xp: Any, low: float, high: float, seed: int, out: Any) -> None:
    """Paddle's CPU uniform_inplace: uniform draws (a negative seed taken modulo 2^64);
    its diag_* attributes do nothing on the CPU."""
    out[...] = xp.asarray(uniform_draws(low, high, seed, out.size, out.dtype)
                          .reshape(out.shape))


_DIGITS = {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}


def _representable_range(low: int, high: int, dtype: np.dtype) -> tuple[int, int]:
    """Paddle's update_from / update_to for a float `dtype`: a bound the type cannot hold
    moves inwards to one it can (only beyond 2^digits)."""
    digits = _DIGITS[str(dtype)]
    t = dtype.type
    low_up = int(t(low + 1))
    if low_up < low:
        low = low_up + (1 << (abs(low + 1).bit_length() - 1 - digits + 1))
    high_down = int(t(high - 1))
    if high_down >= high:
        high = high_down - (1 << (abs(high - 1).bit_length() - 1 - digits + 1))
    return low, high


def random_fill(xp: Any, low: int, high: int, out: Any) -> None:
    """The `random` op: integers in [low, high) in the output's type (float bounds first
    moved to values the type holds). Paddle draws from its process-wide generator,
    fluidphi from its own."""
    dtype = np.dtype(out.dtype)
    if dtype.kind != "i":
        low, high = _representable_range(low, high, dtype)
    if low >= high:
        raise ValueError("random expects 'from' casted to dtype to be less than 'to' casted "
                         f"to dtype, but got from={low} >= to={high}")
    values = _GLOBAL.integers(low, high, out.size, dtype=np.int64)
    out[...] = xp.asarray(values.reshape(out.shape).astype(dtype))


def binomial_dims(count_dims: tuple[int, ...], prob_dims: tuple[int, ...]) -> tuple[int, ...]:
    if tuple(count_dims) != tuple(prob_dims):
        raise ValueError(f"binomial: count {list(count_dims)} and prob {list(prob_dims)} "
                         "must have the same dims")
    return tuple(count_dims)


def binomial(xp: Any, count: Any, prob: Any, out: Any) -> None:
    """Binomial(count, prob) draws as int64 (count truncated to an integer; a count or a
    probability <= 0 gives 0, a probability >= 1 the count). Paddle draws from its
    process-wide generator, fluidphi from its own."""
    n = to_host(count).astype(np.float64)
    p = to_host(prob).astype(np.float64)
    n_int = np.where(n > 0, n, 0).astype(np.int64)
    p_mid = np.where((p > 0) & (p < 1), p, 0.0)
    drawn = _GLOBAL.binomial(n_int, p_mid)
    out[...] = xp.asarray(np.where(p >= 1, n_int, np.where(p > 0, drawn, 0)))


def _gamma_draws(a: np.ndarray) -> np.ndarray:
    """Gamma(a, 1) draws in a's dtype as Paddle's sampler gives them: a in (0, 1) is
    boosted (a Gamma(a + 1) draw times (1 - u) ** (1 / a)), which for a negative a leaves a
    (1 - u) ** (1 / a) * Gamma(a + 1) draw while a + 1 > 1/3; a of 0, NaN or at most -2/3
    (no valid Marsaglia-Tsang constants: NaN) and draws below the dtype's smallest normal give
    that smallest normal; +inf gives +inf."""
    wide = a.astype(np.float64)
    boost = (wide < 0) & (wide + 1 > 1 / 3)
    shape = np.where(boost, wide + 1, np.where(wide > 0, wide, 1.0))
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        draws = _GLOBAL.standard_gamma(np.where(np.isfinite(shape), shape, 1.0))
        scale = (1 - _GLOBAL.random(wide.shape)) ** (1 / np.where(boost, wide, 1.0))
        draws = np.where(boost, draws * scale, np.where(wide == np.inf, np.inf, draws))
        draws = np.where((wide > 0) | boost, draws, np.nan).astype(a.dtype)
    tiny = np.finfo(a.dtype).tiny
    return np.where(draws > tiny, draws, tiny).astype(a.dtype)


def standard_gamma(xp: Any, x: Any, out: Any) -> None:
    """One Gamma(x, 1) draw per element (`_gamma_draws`). Paddle draws from its
    process-wide generator, fluidphi from its own."""
    out[...] = xp.asarray(_gamma_draws(to_host(x)))


def dirichlet(xp: Any, alpha: Any, out: Any) -> None:
    """Dirichlet(alpha) samples along the last axis: Gamma(alpha, 1) draws divided by their
    sum. Paddle draws from its process-wide generator, fluidphi from its own."""
    a = to_host(alpha)
    gamma = _gamma_draws(a)
    with np.errstate(invalid="ignore", divide="ignore"):
        out[...] = xp.asarray(gamma / gamma.sum(axis=-1, keepdims=True, dtype=a.dtype))


def gumbel_softmax(xp: Any, x: Any, temperature: float, hard: bool, axis: int,
                   out: Any) -> None:
    """softmax((x + g) / temperature) along `axis` with Gumbel noise g = -log(-log u), u
    uniform in [1e-5, 1) in x's type (Paddle's softmax, shifted logits clipped at -64);
    `hard`: the one-hot of each row's first maximum instead. Paddle draws u from its
    process-wide generator, fluidphi from its own."""
    host = to_host(x)
    t = host.dtype.type
    u = _GLOBAL.random(host.shape, dtype=host.dtype) * (t(1) - t(1e-5)) + t(1e-5)
    noisy = (host - np.log(-np.log(u))) / t(temperature)
    softmax_funcs.softmax(np, noisy, axis, noisy)
    if hard and noisy.size:
        axis = softmax_funcs.normalize_axis(axis, noisy.ndim)
        first = np.expand_dims(noisy.argmax(axis=axis), axis)
        noisy[...] = 0
        np.put_along_axis(noisy, first, t(1), axis=axis)
    out[...] = xp.asarray(noisy)


def rrelu(xp: Any, x: Any, lower: float, upper: float, is_test: bool, out: Any,
          noise: Any | None) -> None:
    """x where x >= 0, else x * slope (NaN counts as negative), Noise the slopes (1 where
    x >= 0): in inference (lower + upper) / 2 (in float), in training a float draw in
    [lower, upper) per negative element, in x's type. Paddle's kernel requires Noise (a
    program saved by save_inference_model lacks it, and Paddle refuses it too). Paddle
    draws from its process-wide generator, fluidphi from its own."""
    if noise is None:
        raise ValueError("rrelu: Required tensor shall not be nullptr: the op has no Noise "
                         "output (save_inference_model drops it as an extra output; Paddle "
                         "refuses such a program the same way)")
    host = to_host(x)
    negative = ~(host >= 0)
    lo, hi = np.float32(lower), np.float32(upper)
    if is_test:
        slopes = ((lo + hi) / np.float32(2)).astype(host.dtype)
    else:
        draws = _GLOBAL.random(int(negative.sum()), dtype=np.float32) * (hi - lo) + lo
        slopes = draws.astype(host.dtype)
    factor = np.ones_like(host)
    factor[negative] = slopes
    noise[...] = xp.asarray(factor)
    out[...] = xp.asarray(np.where(negative, host * factor, host))


def rrelu_grad(xp: Any, noise: Any, out_grad: Any, x_grad: Any) -> None:
    """rrelu's gradient: Out@GRAD times the forward's slopes (Noise, 1 where x >= 0)."""
    xp.multiply(out_grad, noise, out=x_grad)
