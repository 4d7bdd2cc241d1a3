"""Logical ops: logical_and / or / xor (Y broadcasts against X, NumPy style) and
logical_not. Out is bool; a nonzero element (NaN included; for complex, either part)
reads as true."""

from .spec import FLOATS, INF, NAN, SHAPES, Case, In, sweep

_MAIN = {"4x6": SHAPES["4x6"]}
_TYPES = ("bool", "int8", "int16", "int32", "int64", *FLOATS, "complex64", "complex128")
#: Values whose truth is easy to get wrong: signed zeros, NaN, tiny values, imaginary parts.
_FLOAT_SPECIALS = (0.0, -0.0, NAN, INF, -INF, 1e-30, 1.0)
_COMPLEX_SPECIALS = (0j, complex(0.0, -0.0), 1j, complex(NAN, 0.0), complex(0.0, 1e-30), 1.0)


def _special(dtype: str) -> tuple:
    if dtype.startswith("complex"):
        return _COMPLEX_SPECIALS
    return _FLOAT_SPECIALS if dtype.startswith("float") else ()


def _sweep(op: str, slots: list[str]) -> list:
    return [c for dtype in _TYPES
            for c in sweep(op, slots, [dtype], low=-2, high=2, special=_special(dtype) or None,
                           shapes=SHAPES if dtype in ("bool", "float32") else _MAIN)]


CASES = [
    *_sweep("logical_and", ["X", "Y"]),
    *_sweep("logical_or", ["X", "Y"]),
    *_sweep("logical_xor", ["X", "Y"]),
    *_sweep("logical_not", ["X"]),
    Case("logical_xor_bcast_bigger_y_int32", "logical_xor",
         {"X": In((3,), "int32", -1, 2), "Y": In((2, 3), "int32", -1, 2)}),
    Case("logical_and_bcast_float64", "logical_and",
         {"X": In((2, 3, 4), "float64", -1, 1), "Y": In((4,), "float64", -1, 1)}),
]
