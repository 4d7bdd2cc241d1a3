"""Sorting and searching: arg_min (and the existing arg_max), argsort, top_k_v2, kthvalue,
mode, searchsorted.

Paddle's CPU kernels order (value, index) pairs with libstdc++'s std::sort /
std::nth_element / std::partial_sort under a comparator that puts NaN above every number
(first when descending / largest, last otherwise) and keeps -0.0 == 0.0. Where those
algorithms are stable (insertion sort: rows of at most 16 for std::sort, 3 for
nth_element; std::stable_sort) or the result is fully determined by the values, every
output is compared. Where they are not, the order of equal elements (and, for top_k_v2
with sorted=False, of all k) is an artefact of libstdc++'s introsort / introselect: those
cases fetch only the values, and tests/ops/test_sort_search_ops.py checks that fluidphi's
indices point at them (fluidphi breaks ties by the lower index).
"""

from .spec import INF, NAN, SHAPES, Case, In, sweep

_MAIN = {"4x6": SHAPES["4x6"]}
_ARTEFACT = ("Paddle's order of equal elements is libstdc++'s introsort/introselect's: values "
             "only, and the sign of a zero picked among -0.0 / 0.0 is that order's too")
#: rows of 6 with ties, signed zeros, NaN and infinities
_TIE_ROWS = [[1.0, 3.0, 3.0, 2.0, 3.0, 1.0], [0.0, -0.0, 0.0, -1.0, -0.0, 1.0],
             [NAN, 1.0, NAN, -INF, INF, 1.0], [2.0, 2.0, 2.0, 2.0, 2.0, 2.0],
             [-INF, INF, NAN, 0.0, -INF, INF]]
_INT_TIE_ROWS = [[1, 3, 3, 2, 3, 1], [0, 0, -1, 5, 5, -1], [7, 7, 7, 7, 7, 7],
                 [-2**31, 2**31 - 1, 0, -2**31, 2**31 - 1, 0]]
#: float edges without the -0.0 / 0.0 tie (whose pick is the algorithm's)
_NO_ZERO_TIE = (NAN, INF, -INF, 0.0, 1.0, -1.0)
_ARG_TYPES = ("float32", "float64", "int16", "int32", "int64", "uint8")
_SORT_TYPES = ("float32", "float64", "int16", "int32", "int64", "uint8", "float16", "bfloat16")


def _rows(dtype: str, rows: list) -> In:
    return In((len(rows), len(rows[0])), dtype, values=rows)


_FMAX = 3.4028234663852886e38
#: rows where NaN, the largest / lowest float and infinities meet (Eigen's arg reducers
#: start from the type's highest / lowest value and never take a NaN)
_ARG_EDGE_ROWS = [[NAN, _FMAX, INF], [INF, INF, _FMAX], [NAN, NAN, 5.0], [NAN, -_FMAX, -INF],
                  [-INF, -INF, -_FMAX], [NAN, NAN, NAN], [2.0, NAN, 2.0]]


def _arg(op: str) -> list[Case]:
    """arg_min / arg_max (ties: the lowest index)."""
    return [
        *sweep(op, ["X"], _ARG_TYPES, shapes=_MAIN, attrs={"axis": 0}, low=-50, high=50),
        *sweep(op, ["X"], ("float32", "int64"), shapes={"0d": ()}, attrs={"axis": 0}),
        Case(f"{op}_empty_axis1_float32", op, {"X": In((0, 3), "float32")},
             attrs={"axis": 1}),
        Case(f"{op}_ties_float32", op, {"X": _rows("float32", _TIE_ROWS)}, attrs={"axis": 1}),
        Case(f"{op}_ties_float64", op, {"X": _rows("float64", _TIE_ROWS)}, attrs={"axis": 1}),
        Case(f"{op}_ties_int32", op, {"X": _rows("int32", _INT_TIE_ROWS)}, attrs={"axis": 1}),
        Case(f"{op}_edges_float32", op, {"X": _rows("float32", _ARG_EDGE_ROWS)},
             attrs={"axis": 1}),
        Case(f"{op}_keepdims_int32_out", op, {"X": In((2, 3, 4), "float32")},
             attrs={"axis": -2, "keepdims": True, "dtype": 2}),
        Case(f"{op}_flatten_float64", op, {"X": In((2, 3, 4), "float64")},
             attrs={"axis": 1, "flatten": True}),
        Case(f"{op}_flatten_keepdims_int64", op, {"X": In((2, 3), "int64")},
             attrs={"axis": 0, "flatten": True, "keepdims": True}),
        Case(f"{op}_nan_column_float32", op,
             {"X": In((3, 4), "float32", values=[[1.0, NAN, 2.0, NAN], [NAN, 0.5, NAN, NAN],
                                                 [0.0, 0.5, NAN, NAN]])}, attrs={"axis": 0}),
    ]


