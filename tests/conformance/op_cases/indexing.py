"""Indexing: gather_nd, index_select, index_sample, take_along_axis, put_along_axis, scatter,
index_add, index_put, masked_fill, masked_select and where_index (Paddle's nonzero).

Index tensors are int32 or int64; negative ids count from the end where Paddle allows them
(gather_nd, index_select, take_along_axis, put_along_axis, scatter) and raise where it
does not (index_sample); ids out of range raise. masked_select and where_index have
data-dependent output shapes.
"""

from ._inputs import data, ids
from .spec import SHAPES, Case, In

#: Every dtype Paddle 3.3.1 registers on CPU for some op of the family.
_ALL = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
        "float32", "float64", "complex64", "complex128")



def _api(dtype: str, api: str) -> str | None:
    """The Paddle API for the float32 case of a dtype sweep (its dtype checks reject some
    dtypes the op has kernels for); the others are built with append_op."""
    return api if dtype == "float32" else None



def _gather_nd() -> list[Case]:
    dtypes = ("bool", "uint8", "int8", "int16", "int32", "int64", "float32", "float64",
              "complex64", "complex128")
    cases = [Case(f"gather_nd_{d}", "gather_nd",
                  {"X": data((3, 4, 2), d), "Index": ids([[0, 1], [2, 3], [1, 0]])},
                  api=_api(d, "paddle.gather_nd")) for d in dtypes]
    return [
        *cases,
        Case("gather_nd_full_depth_int32_ids", "gather_nd",
             {"X": data((3, 4, 2), "float32"), "Index": ids([[[0, 1, 1], [2, 3, 0]]], "int32")},
             api="paddle.gather_nd"),
        Case("gather_nd_depth1", "gather_nd",
             {"X": data((3, 4), "float64"), "Index": ids([[2], [0], [2]])}, api="paddle.gather_nd"),
        Case("gather_nd_negative_ids", "gather_nd",
             {"X": data((3, 4), "int64"), "Index": ids([[-1, -4], [0, -1]])},
             api="paddle.gather_nd"),
        Case("gather_nd_depth0", "gather_nd",
             {"X": data((2, 3), "float32"), "Index": In((2, 0), "int64")}),
        Case("gather_nd_empty_ids", "gather_nd",
             {"X": data((3, 4), "float32"), "Index": In((0, 2), "int64")},
             api="paddle.gather_nd"),
        Case("gather_nd_empty_x", "gather_nd",
             {"X": data((3, 0), "float32"), "Index": ids([[1], [2]])}, api="paddle.gather_nd"),
        Case("gather_nd_out_of_range", "gather_nd",
             {"X": data((3, 4), "float32"), "Index": ids([[3, 0]])}, raises="wrong value"),
    ]


def _index_select() -> list[Case]:
    dtypes = ("bool", "int32", "int64", "bfloat16", "float32", "float64", "complex64",
              "complex128")
    cases = [Case(f"index_select_{d}", "index_select",
                  {"X": data((4, 3), d), "Index": ids([3, 0, 0, -1])},
                  api=_api(d, "paddle.index_select")) for d in dtypes]
    return [
        *cases,
        Case("index_select_dim1_int32_ids", "index_select",
             {"X": data((2, 5, 3), "float32"), "Index": ids([4, -5, 2], "int32")},
             attrs={"dim": 1}),
        Case("index_select_dim_neg", "index_select",
             {"X": data((2, 5, 3), "int64"), "Index": ids([2, 2, 1, 0, 1])}, attrs={"dim": -1}),
        Case("index_select_empty_ids", "index_select",
             {"X": data((4, 3), "float32"), "Index": In((0,), "int64")},
             attrs={"dim": 1}),
        Case("index_select_empty_x", "index_select",
             {"X": data((4, 0), "float32"), "Index": ids([1, 3])}),
        Case("index_select_out_of_range", "index_select",
             {"X": data((4, 3), "float32"), "Index": ids([4, 0])}, raises="expected >= -4"),
        Case("index_select_below_range", "index_select",
             {"X": data((4, 3), "float32"), "Index": ids([0, -5])}, raises="expected >= -4"),
    ]


