"""Paddle 1.x / 2.x ops old programs still hold: mean (every element to one 0-D value, as
PHI mean_all), top_k (v1: the last axis, k attr or K tensor, int64 Indices).

mean: float32 / float64 / complex / bfloat16 (Paddle's Eigen mean; bfloat16 cases use values
whose sums are exact, so no rounding order shows); an empty X gives NaN.
top_k: PHI topk_v1, Paddle's topk with axis -1, largest and sorted; K (an int32 [1] tensor)
wins over the attribute. The order of equal elements is libstdc++'s partial_sort's (see
sort_search.py): tie cases fetch only the values.
expand (v1, PHI legacy_expand): X tiled `expand_times` times per dim (one entry per dim of
X); the times come from the ExpandTimes tensor, else expand_times_tensor, else the attribute.
crop_tensor (PHI crop): X[offsets : offsets + shape] per dim; shape from the Shape tensor,
else ShapeTensor, else the attribute (-1: to the end of X's dim); offsets likewise from
Offsets / OffsetsTensor / the attribute. crop (v1, PHI legacy_crop): the same window with
the shape from Y's dims when Y is given. Paddle's crop does not check a window past X's end
(it reads out of bounds; fluidphi refuses it: tests/ops/test_v1_ops.py) and dies (SIGSEGV) on
an empty `offsets`, so neither is a fixture.
accuracy: the share of rows whose Label is among that row's top-k Indices (Out, the top-k
values, is not read), with Correct and Total counts (0-D float32 / int32 / int32). No empty
case: Paddle then leaves Correct and Total unwritten (whatever memory held).
"""

from .spec import INF, NAN, Case, In

_MEAN = [
    *(Case(f"mean_{tag}_{dtype}", "mean", {"X": In(shape, dtype)})
      for dtype in ("float32", "float64", "complex64", "complex128")
      for tag, shape in (("3x4", (3, 4)), ("0d", ()), ("empty", (0, 3)), ("3d", (2, 3, 4)))),
    Case("mean_exact_bfloat16", "mean", {"X": In((2, 4), "bfloat16", values=[
        [1.0, 2.0, 3.0, 4.0], [-0.5, 0.25, 8.0, 6.25]])}),
    Case("mean_nan_inf_float32", "mean", {"X": In((4,), "float32", values=[1.0, NAN, 2.0, 3.0])}),
    Case("mean_inf_float64", "mean", {"X": In((3,), "float64", values=[1.0, INF, 2.0])}),
]


_ARTEFACT = ("Paddle's order of equal elements is libstdc++'s partial_sort's: values only, and "
             "the sign of a zero picked among -0.0 / 0.0 is that order's too")


def _topk(tag: str, dtype: str, x: In, k: int | None = None, k_tensor: int | None = None,
          raises=None, ties: bool = False) -> Case:
    inputs = {"X": x}
    if k_tensor is not None:
        inputs["K"] = In((1,), "int32", values=[k_tensor])
    return Case(f"top_k_{tag}_{dtype}", "top_k", inputs,
                attrs={} if k is None else {"k": k}, raises=raises,
                **({"fetch": ("Out",), "zero_sign": False, "note": _ARTEFACT} if ties else {}))


_TOPK = [
    *(_topk("k2", dtype, In((3, 5), dtype, -50, 50), k=2)
      for dtype in ("float16", "float32", "float64", "int32", "int64")),
    _topk("default_k", "float32", In((2, 4), "float32")),
    _topk("1d_k3", "float64", In((6,), "float64"), k=3),
    _topk("3d_k_all", "float32", In((2, 2, 4), "float32"), k=4),
    _topk("ties_int64", "int64", In((2, 6), "int64", values=[[1, 3, 3, 2, 3, 1],
                                                             [5, 5, 5, 5, 5, 5]]), k=4,
          ties=True),
    _topk("nan_inf_float32", "float32",
          In((2, 4), "float32", values=[[1.0, NAN, INF, -INF], [0.0, -0.0, NAN, 2.0]]), k=3,
          ties=True),
    _topk("nan_distinct_float64", "float64",
          In((2, 5), "float64", values=[[1.0, NAN, INF, -INF, -2.0], [0.5, -3.0, NAN, 2.0, 9.0]]),
          k=3),
    _topk("k_tensor", "float32", In((3, 6), "float32"), k=1, k_tensor=4),
    _topk("k_tensor_int64", "int64", In((2, 5), "int64", -9, 9), k_tensor=2),
    _topk("empty_rows_float32", "float32", In((0, 4), "float32"), k=2),
    _topk("k_too_large", "float32", In((2, 3), "float32"), k=5,
          raises="k|K|greater|less|range"),
]



def _expand(tag: str, dtype: str, x: tuple[int, ...], times=None, inputs=None,
            raises=None) -> Case:
    return Case(f"expand_{tag}_{dtype}", "expand", {"X": In(x, dtype), **(inputs or {})},
                attrs={} if times is None else {"expand_times": times}, raises=raises)


