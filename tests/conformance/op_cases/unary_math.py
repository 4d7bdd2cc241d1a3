"""Unary math: atan, sinh, erf, expm1, log1p, isnan_v2 (out = f(x), x's dims); trunc, rint,
round, isfinite_v2, isinf_v2, asin, acos, asinh, acosh, atanh, cosh, tan, log2, log10,
renorm, lgamma, digamma, erfinv, real, imag, conj and angle.

expm1, log1p, log2 and log10 of integer tensors compute in float32 and give float32
(although Paddle's static InferShape declares the input's dtype). isnan_v2 / isfinite_v2 /
isinf_v2 give bool for every dtype; atan, sinh, expm1 and log1p take complex X. round
(Paddle 3.3.1) rounds ties to even, at `decimals` places in x's own type; complex log2
divides by (ln 2 + 0j), so an infinite real part gets a NaN imaginary one. renorm with a
negative axis crashes Paddle's kernel (an error here).
"""

from ._inputs import complex_sweep
from .spec import FLOAT_EDGES, FLOATS, INF, INTS, NAN, SHAPES, Case, In, sweep

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
    # complex (Paddle's C library functions; expm1 = exp(x) - 1, log1p = log(1 + x))
    *complex_sweep("atan"), *complex_sweep("sinh", wide=False), *complex_sweep("expm1", wide=False),
    *complex_sweep("log1p"),
    *sweep("isnan_v2", ["X"], FLOATS),
    *sweep("isnan_v2", ["X"], ["float16", "bfloat16", *INTS, "complex64", "complex128"],
           shapes=_MAIN),
]

# -- more unary math (fam-math) -------------------------------------------------------------

_COMPLEX = ("complex64", "complex128")
#: Ties and near-ties for round / rint / trunc (float32 0.49999997 is the largest below 0.5).
#: Huge values get their own cases: the normwise tolerance scales with the largest element.
_TIES = (*FLOAT_EDGES, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997, 2.675,
         -2.675, 9.5, -9.5)
_HUGE_TIES = (1e30, -1e30, 8388609.0, 8388609.5, 4503599627370497.0, 4503599627370495.5)
_INT_EXTREMES = (0, 1, -1, 2**31 - 1, -2**31)
_UNIT = (*FLOAT_EDGES, 0.5, -0.5, 1.0 + 1e-7, -1.0 - 1e-7, 0.999999, 1e-30)


def _unary(op: str, dtypes, slot: str = "X", **kw) -> list[Case]:
    return sweep(op, [slot], dtypes, **kw)


