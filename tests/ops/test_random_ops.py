"""Random ops where Paddle's values cannot be reproduced: the draws of its process-wide
generator (seed 0, or ops without a seed). Each path draws from fluidphi's generator
(`phi.kernels.funcs.random.seed_all` fixes it), and the tests check the distribution with
fixed thresholds plus exact dims, dtypes and ranges. Seeded draws are bit-exact and checked
against Paddle's own in tests/ops/test_paddle_ops.py (family `random`); which op is which:
docs/random.md."""

from __future__ import annotations

import math

import numpy as np
import pytest

from compat.single_op import run_single_op
from phi.kernels.funcs.random import seed_all

PATHS = ("legacy", "phi")


def draw(op: str, attrs: dict, inputs: dict | None = None, path: str = "phi",
         outputs: tuple[str, ...] = ("Out",), seed: int = 2024) -> np.ndarray:
    """The op's first output on `path`, fluidphi's generator seeded with `seed` first."""
    seed_all(seed)
    result, trace = run_single_op(op, inputs or {}, attrs, list(outputs), path)
    assert trace.path == path
    return result[outputs[0]][0]


def chi_square(counts: np.ndarray, expected: np.ndarray) -> float:
    return float(((counts - expected) ** 2 / expected).sum())


#: Upper 0.1 % points of the chi-square distribution by degrees of freedom.
CHI2_999 = {1: 10.83, 3: 16.27, 9: 27.88, 12: 32.91, 23: 49.73}


@pytest.mark.parametrize("path", PATHS)
def test_uniform_random_batch_size_like_unseeded(path: str) -> None:
    out = draw("uniform_random_batch_size_like", {"shape": [-1, 500], "min": -2.0,
                                                  "max": 3.0}, {"Input": np.zeros((40, 1),
                                                                                  np.float32)},
               path)
    assert out.shape == (40, 500) and out.dtype == np.float32
    assert out.min() >= -2.0 and out.max() < 3.0
    counts = np.histogram(out, bins=10, range=(-2.0, 3.0))[0]
    assert chi_square(counts, np.full(10, out.size / 10)) < CHI2_999[9]


@pytest.mark.parametrize("path", PATHS)
def test_truncated_gaussian_random_unseeded(path: str) -> None:
    out = draw("truncated_gaussian_random", {"shape": [100, 200], "mean": 1.0, "std": 2.0,
                                             "a": -1.0, "b": 4.0, "dtype": 6}, path=path)
    assert out.shape == (100, 200) and out.dtype == np.float64
    assert out.min() >= -1.0 and out.max() <= 4.0
    # N(1, 2) truncated to [-1, 4]: alpha = -1, beta = 1.5 in standard units
    phi = lambda z: math.exp(-z * z / 2) / math.sqrt(2 * math.pi)  # noqa: E731
    cdf = lambda z: (1 + math.erf(z / math.sqrt(2))) / 2  # noqa: E731
    mass = cdf(1.5) - cdf(-1.0)
    mean = 1.0 + 2.0 * (phi(-1.0) - phi(1.5)) / mass
    assert abs(out.mean() - mean) < 4 * 2.0 / math.sqrt(out.size)
    edges = np.linspace(-1.0, 4.0, 11)
    expected = np.diff([cdf((e - 1.0) / 2.0) for e in edges]) / mass * out.size
    assert chi_square(np.histogram(out, bins=edges)[0], expected) < CHI2_999[9]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(("dtype", "numpy_type"), [(2, np.int32), (3, np.int64)])
def test_randint_unseeded(path: str, dtype: int, numpy_type: type) -> None:
    out = draw("randint", {"shape": [130, 100], "low": -3, "high": 10, "dtype": dtype},
               path=path)
    assert out.shape == (130, 100) and out.dtype == numpy_type
    counts = np.bincount(out.ravel() + 3, minlength=13)
    assert counts.size == 13
    assert chi_square(counts, np.full(13, out.size / 13)) < CHI2_999[12]


@pytest.mark.parametrize("path", PATHS)
def test_randint_refuses_an_empty_range(path: str) -> None:
    with pytest.raises(Exception, match="randint: low must be less than high"):
        draw("randint", {"shape": [2], "low": 3, "high": 3}, path=path)


@pytest.mark.parametrize("path", PATHS)
def test_randperm_is_a_uniform_permutation(path: str) -> None:
    seen = np.zeros((4, 4))
    for seed in range(1200):
        out = draw("randperm", {"n": 4, "dtype": 3}, path=path, seed=seed)
        assert out.dtype == np.int64 and sorted(out.tolist()) == [0, 1, 2, 3]
        seen[np.arange(4), out] += 1
    # each value lands in each position a quarter of the time
    assert chi_square(seen.ravel(), np.full(16, 1200 / 4)) < CHI2_999[9]


