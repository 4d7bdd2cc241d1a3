"""Grads of the manipulation family: reverse (Paddle's grad of reverse is a reverse op),
unstack (PHI unstack_grad: the output gradients stacked back along the axis),
scatter_nd_add, broadcast_tensors, partial_concat, partial_sum and multiplex; float32 and
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
        GradCase(Case(f"scatter_nd_add_{dtype}", "scatter_nd_add",
                      {"X": In((3, 4), dtype), "Updates": In((3,), dtype),
                       "Index": In((3, 2), "int64", values=[[1, 2], [1, 2], [0, -1]])}),
                 ("X", "Updates")),
        GradCase(Case(f"broadcast_tensors_{dtype}", "broadcast_tensors",
                      {"X": [In((3, 1), dtype), In((1, 4), dtype), In((4,), dtype)]}), ("X",)),
        GradCase(Case(f"partial_concat_{dtype}", "partial_concat",
                      {"X": [In((2, 5), dtype), In((2, 5), dtype)]},
                      attrs={"start_index": 1, "length": 3}), ("X",)),
        GradCase(Case(f"partial_sum_{dtype}", "partial_sum",
                      {"X": [In((2, 5), dtype), In((2, 5), dtype)]},
                      attrs={"start_index": 0, "length": 2}), ("X",)),
        GradCase(Case(f"multiplex_{dtype}", "multiplex",
                      {"X": [In((4, 3), dtype), In((4, 3), dtype)],
                       "Ids": In((4, 1), "int32", values=[[1], [0], [1], [1]])}), ("X",)),
    ]


GRAD_CASES = [case for dtype in FLOATS for case in _cases(dtype)]
