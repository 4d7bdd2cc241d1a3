"""Grads of the activations, unary math ops and softmaxes: every kink and edge value
(signed zeros, the clip bounds, NaN, +-inf) in float32, random values in float64.

hard_swish_grad is exported with its default threshold / scale / offset only: Paddle
ignores other values (forward and grad), fluidphi's forward honours them and its grad
refuses them (tests/ops/test_activation_grad_ops.py).

sqrt and silu get no +inf, sqrt no -0.0: Paddle 3.3.1's answer there depends on the
element's SIMD lane (sqrt_grad at +inf: 0 in the scalar tail, NaN in a vector lane, its
reciprocal refined by Newton steps; silu_grad at +inf: NaN in the tail, +-inf in a vector
lane, whose exp(-inf) is not 0; sqrt(-0.0) is +0.0 in a vector lane, so the gradient's
infinity takes the cotangent's sign there).

swiglu (x and y, or x alone split in halves; x's gradient alone): float32 over signed zeros,
NaN and large magnitudes (exp(-x) overflowing to a zero sigmoid), float64 over random
values; no +-inf x, whose gradient is NaN, as with silu.

complex64 / complex128 X for sigmoid, tanh, exp, sqrt, log, square, silu, stanh, softplus
(threshold on the real part), logsigmoid and hard_swish (clipped by the real part) (out_grad
* conj(f')); int32 / int64 square, and exp_grad on its own in int32 / int64
(fluidphi's forward exp has no integer kernel, as Paddle's CPU exp has none). abs:
complex64 / complex128 X (X / |X| times the real cotangent, 0 at 0) and int32 / int64.

softsign, complex64 / complex128 X (0, 1j, -2 and -1j among random values): not the
conjugate convention. Paddle 3.3.1's CPU kernel answers out_grad * (1 / (1 + |x|) - x *
(re(x) / |x|) / (1 + |x|)^2), softsign's slope along the real axis (the Wirtinger
df/dx + df/dconj(x), not conjugated), NaN at x = 0 (re(x) / |x| is 0 / 0, every run);
fluidphi computes the same. A finite difference agrees only for real x (no FD case).
"""

from ._inputs import COMPLEX_EXP_NOTE
from .spec import INF, NAN, Case, GradCase, In

#: Values around every kink of these functions, and the IEEE specials.
_EDGES = [-7.0, -3.0, -2.5, -1.0, -0.0, 0.0, 0.5, 1.0, 2.5, 3.0, 6.0, 7.0, 25.0, NAN, INF, -INF]

#: op -> attribute sets (tag -> attrs) to export
_OPS = {
    "sigmoid": {"": {}}, "tanh": {"": {}}, "exp": {"": {}}, "sqrt": {"": {}},
    "relu": {"": {}}, "relu6": {"": {}}, "log": {"": {}}, "square": {"": {}}, "abs": {"": {}},
    "swish": {"": {}}, "silu": {"": {}},
    "leaky_relu": {"": {}, "_alpha": {"alpha": 0.3}},
    "softplus": {"": {}, "_beta2": {"beta": 2.0, "threshold": 3.0}},
    "hard_swish": {"": {}},
    "hard_sigmoid": {"": {}, "_slope": {"slope": 0.5, "offset": 0.3}},
    "gelu": {"": {}, "_tanh": {"approximate": True}},
    "softsign": {"": {}}, "logsigmoid": {"": {}}, "tanh_shrink": {"": {}},
    "softshrink": {"": {}, "_lambda": {"lambda": 2.5}},
    "hard_shrink": {"": {}, "_threshold": {"threshold": 3.0}},
    "thresholded_relu": {"": {}, "_threshold": {"threshold": 2.5, "value": 0.5}},
    "stanh": {"": {}, "_scales": {"scale_a": 0.5, "scale_b": 2.0}},
    "elu": {"": {}, "_alpha": {"alpha": 0.5}, "_negative_alpha": {"alpha": -0.5}},
    "selu": {"": {}, "_attrs": {"scale": 1.5, "alpha": 2.0}},
    "brelu": {"": {}, "_range": {"t_min": -1.0, "t_max": 6.0}},
    "mish": {"": {}, "_threshold": {"threshold": 2.5}},
    "logit": {"": {}, "_no_eps": {"eps": -1.0}, "_eps": {"eps": 0.1}},
    "celu": {"": {}, "_alpha": {"alpha": 2.5}, "_negative_alpha": {"alpha": -1.5}},
}


#: op -> edge values (their repr) whose gradient is an artefact of Paddle's SIMD lanes
_LANE_ARTEFACTS = {"sqrt": ("inf", "-0.0"), "silu": ("inf",)}