_EXPAND = [
    *(_expand("2x3", dtype, (2, 3), [2, 3])
      for dtype in ("bool", "float32", "float64", "int32", "int64")),
    _expand("1d", "float32", (3,), [4]),
    _expand("3d_ones", "int64", (2, 1, 3), [1, 4, 1]),
    _expand("empty", "float32", (0, 3), [2, 2]),
    _expand("expand_times_tensor", "float32", (2, 3), [1, 1],
            inputs={"ExpandTimes": In((2,), "int32", values=[3, 2])}),
    _expand("expand_times_tensor_list", "float64", (2, 2), [5, 5],
            inputs={"expand_times_tensor": [In((1,), "int32", values=[2]),
                                            In((1,), "int32", values=[3])]}),
    _expand("zero_times", "float32", (2, 3), [0, 2]),
]



def _accuracy(tag: str, dtype: str, indices: In, label: In) -> Case:
    return Case(f"accuracy_{tag}_{dtype}", "accuracy",
                {"Out": In(indices.shape, dtype, 0.0, 1.0), "Indices": indices, "Label": label},
                fetch=("Accuracy", "Correct", "Total"))


_ACCURACY = [
    *(_accuracy("k3", dtype, In((6, 3), "int64", 0, 5), In((6, 1), "int64", 0, 5))
      for dtype in ("float32", "float64")),
    _accuracy("k1_all_right", "float32", In((3, 1), "int64", values=[[1], [0], [4]]),
              In((3, 1), "int64", values=[[1], [0], [4]])),
    _accuracy("none_right", "float32", In((2, 2), "int64", values=[[1, 2], [3, 0]]),
              In((2, 1), "int64", values=[[0], [1]])),
    _accuracy("repeated_index", "float64", In((3, 3), "int64", values=[[2, 2, 2], [1, 1, 0],
                                                                        [5, 5, 5]]),
              In((3, 1), "int64", values=[[2], [0], [4]])),
]



def _i32(*values: int) -> In:
    return In((len(values),), "int32", values=list(values))


def _crop_tensor(tag: str, dtype: str, x: tuple[int, ...], attrs=None, inputs=None,
                 raises=None) -> Case:
    return Case(f"crop_tensor_{tag}_{dtype}", "crop_tensor",
                {"X": In(x, dtype, -9, 9), **(inputs or {})}, attrs=attrs or {}, raises=raises)


_CROP_TENSOR = [
    *(_crop_tensor("2d", dtype, (3, 5), {"shape": [2, 3], "offsets": [1, 1]})
      for dtype in ("float32", "float64", "int32", "int64")),
    _crop_tensor("minus_one", "float32", (2, 3, 4), {"shape": [-1, 2, -1], "offsets": [1, 0, 1]}),
    _crop_tensor("zero_offsets", "float64", (4, 4), {"shape": [2, 3], "offsets": [0, 0]}),
    _crop_tensor("shape_tensor", "float32", (4, 5), {"shape": [1, 1], "offsets": [1, 2]},
                 {"Shape": _i32(3, 2)}),
    _crop_tensor("shape_tensor_list", "int64", (4, 5), {"offsets": [0, 1]},
                 {"ShapeTensor": [_i32(2), _i32(4)]}),
    _crop_tensor("offsets_tensor", "float32", (4, 5), {"shape": [2, 2], "offsets": [0, 0]},
                 {"Offsets": _i32(2, 3)}),
    _crop_tensor("offsets_tensor_list", "float64", (4, 5), {"shape": [3, 2]},
                 {"OffsetsTensor": [_i32(1), _i32(3)]}),
    _crop_tensor("empty_window", "float32", (3, 4), {"shape": [0, 2], "offsets": [1, 1]}),
    _crop_tensor("out_of_range", "float32", (3, 4), {"shape": [2, 3], "offsets": [2, 0]},
                 raises="crop|offset|shape|range|exceed|greater|less"),
]


def _crop(tag: str, dtype: str, x: tuple[int, ...], attrs=None, inputs=None,
          raises=None) -> Case:
    return Case(f"crop_{tag}_{dtype}", "crop", {"X": In(x, dtype), **(inputs or {})},
                attrs=attrs or {}, raises=raises)


_CROP = [
    *(_crop("2d", dtype, (4, 5), {"shape": [2, 3], "offsets": [1, 2]})
      for dtype in ("float32", "float64")),
    _crop("3d_zero_offsets", "float32", (3, 4, 5), {"shape": [2, 2, 3], "offsets": [0, 0, 0]}),
    _crop("y_shape", "float32", (4, 5), {"offsets": [2, 1]}, {"Y": In((2, 3), "float32")}),
    _crop("offsets_tensor", "float64", (4, 5), {"shape": [2, 2], "offsets": [0, 0]},
          {"Offsets": _i32(1, 3)}),
]

CASES = [*_MEAN, *_TOPK, *_EXPAND, *_ACCURACY, *_CROP_TENSOR, *_CROP]
