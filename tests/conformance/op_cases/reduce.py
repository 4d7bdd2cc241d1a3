"""The fluid reduce ops fluidphi had before these fixtures: reduce_sum, reduce_mean,
reduce_max, reduce_min, reduce_prod (Out = the reduction of X over `dim`; every axis when
`reduce_all` is set or `dim` is empty; `keep_dim` keeps reduced axes as size 1).

Cases per op: every CPU dtype Paddle registers on the 4x6 / 0-d / empty sweep (dim [0]),
reduce_all, an empty `dim`, a negative axis with keep_dim, two axes of a 3-D tensor, the
empty tensor reduced along its non-empty axis, NaN / inf / signed zeros, integer wrap.

More reductions: reduce_all, reduce_any (logical and / or of X != 0, bool Out),
reduce_amax, reduce_amin (largest / smallest element), logsumexp (log(sum(exp(X)))) and
p_norm (vector p-norms along one axis, or of the flattened X with `asvector`).

reduce_all/any/amax/amin take fluid's reduce attributes (`dim`, `keep_dim`, `reduce_all`;
an empty `dim` reduces everything); logsumexp takes `axis` / `keepdim` / `reduce_all`;
p_norm takes `porder` (0 counts non-zeros, +-inf are the max / min of |X|), `axis`,
`keepdim`, `asvector` and `epsilon`.
"""

from .spec import FLOATS, INF, NAN, SHAPES, Case, In, sweep

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


#: p_norm of a 0-d X is left out: Paddle 3.3.1's CPU kernel reads dims[axis] of the 0-d
#: tensor (it crashed, or returned the norm of nothing, in our runs); fluidphi refuses it.
_NO_0D = {k: v for k, v in SHAPES.items() if k != "0d"}
_LOGIC_TYPES = ("bool", "float32", "float64", "int32", "int64", "complex64", "complex128")
#: tag -> (shape, attrs) for the fluid reduce attributes
_REDUCE_SPREAD = {
    "all": ((3, 4), {"reduce_all": True}),
    "all_0d": ((), {"reduce_all": True}),
    "dim_empty": ((3, 4), {"dim": []}),
    "neg_keep": ((3, 4), {"dim": [-1], "keep_dim": True}),
    "3d_dims02": ((2, 3, 4), {"dim": [0, 2]}),
    "3d_dims_neg_keep": ((2, 3, 4), {"dim": [-1, 1], "keep_dim": True}),
    "3d_all_dims": ((2, 3, 4), {"dim": [0, 1, 2]}),
    "empty_dim1": ((0, 3), {"dim": [1]}),
}
#: rows with NaN, infinities, signed zeros and ties
_FLOAT_ROWS = [[0.0, -0.0, 1.0], [-0.0, 0.0, -1.0], [NAN, 1.0, 2.0], [1.0, NAN, -INF],
               [INF, -INF, 0.0], [-INF, -INF, -INF], [INF, INF, 1.0], [0.0, 0.0, -0.0]]


def _spread_range(op: str, dtypes: tuple[str, ...], low: float = -3, high: float = 3,
            skip: tuple[str, ...] = ()) -> list[Case]:
    return [Case(f"{op}_{tag}_{dtype}", op, {"X": In(shape, dtype, low, high)}, attrs=attrs)
            for dtype in dtypes for tag, (shape, attrs) in _REDUCE_SPREAD.items()
            if tag not in skip]


def _logic(op: str) -> list[Case]:
    return [
        *sweep(op, ["X"], ("bool", "float32", "int32"), low=-1, high=2),
        *sweep(op, ["X"], ("float64", "int64", "complex64", "complex128"), shapes=_MAIN,
               low=-1, high=2),
        *_spread_range(op, ("bool", "float32"), low=-1, high=2),
        Case(f"{op}_empty_dim0_bool", op, {"X": In((0, 3), "bool")}, attrs={"dim": [0]}),
        Case(f"{op}_rows_float32", op, {"X": In((8, 3), "float32", values=_FLOAT_ROWS)},
             attrs={"dim": [1]}),
        Case(f"{op}_rows_complex64", op,
             {"X": In((3, 2), "complex64", values=[[0j, 1j], [0j, -0.0 + 0j],
                                                   [complex(NAN, 0), 0j]])},
             attrs={"dim": [1]}),
        Case(f"{op}_axis_tensor_float32", op,
             {"X": In((3, 4), "float32", -1, 2), "AxisTensor": In((1,), "int64", values=[1])},
             attrs={"dim": [0]}),
    ]


