"""Special functions: gammaln (lgamma's values: log|Gamma(x)|, inf at the poles), i0, i0e,
i1, i1e (modified Bessel functions of the first kind and their exp(-|x|)-scaled forms).

Paddle computes the Bessel functions with Cephes's Chebyshev expansions in x's own type;
fluidphi evaluates series in float64 and rounds once (within the float32 tolerance of
Paddle's float32 results). Edges: NaN at +-inf for i0 / i1 (0 for the scaled forms), inf
once exp(|x|) overflows x's type, i1(-0) = +0. Large magnitudes are separate cases (the
normwise tolerance scales with the largest value).
"""

from .spec import FLOAT_EDGES, FLOATS, SHAPES, sweep

_MAIN = {"4x6": SHAPES["4x6"]}
_BESSEL_EDGES = (*FLOAT_EDGES, 0.5, -2.5, 1e-300, 8.0, -8.0, 29.99, 30.01, -45.0)

CASES = [
    *sweep("gammaln", ["x"], FLOATS, low=-6, high=12,
           special=(*FLOAT_EDGES, 2.0, -2.0, 0.5, -0.5, -2.5, 1e-30, 1e-300, 3.0001, -5.99999,
                    30.5)),
    *sweep("gammaln", ["x"], FLOATS, shapes=_MAIN, tag="huge", low=100, high=200,
           special=(171.5, 1e30, 1e300, -1e30)),
]
for _op in ("i0", "i0e", "i1", "i1e"):
    CASES += [
        *sweep(_op, ["x"], FLOATS, low=-12, high=12, special=_BESSEL_EDGES),
        *sweep(_op, ["x"], FLOATS, shapes=_MAIN, tag="large", low=-700, high=700,
               special=(80.0, -88.5, 89.0, 95.0, 709.0, 713.0, -720.0, 1e300)),
    ]
