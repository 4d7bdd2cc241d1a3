"""Grads of the manipulation family: reverse (Paddle's grad of reverse is a reverse op) and
unstack (PHI unstack_grad: the output gradients stacked back along the axis); float32 and
float64."""

from .manipulation import OUTPUT_COUNTS
from .spec import FLOATS, Case, GradCase, In

__all__ = ["GRAD_CASES", "OUTPUT_COUNTS"]


def _cases(dtype: str) -> list[GradCase]:
    return [
        GradCase(Case(f"reverse_axes_{dtype}", "reverse", {"X": In((2, 3, 4), dtype)},
                      attrs={"axis": [0, -1]}), ("X",)),
        GradCase(Case(f"unstack_axis1_{dtype}", "unstack", {"X": In((2, 3, 4), dtype)},
                      attrs={"axis": 1, "num": 3}), ("X",)),
        GradCase(Case(f"unstack_axis_neg_{dtype}", "unstack", {"X": In((3, 2), dtype)},
                      attrs={"axis": -1, "num": 2}), ("X",)),
    ]


GRAD_CASES = [case for dtype in FLOATS for case in _cases(dtype)]
