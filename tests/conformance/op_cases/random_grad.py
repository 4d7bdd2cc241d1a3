"""Grads of the random family where Paddle's forward leaves no choice: rrelu in inference
(slope (lower + upper) / 2) and in training with lower == upper (rrelu_grad multiplies
Out@GRAD by the forward's Noise).

gaussian_inplace, uniform_random_inplace, poisson and random: X@GRAD is zero whatever the
draw (0-d and empty too; random in float16 / bfloat16 as well). gumbel_softmax_grad and
shuffle_batch_grad depend on the forward's draw (Out, ShuffleIdx), which fluidphi cannot
reproduce: they are exported as lone grad ops fed those (gumbel_softmax_grad is softmax's
gradient from Out without the 1 / temperature, as Paddle's kernel; `hard` Out one-hot)."""

from .spec import Case, GradCase, In


def _rrelu(tag: str, dtype: str, **attrs) -> GradCase:
    x = In((4, 6), dtype, special=(0.0, -0.0, 1.0, -1.0))
    return GradCase(Case(f"rrelu_{tag}_{dtype}", "rrelu", {"X": x}, attrs=attrs), ("X",),
                    of=("Out",))


GRAD_CASES = [
    *[_rrelu("test", d, is_test=True) for d in ("float32", "float64")],
    _rrelu("test_bounds", "float32", is_test=True, lower=0.05, upper=0.6),
    *[_rrelu("train_fixed", d, lower=0.25, upper=0.25) for d in ("float32", "float64")],
]



def _zero(name: str, op: str, slot: str, x: In, **attrs) -> GradCase:
    return GradCase(Case(f"{op}_{name}", op, {slot: x}, attrs=attrs), (slot,))


GRAD_CASES += [
    *(_zero(d, "gaussian_inplace", "x", In((4, 6), d), seed=9)
      for d in ("float32", "float64", "complex64")),
    _zero("0d", "gaussian_inplace", "x", In((), "float64"), seed=9, mean=1.0, std=2.0),
    *(_zero(d, "uniform_random_inplace", "X", In((3, 5), d), seed=13)
      for d in ("float32", "float64")),
    _zero("empty", "uniform_random_inplace", "X", In((0, 3), "float32"), seed=13),
    *(_zero(d, "poisson", "X", In((3, 4), d, low=0.0, high=5.0)) for d in ("float32", "float64")),
    *(_zero(d, "random", "x", In((3, 4), d), **{"from": 3, "to": 4})
      for d in ("float32", "float64", "float16", "bfloat16")),
]


def _gumbel(name: str, dims: tuple[int, ...], dtype: str, **attrs) -> GradCase:
    return GradCase(Case(f"gumbel_softmax_grad_{name}", "gumbel_softmax_grad",
                         {"Out": In(dims, dtype, 0.0, 1.0), "Out@GRAD": In(dims, dtype)},
                         attrs=attrs), ("X",))


GRAD_CASES += [
    *(_gumbel(d, (3, 5), d) for d in ("float32", "float64")),
    _gumbel("axis0_temperature", (4, 3), "float64", axis=0, temperature=0.5),
    GradCase(Case("gumbel_softmax_grad_hard", "gumbel_softmax_grad",
                  {"Out": In((2, 4), "float32", values=[[0.0, 1.0, 0.0, 0.0],
                                                        [0.0, 0.0, 0.0, 1.0]]),
                   "Out@GRAD": In((2, 4), "float32")}, attrs={"hard": True}), ("X",)),
    *(GradCase(Case(f"shuffle_batch_grad_{d}", "shuffle_batch_grad",
                    {"ShuffleIdx": In((4,), "int64", values=[2, 0, 3, 1]),
                     "Out@GRAD": In((4, 3), d)}), ("X",)) for d in ("float32", "float64")),
    GradCase(Case("shuffle_batch_grad_3d", "shuffle_batch_grad",
                  {"ShuffleIdx": In((6,), "int64", values=[5, 3, 4, 0, 2, 1]),
                   "Out@GRAD": In((2, 3, 2), "float64")}), ("X",)),
]
