"""Paddle's CPU random engine, reproduced: std::mt19937_64 and the float draws its kernels
take from it through std::uniform_real_distribution<float>.

Paddle's CPU dropout seeds a fresh std::mt19937_64 with the op's seed (`fix_seed` and
`seed`, or the Seed tensor) whenever the seed is non-zero, so with a fixed seed its mask is a
function of the seed and the element count alone. This module computes that sequence
bit for bit: the engine as the C++ standard defines it (seeding recurrence, twist,
tempering) and libstdc++'s generate_canonical<float, 24> (one 64-bit draw, converted to
float with correct rounding and divided by 2^64; a result of 1 becomes the float below
1). A seed of 0 means Paddle's process-wide generator, whose state fluidphi cannot know.
"""

from __future__ import annotations

import functools

import numpy as np

_N, _M = 312, 156
_MATRIX_A = np.uint64(0xB5026F5AA96619E9)
_UPPER = np.uint64(0xFFFFFFFF80000000)
_LOWER = np.uint64(0x7FFFFFFF)
_MASK64 = (1 << 64) - 1
#: Tempering: (shift right, mask), (shift left, mask), (shift left, mask), shift right.
_U, _D = np.uint64(29), np.uint64(0x5555555555555555)
_S, _B = np.uint64(17), np.uint64(0x71D67FFFEDA60000)
_T, _C = np.uint64(37), np.uint64(0xFFF7EEE000000000)
_L = np.uint64(43)
_ONE = np.uint64(1)


@functools.lru_cache(maxsize=64)
def _seeded_state(seed: int) -> np.ndarray:
    """The state right after `seed(value)` (read-only; callers twist a copy)."""
    state = [seed & _MASK64]
    for i in range(1, _N):
        prev = state[-1]
        state.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & _MASK64)
    array = np.array(state, dtype=np.uint64)
    array.flags.writeable = False
    return array


def _twist(state: np.ndarray) -> np.ndarray:
    """The next 312 state words. Word i mixes words i and i + 1 with word i + 156, which
    for i >= 156 is already the new one: three vectorised pieces."""
    new = np.empty_like(state)

    def mix(cur: np.ndarray, nxt: np.ndarray, far: np.ndarray) -> np.ndarray:
        y = (cur & _UPPER) | (nxt & _LOWER)
        return far ^ (y >> _ONE) ^ np.where((y & _ONE) != 0, _MATRIX_A, np.uint64(0))

    new[: _N - _M] = mix(state[: _N - _M], state[1 : _N - _M + 1], state[_M:])
    new[_N - _M : _N - 1] = mix(state[_N - _M : _N - 1], state[_N - _M + 1 :], new[: _M - 1])
    new[_N - 1 :] = mix(state[_N - 1 :], new[:1], new[_M - 1 : _M])
    return new


def _temper(y: np.ndarray) -> np.ndarray:
    y = y ^ ((y >> _U) & _D)
    y = y ^ ((y << _S) & _B)
    y = y ^ ((y << _T) & _C)
    return y ^ (y >> _L)


