"""Grads of binary_math.py's atan2, copysign and lerp.

atan2: float32 over the specials of both operands (the origin and infinite pairs give NaN),
float64 and float16 over random values, X2 with X1's dims. copysign: floats and halves over
the signed zeros, infinities and NaN (x_grad is x itself where x is a zero, NaN where x is
infinite or NaN), int32 / int64, NumPy broadcasting summed back to x; y's gradient is 0.
lerp: X, Y and Weight broadcast every way (Weight a 0-d, a 1-element, a row and a bigger
tensor), X's or Y's gradient alone.

Not exported: atan2 with an X2 bigger than X1 (the forward reads its first numel(X1)
values): Paddle 3.3.1 leaves the rest of X2@GRAD uninitialised memory; fluidphi writes 0
there.
"""

from .spec import FLOAT_EDGES, Case, GradCase, In

_EDGES = (*FLOAT_EDGES, 2.0, -3.0)


def _grid(op: str, slots: tuple[str, str], dtype: str) -> GradCase:
    """Every pair of float edge values (X along rows, Y along columns)."""
    n = len(_EDGES)
    x = [[v] * n for v in _EDGES]
    y = [list(_EDGES) for _ in _EDGES]
    return GradCase(Case(f"{op}_edges_{dtype}", op, {slots[0]: In((n, n), dtype, values=x),
                                                     slots[1]: In((n, n), dtype, values=y)}),
                    slots)


def _atan2(dtype: str, shape: tuple[int, ...] = (3, 4)) -> GradCase:
    tag = "0d_" if shape == () else ""
    return GradCase(Case(f"atan2_{tag}{dtype}", "atan2", {"X1": In(shape, dtype, -3.0, 3.0),
                                                          "X2": In(shape, dtype, -3.0, 3.0)}),
                    ("X1", "X2"))


def _copysign(tag: str, dtype: str, x: tuple[int, ...], y: tuple[int, ...],
              wrt: tuple[str, ...] = ("x", "y")) -> GradCase:
    low, high = (-5, 5) if dtype.startswith("int") else (-3.0, 3.0)
    return GradCase(Case(f"copysign_{tag}_{dtype}", "copysign",
                         {"x": In(x, dtype, low, high, special=(0, 1, -2)),
                          "y": In(y, dtype, low, high, special=(0, -1, 3))}), wrt)


def _lerp(tag: str, x: tuple[int, ...], y: tuple[int, ...], w: tuple[int, ...],
          dtype: str = "float32", wrt: tuple[str, ...] = ("X", "Y")) -> GradCase:
    return GradCase(Case(f"lerp_{tag}_{dtype}", "lerp",
                         {"X": In(x, dtype), "Y": In(y, dtype), "Weight": In(w, dtype, 0.0, 1.0)}),
                    wrt)


GRAD_CASES = [
    _grid("atan2", ("X1", "X2"), "float32"),
    _atan2("float32"), _atan2("float64"), _atan2("float16"), _atan2("float32", ()),
    _grid("copysign", ("x", "y"), "float32"),
    _grid("copysign", ("x", "y"), "float64"),
    _copysign("same", "float32", (3, 4), (3, 4)),
    _copysign("bcast", "float64", (3, 1), (2, 3, 4)),
    _copysign("bcast_y", "float32", (2, 3, 4), (4,)),
    _copysign("same", "float16", (3, 4), (3, 4)),
    _copysign("same", "int32", (3, 4), (3, 4)),
    _copysign("bcast", "int64", (2, 3, 4), (3, 1)),
    _copysign("x_only", "float32", (3, 4), (3, 4), ("x",)),
    _lerp("same", (3, 4), (3, 4), (3, 4)),
    _lerp("same", (3, 4), (3, 4), (3, 4), "float64"),
    _lerp("weight_row", (2, 3, 4), (2, 3, 4), (4,)),
    _lerp("weight_1", (3, 4), (3, 4), (1,), "float64"),
    _lerp("weight_0d", (3, 4), (3, 4), ()),
    _lerp("bcast_xy", (2, 3, 4), (3, 1), (4,)),
    _lerp("weight_grows", (3, 4), (4,), (2, 3, 4), "float64"),
    _lerp("x_only", (2, 3), (3,), (2, 3), wrt=("X",)),
    _lerp("y_only", (2, 3), (3,), (2, 3), wrt=("Y",)),
]