@pytest.mark.parametrize("path", PATHS)
def test_randperm_refuses_a_negative_n(path: str) -> None:
    with pytest.raises(Exception, match="randperm: n must be >= 0"):
        draw("randperm", {"n": -1}, path=path)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_bernoulli_follows_each_probability(path: str, dtype: type) -> None:
    p = np.repeat(np.array([0.0, 0.1, 0.5, 0.9, 1.0], dtype), 4000).reshape(5, 4000)
    out = draw("bernoulli", {}, {"X": p}, path)
    assert out.shape == p.shape and out.dtype == dtype
    assert set(np.unique(out).tolist()) <= {0.0, 1.0}
    assert (out[0] == 0).all() and (out[4] == 1).all()
    for row, prob in zip(out[1:4], (0.1, 0.5, 0.9), strict=True):
        assert abs(row.mean() - prob) < 4 * math.sqrt(prob * (1 - prob) / row.size)


@pytest.mark.parametrize("path", PATHS)
def test_multinomial_with_replacement(path: str) -> None:
    weights = np.array([[1.0, 2.0, 3.0, 4.0]] * 50, np.float32)
    out = draw("multinomial", {"num_samples": 200, "replacement": True}, {"X": weights}, path)
    assert out.shape == (50, 200) and out.dtype == np.int64
    counts = np.bincount(out.ravel(), minlength=4)
    assert chi_square(counts, np.array([0.1, 0.2, 0.3, 0.4]) * out.size) < CHI2_999[3]


@pytest.mark.parametrize("path", PATHS)
def test_multinomial_without_replacement(path: str) -> None:
    p = np.array([0.1, 0.2, 0.3, 0.4])
    out = draw("multinomial", {"num_samples": 2}, {"X": np.tile(p, (5000, 1))}, path)
    assert out.shape == (5000, 2) and (out[:, 0] != out[:, 1]).all()
    first = np.bincount(out[:, 0], minlength=4)
    assert chi_square(first, p * 5000) < CHI2_999[3]
    # the second pick: sum over first picks i of p_i * p_j / (1 - p_i), j != i
    second_p = np.array([sum(p[i] * p[j] / (1 - p[i]) for i in range(4) if i != j)
                         for j in range(4)])
    assert chi_square(np.bincount(out[:, 1], minlength=4), second_p * 5000) < CHI2_999[3]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_exponential(path: str, dtype: type) -> None:
    out = draw("exponential", {"lambda": 2.0}, {"X": np.zeros((100, 200), dtype)}, path)
    assert out.shape == (100, 200) and out.dtype == dtype and (out >= 0).all()
    # ten bins of equal probability: edges -log(1 - k / 10) / 2
    edges = [-math.log(1 - k / 10) / 2 for k in range(10)] + [math.inf]
    counts = np.histogram(out, bins=edges)[0]
    assert chi_square(counts, np.full(10, out.size / 10)) < CHI2_999[9]


@pytest.mark.parametrize("path", PATHS)
def test_poisson(path: str) -> None:
    rates = np.repeat(np.array([0.5, 4.0, 30.0], np.float64), 5000).reshape(3, 5000)
    out = draw("poisson", {}, {"X": rates}, path)
    assert out.shape == rates.shape and out.dtype == np.float64
    assert (out == np.floor(out)).all() and (out >= 0).all()
    for row, lam in zip(out, (0.5, 4.0, 30.0), strict=True):
        assert abs(row.mean() - lam) < 4 * math.sqrt(lam / row.size)
        assert abs(row.var() - lam) < 0.1 * lam
    small = np.bincount(out[0].astype(np.int64), minlength=4)[:3]
    expected = [math.exp(-0.5) * 0.5 ** k / math.factorial(k) * 5000 for k in range(3)]
    assert chi_square(small, np.array(expected)) < CHI2_999[3]


@pytest.mark.parametrize("path", PATHS)
def test_seed_draws_where_paddle_does(path: str) -> None:
    drawn = [int(draw("seed", {"seed": 0}, path=path, seed=s)[0]) for s in range(200)]
    assert 0 not in drawn and len(set(drawn)) == 200
    assert min(drawn) < -(2 ** 29) and max(drawn) > 2 ** 29  # the whole int32 range
    out = draw("seed", {"seed": 5, "deterministic": True}, path=path)
    assert out.dtype == np.int32 and out.shape == (1,) and out[0] not in (0, 5)


