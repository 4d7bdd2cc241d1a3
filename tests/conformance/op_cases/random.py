"""Random ops: Paddle's CPU kernels draw from a std::mt19937_64, a fresh one seeded with the
op's `seed` attribute when that is non-zero (else the process-wide generator).

Cases with a non-zero seed are bit-exact (phi.kernels.funcs.cpu_engine reproduces the
engine and libstdc++'s distributions); ops drawing from the process-wide generator have
cases whose result does not depend on the draws (probabilities 0 / 1, ...) and are
distribution-tested in tests/ops/test_random_ops.py. `dtype` attributes are fluid VarType
numbers (2 int32, 3 int64, 5 float32, 6 float64, 22 bfloat16).
"""

import numpy as np

from .spec import INF, NAN, SHAPES, Case, Drawn, In, seed_of

#: Seeded cases compare every bit (a tolerance of 0).
EXACT = 0.0
BIT_EXACT = "bit-exact: a fresh std::mt19937_64 seeded with `seed`"
VT = {"int32": 2, "int64": 3, "float16": 4, "float32": 5, "float64": 6, "bfloat16": 22,
      "complex64": 23, "complex128": 24}


def _batch_like(tag: str, dims: tuple[int, ...], dtype: str = "float32",
                raises: str | None = None, **attrs) -> Case:
    attrs = {"shape": [-1, 5], "seed": 7, "dtype": VT[dtype], **attrs}
    return Case(f"uniform_random_batch_size_like_{tag}", "uniform_random_batch_size_like",
                {"Input": In(dims, "float32")}, attrs=attrs, raises=raises, tol=EXACT,
                note=BIT_EXACT)


def _uniform_random_batch_size_like() -> list[Case]:
    return [
        *[_batch_like(d, (3, 4), d) for d in ("float32", "float64", "bfloat16")],
        _batch_like("range", (2, 3), min=-5.0, max=0.5),
        _batch_like("range_float64", (2, 3), "float64", min=10.0, max=10.5),
        _batch_like("dim_idx", (2, 6), shape=[4, -1, 2], input_dim_idx=1, output_dim_idx=1),
        _batch_like("across_twist", (3, 2), shape=[-1, 250], seed=123456789),
        _batch_like("negative_seed", (3, 2), seed=-5),
        _batch_like("big_seed", (3, 2), "float64", seed=2 ** 31 - 1),
        _batch_like("empty", (0, 2)),
        _batch_like("diag", (4, 2), shape=[-1, 4], diag_num=3, diag_step=2, diag_val=9.0),
        _batch_like("diag_too_big", (2, 2), shape=[-1, 3], diag_num=4, diag_step=1,
                    raises="ShapeInvalid"),
    ]


def _truncated(tag: str, dtype: str = "float32", tol: float | None = None, **attrs) -> Case:
    attrs = {"shape": [4, 6], "seed": 11, "dtype": VT[dtype], **attrs}
    return Case(f"truncated_gaussian_random_{tag}", "truncated_gaussian_random", {},
                attrs=attrs, tol=tol, note=TRUNCATED)


#: truncated_gaussian_random takes the log of 1 - |2p - 1| in double: equal bits here, but
#: libm's last ulp is CPU-dependent, so its cases keep the dtype's tolerance.
TRUNCATED = "seeded; compared within the dtype's tolerance (a double log in the erfinv tail)"


def _truncated_gaussian_random() -> list[Case]:
    return [
        *[_truncated(d, d) for d in ("float32", "float64", "bfloat16")],
        _truncated("mean_std_bounds", mean=0.5, std=2.0, a=-1.0, b=3.0),
        _truncated("mean_std_bounds_float64", "float64", mean=-3.0, std=0.25, a=-3.5, b=-2.0),
        _truncated("one_sided", a=0.0, b=5.0),
        _truncated("across_twist", shape=[20, 30], seed=987654321),
        _truncated("negative_seed", seed=-3),
        _truncated("0d", shape=[]),
        _truncated("empty", shape=[0, 3]),
    ]


