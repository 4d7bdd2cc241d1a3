"""Grads of cast, scale and sum as Paddle's static backward writes them: cast's grad is a
cast back to X's dtype, scale's a scale by the same factor without bias, sum's gradient
passes Out@GRAD to every input. float32 and float64."""

from .spec import Case, GradCase, In

_CAST = {"f32_f64": ("float32", 5), "f64_f32": ("float64", 6)}  # X dtype, out_dtype (proto)
_IN_DTYPE = {"float32": 5, "float64": 6}

GRAD_CASES = [
    *(GradCase(Case(f"cast_{tag}", "cast", {"X": In((3, 4), dtype)},
                    attrs={"in_dtype": _IN_DTYPE[dtype], "out_dtype": out}), ("X",))
      for tag, (dtype, out) in _CAST.items()),
    *(GradCase(Case(f"scale_{tag}_{dtype}", "scale", {"X": In((2, 3, 4), dtype)},
                    attrs=attrs), ("X",))
      for dtype in ("float32", "float64")
      for tag, attrs in {"bias_after": {"scale": -2.5, "bias": 1.0},
                         "bias_before": {"scale": 0.5, "bias": 3.0,
                                         "bias_after_scale": False}}.items()),
    *(GradCase(Case(f"sum_{n}_{dtype}", "sum", {"X": [In((2, 3), dtype)] * n}), ("X",))
      for dtype in ("float32", "float64") for n in (1, 3)),
]