def _cycle_length(idx: np.ndarray) -> int:
    at, steps = int(idx[0]), 1
    while at != 0:
        at, steps = int(idx[at]), steps + 1
    return steps


@pytest.mark.parametrize("path", PATHS)
def test_shuffle_batch_moves_rows_along_one_cycle(path: str) -> None:
    x = np.arange(15, dtype=np.float32).reshape(5, 3)
    firsts = []
    for s in range(800):
        seed_all(s)
        result, _ = run_single_op("shuffle_batch", {"X": x, "Seed": np.array([5], np.int64)},
                                  {}, ["Out", "ShuffleIdx", "SeedOut"], path)
        out, idx, seed_out = (result[k][0] for k in ("Out", "ShuffleIdx", "SeedOut"))
        assert idx.dtype == np.int64 and _cycle_length(idx) == 5
        np.testing.assert_array_equal(out[idx], x)
        assert seed_out.tolist() == [5 * 16807]
        firsts.append(int(idx[0]))
    # row 0 goes to each other row a quarter of the time
    counts = np.bincount(firsts, minlength=5)
    assert counts[0] == 0 and chi_square(counts[1:], np.full(4, 200.0)) < CHI2_999[3]


def _normal_bins_ok(values: np.ndarray, mean: float, std: float) -> bool:
    """Ten bins of equal normal probability, chi-square below its 0.1 % point."""
    from statistics import NormalDist

    edges = [-math.inf] + [NormalDist(mean, std).inv_cdf(k / 10) for k in range(1, 10)]
    counts = np.histogram(values, bins=[*edges, math.inf])[0]
    return chi_square(counts, np.full(10, values.size / 10)) < CHI2_999[9]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_gaussian_inplace_unseeded(path: str, dtype: type) -> None:
    out = draw("gaussian_inplace", {"mean": 1.5, "std": 2.0}, {"x": np.zeros((100, 100),
                                                                             dtype)}, path,
               outputs=("out",))
    assert out.shape == (100, 100) and out.dtype == dtype
    if np.dtype(dtype).kind == "c":  # both parts normal(mean, std / sqrt 2)
        assert _normal_bins_ok(out.real, 1.5, 2.0 / math.sqrt(2))
        assert _normal_bins_ok(out.imag, 1.5, 2.0 / math.sqrt(2))
    else:
        assert _normal_bins_ok(out, 1.5, 2.0)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_uniform_random_inplace_unseeded(path: str, dtype: type) -> None:
    out = draw("uniform_random_inplace", {"min": -0.5, "max": 4.5},
               {"X": np.zeros((100, 100), dtype)}, path)
    assert out.shape == (100, 100) and out.dtype == dtype
    assert out.min() >= -0.5 and out.max() < 4.5
    counts = np.histogram(out, bins=10, range=(-0.5, 4.5))[0]
    assert chi_square(counts, np.full(10, out.size / 10)) < CHI2_999[9]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32, np.float64])
def test_random_fills_the_range(path: str, dtype: type) -> None:
    out = draw("random", {"from": -3, "to": 10}, {"x": np.zeros((130, 100), dtype)}, path,
               outputs=("out",))
    assert out.shape == (130, 100) and out.dtype == dtype and (out == np.floor(out)).all()
    counts = np.bincount(out.ravel().astype(np.int64) + 3, minlength=13)
    assert counts.size == 13
    assert chi_square(counts, np.full(13, out.size / 13)) < CHI2_999[12]


@pytest.mark.parametrize("path", PATHS)
def test_random_refuses_an_empty_integer_range(path: str) -> None:
    """Paddle's CPU kernel checks only float ranges (no fixture: an integer one is
    unchecked there); fluidphi refuses every empty range."""
    with pytest.raises(Exception, match="'from' casted to dtype to be less than 'to'"):
        draw("random", {"from": 4, "to": 4}, {"x": np.zeros(3, np.int64)}, path,
             outputs=("out",))


@pytest.mark.parametrize("path", PATHS)
def test_binomial(path: str) -> None:
    count = np.full((4, 5000), 10.0, np.float32)
    prob = np.repeat(np.array([0.0, 0.2, 0.7, 1.0], np.float32), 5000).reshape(4, 5000)
    out = draw("binomial", {}, {"count": count, "prob": prob}, path, outputs=("out",))
    assert out.shape == (4, 5000) and out.dtype == np.int64
    assert (out[0] == 0).all() and (out[3] == 10).all()
    assert out.min() >= 0 and out.max() <= 10
    for row, p in zip(out[1:3], (0.2, 0.7), strict=True):
        expected = np.array([math.comb(10, k) * p ** k * (1 - p) ** (10 - k)
                             for k in range(11)]) * row.size
        keep = expected > 5  # chi-square cells with enough mass
        counts = np.bincount(row, minlength=11)
        assert chi_square(counts[keep], expected[keep]) < CHI2_999[9]