def _index_sample() -> list[Case]:
    dtypes = ("int32", "int64", "float32", "float64", "complex64", "complex128")
    picks = [[0, 4, 4], [1, 1, 0], [3, 2, 1]]
    cases = [Case(f"index_sample_{d}", "index_sample",
                  {"X": data((3, 5), d), "Index": ids(picks)},
                  api=_api(d, "paddle.index_sample"))
             for d in dtypes]
    return [
        *cases,
        Case("index_sample_int32_ids", "index_sample",
             {"X": data((2, 4), "float32"), "Index": ids([[3, 0, 1, 1, 2], [0, 0, 0, 3, 2]],
                                                        "int32")}, api="paddle.index_sample"),
        Case("index_sample_empty_ids", "index_sample",
             {"X": data((2, 4), "float32"), "Index": In((2, 0), "int64")}),
        Case("index_sample_negative", "index_sample",
             {"X": data((2, 4), "float32"), "Index": ids([[0], [-1]])}, raises="expected >= 0"),
        Case("index_sample_out_of_range", "index_sample",
             {"X": data((2, 4), "float32"), "Index": ids([[0], [4]])}, raises="expected >= 0"),
    ]


def _take_along_axis() -> list[Case]:
    dtypes = ("uint8", "int16", "int32", "int64", "float32", "float64")
    cases = [Case(f"take_along_axis_{d}", "take_along_axis",
                  {"Input": data((4, 5), d), "Index": ids([[0, 1, 2], [3, 0, -1]])},
                  attrs={"Axis": 0}) for d in dtypes]
    return [
        *cases,
        Case("take_along_axis_axis1_int32_ids", "take_along_axis",
             {"Input": data((3, 4, 2), "float32"),
              "Index": ids([[[0, 3]], [[2, -4]], [[1, 1]]], "int32")}, attrs={"Axis": 1}),
        Case("take_along_axis_longer", "take_along_axis",
             {"Input": data((2, 3), "float64"), "Index": ids([[0, 2, 1, 1, 0], [2, 2, 2, 0, 1]])},
             attrs={"Axis": 1}),
        Case("take_along_axis_negative_axis", "take_along_axis",
             {"Input": data((2, 3), "float64"), "Index": ids([[0, 2, 1, 1, 0], [2, 2, 2, 0, 1]])},
             attrs={"Axis": -1}, raises="expected >= -2|negative Axis",
             note="Paddle's kernel does not normalize a negative Axis (the Python API does)"),
        Case("take_along_axis_smaller_index", "take_along_axis",
             {"Input": data((3, 4, 2), "int64"), "Index": ids([[[1], [3]], [[0], [2]]])},
             attrs={"Axis": 1}),
        Case("take_along_axis_empty_index", "take_along_axis",
             {"Input": data((3, 4), "float32"), "Index": In((3, 0), "int64")},
             attrs={"Axis": 1}),
        Case("take_along_axis_out_of_range", "take_along_axis",
             {"Input": data((3, 4), "float32"), "Index": ids([[0], [4], [1]])},
             attrs={"Axis": 1}, raises="expected >= -4"),
    ]