def mt19937_64(seed: int, count: int) -> np.ndarray:
    """The first `count` outputs of std::mt19937_64 seeded with `seed` (taken modulo 2^64,
    as the C++ engine converts a negative int), as uint64."""
    state = _seeded_state(seed & _MASK64)
    blocks = []
    for _ in range(-(-count // _N)):
        state = _twist(state)
        blocks.append(_temper(state))
    return np.concatenate(blocks)[:count] if blocks else np.empty(0, np.uint64)


def uniform_float(seed: int, count: int) -> np.ndarray:
    """`count` draws of std::uniform_real_distribution<float>(0, 1) from a std::mt19937_64
    seeded with `seed`, as libstdc++ computes them (float32)."""
    return canonical(seed, count, np.float32)


def canonical(seed: int, count: int, dtype: np.dtype | type = np.float32) -> np.ndarray:
    """`count` draws of libstdc++'s generate_canonical<T>() (T float32 or float64) from a
    std::mt19937_64 seeded with `seed`: one 64-bit draw each, converted to T with correct
    rounding and divided by 2^64; a result of 1 becomes the largest T below 1."""
    dtype = np.dtype(dtype)
    draws = mt19937_64(seed, count).astype(dtype) / dtype.type(2.0 ** 64)
    below_one = np.nextafter(dtype.type(1.0), dtype.type(0.0))
    return np.where(draws >= dtype.type(1.0), below_one, draws).astype(dtype)


def uniform_real(seed: int, count: int, low: float, high: float,
                 dtype: np.dtype | type = np.float32) -> np.ndarray:
    """std::uniform_real_distribution<T>(low, high) over a std::mt19937_64 seeded with
    `seed`, as libstdc++ computes it in T: canonical * (high - low) + low."""
    dtype = np.dtype(dtype)
    lo, hi = dtype.type(low), dtype.type(high)
    return canonical(seed, count, dtype) * (hi - lo) + lo


_LOW32 = np.uint64(0xFFFFFFFF)
_32 = np.uint64(32)


def _mul_wide(u: np.ndarray, r: int) -> tuple[np.ndarray, np.ndarray]:
    """The 128-bit products u * r (u uint64 array, 0 < r < 2^64) as (high, low) uint64
    halves, from 32-bit limbs."""
    a_lo, a_hi = u & _LOW32, u >> _32
    b_lo, b_hi = np.uint64(r & 0xFFFFFFFF), np.uint64(r >> 32)
    p0, p1, p2, p3 = a_lo * b_lo, a_lo * b_hi, a_hi * b_lo, a_hi * b_hi
    mid = (p0 >> _32) + (p1 & _LOW32) + (p2 & _LOW32)
    low = (p0 & _LOW32) | (mid << _32)
    return p3 + (p1 >> _32) + (p2 >> _32) + (mid >> _32), low


def uniform_int(seed: int, count: int, low: int, high: int) -> np.ndarray:
    """`count` draws of std::uniform_int_distribution(low, high) (inclusive) from a
    std::mt19937_64 seeded with `seed`, as libstdc++ (GCC 11 and later) computes them:
    Lemire's multiply-shift over one 64-bit draw, (draw * range) >> 64 with range =
    high - low + 1, rejecting a draw whose low product half is below 2^64 mod range (the
    next draw is tried; the outputs are the accepted draws in order). int64."""
    span = high - low + 1
    if not 0 < span < 1 << 64:
        raise ValueError(f"uniform_int: empty or too wide range [{low}, {high}]")
    threshold = np.uint64(((1 << 64) - span) % span)
    drawn = count + 16
    while True:
        hi, lo = _mul_wide(mt19937_64(seed, drawn), span)
        accepted = hi[lo >= threshold]
        if accepted.size >= count:
            return (accepted[:count].astype(np.int64) + np.int64(low)).astype(np.int64)
        drawn *= 2


def normal(seed: int, count: int, mean: float, std: float,
           dtype: np.dtype | type = np.float32) -> np.ndarray:
    """`count` draws of libstdc++'s std::normal_distribution<T>(mean, std) from a
    std::mt19937_64 seeded with `seed`: Marsaglia's polar method on pairs of canonical
    draws x, y (as 2u - 1), a pair kept when 0 < x^2 + y^2 <= 1, giving y * m then x * m
    with m = sqrt(-2 log(r2) / r2), each times std plus mean, all in T. `log` is NumPy's:
    its last ulp may differ from libm's on some CPUs."""
    dtype = np.dtype(dtype)
    t = dtype.type
    pairs = -(-count // 2)
    drawn = 2 * pairs + 32
    while True:
        u = canonical(seed, drawn, dtype)
        x, y = t(2) * u[0::2] - t(1), t(2) * u[1::2] - t(1)
        r2 = x * x + y * y
        keep = (r2 <= 1) & (r2 != 0)
        if keep.sum() >= pairs:
            break
        drawn *= 2
    x, y, r2 = x[keep][:pairs], y[keep][:pairs], r2[keep][:pairs]
    mult = np.sqrt(t(-2) * np.log(r2) / r2)
    values = np.empty(2 * pairs, dtype)
    values[0::2], values[1::2] = y * mult, x * mult
    return values[:count] * t(std) + t(mean)


def index_and_canonical(seed: int, count: int, high: int) -> tuple[np.ndarray, np.ndarray]:
    """`count` pairs (std::uniform_int_distribution(0, high), then
    std::uniform_real_distribution<double>(0, 1)) drawn alternately from one std::mt19937_64
    seeded with `seed`, as Paddle's alias-method sampler draws them: (int64, float64)."""
    span = high + 1
    threshold = np.uint64(((1 << 64) - span) % span)
    raw = mt19937_64(seed, 2 * count + 64)
    hi, lo = _mul_wide(raw, span)
    accepted = lo >= threshold
    if bool(accepted[0 : 2 * count : 2].all()):  # no rejection: draws pair up in order
        picks = np.arange(0, 2 * count, 2)
    else:  # a rejected integer draw shifts the pairs after it (rare: span / 2^64 a draw)
        picks, at = [], 0
        while len(picks) < count:
            at += int(np.argmax(accepted[at:]))
            picks.append(at)
            at += 2
        picks = np.array(picks, np.int64)
    reals = raw[picks + 1].astype(np.float64) / np.float64(2.0 ** 64)
    below_one = np.nextafter(np.float64(1.0), np.float64(0.0))
    return hi[picks].astype(np.int64), np.where(reals >= 1.0, below_one, reals)