def _extremum(op: str) -> list[Case]:
    """reduce_all with a `dim` naming only some axes is left out: Paddle 3.3.1 then gives
    `dim`'s dims with only the first element written (the rest is uninitialized memory);
    fluidphi refuses it (tests/ops/test_reduce_ops.py)."""
    return [
        *sweep(op, ["X"], ("float32", "float64", "int32", "int64"), shapes=_MAIN),
        *sweep(op, ["X"], ("float32", "int64"), shapes={"0d": ()}),
        *_spread_range(op, ("float32", "int64"), skip=("all",)),
        Case(f"{op}_all_dims_listed_float32", op, {"X": In((3, 4), "float32")},
             attrs={"dim": [1, 0], "reduce_all": True}),
        Case(f"{op}_all_dims_empty_keep_int64", op, {"X": In((3, 4), "int64", -9, 9)},
             attrs={"dim": [], "reduce_all": True, "keep_dim": True}),
        Case(f"{op}_rows_float32", op, {"X": In((8, 3), "float32", values=_FLOAT_ROWS)},
             attrs={"dim": [1]}),
        Case(f"{op}_rows_float64", op, {"X": In((8, 3), "float64", values=_FLOAT_ROWS)},
             attrs={"dim": [1]}),
        Case(f"{op}_int64_extremes", op,
             {"X": In((2, 2), "int64", values=[[-2**63, 2**63 - 1], [0, -1]])},
             attrs={"dim": [1]}),
    ]


#: logsumexp rows: infinities, NaN, values whose exp overflows or underflows
_LSE_ROWS = [[0.0, 0.0, 0.0, 0.0], [-INF, -INF, -INF, -INF], [INF, 1.0, 2.0, 3.0],
             [INF, INF, -INF, 0.0], [NAN, 1.0, 2.0, 3.0], [100.0, 100.0, -100.0, 0.0],
             [1e30, 1.0, -1e30, 0.0], [-1e30, -1e30, -1e30, -1e30], [-INF, 1.0, -INF, 2.0],
             [88.0, 89.0, 90.0, -0.0]]
_LSE_SPREAD = {
    "axis1": ((3, 4), {"axis": [1]}),
    "axis0_keep": ((3, 4), {"axis": [0], "keepdim": True}),
    "axes_neg": ((2, 3, 4), {"axis": [-1, 0]}),
    "reduce_all_keep": ((2, 3, 4), {"axis": [1], "reduce_all": True, "keepdim": True}),
    "3d_all_axes": ((2, 3, 4), {"axis": [0, 1, 2]}),
    "empty_axis1": ((0, 3), {"axis": [1]}),
}

#: porder -> tag
_PORDERS = {0.0: "p0", 1.0: "p1", 3.0: "p3", 0.5: "p0.5", -1.0: "pneg1", -2.5: "pneg2.5",
            INF: "pinf", -INF: "pneginf", 1.7: "p1.7"}
#: rows for p_norm: zeros, infinities, NaN, tiny and huge values
_NORM_ROWS = [[0.0, -0.0, 0.0, 0.0], [3.0, -4.0, 0.0, 0.0], [INF, 1.0, -2.0, 0.0],
              [-INF, -INF, 1.0, 2.0], [NAN, 1.0, 2.0, 3.0], [1e-30, -1e-30, 1e-30, 0.0],
              [1e30, 1e30, -1e30, 1.0], [-1.5, 2.5, -0.5, 1e-3], [0.0, 2.0, 0.0, -0.0],
              [1.0, 2.0, 3.0, NAN], [NAN, NAN, NAN, NAN], [2.0, NAN, INF, 1.0],
              [-INF, NAN, 0.0, 1.0]]



def _nan_planes(pre: int, n: int, post: int) -> list:
    """Values with NaN first, in the middle and last along axis 1 (Paddle's max / min of
    |X| keep a NaN only when it is the last element along the axis)."""
    values = [[[float((i * 7 + j * 3 + k) % 5) - 2.0 for k in range(post)] for j in range(n)]
              for i in range(pre)]
    for k in range(post):
        values[k % pre][k % n][k] = NAN
    values[0][n - 1][0] = NAN
    values[pre - 1][0][post - 1] = INF
    return values