def _argsort() -> list[Case]:
    return [
        *sweep("argsort", ["X"], ("float32", "float64", "int32", "int64"), low=-50, high=50),
        *sweep("argsort", ["X"], ("int16", "uint8", "float16", "bfloat16"), shapes=_MAIN,
               low=-50, high=50),
        *[Case(f"argsort_ties{tag}_{dtype}", "argsort", {"X": _rows(dtype, rows)},
               attrs=attrs)
          for dtype, rows in (("float32", _TIE_ROWS), ("float64", _TIE_ROWS),
                              ("int32", _INT_TIE_ROWS))
          for tag, attrs in (("", {}), ("_desc", {"descending": True}),
                             ("_stable_desc", {"descending": True, "stable": True}))],
        *[Case(f"argsort_long_ties_stable{tag}_{dtype}", "argsort",
               {"X": In((3, 40), dtype, 0, 3)}, attrs={"stable": True, **attrs})
          for dtype in ("float32", "int64")
          for tag, attrs in (("", {}), ("_desc", {"descending": True}))],
        Case("argsort_long_ties_unstable_int64", "argsort", {"X": In((3, 40), "int64", 0, 3)},
             fetch=("Out",), zero_sign=False, note=_ARTEFACT),
        Case("argsort_long_distinct_float32", "argsort", {"X": In((3, 40), "float32")},
             attrs={"descending": True}),
        Case("argsort_axis0_float32", "argsort", {"X": In((5, 3), "float32")},
             attrs={"axis": 0}),
        Case("argsort_3d_axis1_desc_int32", "argsort", {"X": In((2, 4, 3), "int32", -99, 99)},
             attrs={"axis": 1, "descending": True, "stable": True}),
        Case("argsort_nan_long_float32", "argsort",
             {"X": In((2, 20), "float32", special=(NAN, INF, -INF, NAN, -0.0, 0.0))},
             attrs={"stable": True}),
        Case("argsort_nan_long_desc_float64", "argsort",
             {"X": In((2, 20), "float64", special=(NAN, INF, -INF, NAN, -0.0, 0.0))},
             attrs={"stable": True, "descending": True}),
    ]


