"""The fluid reduce ops fluidphi had before these fixtures: reduce_sum, reduce_mean,
reduce_max, reduce_min, reduce_prod (Out = the reduction of X over `dim`; every axis when
`reduce_all` is set or `dim` is empty; `keep_dim` keeps reduced axes as size 1).

Cases per op: every CPU dtype Paddle registers on the 4x6 / 0-d / empty sweep (dim [0]),
reduce_all, an empty `dim`, a negative axis with keep_dim, two axes of a 3-D tensor, the
empty tensor reduced along its non-empty axis, NaN / inf / signed zeros, integer wrap.
"""

from .spec import INF, NAN, SHAPES, Case, In, sweep

_MAIN = {"4x6": SHAPES["4x6"]}
#: Paddle's reduce ops refuse float16 on the CPU (their expected-kernel-type check).
_FP16_CPU = "float16 can only be used on GPU"
#: tag -> (shape, attrs): the attribute spread every op gets (float32 and int64).
_SPREAD = {
    "all": ((3, 4), {"reduce_all": True}),
    "all_0d": ((), {"reduce_all": True}),
    "all_empty": ((0, 3), {"reduce_all": True, "keep_dim": True}),
    "dim_empty": ((3, 4), {"dim": []}),
    "neg_keep": ((3, 4), {"dim": [-1], "keep_dim": True}),
    "3d_dims02": ((2, 3, 4), {"dim": [0, 2]}),
    "3d_dims_neg": ((2, 3, 4), {"dim": [-1, 1], "keep_dim": True}),
    "3d_all_dims": ((2, 3, 4), {"dim": [0, 1, 2]}),
    "empty_dim1": ((0, 3), {"dim": [1]}),
}


def _spread(op: str, dtypes: tuple[str, ...], skip: tuple[str, ...] = (),
            **fields) -> list[Case]:
    return [Case(f"{op}_{tag}_{dtype}", op, {"X": In(shape, dtype, -3, 3)}, attrs=attrs,
                 **fields)
            for dtype in dtypes for tag, (shape, attrs) in _SPREAD.items() if tag not in skip]


_MINMAX_TIES = [[0.0, -0.0, 1.0], [-0.0, 0.0, -1.0], [NAN, 1.0, 2.0], [1.0, NAN, -INF],
                [INF, -INF, 0.0], [-INF, -INF, -INF]]

