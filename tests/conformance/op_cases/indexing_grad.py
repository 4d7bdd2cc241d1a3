"""Grads of the indexing family: index_add (X's gradient passes through, AddValue's is the
output gradient selected at Index along the axis), index_put, index_select, gather_nd,
scatter (X's gradient is zero at the scattered rows; Updates' is the output gradient at
Ids, for every duplicate, whatever `overwrite`), take_along_axis, put_along_axis
(every reduce mode, with and without include_self), index_sample,
masked_select and masked_fill (broadcast masks: summed back to x's dims); float32 and
float64.

Negative ids are left out of index_select's cases: Paddle 3.3.1's index_select_grad wraps a
negative id by the number of ids, not by X's dim (with 4 ids into 3 columns, -3 lands in
column 1, not 0: a Paddle bug); fluidphi wraps it by X's dim, as the forward does.
masked_fill's cases differentiate x alone: Paddle 3.3.1's CPU masked_fill_grad gives
value@GRAD the mask's dims and leaves the elements where mask is false unwritten (whatever
was in memory: a Paddle bug); fluidphi's is the sum of out@GRAD where mask holds, in
value's dims (tests/api/grad_fd/indexing_grad.py checks it by finite differences)."""

from ._inputs import ids
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
        GradCase(Case(f"index_select_repeats_{dtype}", "index_select",
                      {"X": In((4, 3), dtype), "Index": ids([3, 0, 0, 2])}), ("X",)),
        GradCase(Case(f"index_select_dim_neg_{dtype}", "index_select",
                      {"X": In((2, 5, 3), dtype), "Index": ids([2, 2, 1, 0], "int32")},
                      attrs={"dim": -1}), ("X",)),
        GradCase(Case(f"gather_nd_{dtype}", "gather_nd",
                      {"X": In((3, 4, 2), dtype), "Index": ids([[0, 1], [2, 3], [0, 1]])}),
                 ("X",)),
        GradCase(Case(f"gather_nd_depth1_{dtype}", "gather_nd",
                      {"X": In((3, 4), dtype), "Index": ids([[2], [-1], [0]], "int32")}),
                 ("X",)),
        GradCase(Case(f"gather_nd_depth0_{dtype}", "gather_nd",
                      {"X": In((2, 3), dtype), "Index": In((2, 0), "int64")}), ("X",)),
        GradCase(Case(f"scatter_overwrite_{dtype}", "scatter",
                      {"X": In((5, 3), dtype), "Ids": ids([1, 3, 1, -1, 1]),
                       "Updates": In((5, 3), dtype)}), ("X", "Updates")),
        GradCase(Case(f"scatter_add_{dtype}", "scatter",
                      {"X": In((5, 3), dtype), "Ids": ids([1, 3, 1, 0, 1], "int32"),
                       "Updates": In((5, 3), dtype)}, attrs={"overwrite": False}),
                 ("X", "Updates")),
        GradCase(Case(f"take_along_axis_{dtype}", "take_along_axis",
                      {"Input": In((4, 5), dtype), "Index": ids([[0, 1, 2], [3, 0, -1]])},
                      attrs={"Axis": 0}), ("Input",)),
        GradCase(Case(f"take_along_axis_longer_{dtype}", "take_along_axis",
                      {"Input": In((2, 3), dtype),
                       "Index": ids([[0, 2, 1, 1, 0], [2, 2, 2, 0, 1]], "int32")},
                      attrs={"Axis": 1}), ("Input",)),
        *(GradCase(Case(f"put_along_axis_{reduce}_{'self' if keep else 'noself'}_{dtype}",
                        "put_along_axis",
                        {"Input": In((3, 4), dtype, values=_PUT_INPUT),
                         "Index": ids([[0, 2, 0], [1, 1, 1], [3, 0, 3]]),
                         "Value": In((3, 3), dtype, values=_PUT_VALUE)},
                        attrs={"Axis": 1, "Reduce": reduce, "Include_self": keep}),
                   ("Input", "Value"))
          for reduce in ("assign", "add", "mul", "mean", "amin", "amax")
          for keep in (True, False)),
        GradCase(Case(f"index_sample_{dtype}", "index_sample",
                      {"X": In((3, 5), dtype), "Index": ids([[0, 4, 4], [1, 1, 0], [3, 2, 1]])}),
                 ("X",)),
        GradCase(Case(f"masked_select_bcast_{dtype}", "masked_select",
                      {"X": In((2, 3, 4), dtype), "Mask": In((3, 1), "bool",
                                                              values=[[True], [False], [True]])}),
                 ("X",)),
        GradCase(Case(f"masked_select_{dtype}", "masked_select",
                      {"X": In((3, 4), dtype), "Mask": In((3, 4), "bool")}), ("X",)),
        GradCase(Case(f"masked_fill_{dtype}", "masked_fill",
                      {"x": In((3, 4), dtype), "mask": In((3, 4), "bool"),
                       "value": In((), dtype, values=7.0)}), ("x",)),
        GradCase(Case(f"masked_fill_bcast_{dtype}", "masked_fill",
                      {"x": In((2, 3, 4), dtype), "mask": In((3, 1), "bool",
                                                             values=[[True], [False], [True]]),
                       "value": In((1,), dtype, values=[-1.5])}), ("x",)),
    ]