def _unary(op: str, tag: str, attrs: dict, dtype: str) -> GradCase:
    edges = [v for v in _EDGES if repr(v) not in _LANE_ARTEFACTS.get(op, ())]
    x = (In((len(edges),), dtype, values=edges) if dtype == "float32"
         else In((3, 5), dtype, -8.0, 8.0))
    return GradCase(Case(f"{op}{tag}_{dtype}", op, {"X": x}, attrs=attrs), ("X",))


def _softmax(op: str, dtype: str) -> list[GradCase]:
    shapes = {"last": ((3, 5), -1), "axis1": ((2, 4, 3), 1), "axis0": ((4, 3), 0)}
    return [GradCase(Case(f"{op}_{tag}_{dtype}", op, {"X": In(shape, dtype)},
                          attrs={"axis": axis}), ("X",))
            for tag, (shape, axis) in shapes.items()]


_SWIGLU_X = [-100.0, -50.0, -3.0, -1.0, -0.0, 0.0, 0.5, 1.0, 3.0, 50.0, 100.0, NAN]


def _swiglu(dtype: str, tag: str, wrt: tuple[str, ...]) -> GradCase:
    n = len(_SWIGLU_X)
    x = (In((2, n), dtype, values=[_SWIGLU_X, _SWIGLU_X[::-1]]) if dtype == "float32"
         else In((3, 6), dtype, -4.0, 4.0))
    inputs = {"x": x} if tag == "_no_y" else {"x": x, "y": In(x.shape, dtype, -2.0, 2.0)}
    return GradCase(Case(f"swiglu{tag}_{dtype}", "swiglu", inputs), wrt)


_COMPLEX_OPS = {"sigmoid": {}, "tanh": {}, "exp": {}, "sqrt": {}, "log": {}, "square": {},
                "silu": {}, "stanh": {"scale_a": 0.5, "scale_b": 1.5}, "softplus": {},
                "softplus_beta2": {"beta": 2.0, "threshold": 1.0}, "logsigmoid": {},
                "hard_swish": {}}
#: Paddle's vectorised complex exp is float32-accurate, complex128 too (COMPLEX_EXP_NOTE)
#: hard_swish's X spans its clip bounds
_COMPLEX_RANGE = {"hard_swish": (-4.0, 4.0)}
_EXP_BASED = ("sigmoid", "exp", "silu", "softplus", "softplus_beta2", "logsigmoid")
_COMPLEX = [GradCase(Case(f"{op}_{dtype}", op.split("_beta")[0],
                          {"X": In((3, 4), dtype, *_COMPLEX_RANGE.get(op, (-1.5, 1.5)))},
                          attrs=attrs),
                     ("X",), tol=1e-6 if op in _EXP_BASED and dtype == "complex128" else None,
                     note=COMPLEX_EXP_NOTE if op in _EXP_BASED and dtype == "complex128"
                     else "")
            for op, attrs in _COMPLEX_OPS.items() for dtype in ("complex64", "complex128")]
_ABS = [GradCase(Case(f"abs_{dtype}", "abs", {"X": In((3, 4), dtype, -3, 3, special)}), ("X",))
        for dtype, special in (("complex64", (0j, 1j, -2)), ("complex128", (0j, 1j, -2)),
                               ("int32", (0, 3, -2)), ("int64", (0, 3, -2)))]
#: softsign's complex gradient is Paddle's slope along the real axis (docstring), NaN at 0
_SOFTSIGN = [GradCase(Case(f"softsign_{dtype}", "softsign",
                           {"X": In((3, 4), dtype, -3, 3, (0j, 1j, -2, 2.5 - 1j, -1j))}), ("X",))
             for dtype in ("complex64", "complex128")]
_INTS = [
    *(GradCase(Case(f"square_{dtype}", "square", {"X": In((3, 4), dtype, -5, 5)}), ("X",))
      for dtype in ("int32", "int64")),
    *(GradCase(Case(f"exp_grad_{dtype}", "exp_grad", {"Out": In((3, 4), dtype, 1, 50),
                                                      "Out@GRAD": In((3, 4), dtype, -3, 3)}),
               ("X",)) for dtype in ("int32", "int64")),
]

GRAD_CASES = [
    *(_unary(op, tag, attrs, dtype) for dtype in ("float32", "float64")
      for op, variants in _OPS.items() for tag, attrs in variants.items()),
    *(c for dtype in ("float32", "float64") for op in ("softmax", "log_softmax")
      for c in _softmax(op, dtype)),
    *(_swiglu(dtype, tag, wrt) for dtype in ("float32", "float64")
      for tag, wrt in (("", ("x", "y")), ("_no_y", ("x",)), ("_x_only", ("x",)))),
    *_COMPLEX, *_INTS, *_ABS, *_SOFTSIGN,
]
