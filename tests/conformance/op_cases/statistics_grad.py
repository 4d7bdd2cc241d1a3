"""Grads of the statistics family: nanmedian_grad (Paddle 3.3.1): Out@GRAD at the median
element (min, or an odd count of kept values), half of it at each of the two middle ones
(avg), nothing for a row of NaN only; axes in any order, keepdim, 0-d. Values without
ties (Paddle's selection order picks among ties, and the gradient follows its pick).

median_grad: as nanmedian's, at the median element(s) the forward's `medians` name; no
ties, and no row holding NaN: there Paddle 3.3.1's forward leaves `medians` unreliable
(avg: uninitialized memory past the first rows, e.g. [[0, 1], [0, 2], [garbage]]), so its
gradient lands anywhere; fluidphi puts out_grad on the row's first NaN.
std_grad / var_grad: out_grad * (x - mean) / ((N - correction) * out), resp. * 2 / (N -
correction): axes, keepdim, correction (0, 2.5, = N), constant rows, 0-d.
cummax_grad / cummin_grad: every out_grad added at the index the forward's `indices` name
(ties keep the latest index, a NaN holds until the next), int64 or int32 indices; no 0-d
X: Paddle 3.3.1's cummax_grad / cummin_grad crash there (SIGSEGV); fluidphi's gradient is
out_grad.
reduce_as_grad: out_grad broadcast back to x's dims. segment_pool_grad: each row's
segment's out_grad (MEAN: over the segment's row count; MAX / MIN: only to the rows equal
to the segment's result, ties included), int64 / int32 ids.
nansum_grad: out_grad where X is not NaN, 0 where it is; complex. No case with an output
`dtype` other than X's: Paddle 3.3.1's nansum_grad then fails (it reads the float64
Out@GRAD of a float32 X as float32: "The type of data we are trying to retrieve (float32)
does not match"); fluidphi casts the gradient to X's type.
"""

from .spec import FLOATS, INF, NAN, Case, GradCase, In

_NAN_ROWS = [[1.0, NAN, 3.0, 2.0], [5.0, 4.0, NAN, NAN], [NAN, NAN, NAN, NAN],
             [6.0, -7.0, NAN, 7.5], [NAN, -0.5, NAN, NAN], [2.5, -3.0, 0.5, -0.25]]


def _g(tag: str, x: In, **attrs) -> GradCase:
    return GradCase(Case(f"nanmedian_grad_{tag}", "nanmedian", {"X": x}, attrs=attrs),
                    ("X",), of=("Out",))


def _x(tag: str, op: str, x: In, **attrs) -> GradCase:
    """A case of a statistics op with lower-case slots, differentiated through `out`."""
    return GradCase(Case(f"{op}_grad_{tag}", op, {"x": x}, attrs=attrs), ("x",), of=("out",))


def _median() -> list[GradCase]:
    return [
        _x("infinities", "median", In((2, 4), "float32", values=[[INF, -INF, 0.5, -0.25],
                                                                  [-INF, 3.0, 1.0, INF]]),
           axis=[1]),
        *(_x(f"all_{d}", "median", In((3, 5), d)) for d in FLOATS),
        *(_x(f"axis1_{d}", "median", In((3, 4), d), axis=[1]) for d in FLOATS),
        *(_x(f"axis0_min_{d}", "median", In((4, 3), d), axis=[0], mode="min")
          for d in FLOATS),
        _x("no_keepdim", "median", In((3, 5), "float32"), axis=[1], keepdim=False),
        _x("axes_two", "median", In((2, 3, 4), "float64"), axis=[0, 2]),
        _x("axes_negative_min", "median", In((2, 3, 4), "float32"), axis=[-1, 0],
           mode="min", keepdim=False),
        _x("odd_count", "median", In((5,), "float64"), axis=[0]),
        _x("0d", "median", In((), "float32")),
    ]


def _moment(op: str) -> list[GradCase]:
    return [
        *(_x(f"all_{d}", op, In((4, 6), d)) for d in FLOATS),
        *(_x(f"axis1_keepdim_{d}", op, In((4, 6), d), axis=[1], keepdim=True)
          for d in FLOATS),
        _x("axes_3d", op, In((2, 3, 4), "float64"), axis=[0, -1]),
        _x("biased", op, In((5, 3), "float32"), axis=[0], unbiased=False),
        _x("correction_0", op, In((5, 3), "float64"), axis=[1], correction=0.0),
        _x("correction_2_5", op, In((5, 3), "float32"), axis=[0], correction=2.5),
        _x("correction_eq_n", op, In((3, 4), "float64"), axis=[0], correction=3.0),
        _x("constant_rows", op, In((2, 5), "float32", values=[[0.1] * 5, [-7.25] * 5]),
           axis=[1]),
        _x("0d", op, In((), "float64")),
    ]