#: put_along_axis inputs: ties between values and with the input (amin / amax share the
#: gradient among equal values as Paddle 3.3.1 does) and a repeated target (assign: the last
#: value put gets the gradient).
_PUT_INPUT = [[1.0, 2.0, 3.0, 0.5], [4.0, -1.0, 2.0, 2.0], [0.5, 5.0, -3.0, 1.0]]
_PUT_VALUE = [[2.0, 3.0, 1.0], [-1.0, 0.5, 4.0], [1.0, 5.0, 0.25]]

def _edges() -> list[GradCase]:
    """complex128 where Paddle 3.3.1 registers the grad kernel, empty ids, 0-D tensors."""
    c = "complex128"
    return [
        GradCase(Case("index_select_complex128", "index_select",
                      {"X": In((4, 3), c), "Index": ids([3, 0, 0, 2])}), ("X",)),
        GradCase(Case("index_select_empty_ids_float64", "index_select",
                      {"X": In((4, 3), "float64"), "Index": In((0,), "int64")},
                      attrs={"dim": 1}), ("X",)),
        GradCase(Case("gather_nd_complex128", "gather_nd",
                      {"X": In((3, 4), c), "Index": ids([[2, 1], [2, 1], [0, 3]])}), ("X",)),
        GradCase(Case("gather_nd_empty_ids_float64", "gather_nd",
                      {"X": In((3, 4), "float64"), "Index": In((0, 2), "int64")}), ("X",)),
        GradCase(Case("scatter_ids_0d_float64", "scatter",
                      {"X": In((4, 3), "float64"), "Ids": In((), "int64", values=-1),
                       "Updates": In((3,), "float64")}, attrs={"overwrite": False}),
                 ("X", "Updates")),
        GradCase(Case("index_sample_complex128", "index_sample",
                      {"X": In((2, 4), c), "Index": ids([[3, 0, 3], [1, 1, 2]])}), ("X",)),
        GradCase(Case("masked_select_complex128", "masked_select",
                      {"X": In((2, 3), c), "Mask": In((2, 3), "bool",
                                                      values=[[True, False, True],
                                                              [False, True, True]])}),
                 ("X",)),
        GradCase(Case("masked_select_none_float64", "masked_select",
                      {"X": In((2, 3), "float64"),
                       "Mask": In((2, 3), "bool", values=[[False] * 3] * 2)}), ("X",)),
        GradCase(Case("masked_fill_complex128", "masked_fill",
                      {"x": In((2, 3), c), "mask": In((2, 3), "bool",
                                                      values=[[True, False, True],
                                                              [False, False, True]]),
                       "value": In((), c, values=1.5)}), ("x",)),
        GradCase(Case("masked_fill_0d_float64", "masked_fill",
                      {"x": In((), "float64", values=3.0), "mask": In((), "bool", values=False),
                       "value": In((), "float64", values=-2.0)}), ("x",)),
    ]


GRAD_CASES = [case for dtype in FLOATS for case in _cases(dtype)] + _edges()