CASES += [
    *_unary("trunc", FLOATS, low=-10, high=10, special=_TIES),
    *_unary("trunc", INTS, shapes=_MAIN, special=_INT_EXTREMES),
    *_unary("trunc", FLOATS, shapes=_MAIN, tag="huge", special=_HUGE_TIES),
    *_unary("rint", FLOATS, "x", low=-10, high=10, special=_TIES),
    *_unary("rint", INTS, "x", shapes=_MAIN, special=_INT_EXTREMES),
    *_unary("rint", FLOATS, "x", shapes=_MAIN, tag="huge", special=_HUGE_TIES),
    *_unary("round", (*FLOATS, *_COMPLEX), low=-10, high=10, special=_TIES),
    *_unary("round", INTS, shapes=_MAIN, special=_INT_EXTREMES),
    *_unary("round", FLOATS, shapes=_MAIN, tag="huge", special=_HUGE_TIES),
    *_unary("round", FLOATS, shapes=_MAIN, tag="dec3_huge", attrs={"decimals": 3},
            special=_HUGE_TIES),
    *_unary("round", FLOATS, shapes=_MAIN, tag="dec2", attrs={"decimals": 2},
            special=(*_TIES, 0.125, 0.135, -0.005, 1.005)),
    *_unary("round", FLOATS, shapes=_MAIN, tag="dec_neg1", attrs={"decimals": -1}, low=-100,
            high=100, special=(*_TIES, 15.0, 25.0, -35.0, 5.0)),
    *_unary("round", ["int32", "complex64"], shapes=_MAIN, tag="dec1", attrs={"decimals": 1}),
    *_unary("isfinite_v2", FLOATS),
    *_unary("isfinite_v2", ["float16", "bfloat16", *INTS, *_COMPLEX], shapes=_MAIN),
    *_unary("isinf_v2", FLOATS),
    *_unary("isinf_v2", ["float16", "bfloat16", "uint8", "int8", "int16", *INTS, *_COMPLEX],
            shapes=_MAIN),
    *_unary("asin", (*FLOATS, *_COMPLEX), low=-1.2, high=1.2, special={"X": _UNIT}),
    *_unary("acos", (*FLOATS, *_COMPLEX), low=-1.2, high=1.2, special={"X": _UNIT}),
    *_unary("atanh", (*FLOATS, *_COMPLEX), low=-1.2, high=1.2, special={"X": _UNIT}),
    *_unary("asinh", (*FLOATS, *_COMPLEX), low=-10, high=10),
    *_unary("asinh", FLOATS, shapes=_MAIN, tag="large", special=(*_LARGE, 1e-30, -1e-300)),
    *_unary("acosh", (*FLOATS, *_COMPLEX), low=0, high=10, special={"X": _UNIT}),
    *_unary("acosh", FLOATS, shapes=_MAIN, tag="large", special=(*_LARGE, 1.0)),
    *_unary("cosh", (*FLOATS, *_COMPLEX)),
    *_unary("cosh", FLOATS, shapes=_MAIN, tag="large", special=_LARGE),
    *_unary("tan", (*FLOATS, *_COMPLEX)),
    *_unary("tan", FLOATS, shapes=_MAIN, tag="large",
            special=(*_LARGE, 1.5707963267948966, -1.5707963267948966, 1e10)),
    *_unary("log2", (*FLOATS, *_COMPLEX), low=-1, high=10),
    *_unary("log2", ["float16", "bfloat16", *INTS], shapes=_MAIN, low=-2, high=1000,
            special=(0, 1, 2, 8, 1000)),
    *_unary("log10", (*FLOATS, *_COMPLEX), low=-1, high=10),
    *_unary("log10", ["float16", "bfloat16", *INTS], shapes=_MAIN, low=-2, high=1000,
            special=(0, 1, 10, 1000)),
    # renorm: slices along `axis` whose p-norm exceeds max_norm are scaled down to it
    *[Case(f"renorm_p{p}_axis{axis}_{dtype}", "renorm", {"X": In((3, 4, 5), dtype, -2, 2)},
           attrs={"p": p, "axis": axis, "max_norm": norm})
      for p, axis, norm, dtype in ((2.0, 0, 5.0, "float32"), (2.0, 1, 3.0, "float64"),
                                   (1.0, 2, 4.0, "float32"), (3.5, 1, 2.0, "float64"),
                                   (0.5, 0, 100.0, "float32"), (2.0, 2, 1e-3, "float64"))],
    Case("renorm_specials_float32", "renorm",
         {"X": In((3, 4), "float32", values=[[NAN, 1.0, 2.0, 3.0], [INF, 1.0, 0.0, 0.0],
                                             [0.0, -0.0, 0.0, 0.0]])},
         attrs={"p": 2.0, "axis": 0, "max_norm": 1.0}),
    Case("renorm_empty_float32", "renorm", {"X": In((0, 3), "float32")},
         attrs={"p": 2.0, "axis": 1, "max_norm": 1.0}),
    Case("renorm_negative_axis_float32", "renorm", {"X": In((2, 3), "float32")},
         attrs={"p": 2.0, "axis": -1, "max_norm": 1.0}, raises="max_size|renorm: axis"),
    # special functions: poles, tails and the float range's ends
    *_unary("lgamma", FLOATS, low=-6, high=12,
            special=(*FLOAT_EDGES, 2.0, -2.0, 0.5, -0.5, -2.5, 1e-30, -1e-30, 1e-300, 3.0001,
                     -3.0001, -5.99999, 1e-8, 30.5)),
    *_unary("lgamma", FLOATS, shapes=_MAIN, tag="huge", low=100, high=200,
            special=(171.5, 1e30, 2e305, 1e307, -1e30, 1e15 + 0.5)),
    *_unary("lgamma", FLOATS, shapes=_MAIN, tag="near_roots", low=0.9, high=2.1,
            special=(1.0 + 1e-9, 2.0 - 1e-9, 1.4616321449683622, 0.99999, 2.00001)),
    *_unary("digamma", FLOATS, low=-6, high=12,
            special=(*FLOAT_EDGES, 2.0, -2.0, 0.5, -0.5, -2.5, 3.0001, -3.0001, 0.01, -0.01,
                     1.4616321449683622, 9.99, 10.01, -5.99999)),
    *_unary("digamma", FLOATS, shapes=_MAIN, tag="huge", low=1e3, high=1e6,
            special=(1e-30, -1e-30, 1e-8, 1e30, 1e300, -1e30 - 0.5)),
    *_unary("erfinv", FLOATS, low=-1, high=1,
            special=(*FLOAT_EDGES, 0.5, -0.5, 1.5, -1.5, 0.9, 0.99, 0.999999, -0.9999999,
                     1e-8, -1e-20, 0.425, 0.8, 1e-300)),
    # complex parts: real / imag (complex only), conj, angle (real output)
    *_unary("real", _COMPLEX),
    *_unary("imag", _COMPLEX),
    *_unary("conj", (*_COMPLEX, *FLOATS, *INTS), shapes=_MAIN),
    *_unary("conj", ["complex64"], shapes={"0d": (), "empty": (0, 3)}),
    *_unary("angle", (*_COMPLEX, *FLOATS)),
]
