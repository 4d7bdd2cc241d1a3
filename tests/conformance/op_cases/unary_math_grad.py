"""Grads of the unary math ops (forward cases in unary_math.py): float32 over the IEEE
specials and each op's singular points (asin / acos / atanh at +-1 and beyond, acosh at
1 and below, log1p at -1, log2 / log10 and reciprocal at +-0, erfinv at +-1, lgamma /
digamma at their poles), float64 over random values
inside the domain; a 0-d case for a grad that reads X and one that reads Out.

pow (the scalar power, `factor` or a fed FactorTensor): float32 over the specials for
several factors (0: zeros everywhere; 0.5 / -1 at the zeros: infinities), int32 / int64
(integer powers), complex64 / complex128 (the conjugate of the local derivative times the
cotangent, as Paddle's complex grads), a 0-d and an empty X. clip: the bounds themselves
(included: Paddle 3.3.1 passes the gradient at x == min and x == max), NaN, Min / Max
tensors, min == max, int32 / int64. angle: 0 for real X (float32 over the specials,
float64); complex64 / complex128 X (the origin: 0) with the real cotangent. real / imag:
complex64 / complex128 X, a 0-d X. complex64 / complex128 X for the trigonometric and
hyperbolic functions and their inverses, expm1, log1p, log2, log10 and reciprocal:
out_grad * conj(f'(x)). float16 erf and expm1 (Paddle's CPU registers them).

asinh and acosh get no +-inf: Paddle 3.3.1's gradient there is NaN in a SIMD vector lane
(its reciprocal square root of inf, refined by a Newton step, is 0 * inf) and 0 in the
scalar tail, so its answer depends on the element's position; fluidphi gives 0.
"""

from .spec import FLOAT_EDGES, INF, Case, GradCase, In

_UNIT = (*FLOAT_EDGES, 1.5, -1.5, 0.5)
_FINITE_EDGES = tuple(v for v in FLOAT_EDGES if abs(v) != INF)
#: op -> (low, high, float32 specials)
_OPS = {
    "sin": (-4.0, 4.0, FLOAT_EDGES), "cos": (-4.0, 4.0, FLOAT_EDGES),
    "tan": (-1.5, 1.5, FLOAT_EDGES), "asin": (-0.99, 0.99, _UNIT),
    "acos": (-0.99, 0.99, _UNIT), "atan": (-4.0, 4.0, (*FLOAT_EDGES, 1e30)),
    "sinh": (-4.0, 4.0, (*FLOAT_EDGES, 89.0, -89.0)),
    "cosh": (-4.0, 4.0, (*FLOAT_EDGES, 89.0, -89.0)),
    "asinh": (-4.0, 4.0, _FINITE_EDGES), "acosh": (1.01, 5.0, (*_FINITE_EDGES, 0.5, 2.0)),
    "atanh": (-0.99, 0.99, _UNIT), "expm1": (-4.0, 4.0, (*FLOAT_EDGES, 89.0)),
    "log1p": (-0.99, 4.0, (*FLOAT_EDGES, -1.5)), "log2": (0.01, 5.0, (*FLOAT_EDGES, -2.0)),
    "log10": (0.01, 5.0, (*FLOAT_EDGES, -2.0)), "reciprocal": (0.1, 4.0, FLOAT_EDGES),
    "rsqrt": (0.1, 4.0, (*FLOAT_EDGES, 4.0)),
    "erf": (-3.0, 3.0, (*FLOAT_EDGES, 10.0)), "erfinv": (-0.99, 0.99, _UNIT),
    "lgamma": (-4.0, 4.0, (*FLOAT_EDGES, -2.0, -2.5, 0.5, 1e-30)),
    "digamma": (-4.0, 4.0, (*FLOAT_EDGES, -2.0, -2.5, 0.5, 1e-30)),
}


def _cases(op: str, low: float, high: float, special: tuple) -> list[GradCase]:
    return [
        GradCase(Case(f"{op}_float32", op, {"X": In((4, 6), "float32", low, high, special)}),
                 ("X",)),
        GradCase(Case(f"{op}_float64", op, {"X": In((3, 5), "float64", low, high)}), ("X",)),
    ]


def _flat(op: str, slot: str = "X", **attrs: int) -> list[GradCase]:
    """ceil / floor / round / trunc / rint: the gradient is 0 (its sign follows the
    cotangent's where Paddle multiplies by 0)."""
    return [GradCase(Case(f"{op}_{dtype}", op, {slot: In((4, 6), dtype, -10.0, 10.0,
                                                          FLOAT_EDGES)}, attrs=attrs),
                     (slot,)) for dtype in ("float32", "float64")]


_POW_SPECIALS = (*FLOAT_EDGES, 2.0, -2.0, 0.5)