CASES = [
    # -- reduce_sum: every dtype, out_dtype, accumulation of half types -----------------------
    *sweep("reduce_sum", ["X"], ("float32", "float64", "int32", "int64", "bool")),
    *sweep("reduce_sum", ["X"], ("bfloat16", "uint8", "int8", "int16", "complex64",
                                 "complex128"), shapes=_MAIN),
    *_spread("reduce_sum", ("float32", "int64")),
    Case("reduce_sum_out_dtype_int32_to_float32", "reduce_sum",
         {"X": In((3, 4), "int32", -100, 100)}, attrs={"dim": [1], "out_dtype": 5}),
    Case("reduce_sum_out_dtype_float32_to_float64", "reduce_sum",
         {"X": In((3, 4), "float32")}, attrs={"dim": [0], "out_dtype": 6}),
    Case("reduce_sum_out_dtype_bool_to_int32", "reduce_sum",
         {"X": In((3, 4), "bool")}, attrs={"reduce_all": True, "out_dtype": 2}),
    Case("reduce_sum_int8_wrap", "reduce_sum",
         {"X": In((2, 4), "int8", values=[[100, 100, 100, -128], [-128, -128, 1, 2]])},
         attrs={"dim": [1]}),
    Case("reduce_sum_int32_wrap", "reduce_sum",
         {"X": In((3,), "int32", values=[2**31 - 1, 2**31 - 1, 5])}, attrs={"dim": [0]}),
    Case("reduce_sum_bfloat16_long", "reduce_sum",
         {"X": In((2, 300), "bfloat16", 0, 4)}, attrs={"dim": [1]},
         note="sums 300 bfloat16 values: the accumulation type shows"),
    *[Case(f"{op}_float16_cpu", op, {"X": In((2, 3), "float16")}, raises=_FP16_CPU)
      for op in ("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod")],
    Case("reduce_sum_edges_float32", "reduce_sum",
         {"X": In((6, 3), "float32", values=_MINMAX_TIES)}, attrs={"dim": [1]}),
    # -- reduce_mean --------------------------------------------------------------------------
    *sweep("reduce_mean", ["X"], ("float32", "float64", "int32", "int64")),
    *sweep("reduce_mean", ["X"], ("bool", "complex64", "complex128"), shapes=_MAIN),
    *_spread("reduce_mean", ("float32", "int64"), skip=("all_empty", "empty_dim1")),
    Case("reduce_mean_int_trunc", "reduce_mean",
         {"X": In((2, 3), "int32", values=[[-7, 1, 1], [7, 1, 0]])}, attrs={"dim": [1]}),
    Case("reduce_mean_int32_wrap", "reduce_mean",
         {"X": In((2, 3), "int32", values=[[2**31 - 1, 2**31 - 1, 4], [-2**31, -1, -2]])},
         attrs={"dim": [1]}),
    Case("reduce_mean_int64_large", "reduce_mean",
         {"X": In((3, 3), "int64", values=[[2**40 + 3, 3, 3], [2**60, 2**60, 2**60 + 7],
                                            [2**24 + 1, 2**24 + 1, 2**24 + 1]])},
         attrs={"dim": [1]}),
    Case("reduce_mean_int32_large", "reduce_mean",
         {"X": In((2, 3), "int32", values=[[2**24 + 1, 2**24 + 1, 2**24 + 1],
                                            [2**24 + 1, 2, 0]])}, attrs={"dim": [1]}),
    *[Case(f"reduce_mean_bool_or_dim{d}", "reduce_mean",
           {"X": In((3, 3), "bool", values=[[False, False, True], [False, False, False],
                                             [False, True, True]])}, attrs={"dim": [d]})
      for d in (0, 1)],
    Case("reduce_mean_bool_empty", "reduce_mean", {"X": In((0, 3), "bool")},
         attrs={"dim": [0]}),
    Case("reduce_mean_edges_float32", "reduce_mean",
         {"X": In((6, 3), "float32", values=_MINMAX_TIES)}, attrs={"dim": [1]}),
    Case("reduce_mean_empty_dim1_float32", "reduce_mean",
         {"X": In((0, 3), "float32")}, attrs={"dim": [1]}),
    # -- reduce_max / reduce_min --------------------------------------------------------------
    *[c for op in ("reduce_max", "reduce_min")
      for c in (*sweep(op, ["X"], ("float32", "float64", "int32", "int64"),
                       shapes=_MAIN),
                *sweep(op, ["X"], ("float32", "int32"), shapes={"0d": ()}),
                *_spread(op, ("float32", "int64"), skip=("all_empty",)),
                Case(f"{op}_edges_float32", op,
                     {"X": In((6, 3), "float32", values=_MINMAX_TIES)}, attrs={"dim": [1]}),
                Case(f"{op}_edges_float64", op,
                     {"X": In((6, 3), "float64", values=_MINMAX_TIES)}, attrs={"dim": [1]}),
                Case(f"{op}_int64_extremes", op,
                     {"X": In((2, 2), "int64", values=[[-2**63, 2**63 - 1], [0, -1]])},
                     attrs={"dim": [1]}))],
    # -- reduce_prod --------------------------------------------------------------------------
    *sweep("reduce_prod", ["X"], ("float32", "float64", "int32", "int64"), low=-2, high=3),
    *_spread("reduce_prod", ("float32", "int64")),
    Case("reduce_prod_int32_wrap", "reduce_prod",
         {"X": In((2, 3), "int32", values=[[65536, 65536, 3], [-65536, 65537, 2]])},
         attrs={"dim": [1]}),
    Case("reduce_prod_edges_float32", "reduce_prod",
         {"X": In((6, 3), "float32", values=_MINMAX_TIES)}, attrs={"dim": [1]}),
]