def _put_along_axis() -> list[Case]:
    dtypes = ("uint8", "int16", "int32", "int64", "float32", "float64")
    targets = [[0, 0, 2, -1], [1, 3, 3, 3]]
    cases = [Case(f"put_along_axis_{d}", "put_along_axis",
                  {"Input": data((2, 5), d), "Index": ids(targets), "Value": data((2, 4), d)},
                  attrs={"Axis": 1}) for d in dtypes]
    for reduce in ("assign", "add", "mul", "multiply", "mean", "amin", "amax"):
        for include_self in (True, False):
            for d in ("float32", "int32"):
                cases.append(Case(
                    f"put_along_axis_{reduce}_{'self' if include_self else 'noself'}_{d}",
                    "put_along_axis",
                    {"Input": In((3, 4), d, -9, 9), "Index": ids([[0, 2, 0], [1, 1, 1],
                                                                  [3, 0, 3]]),
                     "Value": In((3, 3), d, -9, 9)},
                    attrs={"Axis": 1, "Reduce": reduce, "Include_self": include_self}))
    return [
        *cases,
        Case("put_along_axis_axis0_int32_ids", "put_along_axis",
             {"Input": data((3, 2, 2), "float32"), "Index": ids([[[2, 0], [1, -3]]], "int32"),
              "Value": data((1, 2, 2), "float32")}, attrs={"Axis": 0, "Reduce": "add"}),
        Case("put_along_axis_nan_values", "put_along_axis",
             {"Input": In((2, 3), "float64", special=(float("nan"), 1.0, float("inf"))),
              "Index": ids([[0, 0], [2, 2]]),
              "Value": In((2, 2), "float64", special=(2.0, float("nan"), -float("inf")))},
             attrs={"Axis": 1, "Reduce": "amax"}),
        Case("put_along_axis_empty_index", "put_along_axis",
             {"Input": data((2, 3), "float32"), "Index": In((2, 0), "int64"),
              "Value": In((2, 0), "float32")}, attrs={"Axis": 1}),
        Case("put_along_axis_out_of_range", "put_along_axis",
             {"Input": data((2, 3), "float32"), "Index": ids([[0], [3]]),
              "Value": data((2, 1), "float32")}, attrs={"Axis": 1, "Reduce": "add"},
             raises="expected >= -3"),
        Case("put_along_axis_bad_reduce", "put_along_axis",
             {"Input": data((2, 3), "float32"), "Index": ids([[0], [1]]),
              "Value": data((2, 1), "float32")}, attrs={"Axis": 1, "Reduce": "max"},
             raises="reduce"),
    ]


def _scatter() -> list[Case]:
    cases = []
    for d in ("int32", "int64", "float32", "float64"):
        for overwrite in (True, False):
            cases.append(Case(
                f"scatter_{'overwrite' if overwrite else 'add'}_{d}", "scatter",
                {"X": data((5, 3), d), "Ids": ids([1, 3, 1, -1, 1]), "Updates": data((5, 3), d)},
                attrs={"overwrite": overwrite}))
    return [
        *cases,
        Case("scatter_ids_2d_int32", "scatter",
             {"X": data((4, 2, 2), "float32"), "Ids": ids([[2], [0]], "int32"),
              "Updates": data((2, 2, 2), "float32")}, api="paddle.scatter"),
        Case("scatter_ids_0d", "scatter",
             {"X": data((4, 3), "float32"), "Ids": In((), "int64", values=2),
              "Updates": data((3,), "float32")}),
        Case("scatter_ids_0d_add", "scatter",
             {"X": data((4, 3), "float64"), "Ids": In((), "int64", values=-1),
              "Updates": data((3,), "float64")}, attrs={"overwrite": False}),
        Case("scatter_empty_ids", "scatter",
             {"X": data((4, 3), "float32"), "Ids": In((0,), "int64"),
              "Updates": In((0, 3), "float32")}, attrs={"overwrite": False}),
        Case("scatter_out_of_range", "scatter",
             {"X": data((4, 3), "float32"), "Ids": ids([4]), "Updates": data((1, 3), "float32")},
             raises="out of bounds"),
        Case("scatter_below_range_add", "scatter",
             {"X": data((4, 3), "float32"), "Ids": ids([-5]), "Updates": data((1, 3), "float32")},
             attrs={"overwrite": False}, raises="out of bounds"),
    ]