def _randint(tag: str, dtype: str = "int64", inputs=None, raises: str | None = None,
             **attrs) -> Case:
    attrs = {"shape": [4, 6], "seed": 5, "low": -3, "high": 10, "dtype": VT[dtype], **attrs}
    return Case(f"randint_{tag}", "randint", inputs or {}, attrs=attrs, raises=raises,
                note=RANDINT)


#: Paddle 3.3.1's randint with a non-zero `seed` seeds its engine with the `dtype` number;
#: the saved program's Out then has a declared type that follows `seed` (seed 123 gives an
#: element type 17, which no loader accepts), so the other seeds here are small ones.
RANDINT = "bit-exact: a non-zero seed means an engine seeded with the dtype number"


def _randint_cases() -> list[Case]:
    return [
        *[_randint(d, d) for d in ("int32", "int64")],
        _randint("other_seed", seed=6),
        _randint("other_seed_int32", "int32", seed=3),
        _randint("wide", low=-2 ** 31, high=2 ** 31 - 1),
        _randint("wide_int32", "int32", low=-2 ** 31, high=2 ** 31 - 1),
        _randint("two_values", low=0, high=2, shape=[30, 20]),
        _randint("one_value_unseeded", low=4, high=5, seed=0),
        _randint("shape_tensor", shape=[], inputs={"ShapeTensor": In((2,), "int64",
                                                                     values=[3, 5])}),
        _randint("shape_tensor_list", "int32", shape=[],
                 inputs={"ShapeTensorList": [In((1,), "int32", values=[2]),
                                             In((1,), "int64", values=[7])]}),
        _randint("0d", shape=[]),
        _randint("empty", shape=[0, 4]),
    ]


#: randperm draws from Paddle's process-wide generator (no seed attribute): its fixtures are
#: the draws that leave no choice (n of 0 and 1); tests/ops/test_random_ops.py tests the rest.
def _randperm() -> list[Case]:
    return [
        *[Case(f"randperm_one_{d}", "randperm", {}, attrs={"n": 1, "dtype": VT[d]})
          for d in ("int32", "int64", "float32", "float64")],
        Case("randperm_zero", "randperm", {}, attrs={"n": 0}),
    ]


def _bernoulli() -> list[Case]:
    """Probabilities 0 and 1 only: the draws of the process-wide generator cannot matter."""
    def coins(shape: tuple[int, ...], dtype: str) -> In:
        return In(shape, dtype, low=0, high=2, values=Drawn(_coin_flips, (shape,)))

    return [
        *[Case(f"bernoulli_{d}_{name}", "bernoulli", {"X": coins(shape, d)})
          for d in BERNOULLI_TYPES for name, shape in SHAPES.items()],
        *[Case(f"bernoulli_{tag}", "bernoulli", {"X": In((3,), "float32", values=values)},
               raises="probability should be")
          for tag, values in (("above_one", [0.0, 1.5, 1.0]), ("negative", [-0.5, 0.0, 1.0]),
                              ("nan", [0.0, NAN, 1.0]))],
    ]


def _coin_flips(shape: tuple[int, ...]):
    return np.random.default_rng(seed_of("bernoulli", *map(str, shape))).integers(
        0, 2, shape).astype(np.float64)


def _multinomial() -> list[Case]:
    """One category with all the mass per row (the draws cannot matter), and Paddle's
    refusals."""
    def case(tag: str, rows: list, dtype: str = "float32", raises: str | None = None,
             **attrs) -> Case:
        shape = (len(rows),) if not isinstance(rows[0], list) else (len(rows), len(rows[0]))
        return Case(f"multinomial_{tag}", "multinomial", {"X": In(shape, dtype, values=rows)},
                    attrs=attrs, raises=raises)

    one_hot = [[0.0, 0.0, 2.5, 0.0], [1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 7.0]]
    return [
        *[case(f"one_hot_{d}", one_hot, d, num_samples=3, replacement=True)
          for d in ("float32", "float64")],
        case("one_hot_single_draw", one_hot, num_samples=1),
        case("vector", [0.0, 3.0, 0.0], num_samples=4, replacement=True),
        case("negative", [[0.5, -0.1, 0.6]], raises="should be >= 0"),
        case("zero_sum", [[0.0, 0.0, 0.0]], raises="should be > 0"),
        case("too_many_without_replacement", [[0.0, 1.0, 1.0]], num_samples=3,
             raises="non-zero"),
    ]


