"""Grads of the indexing family: index_add (X's gradient passes through, AddValue's is the
output gradient selected at Index along the axis); float32 and float64."""

from .spec import FLOATS, Case, GradCase, In


def _cases(dtype: str) -> list[GradCase]:
    return [
        GradCase(Case(f"index_add_axis1_{dtype}", "index_add",
                      {"X": In((3, 4), dtype), "Index": In((3,), "int64", values=[3, 0, -1]),
                       "AddValue": In((3, 3), dtype)}, attrs={"axis": 1}), ("X", "AddValue")),
        GradCase(Case(f"index_put_{dtype}", "index_put",
                      {"x": In((3, 4), dtype),
                       "indices": [In((3,), "int64", values=[2, 0, 2])],
                       "value": In((4,), dtype)}, attrs={"accumulate": True}), ("x", "value")),
    ]


GRAD_CASES = [case for dtype in FLOATS for case in _cases(dtype)]