CASES += [
    *_logic("reduce_all"),
    *_logic("reduce_any"),
    *_extremum("reduce_amax"),
    *_extremum("reduce_amin"),
    # -- logsumexp ----------------------------------------------------------------------------
    *sweep("logsumexp", ["X"], FLOATS),
    *[Case(f"logsumexp_{tag}_{dtype}", "logsumexp", {"X": In(shape, dtype)}, attrs=attrs)
      for dtype in FLOATS for tag, (shape, attrs) in _LSE_SPREAD.items()],
    *[Case(f"logsumexp_rows_{dtype}", "logsumexp",
           {"X": In((len(_LSE_ROWS), 4), dtype, values=_LSE_ROWS)}, attrs={"axis": [1]})
      for dtype in FLOATS],
    Case("logsumexp_big_float32", "logsumexp", {"X": In((2, 50), "float32", -80, 90)},
         attrs={"axis": [1]}),
    # -- p_norm -------------------------------------------------------------------------------
    *sweep("p_norm", ["X"], FLOATS, shapes=_NO_0D),
    *[Case(f"p_norm_{tag}_rows_{dtype}", "p_norm",
           {"X": In((len(_NORM_ROWS), 4), dtype, values=_NORM_ROWS)},
           attrs={"porder": p, "axis": 1})
      for dtype in FLOATS for p, tag in _PORDERS.items()],
    *[Case(f"p_norm_{tag}_axis0_keep_float32", "p_norm", {"X": In((3, 4), "float32")},
           attrs={"porder": p, "axis": 0, "keepdim": True}) for p, tag in _PORDERS.items()],
    *[Case(f"p_norm_{tag}_asvector_{dtype}", "p_norm", {"X": In((2, 3, 4), dtype)},
           attrs={"porder": p, "asvector": True, "axis": 1})
      for dtype in FLOATS for p, tag in _PORDERS.items()],
    Case("p_norm_asvector_keep_float32", "p_norm", {"X": In((2, 3, 4), "float32")},
         attrs={"asvector": True, "keepdim": True}),
    Case("p_norm_3d_axis1_float32", "p_norm", {"X": In((2, 3, 4), "float32")},
         attrs={"axis": 1, "porder": 3.0}),
    Case("p_norm_3d_axis_neg2_keep_float64", "p_norm", {"X": In((2, 3, 4), "float64")},
         attrs={"axis": -2, "keepdim": True}),
    Case("p_norm_epsilon_float32", "p_norm", {"X": In((2, 3), "float32", values=[
        [0.0, 0.0, 0.0], [1e-7, 0.0, 0.0]])}, attrs={"axis": 1, "epsilon": 0.5}),
    *[Case(f"p_norm_{tag}_empty_axis0_float32", "p_norm", {"X": In((0, 3), "float32")},
           attrs={"porder": p, "axis": 0}) for p, tag in _PORDERS.items()],
    *[Case(f"p_norm_{tag}_nan_mid_axis_{dtype}", "p_norm",
           {"X": In((2, 3, 8), dtype, values=_nan_planes(2, 3, 8))},
           attrs={"porder": p, "axis": 1})
      for dtype in FLOATS for p, tag in ((INF, "pinf"), (-INF, "pneginf"), (2.0, "p2"))],
    Case("p_norm_big_float32", "p_norm", {"X": In((2, 64), "float32", -100, 100)},
         attrs={"axis": 1, "porder": 2.0}),
    # -- variance: the population variance (mean of squared deviations) ------------------------
    *sweep("variance", ["x"], FLOATS),
    *[Case(f"variance_{tag}_{dtype}", "variance", {"x": In((2, 3, 4), dtype)}, attrs=attrs)
      for dtype in FLOATS for tag, attrs in (
          ("axis1", {"axis": [1]}), ("axes_keep", {"axis": [0, -1], "keepdim": True}),
          ("all_keep", {"keepdim": True}), ("every_axis", {"axis": [0, 1, 2]}))],
    Case("variance_empty_axis0_float32", "variance", {"x": In((0, 3), "float32")},
         attrs={"axis": [0]}),
    Case("variance_offset_float64", "variance",
         {"x": In((3, 5), "float64", 1e6, 1e6 + 1)}, attrs={"axis": [1]}),
]
