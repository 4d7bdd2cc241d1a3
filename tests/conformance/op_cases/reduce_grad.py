"""Grads of reduce_sum, reduce_mean, reduce_max, reduce_min and reduce_prod (PHI sum_grad,
mean_grad, max_grad, min_grad, prod_grad): one axis, several, negative, keep_dim,
reduce_all; max/min ties (the gradient is shared equally by the elements equal to the
result; a NaN result makes its group NaN), prod with zeros; float32 and float64; a float32
sum with a float64 output.
"""

from .spec import FLOATS, Case, GradCase, In

#: tag -> attributes over the defaults
_ATTRS = {
    "axis1": {"dim": [1]},
    "axes_keep": {"dim": [0, 2], "keep_dim": True},
    "neg": {"dim": [-1]},
    "all": {"dim": [0], "reduce_all": True},
    "all_keep": {"dim": [0, 1, 2], "keep_dim": True},
}
_NAN, _INF = float("nan"), float("inf")
#: max/min: rows of equal values (ties), a row holding the extreme twice, NaN and infinities
_TIES = [[[1.0, 3.0, 3.0, -2.0], [0.5, 0.5, 0.5, 0.5], [-4.0, 2.0, -4.0, 2.0]],
         [[2.0, 2.0, 1.0, 0.0], [7.0, -7.0, 7.0, 1.0], [0.0, -0.0, 0.0, -1.0]]]
_SPECIAL = [[[1.0, _NAN, 3.0, 3.0], [_INF, 1.0, _INF, -_INF], [-_INF, 2.0, -_INF, 0.0]],
            [[2.0, 2.0, 1.0, 0.0], [5.0, -1.0, 0.0, 1.0], [0.0, -0.0, 0.0, -1.0]]]
#: prod: a zero in some rows, two zeros in one
_ZEROS = [[[1.5, 0.0, -2.0, 0.5], [1.0, 2.0, 0.5, -1.0], [0.0, 3.0, 0.0, 1.0]],
          [[0.5, -1.5, 2.0, 1.0], [-0.5, 1.0, 0.0, 2.0], [1.0, 1.0, -1.0, 2.0]]]


def _cases(op: str, dtype: str) -> list[GradCase]:
    cases = [GradCase(Case(f"{op}_{tag}_{dtype}", op, {"X": In((2, 3, 4), dtype, -2.0, 2.0)},
                           attrs=attrs), ("X",)) for tag, attrs in _ATTRS.items()]
    tables = {"reduce_max": {"ties": _TIES, "special": _SPECIAL},
              "reduce_min": {"ties": _TIES, "special": _SPECIAL},
              "reduce_prod": {"zeros": _ZEROS}}.get(op, {})
    for tag, values in tables.items():
        for axes_tag, attrs in (("axis2", {"dim": [2]}), ("all", {"reduce_all": True})):
            cases.append(GradCase(Case(f"{op}_{tag}_{axes_tag}_{dtype}", op,
                                       {"X": In((2, 3, 4), dtype, values=values)},
                                       attrs=attrs), ("X",)))
    return cases


GRAD_CASES = [
    *[case for dtype in FLOATS
      for op in ("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod")
      for case in _cases(op, dtype)],
    # a float32 sum into float64 (out_dtype 6, FP64): the gradient comes back as float32
    GradCase(Case("reduce_sum_out_float64_float32", "reduce_sum",
                  {"X": In((2, 3, 4), "float32")}, attrs={"dim": [1], "out_dtype": 6}), ("X",)),
]