def _pow(tag: str, dtype: str, factor: float, shape: tuple[int, ...] = (4, 6),
         special: tuple = _POW_SPECIALS, low: float = -2.0, high: float = 2.0,
         **inputs: In) -> GradCase:
    return GradCase(Case(f"pow_{tag}_{dtype}", "pow",
                         {"X": In(shape, dtype, low, high, special), **inputs},
                         attrs={"factor": factor}), ("X",))


def _clip(tag: str, dtype: str, lo: float, hi: float, special: tuple = (),
          **inputs: In) -> GradCase:
    return GradCase(Case(f"clip_{tag}_{dtype}", "clip",
                         {"X": In((4, 6), dtype, -2.0, 2.0, special), **inputs},
                         attrs={"min": lo, "max": hi}), ("X",))


_POW = [
    *(_pow(tag, "float32", factor) for tag, factor in (
        ("square", 2.0), ("sqrt", 0.5), ("cube", 3.0), ("inverse", -1.0), ("zero", 0.0),
        ("one", 1.0), ("fractional", 2.5))),
    _pow("square", "float64", 2.0, special=()),
    _pow("fractional", "float64", 1.7, special=(), low=0.1),
    _pow("factor_tensor", "float32", 1.0,
         FactorTensor=In((1,), "float32", values=[3.0])),
    _pow("factor_tensor", "float64", 1.0, special=(),
         FactorTensor=In((1,), "float32", values=[-0.5]), low=0.1),
    *(_pow(f"int{f}", d, float(f), special=(0, 1, -1), low=-5, high=5)
      for d in ("int32", "int64") for f in (2, 3)),
    *(_pow("fractional", d, 2.5, special=(), low=-1.0, high=1.0)
      for d in ("complex64", "complex128")),
    _pow("0d", "float32", 2.0, shape=(), special=()),
    _pow("empty", "float32", 2.0, shape=(0, 3), special=()),
]
_CLIP = [
    _clip("bounds", "float32", -0.5, 0.5, (*FLOAT_EDGES, 0.5, -0.5, 0.25)),
    _clip("bounds", "float64", -1.0, 0.5, (-1.0, 0.5, 1.0)),
    _clip("tensors", "float32", -1.0, 1.0, (0.25, -0.75, 0.3, 0.5),
          Min=In((1,), "float32", values=[-0.75]), Max=In((1,), "float32", values=[0.3])),
    _clip("equal_bounds", "float32", 0.0, 0.0, (0.0, -0.0, 1.0)),
    *(_clip("int", d, -1.0, 1.0, (-2, -1, 0, 1, 2)) for d in ("int32", "int64")),
]

_ANGLE = [
    GradCase(Case("angle_float32", "angle", {"X": In((3, 4), "float32", -2.0, 2.0,
                                                     FLOAT_EDGES)}), ("X",)),
    GradCase(Case("angle_float64", "angle", {"X": In((3, 4), "float64")}), ("X",)),
    GradCase(Case("angle_complex64", "angle",
                  {"X": In((2, 4), "complex64",
                           values=[[0j, 1 + 2j, -3 + 0j, -1j], [0.5 - 0.5j, -2 + 1j, 3j, 1]])}),
             ("X",)),
    GradCase(Case("angle_complex128", "angle", {"X": In((3, 4), "complex128")}), ("X",)),
]

_PARTS = [GradCase(Case(f"{op}_{tag}{dtype}", op, {"X": In(shape, dtype)}), ("X",))
          for op in ("real", "imag") for dtype in ("complex64", "complex128")
          for tag, shape in (("", (3, 4)), ("0d_", ()))]

_COMPLEX_OPS = ("sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh",
                "atanh", "expm1", "log1p", "log2", "log10", "reciprocal")
_COMPLEX = [GradCase(Case(f"{op}_{dtype}", op, {"X": In((3, 4), dtype, -1.5, 1.5)}), ("X",))
            for op in _COMPLEX_OPS for dtype in ("complex64", "complex128")]
_HALF = [GradCase(Case(f"{op}_float16", op, {"X": In((3, 4), "float16", -2.0, 2.0)}), ("X",))
         for op in ("erf", "expm1")]

GRAD_CASES = [
    *(c for op, args in _OPS.items() for c in _cases(op, *args)),
    GradCase(Case("sin_0d_float32", "sin", {"X": In((), "float32")}), ("X",)),
    *_flat("ceil"), *_flat("floor"), *_flat("round"), *_flat("trunc"), *_flat("rint", "x"),
    GradCase(Case("round_decimals_float32", "round", {"X": In((3, 4), "float32")},
                  attrs={"decimals": 2}), ("X",)),
    GradCase(Case("expm1_0d_float32", "expm1", {"X": In((), "float32")}), ("X",)),
    *_POW, *_CLIP, *_ANGLE, *_PARTS, *_COMPLEX, *_HALF,
]
