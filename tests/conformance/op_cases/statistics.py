"""Statistics over axes: std, var, median, nanmedian, ...

std / var: over `axis` (all axes when empty; negative counts from the end), the squared
deviations from the mean summed and divided by N - correction when `unbiased`, else by N
(std: the square root); `keepdim` keeps the reduced axes as 1.

nanmedian (Paddle 3.3.1, saved with clip_extra=False, `UNCLIPPED`): the median of the values
that are not NaN (avg: mean of the two middle ones, integers truncating; min: the lower one);
a row of NaN only gives NaN and MedianIndex -1; no elements give NaN, which integer kernels
cast to the type's smallest value.
"""

from .spec import FLOATS, INF, INTS, NAN, Case, In

#: Op types saved with `save_inference_model(clip_extra=False)`: by default Paddle (3.3.1 and
#: 2.6.2) drops nanmedian's extra output MedianIndex and then crashes (SIGSEGV) in
#: NanmedianInferMeta running the saved program; kept, the program runs.
UNCLIPPED = frozenset({"nanmedian"})


def _moment(op: str) -> list[Case]:
    def case(tag: str, x: In, **attrs) -> Case:
        return Case(f"{op}_{tag}", op, {"x": x}, attrs=attrs)

    return [
        *(case(f"all_{d}", In((4, 6), d)) for d in FLOATS),
        *(case(f"axis1_keepdim_{d}", In((4, 6), d), axis=[1], keepdim=True) for d in FLOATS),
        case("axes_3d", In((2, 3, 4), "float64"), axis=[0, -1]),
        case("biased", In((5, 3), "float32"), axis=[0], unbiased=False),
        case("correction_0", In((5, 3), "float64"), axis=[1], correction=0.0),
        case("correction_2_5", In((5, 3), "float32"), axis=[0], correction=2.5),
        case("correction_eq_n", In((3, 4), "float64"), axis=[0], correction=3.0),
        case("one_element", In((1, 3), "float32"), axis=[0]),
        case("0d", In((), "float32")),
        case("empty", In((0, 3), "float32"), axis=[0]),
        case("edges", In((3, 4), "float64", values=[[NAN, 1.0, 2.0, 3.0], [INF, 1.0, -INF, 0.0],
                                                   [1.0, 1.0, 1.0, -0.0]]), axis=[1]),
        case("constant_rows", In((2, 5), "float32", values=[[0.1] * 5, [-7.25] * 5]),
             axis=[1]),
    ]


def _median() -> list[Case]:
    def case(tag: str, x: In, **attrs) -> Case:
        # Paddle picks among tied elements by its selection algorithm's order, and leaves
        # `medians` of an all-NaN row unwritten: ties and NaN rows compare `out` only
        fetch = ("out",) if x.dtype in INTS or "nan" in tag else None
        return Case(f"median_{tag}", "median", {"x": x}, attrs=attrs, fetch=fetch)

    ties = [[3, 1, 2, 2], [5, 5, 1, 9], [0, -4, 7, 7]]
    return [
        *(case(f"all_{d}", In((3, 5), d)) for d in (*FLOATS, *INTS)),
        *(case(f"axis1_{d}", In((3, 4), d), axis=[1]) for d in (*FLOATS, *INTS)),
        *(case(f"axis0_min_{d}", In((4, 3), d), axis=[0], mode="min") for d in FLOATS),
        case("axis0_min_int64", In((4, 3), "int64"), axis=[0], mode="min"),
        case("ties_int32", In((3, 4), "int32", values=ties), axis=[1]),
        case("ties_min_int32", In((3, 4), "int32", values=ties), axis=[-1], mode="min"),
        case("negative_avg_truncates_int64", In((2, 2), "int64", values=[[-3, -2], [5, -8]]),
             axis=[1]),
        case("no_keepdim", In((3, 5), "float32"), axis=[1], keepdim=False),
        case("all_no_keepdim", In((3, 5), "float64"), keepdim=False),
        case("axes_two", In((2, 3, 4), "float32"), axis=[0, 2]),
        case("0d", In((), "float32")),
        case("nan_rows", In((3, 4), "float32", values=[[NAN, 1.0, 2.0, 3.0],
                                                       [NAN, NAN, NAN, NAN],
                                                       [INF, -INF, 0.0, -0.0]]), axis=[1]),
        case("nan_rows_min", In((3, 4), "float64", values=[[NAN, 1.0, 2.0, 3.0],
                                                           [NAN, NAN, NAN, NAN],
                                                           [INF, 2.0, -INF, 5.0]]),
             axis=[1], mode="min"),
        case("odd_count", In((5,), "float64"), axis=[0]),
    ]