def _index_add() -> list[Case]:
    cases = [Case(f"index_add_{d}", "index_add",
                  {"X": data((4, 3), d), "Index": ids([3, 0, 3, -1, 1]),
                   "AddValue": data((5, 3), d)}) for d in
             ("float16", "float32", "float64", "int32", "int64")]
    return [
        *cases,
        Case("index_add_axis1_int32_ids", "index_add",
             {"X": data((2, 4, 3), "float32"), "Index": ids([1, -4, 1], "int32"),
              "AddValue": data((2, 3, 3), "float32")}, attrs={"axis": 1}),
        Case("index_add_axis_neg", "index_add",
             {"X": data((2, 3, 4), "int64"), "Index": ids([0, 0, 3, 2, 0, -2]),
              "AddValue": data((2, 3, 6), "int64")}, attrs={"axis": -1}),
        Case("index_add_1d", "index_add",
             {"X": data((5,), "float64"), "Index": ids([4, 4, 4]),
              "AddValue": data((3,), "float64")}),
        Case("index_add_empty_ids", "index_add",
             {"X": data((4, 3), "float32"), "Index": In((0,), "int64"),
              "AddValue": In((4, 0), "float32")}, attrs={"axis": 1}),
        Case("index_add_empty_x", "index_add",
             {"X": In((0, 3), "float32"), "Index": ids([1, 2]),
              "AddValue": In((0, 2), "float32")}, attrs={"axis": 1}),
        Case("index_add_out_of_range", "index_add",
             {"X": data((4, 3), "float32"), "Index": ids([4, 0]),
              "AddValue": data((2, 3), "float32")}, raises="expected >= -4 and < 4"),
        Case("index_add_below_range", "index_add",
             {"X": data((4, 3), "int32"), "Index": ids([0, -5], "int32"),
              "AddValue": data((2, 3), "int32")}, raises="expected >= -4 and < 4"),
    ]


def _index_put() -> list[Case]:
    def case(tag: str, x: In, indices: list[In], value: In, accumulate: bool = False,
             **kw) -> Case:
        return Case(f"index_put_{tag}", "index_put", {"x": x, "indices": indices, "value": value},
                    attrs={"accumulate": accumulate}, **kw)

    rows, cols = ids([2, 0, -1, 0]), ids([1, 3, -4, 3])
    return [
        *(case(d, data((3, 4), d), [rows, cols], data((4,), d)) for d in _ALL),
        *(case(f"accumulate_{d}", data((3, 4), d), [rows, cols], data((4,), d), True)
          for d in ("bool", "int8", "int64", "float16", "bfloat16", "float32", "float64",
                    "complex128")),
        case("repeats_last_wins", data((3, 4), "float32"), [ids([1, 1, 1]), ids([0, 0, 0])],
             In((3,), "float32", values=[1.0, 2.0, 3.0])),
        case("rows_partial", data((2, 3, 4), "float64"), [ids([1, 0, 1], "int32")],
             data((4,), "float64"), True),
        case("rows_value_full", data((3, 4), "int32"), [ids([2, 0])], data((2, 4), "int32")),
        case("bcast_ids", data((3, 4), "float32"), [ids([[1], [0]]), ids([0, 2, 2])],
             data((2, 1), "float32"), True),
        case("mask_full", data((3, 4), "float32"),
             [ids([[True, False, True, False], [False] * 4, [True, True, False, True]], "bool")],
             data((1,), "float32")),
        case("mask_rows_accumulate", data((3, 2, 2), "float64"),
             [ids([True, False, True], "bool")], data((2, 2), "float64"), True),
        case("mask_then_ids", data((2, 3, 4), "int64"),
             [ids([[True, False, False], [False, True, True]], "bool"), ids([3, 0, 3])],
             data((1,), "int64"), True),
        case("bool_and_ids", data((2, 3), "float32"), [ids([True, False], "bool"), ids([1, 2])],
             data((1,), "float32"), True),
        case("empty_ids", data((3, 4), "float32"), [In((0,), "int64")], data((1,), "float32"),
             True),
        case("empty_mask", data((3, 4), "float32"), [ids([False] * 3, "bool")],
             data((4,), "float32")),
        case("value_mismatch", data((3, 4), "float32"), [ids([1, 0])], data((3,), "float32"),
             raises="does not match|do not broadcast"),
    ]


