"""Unary math: atan, sinh, erf, expm1, log1p and isnan_v2 (out = f(x), x's dims).

expm1 and log1p of integer tensors compute in float32 and give float32 (although Paddle's
static InferShape declares the input's dtype). isnan_v2 gives bool for every dtype.
"""

from .spec import FLOAT_EDGES, FLOATS, INF, INTS, SHAPES, Case, In, sweep

_COMPLEX_GAP = {"complex64": "complex branch cuts and inf/NaN parts not matched yet",
                "complex128": "complex branch cuts and inf/NaN parts not matched yet"}

#: Paddle registers these on CPU; fluidphi does not (yet).
DTYPE_GAPS = {"atan": _COMPLEX_GAP, "sinh": _COMPLEX_GAP, "expm1": _COMPLEX_GAP,
              "log1p": _COMPLEX_GAP}

_MAIN = {"4x6": SHAPES["4x6"]}
#: Past exp's float32 / float64 range, where sinh and expm1 overflow.
_LARGE = (88.0, 89.0, -89.0, 709.0, 710.0, -710.0, 1e30, -1e30)

CASES = [
    *sweep("atan", ["X"], FLOATS, api="paddle.atan"),
    Case("atan_large_float32", "atan", {"X": In((8,), "float32", special=(1e30, -1e30, 1e8))}),
    *sweep("sinh", ["X"], FLOATS),
    *sweep("sinh", ["X"], FLOATS, shapes=_MAIN, tag="large", special=_LARGE),
    *sweep("erf", ["X"], FLOATS, api="paddle.erf"),
    *sweep("erf", ["X"], ["float16"], shapes=_MAIN, api="paddle.erf"),
    *sweep("expm1", ["X"], FLOATS),
    *sweep("expm1", ["X"], FLOATS, shapes=_MAIN, tag="large", special=_LARGE),
    *sweep("expm1", ["X"], ["float16"], shapes=_MAIN, low=-6, high=11),
    *sweep("expm1", ["X"], INTS, shapes=_MAIN, low=-20, high=20, special=(0, 1, -1, 100, -100)),
    *sweep("log1p", ["X"], FLOATS, low=-1.5, special=(*FLOAT_EDGES, -1.0 - 1e-7, 1e-8, INF)),
    *sweep("log1p", ["X"], ["float16", "bfloat16"], shapes=_MAIN, low=-1.5),
    *sweep("log1p", ["X"], INTS, shapes=_MAIN, low=-3, high=100),
    *sweep("isnan_v2", ["X"], FLOATS),
    *sweep("isnan_v2", ["X"], ["float16", "bfloat16", *INTS, "complex64", "complex128"],
           shapes=_MAIN),
]
