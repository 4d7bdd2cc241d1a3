"""Grads of the random family where Paddle's forward leaves no choice: rrelu in inference
(slope (lower + upper) / 2) and in training with lower == upper (rrelu_grad multiplies
Out@GRAD by the forward's Noise)."""

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