def _top_k() -> list[Case]:
    return [
        *sweep("top_k_v2", ["X"], ("float32", "float64", "int32", "int64", "float16"),
               shapes=_MAIN, attrs={"k": 3}, low=-1000, high=1000),
        Case("top_k_v2_0d_float32", "top_k_v2", {"X": In((), "float32", values=2.5)},
             attrs={"k": 1}),
        Case("top_k_v2_empty_rows_float32", "top_k_v2", {"X": In((0, 3), "float32")},
             attrs={"k": 2}),
        *[Case(f"top_k_v2_{tag}_float32", "top_k_v2", {"X": In((3, 10), "float32")},
               attrs={"k": 4, **attrs})
          for tag, attrs in (("smallest", {"largest": False}), ("axis0", {"axis": 0, "k": 2}),
                             ("k_all", {"k": 10}), ("k1_unsorted", {"k": 1, "sorted": False}))],
        Case("top_k_v2_3d_axis1_int64", "top_k_v2", {"X": In((2, 5, 3), "int64", -999, 999)},
             attrs={"k": 2, "axis": 1}),
        Case("top_k_v2_k_tensor_float32", "top_k_v2",
             {"X": In((3, 6), "float32"), "K": In((1,), "int32", values=[2])}, attrs={"k": 5}),
        Case("top_k_v2_partial_sort_unsorted_float32", "top_k_v2",
             {"X": In((2, 130), "float32")}, attrs={"k": 2, "sorted": False},
             note="k * 64 < n: Paddle's partial_sort gives sorted values whatever `sorted`"),
        Case("top_k_v2_partial_sort_smallest_float64", "top_k_v2",
             {"X": In((2, 70), "float64")}, attrs={"k": 1, "largest": False}),
        Case("top_k_v2_nan_distinct_float32", "top_k_v2",
             {"X": In((2, 6), "float32", values=[[NAN, 1.0, INF, -INF, 0.5, -2.0],
                                                 [-1.0, -INF, 3.0, 2.0, NAN, 0.0]])},
             attrs={"k": 3}),
        Case("top_k_v2_nan_distinct_smallest_float32", "top_k_v2",
             {"X": In((2, 6), "float32", values=[[NAN, 1.0, INF, -INF, 0.5, -2.0],
                                                 [-1.0, -INF, 3.0, 2.0, NAN, 0.0]])},
             attrs={"k": 5, "largest": False}),
        *[Case(f"top_k_v2_ties{tag}_{dtype}", "top_k_v2", {"X": _rows(dtype, rows)},
               attrs={"k": 3, **attrs}, fetch=("Out",), zero_sign=False, note=_ARTEFACT)
          for dtype, rows in (("float32", _TIE_ROWS), ("int32", _INT_TIE_ROWS))
          for tag, attrs in (("", {}), ("_smallest", {"largest": False}))],
        Case("top_k_v2_k_too_big", "top_k_v2", {"X": In((2, 3), "float32")}, attrs={"k": 4},
             raises="k|top"),
    ]


def _kthvalue() -> list[Case]:
    return [
        *sweep("kthvalue", ["X"], ("float32", "float64"), shapes=_MAIN, attrs={"k": 2},
               low=-1000, high=1000, special=_NO_ZERO_TIE),
        *sweep("kthvalue", ["X"], ("int32", "int64"), shapes=_MAIN, attrs={"k": 2},
               low=-1000, high=1000),
        Case("kthvalue_0d_float32", "kthvalue", {"X": In((), "float32", values=-1.5)}),
        *[Case(f"kthvalue_{tag}_float64", "kthvalue", {"X": In((3, 7), "float64")},
               attrs=attrs)
          for tag, attrs in (("k7", {"k": 7}), ("axis0_keep", {"k": 3, "axis": 0,
                                                                "keepdim": True}),
                             ("k1_keep", {"k": 1, "keepdim": True}))],
        Case("kthvalue_3d_axis1_int32", "kthvalue", {"X": In((2, 5, 3), "int32", -999, 999)},
             attrs={"k": 4, "axis": 1}),
        Case("kthvalue_partial_sort_float32", "kthvalue", {"X": In((2, 140), "float32")},
             attrs={"k": 2}),
        Case("kthvalue_nan_distinct_float32", "kthvalue",
             {"X": In((2, 6), "float32", values=[[NAN, 1.0, INF, -INF, 0.5, -2.0],
                                                 [-1.0, -INF, 3.0, 2.0, NAN, 0.0]])},
             attrs={"k": 6}),
        *[Case(f"kthvalue_ties_k{k}_{dtype}", "kthvalue", {"X": _rows(dtype, rows)},
               attrs={"k": k}, fetch=("Out",), zero_sign=False, note=_ARTEFACT)
          for dtype, rows in (("float32", _TIE_ROWS), ("int64", _INT_TIE_ROWS)) for k in (2, 5)],
        Case("kthvalue_k_too_big", "kthvalue", {"X": In((2, 3), "float32")}, attrs={"k": 4},
             raises="k"),
    ]


