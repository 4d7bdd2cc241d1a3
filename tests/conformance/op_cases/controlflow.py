"""Control-flow helpers with a kernel: is_empty (whether X has no elements; a bool)."""

from .spec import Case, In


def _is_empty() -> list[Case]:
    shapes = {"2x3": (2, 3), "0d": (), "empty": (0, 3), "empty_inner": (2, 0, 4)}
    return [Case(f"is_empty_{tag}_{d}", "is_empty", {"X": In(shape, d)})
            for d in ("float32", "float64", "int32", "int64") for tag, shape in shapes.items()]


CASES = [*_is_empty()]