def _nansum() -> list[GradCase]:
    nan_rows = [[NAN, 1.5, NAN, -2.0], [NAN, NAN, NAN, NAN], [INF, NAN, -1.0, 0.0],
                [-0.0, -0.0, NAN, -0.0]]
    return [
        *(_x(f"axis1_{d}", "nansum", In((3, 4), d), axis=[1]) for d in FLOATS),
        _x("all_float32", "nansum", In((2, 3), "float32")),
        _x("keepdim_3d", "nansum", In((2, 3, 4), "float64"), axis=[0, 2], keepdim=True),
        _x("nan_rows_float32", "nansum", In((4, 4), "float32", values=nan_rows), axis=[1]),
        _x("nan_rows_all_float64", "nansum", In((4, 4), "float64", values=nan_rows)),
        _x("complex64", "nansum", In((2, 3), "complex64"), axis=[0]),
        _x("0d", "nansum", In((), "float32", values=NAN)),
    ]


def _cumulative(op: str) -> list[GradCase]:
    ties = [[1.0, 3.0, 3.0, 2.0, 3.0, 5.0], [4.0, 4.0, 4.0, 1.0, 0.0, 4.0]]
    edges = [[1.0, NAN, 2.0, 0.0, NAN], [-INF, -INF, 0.0, -0.0, INF],
             [0.0, -0.0, 0.0, -1.0, -0.0]]
    return [
        *(_x(d, op, In((3, 5), d)) for d in FLOATS),
        *(_x(f"axis0_{d}", op, In((4, 3), d), axis=0) for d in FLOATS),
        _x("axis_negative_3d", op, In((2, 3, 4), "float32"), axis=-2),
        _x("indices_int32", op, In((3, 5), "float64"), axis=1, dtype=2),
        _x("ties_float64", op, In((2, 6), "float64", values=ties)),
        _x("edges_float32", op, In((3, 5), "float32", values=edges)),
    ]


def _reduce_as() -> list[GradCase]:
    def g(tag: str, x: In, target: In) -> GradCase:
        return GradCase(Case(f"reduce_as_grad_{tag}", "reduce_as", {"x": x, "target": target}),
                        ("x",), of=("out",))

    return [
        *(g(d, In((2, 3, 4), d), In((3, 1), d)) for d in (*FLOATS, "complex64")),
        g("leading_only", In((5, 2, 3), "float32"), In((2, 3), "float32")),
        g("to_0d", In((4, 3), "float64"), In((), "float64")),
        g("same", In((2, 3), "float32"), In((2, 3), "float32")),
        g("middle", In((2, 3, 4), "float64"), In((2, 1, 4), "float64")),
    ]


def _segment_pool() -> list[GradCase]:
    def g(tag: str, x: In, ids: list[int], pooltype: str, id_dtype: str = "int64"
          ) -> GradCase:
        return GradCase(Case(f"segment_pool_grad_{tag}", "segment_pool",
                             {"X": x, "SegmentIds": In((len(ids),), id_dtype, values=ids)},
                             attrs={"pooltype": pooltype}), ("X",), of=("Out",))

    ids = [0, 0, 1, 3, 3, 3]
    ties = [[1.0, 2.0], [1.0, -2.0], [5.0, 5.0], [3.0, 0.5], [3.0, 0.5], [-1.0, 0.5]]
    return [
        *(g(f"{p.lower()}_{d}", In((6, 3), d), ids, p)
          for p in ("SUM", "MEAN", "MAX", "MIN") for d in FLOATS),
        g("sum_int32_ids", In((6, 3), "float32"), ids, "SUM", "int32"),
        g("mean_3d", In((4, 2, 3), "float64"), [0, 1, 1, 1], "MEAN"),
        g("max_1d", In((5,), "float32"), [0, 0, 2, 2, 2], "MAX"),
        g("starts_at_2", In((3, 2), "float32"), [2, 2, 4], "MEAN"),
        *(g(f"ties_{p.lower()}", In((6, 2), "float64", values=ties), ids, p)
          for p in ("MAX", "MIN")),
    ]


GRAD_CASES = [
    *(_g(f"all_{d}", In((3, 5), d)) for d in FLOATS),
    *(_g(f"axis1_{d}", In((3, 4), d), axis=[1]) for d in FLOATS),
    _g("nan_rows_float32", In((6, 4), "float32", values=_NAN_ROWS), axis=[1]),
    _g("nan_rows_min_float64", In((6, 4), "float64", values=_NAN_ROWS), axis=[-1],
       mode="min", keepdim=False),
    _g("nan_all_float32", In((6, 4), "float32", values=_NAN_ROWS)),
    _g("nan_axis0_float64", In((6, 4), "float64", values=_NAN_ROWS), axis=[0]),
    _g("axis0_min_float32", In((4, 3), "float32"), axis=[0], mode="min"),
    _g("axes_two_float64", In((2, 3, 4), "float64"), axis=[0, 2]),
    _g("axes_negative_no_keepdim", In((2, 3, 4), "float32"), axis=[-1, 0], keepdim=False),
    _g("odd_count", In((5,), "float64"), axis=[0]),
    _g("0d", In((), "float32")),
    _g("only_nan_float64", In((2, 3), "float64", values=[[NAN] * 3] * 2), axis=[0]),
    *_median(),
    *_moment("std"),
    *_moment("var"),
    *_nansum(),
    *_cumulative("cummax"),
    *_cumulative("cummin"),
    *_reduce_as(),
    *_segment_pool(),
]