@pytest.mark.parametrize("path", PATHS)
def test_dirichlet(path: str) -> None:
    alpha = np.tile(np.array([1.0, 2.0, 3.0, 4.0], np.float64), (8000, 1))
    out = draw("dirichlet", {}, {"Alpha": alpha}, path)
    assert out.shape == alpha.shape and out.dtype == np.float64
    assert (out > 0).all() and np.allclose(out.sum(axis=1), 1.0)
    total = 10.0
    mean = alpha[0] / total
    var = mean * (1 - mean) / (total + 1)
    assert (np.abs(out.mean(axis=0) - mean) < 4 * np.sqrt(var / 8000)).all()
    assert (np.abs(out.var(axis=0) - var) < 0.1 * var).all()


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_standard_gamma(path: str, dtype: type) -> None:
    """Gamma(a, 1) has mean and variance a (shapes below 1 take Paddle's boosted path)."""
    shapes = np.array([0.3, 1.0, 2.5, 9.0], dtype)
    x = np.tile(shapes, (8000, 1))
    out = draw("standard_gamma", {}, {"x": x}, path, outputs=("out",))
    assert out.shape == x.shape and out.dtype == dtype and (out > 0).all()
    assert (np.abs(out.mean(axis=0) - shapes) < 4 * np.sqrt(shapes / 8000)).all()
    assert (np.abs(out.var(axis=0) / shapes - 1) < 0.12).all()


@pytest.mark.parametrize("path", PATHS)
def test_gumbel_softmax_samples_the_categories(path: str) -> None:
    """The Gumbel-max trick: a hard sample picks category k with probability p_k."""
    p = np.array([0.1, 0.2, 0.3, 0.4])
    x = np.tile(np.log(p), (6000, 1))
    hard = draw("gumbel_softmax", {"hard": True}, {"X": x}, path)
    assert hard.shape == x.shape and hard.dtype == np.float64
    assert set(np.unique(hard).tolist()) == {0.0, 1.0} and (hard.sum(axis=1) == 1).all()
    assert chi_square(hard.sum(axis=0), p * 6000) < CHI2_999[3]
    soft = draw("gumbel_softmax", {"temperature": 0.5, "axis": 0}, {"X": x.T.copy()}, path)
    assert soft.shape == x.T.shape and np.allclose(soft.sum(axis=0), 1.0)
    assert chi_square(np.bincount(soft.argmax(axis=0), minlength=4), p * 6000) < CHI2_999[3]


def _rrelu(attrs: dict, x: np.ndarray, path: str) -> tuple[np.ndarray, np.ndarray]:
    seed_all(7)
    result, trace = run_single_op("rrelu", {"X": x}, attrs, ["Out", "Noise"], path)
    assert trace.path == path
    return result["Out"][0], result["Noise"][0]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
def test_rrelu_inference_uses_the_middle_slope(path: str, dtype: type) -> None:
    """Paddle cannot export a saved rrelu program (its fixtures pin that refusal): the
    inference values are checked against the definition, the slope rounded in float."""
    x = np.array([[-2.0, -0.0, 0.0, 3.5], [np.nan, -np.inf, np.inf, -1e-3]], dtype)
    out, noise = _rrelu({"is_test": True, "lower": 0.1, "upper": 0.4}, x, path)
    slope = dtype((np.float32(0.1) + np.float32(0.4)) / np.float32(2))
    negative = ~(x >= 0)
    np.testing.assert_array_equal(noise, np.where(negative, slope, dtype(1)))
    np.testing.assert_array_equal(out, np.where(negative, x * slope, x))
    assert out.dtype == noise.dtype == dtype


@pytest.mark.parametrize("path", PATHS)
def test_rrelu_training_draws_uniform_slopes(path: str) -> None:
    x = np.where(np.arange(20000) % 4 == 0, 1.5, -2.0).reshape(100, 200).astype(np.float32)
    out, noise = _rrelu({"lower": 0.1, "upper": 0.3}, x, path)
    keep = x >= 0
    assert (noise[keep] == 1).all() and (out[keep] == x[keep]).all()
    slopes = noise[~keep]
    assert slopes.min() >= np.float32(0.1) and slopes.max() < np.float32(0.3)
    np.testing.assert_array_equal(out[~keep], x[~keep] * slopes)
    counts = np.histogram(slopes, bins=10, range=(0.1, 0.3))[0]
    assert chi_square(counts, np.full(10, slopes.size / 10)) < CHI2_999[9]