def _mode() -> list[Case]:
    return [
        *sweep("mode", ["X"], ("float32", "float64", "int32", "int64"), shapes=_MAIN,
               low=0, high=4),
        Case("mode_0d_float32", "mode", {"X": In((), "float32", values=0.5)}),
        Case("mode_ties_float32", "mode", {"X": _rows("float32", _TIE_ROWS)}),
        Case("mode_ties_float64", "mode", {"X": _rows("float64", _TIE_ROWS)}),
        Case("mode_ties_int32", "mode", {"X": _rows("int32", _INT_TIE_ROWS)}),
        Case("mode_axis0_keepdim_int64", "mode", {"X": In((7, 3), "int64", 0, 3)},
             attrs={"axis": 0, "keepdim": True}),
        Case("mode_3d_axis1_float32", "mode", {"X": In((2, 9, 3), "float32", 0, 3)},
             attrs={"axis": 1}),
        Case("mode_long_rows_int64", "mode", {"X": In((3, 40), "int64", 0, 5)},
             fetch=("Out",), zero_sign=False, note=_ARTEFACT),
        Case("mode_all_nan_float32", "mode",
             {"X": In((2, 4), "float32", values=[[NAN, NAN, NAN, NAN], [NAN, 1.0, NAN, 1.0]])}),
    ]


#: sorted sequences with repeats, infinities and NaN last (ascending as Paddle requires)
_SEQ = [[-INF, -1.0, 0.0, 0.0, 2.5, 2.5, 2.5, 7.0, INF, NAN],
        [-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]
_VALUES = [[-INF, -2.0, 0.0, -0.0, 2.5, 3.0, INF, NAN], [-9.0, -2.0, 0.5, 6.0, 7.0, NAN, INF, -0.0]]


def _searchsorted() -> list[Case]:
    cases = []
    for dtype in ("float32", "float64"):
        for tag, attrs in (("", {}), ("_right", {"right": True}),
                           ("_int32", {"out_int32": True})):
            cases.append(Case(f"searchsorted{tag}_{dtype}", "searchsorted",
                              {"SortedSequence": _rows(dtype, _SEQ),
                               "Values": _rows(dtype, _VALUES)}, attrs=attrs))
    for dtype in ("int32", "int64"):
        seq = [[-5, -5, 0, 1, 1, 1, 9], [0, 2, 4, 6, 8, 10, 12]]
        values = [[-6, -5, 0, 1, 2, 9, 10], [13, 12, 5, 4, -1, 0, 8]]
        for tag, attrs in (("", {}), ("_right", {"right": True})):
            cases.append(Case(f"searchsorted{tag}_{dtype}", "searchsorted",
                              {"SortedSequence": _rows(dtype, seq),
                               "Values": _rows(dtype, values)}, attrs=attrs))
    return [
        *cases,
        Case("searchsorted_int64_seq_float64_values", "searchsorted",
             {"SortedSequence": In((2, 4), "int64", values=[[-2, 0, 0, 5], [1, 2, 3, 2**53 + 1]]),
              "Values": In((2, 3), "float64", values=[[-0.5, 0.0, 4.9], [2.5, 9e15, NAN]])},
             note="Values keep their own type (Paddle compares int64 with double)"),
        Case("searchsorted_1d_seq_float32", "searchsorted",
             {"SortedSequence": In((5,), "float32", values=[0.0, 1.0, 2.0, 3.0, 4.0]),
              "Values": In((2, 3), "float32", -1, 5)}, attrs={"right": True}),
        Case("searchsorted_3d_int64", "searchsorted",
             {"SortedSequence": In((2, 2, 4), "int64", values=[[[0, 1, 2, 3], [5, 5, 5, 5]],
                                                               [[-3, 0, 3, 6], [1, 2, 2, 9]]]),
              "Values": In((2, 2, 3), "int64", -4, 10)}),
        Case("searchsorted_0d_values_float64", "searchsorted",
             {"SortedSequence": In((4,), "float64", values=[1.0, 2.0, 3.0, 4.0]),
              "Values": In((), "float64", values=2.5)}),
        Case("searchsorted_empty_values_float32", "searchsorted",
             {"SortedSequence": In((2, 4), "float32", values=[[0.0, 1.0, 2.0, 3.0]] * 2),
              "Values": In((2, 0), "float32")}),
        Case("searchsorted_empty_seq_float32", "searchsorted",
             {"SortedSequence": In((0,), "float32"), "Values": In((3,), "float32")}),
    ]


CASES = [*_arg("arg_min"), *_arg("arg_max"), *_argsort(), *_top_k(), *_kthvalue(), *_mode(),
         *_searchsorted()]