def _exponential() -> list[Case]:
    """Out = -1 / lambda * log(1 - u): with lambda = +inf every draw gives +0 (u = 0, a
    2^-64 chance per element, would give -0), so the draws cannot matter."""
    return [Case(f"exponential_{d}_{name}", "exponential", {"X": In(shape, d)},
                 attrs={"lambda": INF}) for d in ("float32", "float64")
            for name, shape in SHAPES.items()]


def _poisson() -> list[Case]:
    """Rates whose draw is always 0 under libstdc++'s std::poisson_distribution (0, and
    negative or NaN ones, which its small-mean loop ends at once)."""
    return [
        *[Case(f"poisson_zero_{d}_{name}", "poisson",
               {"X": In(shape, d, low=0.0, high=0.0)})
          for d in ("float32", "float64") for name, shape in SHAPES.items()],
        Case("poisson_no_draw_rates", "poisson",
             {"X": In((4,), "float64", values=[0.0, -0.0, -1.5, NAN])}),
    ]


def _seed() -> list[Case]:
    """A non-zero `seed` is the output; 0 asks std::random_device (distribution-tested)."""
    return [Case(f"seed_{tag}", "seed", {}, attrs={"seed": value})
            for tag, value in (("positive", 42), ("negative", -7), ("max", 2 ** 31 - 1))]


def _shuffle_batch() -> list[Case]:
    """Paddle shuffles the rows with a std::random_device seed into one cycle through all
    of them: for two rows that is the swap, so those cases are exact. SeedOut is the first
    draw of a std::minstd_rand0 seeded with Seed (always exact)."""
    def case(tag: str, dims: tuple[int, ...], dtype: str, seed: int) -> Case:
        return Case(f"shuffle_batch_{tag}", "shuffle_batch",
                    {"X": In(dims, dtype), "Seed": In((1,), "int64", values=[seed])})

    return [
        *[case(d, (2, 3), d, 5) for d in ("float32", "float64", "int32", "int64")],
        case("3d", (1, 2, 4), "float32", 123456789),
        case("seed_zero", (2, 2), "float32", 0),
        case("seed_negative", (2, 2), "float32", -3),
        case("seed_modulus", (2, 2), "float64", 2 ** 31 - 1),
        case("seed_big", (2, 2), "float64", 2 ** 40 + 17),
    ]


#: std::normal_distribution's polar method takes a log: libm's last ulp is CPU-dependent.
NORMAL = "seeded; compared within the dtype's tolerance (the polar method's log)"


def _gaussian_inplace() -> list[Case]:
    def case(tag: str, dims: tuple[int, ...], dtype: str = "float32", **attrs) -> Case:
        return Case(f"gaussian_inplace_{tag}", "gaussian_inplace", {"x": In(dims, dtype)},
                    attrs={"seed": 9, **attrs}, note=NORMAL)

    return [
        *[case(d, (4, 6), d) for d in ("float32", "float64", "complex64", "complex128")],
        case("mean_std", (5, 7), mean=1.5, std=3.0),
        case("mean_std_complex64", (5, 7), "complex64", mean=1.5, std=3.0),
        case("mean_std_float64", (5, 7), "float64", mean=-2.0, std=0.5),
        case("odd_count", (3, 3)),
        case("across_twist", (20, 33), seed=31337),
        case("negative_seed", (4, 3), seed=-9),
        case("0d", ()),
        case("empty", (0, 3)),
    ]


def _uniform_random_inplace() -> list[Case]:
    def case(tag: str, dims: tuple[int, ...], dtype: str = "float32", **attrs) -> Case:
        return Case(f"uniform_random_inplace_{tag}", "uniform_random_inplace",
                    {"X": In(dims, dtype)}, attrs={"seed": 13, **attrs}, tol=EXACT,
                    note=BIT_EXACT)

    return [
        *[case(d, (4, 6), d) for d in ("float32", "float64")],
        case("range", (5, 7), min=-0.5, max=4.0),
        case("range_float64", (5, 7), "float64", min=100.0, max=100.25),
        case("negative_seed", (3, 4), seed=-5),
        case("across_twist", (20, 33), seed=2 ** 31 - 1),
        case("diag_ignored", (4, 4), diag_num=2, diag_step=1, diag_val=9.0),
        case("0d", ()),
        case("empty", (0, 3)),
    ]


