"""Grads of the Paddle 1.x / 2.x ops of v1.py: mean (PHI mean_all_grad: Out@GRAD / numel
everywhere; float32, float64, complex, 0-D and empty X), top_k (v1, its grad scatters
Out@GRAD to the Indices along the last axis; distinct values so the indices are Paddle's),
expand (v1: the output gradient summed over each dim's copies) and crop_tensor (the output
gradient placed at the offsets, zeros elsewhere)."""

from .spec import Case, GradCase, In

_MEAN = [
    *(GradCase(Case(f"mean_{tag}_{dtype}", "mean", {"X": In(shape, dtype)}), ("X",))
      for dtype in ("float32", "float64", "complex64", "complex128")
      for tag, shape in (("3x4", (3, 4)), ("0d", ()), ("3d", (2, 3, 4)))),
    GradCase(Case("mean_empty_float32", "mean", {"X": In((0, 3), "float32")}), ("X",)),
]

_DISTINCT = [[0.5, -1.0, 3.0, 2.5, -4.0], [1.5, 7.0, -2.0, 0.25, 6.0], [9.0, 8.0, -7.0, 0.0, 1.0]]

_TOPK = [
    *(GradCase(Case(f"top_k_k2_{dtype}", "top_k", {"X": In((3, 5), dtype, values=_DISTINCT)},
                    attrs={"k": 2}), ("X",), of=("Out",)) for dtype in ("float32", "float64")),
    GradCase(Case("top_k_3d_float32", "top_k",
                  {"X": In((2, 2, 3), "float32", values=[[[1.0, 3.0, 2.0], [0.0, -1.0, 5.0]],
                                                         [[4.0, 6.0, 5.0], [9.0, 7.0, 8.0]]])},
                  attrs={"k": 3}), ("X",), of=("Out",)),
    GradCase(Case("top_k_k_tensor_float32", "top_k",
                  {"X": In((3, 5), "float32", values=_DISTINCT),
                   "K": In((1,), "int32", values=[3])}, attrs={"k": 1}), ("X",), of=("Out",)),
]

_EXPAND = [
    *(GradCase(Case(f"expand_2x3_{dtype}", "expand", {"X": In((2, 3), dtype)},
                    attrs={"expand_times": [2, 3]}), ("X",)) for dtype in ("float32", "float64")),
    GradCase(Case("expand_3d_ones_float32", "expand", {"X": In((2, 1, 3), "float32")},
                  attrs={"expand_times": [1, 4, 1]}), ("X",)),
    GradCase(Case("expand_times_tensor_float32", "expand",
                  {"X": In((2, 3), "float32"), "ExpandTimes": In((2,), "int32", values=[3, 2])},
                  attrs={"expand_times": [1, 1]}), ("X",)),
]


def _i32(*values: int) -> In:
    return In((len(values),), "int32", values=list(values))


def _crop(tag: str, dtype: str, x: tuple[int, ...], attrs=None, inputs=None) -> GradCase:
    return GradCase(Case(f"crop_tensor_{tag}_{dtype}", "crop_tensor",
                         {"X": In(x, dtype), **(inputs or {})}, attrs=attrs or {}), ("X",))


_CROP = [
    *(_crop("2d", dtype, (3, 5), {"shape": [2, 3], "offsets": [1, 1]})
      for dtype in ("float32", "float64")),
    _crop("minus_one", "float32", (2, 3, 4), {"shape": [-1, 2, -1], "offsets": [1, 0, 1]}),
    _crop("shape_tensor", "float32", (4, 5), {"shape": [1, 1], "offsets": [1, 2]},
          {"Shape": _i32(3, 2)}),
    _crop("offsets_tensor", "float64", (4, 5), {"shape": [2, 2], "offsets": [0, 0]},
          {"Offsets": _i32(2, 3)}),
]

GRAD_CASES = [*_MEAN, *_TOPK, *_EXPAND, *_CROP]