def _nanmedian() -> list[Case]:
    def case(tag: str, x: In, **attrs) -> Case:
        # MedianIndex is compared only where no two kept values tie (Paddle's selection
        # order picks among ties) and the input is not empty (Paddle leaves it unwritten)
        exact = x.dtype in FLOATS and not {"ties", "empty"} & set(tag.split("_"))
        return Case(f"nanmedian_{tag}", "nanmedian", {"X": x}, attrs=attrs,
                    fetch=("Out", "MedianIndex") if exact else ("Out",))

    nan_rows = [[1.0, NAN, 3.0, 2.0], [5.0, 4.0, NAN, NAN], [NAN, NAN, NAN, NAN],
                [INF, -INF, NAN, 7.5], [NAN, -0.5, NAN, NAN], [2.5, -3.0, 0.5, -0.0]]
    ties = [[3, 1, 2, 2], [5, 5, 1, 9], [0, -4, 7, 7], [-3, -2, 0, 0]]
    return [
        *(case(f"all_{d}", In((3, 5), d)) for d in (*FLOATS, *INTS)),
        *(case(f"axis1_{d}", In((3, 4), d), axis=[1]) for d in (*FLOATS, *INTS)),
        case("nan_rows_float32", In((6, 4), "float32", values=nan_rows), axis=[1]),
        case("nan_rows_float64", In((6, 4), "float64", values=nan_rows), axis=[-1],
             keepdim=False),
        case("nan_all_float32", In((6, 4), "float32", values=nan_rows)),
        case("nan_axis0_float32", In((6, 4), "float32", values=nan_rows), axis=[0]),
        case("ties_int32", In((4, 4), "int32", values=ties), axis=[1]),
        case("ties_int64", In((4, 4), "int64", values=ties), axis=[0], keepdim=False),
        case("negative_avg_truncates_int64", In((2, 2), "int64", values=[[-3, -2], [5, -8]]),
             axis=[1]),
        *(case(f"axis0_min_{d}", In((4, 3), d), axis=[0], mode="min") for d in FLOATS),
        case("nan_rows_min_float64", In((6, 4), "float64", values=nan_rows), axis=[1],
             mode="min"),
        case("ties_min_int64", In((4, 4), "int64", values=ties), axis=[1], mode="min"),
        case("odd_count", In((5,), "float64"), axis=[0]),
        case("no_keepdim", In((3, 5), "float32"), axis=[1], keepdim=False),
        case("axes_two", In((2, 3, 4), "float64"), axis=[0, 2]),
        case("axes_negative_no_keepdim", In((2, 3, 4), "float32"), axis=[-1, 0], keepdim=False),
        case("0d", In((), "float32")),
        case("empty_reduced", In((0, 3), "float32"), axis=[0]),
        case("empty_kept", In((0, 3), "float64"), axis=[1]),
        case("empty_int64", In((0, 3), "int64"), axis=[0]),
        case("empty_all_int32", In((0, 3), "int32")),
    ]


def _cumulative(op: str) -> list[Case]:
    def case(tag: str, x: In, **attrs) -> Case:
        return Case(f"{op}_{tag}", op, {"x": x}, attrs=attrs)

    ties = [[1, 3, 3, 2, 3, 5], [4, 4, 4, 1, 0, 4]]
    return [
        *(case(d, In((3, 5), d)) for d in (*FLOATS, *INTS)),
        *(case(f"axis0_{d}", In((4, 3), d), axis=0) for d in FLOATS),
        case("axis_negative_3d", In((2, 3, 4), "float32"), axis=-2),
        case("indices_int32", In((3, 5), "float64"), axis=1, dtype=2),
        case("ties_int64", In((2, 6), "int64", values=ties)),
        case("ties_int32_indices_int32", In((2, 6), "int32", values=ties), dtype=2),
        case("edges", In((3, 5), "float32", values=[[1.0, NAN, 2.0, 0.0, NAN],
                                                     [-INF, -INF, 0.0, -0.0, INF],
                                                     [0.0, -0.0, 0.0, -1.0, -0.0]])),
        case("0d", In((), "float64")),
        case("empty", In((0, 3), "float32"), axis=1),
        case("int_extremes", In((2, 3), "int64", values=[[-2 ** 63, 0, 2 ** 63 - 1],
                                                          [2 ** 63 - 1, -2 ** 63, 5]])),
    ]


_NANSUM_TYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
                 "float32", "float64", "complex64", "complex128")