#: uniform_random / gaussian_random: Paddle 3.3.1's CPU dtypes (half: float draws rounded
#: once; complex uniform: n draws of the part's type for the real parts, then n for the
#: imaginary ones; complex gaussian: interleaved draws of std / sqrt 2)
INIT_TYPES = ("float32", "float64", "float16", "bfloat16", "complex64", "complex128")


def _uniform_random() -> list[Case]:
    def case(tag: str, shape: list[int], dtype: str = "float32", **attrs) -> Case:
        return Case(f"uniform_random_{tag}", "uniform_random", {},
                    attrs={"shape": shape, "seed": 17, "dtype": VT[dtype], **attrs},
                    tol=EXACT, note=BIT_EXACT)

    return [
        *[case(d, [4, 6], d) for d in INIT_TYPES],
        case("range", [5, 7], min=-0.5, max=4.0),
        case("range_float64", [5, 7], "float64", min=100.0, max=100.25),
        case("range_complex64", [3, 5], "complex64", min=2.0, max=3.0),
        case("across_twist", [20, 33], seed=2 ** 31 - 1),
        case("empty", [0, 3]),
    ]


def _gaussian_random() -> list[Case]:
    def case(tag: str, shape: list[int], dtype: str = "float32", **attrs) -> Case:
        return Case(f"gaussian_random_{tag}", "gaussian_random", {},
                    attrs={"shape": shape, "seed": 19, "dtype": VT[dtype], **attrs},
                    note=NORMAL)

    return [
        *[case(d, [4, 6], d) for d in INIT_TYPES],
        case("mean_std", [5, 7], mean=1.5, std=3.0),
        case("mean_std_complex128", [5, 7], "complex128", mean=-1.0, std=0.5),
        case("odd_count", [3, 3]),
        case("across_twist", [20, 33], seed=31337),
        case("empty", [0, 3]),
    ]


RANDOM_TYPES = ("int32", "int64", "float32", "float64", "float16", "bfloat16")


def _random() -> list[Case]:
    """`random` fills x with integers in [from, to) from the process-wide generator: a
    range of one value leaves no choice."""
    def case(tag: str, dims: tuple[int, ...], dtype: str, low: int, high: int,
             raises: str | None = None) -> Case:
        return Case(f"random_{tag}", "random", {"x": In(dims, dtype)},
                    attrs={"from": low, "to": high}, raises=raises)

    return [
        *[case(f"{d}_{name}", shape, d, 3, 4) for d in RANDOM_TYPES
          for name, shape in SHAPES.items()],
        case("negative_int64", (5,), "int64", -2 ** 40, -2 ** 40 + 1),
        case("float_empty_range", (3,), "float32", 5, 5, raises="less than"),
    ]


def _binomial() -> list[Case]:
    """Probabilities 0 and 1 and zero counts: draws that leave no choice."""
    counts = [0.0, 3.0, 7.0, 0.0, 12.0, 1.0]
    probs = [0.0, 0.0, 1.0, 1.0, 1.0, 0.0]
    return [
        *[Case(f"binomial_{d}", "binomial", {"count": In((2, 3), d, values=[counts[:3],
                                                                            counts[3:]]),
                                             "prob": In((2, 3), d, values=[probs[:3],
                                                                           probs[3:]])})
          for d in ("float32", "float64")],
        Case("binomial_0d", "binomial", {"count": In((), "float32", values=5.0),
                                         "prob": In((), "float32", values=1.0)}),
        Case("binomial_empty", "binomial", {"count": In((0, 2), "float64"),
                                            "prob": In((0, 2), "float64")}),
    ]


