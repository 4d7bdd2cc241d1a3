"""Input makers the family modules share (not a family: the name starts with `_`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .spec import FLOAT_EDGES, INF, NAN, Case, In, sweep

#: Element types whose random values start with the float edges (NaN, infinities, +-0, +-1).
FLOAT_TYPES = ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")


def data(shape: tuple[int, ...], dtype: str, **kw: Any) -> In:
    """A data tensor: float edges first for float types, small ints otherwise."""
    if dtype in FLOAT_TYPES:
        return In(shape, dtype, special=kw.pop("special", FLOAT_EDGES), **kw)
    if dtype == "uint8":
        return In(shape, dtype, 0, 200, **kw)
    return In(shape, dtype, -50, 50, **kw)


def ids(values: Any, dtype: str = "int64") -> In:
    """An integer tensor with exactly these (nested) values."""
    return In(np.asarray(values).shape, dtype, values=values)


COMPLEX = ("complex64", "complex128")
#: Complex special values for activations: the complex edges (spec.edges_for), then parts
#: that are infinite or NaN alone, and values near softplus' default threshold.
COMPLEX_SPECIAL = (
    NAN, INF, -INF, 0.0, -0.0, 1.0, -1.0, complex(0.0, NAN), complex(INF, NAN),
    complex(-1.0, INF), complex(0.0, INF), complex(-INF, INF), complex(NAN, 1.0),
    complex(0.5, 30.0), complex(20.5, 0.1), complex(19.5, -3.0))
#: Large real parts (a case of their own: the tolerance scales with the largest element),
#: past float32's exp range too, where Paddle's complex exp overflows, complex128 included.
COMPLEX_WIDE = (complex(30.0, 1.0), complex(-30.0, 1.0), complex(-100.0, 2.0),
                complex(100.0, 2.0), complex(-90.0, 0.5), complex(90.0, -0.5),
                complex(-88.0, 1.0), complex(88.0, 3.0))
#: Paddle's vectorised complex exp (sigmoid, silu, logsigmoid, softplus) is only float32
#: accurate, complex128 included (relative error about 3e-7).
COMPLEX_EXP_NOTE = "Paddle's complex128 exp inside this op is float32-accurate"


def complex_sweep(op: str, *, exp_based: bool = False, wide: bool = True, note: str = "",
                  **kw: Any) -> list[Case]:
    """complex64 and complex128 cases of a unary op over X: the standard shapes with
    COMPLEX_SPECIAL first, and (`wide`) a 4x6 tensor with COMPLEX_WIDE first. `exp_based`
    ops get a complex128 tolerance of 1e-6 (COMPLEX_EXP_NOTE)."""
    cases = []
    for dtype in COMPLEX:
        loose = exp_based and dtype == "complex128"
        fields = {"tol": 1e-6 if loose else None,
                  "note": "; ".join(n for n in (note, COMPLEX_EXP_NOTE if loose else "") if n)}
        cases += sweep(op, ["X"], [dtype], special=COMPLEX_SPECIAL, **fields, **kw)
        if wide:
            cases += sweep(op, ["X"], [dtype], shapes={"4x6": (4, 6)}, tag="wide",
                           special=COMPLEX_WIDE, low=-10, high=10, **fields, **kw)
    return cases
