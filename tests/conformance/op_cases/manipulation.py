"""Manipulation: unstack.

unstack: X's slices along `axis` (negative: from the end), the axis dropped; the program
holds `num` = X.dims[axis] outputs Y (Paddle checks the count against `num` while the
program is built).
"""

from ._inputs import data
from .spec import Case


def _unstack_counts(attrs: dict) -> int:
    return attrs["num"]


#: Output slot -> the input slot whose tensor count it has, or a function of the attributes.
OUTPUT_COUNTS = {"unstack": {"Y": _unstack_counts}}


def _unstack() -> list[Case]:
    def case(tag: str, shape: tuple[int, ...], dtype: str, axis: int) -> Case:
        return Case(f"unstack_{tag}_{dtype}", "unstack", {"X": data(shape, dtype)},
                    attrs={"axis": axis, "num": shape[axis]})

    return [
        *(case("axis0", (3, 4), d, 0) for d in ("int32", "int64", "float32", "float64",
                                                  "complex64", "complex128")),
        case("axis_neg", (2, 3, 4), "float32", -1),
        case("axis1", (2, 3, 4), "int64", 1),
        case("1d", (5,), "float64", 0),
        case("empty_rest", (2, 0, 3), "float32", 0),
        case("one", (1, 3), "int32", 0),
    ]


CASES = [*_unstack()]