def _nansum() -> list[Case]:
    def case(tag: str, x: In, **attrs) -> Case:
        return Case(f"nansum_{tag}", "nansum", {"x": x}, attrs=attrs)

    nan_rows = [[NAN, 1.5, NAN, -2.0], [NAN, NAN, NAN, NAN], [INF, NAN, -1.0, 0.0],
                [INF, -INF, 1.0, NAN], [-0.0, -0.0, NAN, -0.0]]
    return [
        *(case(f"axis1_{d}", In((3, 4), d, -3, 3), axis=[1]) for d in _NANSUM_TYPES),
        *(case(f"all_{d}", In((2, 3), d, -3, 3)) for d in ("int32", "float32", "complex64")),
        case("keepdim_3d", In((2, 3, 4), "float64"), axis=[0, 2], keepdim=True),
        case("dtype_int32_to_float64", In((3, 4), "int32"), axis=[0], dtype=6),
        case("dtype_float32_to_float64", In((3, 4), "float32"), axis=[1], dtype=6),
        case("nan_rows_float32", In((5, 4), "float32", values=nan_rows), axis=[1]),
        case("nan_rows_float64", In((5, 4), "float64", values=nan_rows), axis=[-1]),
        case("nan_complex", In((2, 2), "complex128", values=[[complex(NAN, 1.0), 2 + 1j],
                                                               [complex(1.0, NAN), 3 - 1j]]),
             axis=[1]),
        case("0d", In((), "float32", values=NAN)),
        case("empty", In((0, 3), "float32"), axis=[0]),
    ]


def _reduce_as() -> list[Case]:
    def case(tag: str, x: In, target: In, raises: str | None = None) -> Case:
        return Case(f"reduce_as_{tag}", "reduce_as", {"x": x, "target": target},
                    raises=raises)

    return [
        *(case(d, In((2, 3, 4), d, -3, 3), In((3, 1), d)) for d in _NANSUM_TYPES),
        case("leading_only", In((5, 2, 3), "float32"), In((2, 3), "float32")),
        case("to_scalar_shape", In((4, 3), "float64"), In((1, 1), "float64")),
        case("to_0d", In((4, 3), "float32"), In((), "float32")),
        case("same", In((2, 3), "int64"), In((2, 3), "int64")),
        case("middle", In((2, 3, 4), "float32"), In((2, 1, 4), "float32")),
        case("int8_wraps", In((4, 2), "int8", values=[[100, 1], [100, 2], [100, 3], [-7, 4]]),
             In((1, 2), "int8")),
        case("edges", In((3, 2), "float32", values=[[NAN, INF], [1.0, -INF], [2.0, -INF]]),
             In((1, 2), "float32")),
        case("empty", In((0, 3), "float32"), In((1, 3), "float32")),
    ]


def _segment_pool() -> list[Case]:
    def case(tag: str, x: In, ids, pooltype: str, id_dtype: str = "int64",
             raises: str | None = None) -> Case:
        return Case(f"segment_pool_{tag}", "segment_pool",
                    {"X": x, "SegmentIds": In((len(ids),), id_dtype, values=ids)},
                    attrs={"pooltype": pooltype}, raises=raises)

    ids = [0, 0, 1, 3, 3, 3]
    return [
        *(case(f"{p.lower()}_{d}", In((6, 3), d, -4, 4), ids, p)
          for p in ("SUM", "MEAN", "MAX", "MIN") for d in ("float32", "float64")),
        *(case(f"{p.lower()}_{d}", In((6, 2), d, -9, 9), ids, p)
          for p in ("SUM", "MEAN", "MAX", "MIN") for d in ("int32", "int64", "float16")),
        case("sum_int32_ids", In((6, 3), "float32"), ids, "SUM", "int32"),
        case("mean_3d", In((4, 2, 3), "float64"), [0, 1, 1, 1], "MEAN"),
        case("max_1d", In((5,), "float32"), [0, 0, 2, 2, 2], "MAX"),
        case("starts_at_2", In((3, 2), "float32"), [2, 2, 4], "MEAN"),
        case("edges_max", In((4, 1), "float32", values=[[NAN], [1.0], [-INF], [-INF]]),
             [0, 0, 1, 1], "MAX"),
        case("edges_min", In((4, 1), "float32", values=[[1.0], [NAN], [INF], [INF]]),
             [0, 0, 1, 1], "MIN"),
        case("unsorted", In((4, 2), "float32"), [1, 0, 0, 2], "SUM", raises="sorted"),
    ]


CASES = [*_moment("std"), *_moment("var"), *_median(), *_nanmedian(), *_cumulative("cummax"),
         *_cumulative("cummin"), *_nansum(),
         *_reduce_as(),
         *_segment_pool()]