def _dirichlet() -> list[Case]:
    """A last axis of one category: every sample is [1.0] whatever the gamma draw."""
    return [
        *[Case(f"dirichlet_single_category_{d}", "dirichlet",
               {"Alpha": In((4, 1), d, low=0.5, high=3.0)}) for d in ("float32", "float64")],
        Case("dirichlet_1d", "dirichlet", {"Alpha": In((1,), "float32", low=0.5, high=3.0)}),
        Case("dirichlet_empty", "dirichlet", {"Alpha": In((0, 3), "float32")}),
    ]


def _standard_gamma() -> list[Case]:
    """Shapes whose draw Paddle's sampler fixes: 0, NaN and anything at most -2/3 give the
    dtype's smallest normal, +inf gives +inf, and a tiny float64 shape's boost factor
    (1 - u) ** 1e30 underflows to 0 (the smallest normal again) unless u is exactly 0."""
    edges = [0.0, -0.7, -1.0, -5.0, -INF, NAN, INF]
    return [
        *[Case(f"standard_gamma_edges_{d}", "standard_gamma",
               {"x": In((len(edges),), d, values=edges)}) for d in ("float32", "float64")],
        Case("standard_gamma_tiny_float64", "standard_gamma",
             {"x": In((2, 2), "float64", values=[[1e-30, 1e-100], [0.0, 1e-300]])}),
        Case("standard_gamma_0d", "standard_gamma", {"x": In((), "float32", values=INF)}),
        Case("standard_gamma_empty", "standard_gamma", {"x": In((0, 3), "float64")}),
    ]


def _gumbel_softmax() -> list[Case]:
    """softmax((X + g) / temperature) with Gumbel noise g in about [-2.5, 37): where the
    other logits lie more than 64 * temperature + 40 below a row's maximum, Paddle's
    softmax (shifted logits clipped at -64) gives the same values whatever the noise."""
    rows = [[0.0, 500.0, -300.0], [900.0, 100.0, 0.0]]
    cube = [[[0.0, 800.0], [700.0, 0.0], [-400.0, 100.0]]]

    def case(tag: str, values: list, dtype: str = "float32", **attrs) -> Case:
        shape = np.asarray(values).shape
        return Case(f"gumbel_softmax_{tag}", "gumbel_softmax",
                    {"X": In(shape, dtype, values=values)}, attrs=attrs)

    return [
        *[case(d, rows, d) for d in ("float32", "float64")],
        *[case(f"hard_{d}", rows, d, hard=True) for d in ("float32", "float64")],
        case("axis0", rows, axis=0),
        case("3d_axis1", cube, axis=1, temperature=2.0),
        case("3d_hard_axis1", cube, "float64", axis=1, hard=True),
        case("temperature", rows, "float64", temperature=0.5),
        Case("gumbel_softmax_empty", "gumbel_softmax", {"X": In((0, 3), "float32")}),
    ]


def _rrelu() -> list[Case]:
    """Paddle 3.3.1's save_inference_model drops rrelu's extra Noise output, and its kernel
    then refuses to run ("Required tensor shall not be nullptr"): a saved rrelu program
    never runs in Paddle, so these cases pin that refusal (values: test_random_ops.py)."""
    return [
        *[Case(f"rrelu_saved_{d}", "rrelu", {"X": In((4, 6), d)}, attrs={"is_test": True},
               raises="Required tensor shall not be nullptr")
          for d in ("float32", "float64", "float16")],
        Case("rrelu_saved_train", "rrelu", {"X": In((4, 6), "float32")},
             raises="Required tensor shall not be nullptr"),
    ]


BERNOULLI_TYPES = ("float32", "float64")

CASES = [
    *_uniform_random(),
    *_gaussian_random(),
    *_uniform_random_batch_size_like(),
    *_truncated_gaussian_random(),
    *_randint_cases(),
    *_randperm(),
    *_bernoulli(),
    *_multinomial(),
    *_exponential(),
    *_poisson(),
    *_seed(),
    *_shuffle_batch(),
    *_gaussian_inplace(),
    *_uniform_random_inplace(),
    *_random(),
    *_binomial(),
    *_dirichlet(),
    *_standard_gamma(),
    *_gumbel_softmax(),
    *_rrelu(),
]
