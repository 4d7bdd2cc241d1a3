"""Statistics over axes: std, var.

std / var: over `axis` (all axes when empty; negative counts from the end), the squared
deviations from the mean summed and divided by N - correction when `unbiased`, else by N
(std: the square root); `keepdim` keeps the reduced axes as 1.
"""

from .spec import FLOATS, INF, NAN, Case, In


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


CASES = [*_moment("std"), *_moment("var")]