def _masked_fill() -> list[Case]:
    cases = [Case(f"masked_fill_{d}", "masked_fill",
                  {"x": data((3, 4), d), "mask": In((3, 4), "bool"), "value": data((), d,
                                                                               special=(7,))})
             for d in _ALL]
    return [
        *cases,
        Case("masked_fill_mask_bcast", "masked_fill",
             {"x": data((2, 3, 4), "float32"), "mask": In((3, 1), "bool"),
              "value": In((1,), "float32", values=[-1.5])}),
        Case("masked_fill_x_bcast", "masked_fill",
             {"x": data((1, 4), "int64"), "mask": In((3, 4), "bool"),
              "value": In((), "int64", values=9)}),
        Case("masked_fill_nan_value", "masked_fill",
             {"x": data((2, 3), "float64"), "mask": In((2, 3), "bool"),
              "value": In((), "float64", values=float("nan"))}),
        Case("masked_fill_0d", "masked_fill",
             {"x": In((), "float32", values=3.0), "mask": In((), "bool", values=True),
              "value": In((), "float32", values=-2.0)}),
        Case("masked_fill_empty", "masked_fill",
             {"x": In((0, 3), "float32"), "mask": In((0, 3), "bool"),
              "value": In((), "float32", values=1.0)}),
    ]


def _masked_select() -> list[Case]:
    cases = [Case(f"masked_select_{d}", "masked_select",
                  {"X": data((3, 4), d), "Mask": In((3, 4), "bool")},
                  api=_api(d, "paddle.masked_select"))
             for d in _ALL]
    return [
        *cases,
        Case("masked_select_mask_bcast", "masked_select",
             {"X": data((2, 3, 4), "float32"), "Mask": In((3, 1), "bool")}),
        Case("masked_select_x_bcast", "masked_select",
             {"X": data((1, 4), "int32"), "Mask": In((3, 4), "bool")}),
        Case("masked_select_none", "masked_select",
             {"X": data((2, 3), "float32"), "Mask": In((2, 3), "bool", values=[[False] * 3] * 2)}),
        Case("masked_select_all", "masked_select",
             {"X": data((2, 3), "float64"), "Mask": In((2, 3), "bool", values=[[True] * 3] * 2)}),
        Case("masked_select_0d", "masked_select",
             {"X": In((), "float32", values=3.0), "Mask": In((), "bool", values=True)}),
        Case("masked_select_empty", "masked_select",
             {"X": In((0, 3), "float32"), "Mask": In((0, 3), "bool")}),
    ]


def _where_index() -> list[Case]:
    dtypes = ("bool", "int16", "int32", "int64", "bfloat16", "float32", "float64", "complex64",
              "complex128")
    cases = [Case(f"where_index_{d}", "where_index",
                  {"Condition": In((3, 4), d, -2, 2, special=(0, 1, 0, 0, -1) if d != "bool"
                                   else (True, False))},
                  api=_api(d, "paddle.nonzero"))
             for d in dtypes]
    return [
        *cases,
        Case("where_index_float_edges", "where_index",
             {"Condition": In((8,), "float32", values=[float("nan"), 0.0, -0.0, float("inf"),
                                                       1e-45, 0.0, -1.0, 0.0])}),
        Case("where_index_3d", "where_index", {"Condition": In((2, 3, 2), "int32", 0, 2)}),
        Case("where_index_none", "where_index",
             {"Condition": In((2, 3), "int64", values=[[0] * 3] * 2)}),
        Case("where_index_empty", "where_index", {"Condition": In(SHAPES["empty"], "bool")}),
    ]


CASES = [*_gather_nd(), *_index_select(), *_index_sample(), *_take_along_axis(),
         *_put_along_axis(), *_scatter(), *_index_add(), *_index_put(), *_masked_fill(),
         *_masked_select(),
         *_where_index()]
