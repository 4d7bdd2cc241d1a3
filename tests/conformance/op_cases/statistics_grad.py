"""Grads of the statistics family: nanmedian_grad (Paddle 3.3.1): Out@GRAD at the median
element (min, or an odd count of kept values), half of it at each of the two middle ones
(avg), nothing for a row of NaN only; axes in any order, keepdim, 0-d. Values without
ties (Paddle's selection order picks among ties, and the gradient follows its pick).
"""

from .spec import FLOATS, NAN, Case, GradCase, In

_NAN_ROWS = [[1.0, NAN, 3.0, 2.0], [5.0, 4.0, NAN, NAN], [NAN, NAN, NAN, NAN],
             [6.0, -7.0, NAN, 7.5], [NAN, -0.5, NAN, NAN], [2.5, -3.0, 0.5, -0.25]]


def _g(tag: str, x: In, **attrs) -> GradCase:
    return GradCase(Case(f"nanmedian_grad_{tag}", "nanmedian", {"X": x}, attrs=attrs),
                    ("X",), of=("Out",))


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
]
