"""Special functions: gammaln (lgamma's values: log|Gamma(x)|, inf at the poles), i0, i0e,
i1, i1e (modified Bessel functions of the first kind and their exp(-|x|)-scaled forms).

Paddle computes the Bessel functions with Cephes's Chebyshev expansions in x's own type;
fluidphi evaluates series in float64 and rounds once (within the float32 tolerance of
Paddle's float32 results). Edges: NaN at +-inf for i0 / i1 (0 for the scaled forms), inf
once exp(|x|) overflows x's type, i1(-0) = +0. Large magnitudes are separate cases (the
normwise tolerance scales with the largest value).

gammaincc(x, y) = Q(x, y): grids of parameters and limits on both sides of the series /
continued-fraction switch, Paddle's edges (1 for x <= 0, y < 0 or y == 0; NaN for NaN or
infinite inputs), empty and 0-d tensors. A large parameter is float64-exact only to
~1e-9 (x log y - y - lgamma(x) cancels; Paddle's Cephes and fluidphi's series round
differently), hence its own tolerance.

polygamma: n = 1 ... 5 over both signs (poles at the non-positive integers), tiny and huge
x, and n = 0 (-inf everywhere in Paddle 3.3.1) and n < 0 (NaN).
"""

from .spec import FLOAT_EDGES, FLOATS, INF, NAN, SHAPES, Case, In, pairs, sweep

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

_A = (0.1, 0.5, 1.0, 2.5, 7.0, 30.0, 120.0)
_X = (1e-5, 0.3, 1.0, 3.5, 8.0, 31.0, 150.0, 400.0)
for _dt in FLOATS:
    _a, _x = pairs(_A, _X)
    CASES += [
        Case(f"gammaincc_grid_{_dt}", "gammaincc", {"x": In((len(_a),), _dt, values=_a),
                                                   "y": In((len(_x),), _dt, values=_x)}),
        Case(f"gammaincc_random_{_dt}", "gammaincc", {"x": In((3, 4), _dt, 0.05, 20.0),
                                                     "y": In((3, 4), _dt, 0.0, 25.0)}),
        Case(f"gammaincc_0d_{_dt}", "gammaincc", {"x": In((), _dt, 0.5, 3.0),
                                                 "y": In((), _dt, 0.5, 3.0)}),
        Case(f"gammaincc_empty_{_dt}", "gammaincc", {"x": In((0, 3), _dt), "y": In((0, 3), _dt)}),
    ]
_EDGE_A = [1.0, 1.0, 1.0, NAN, 1.0, INF, 1.0, 0.0, -1.0, 2.0, 1e-300]
_EDGE_X = [0.0, INF, NAN, 1.0, -0.0, 1.0, 1e-300, 1.0, 1.0, -1.0, 1.0]
CASES += [
    Case("gammaincc_edges", "gammaincc", {"x": In((11,), "float64", values=_EDGE_A),
                                          "y": In((11,), "float64", values=_EDGE_X)}),
    Case("gammaincc_large_parameter", "gammaincc",
         {"x": In((3,), "float64", values=[1e4, 1e6, 1e6]),
          "y": In((3,), "float64", values=[1e4 + 50, 1e6, 1e6 + 1000])}, tol=1e-8,
         note="x log y - y - lgamma(x) cancels to ~1e-9 relative (see the module docstring)"),
]

_PG_EDGES = (*FLOAT_EDGES, -2.5, 0.5, 1e-5, -3.3, 2.0, 8.5, 9.5, -0.5)
for _n in (1, 2, 3, 5):
    CASES += [
        *sweep("polygamma", ["x"], FLOATS, tag=f"n{_n}", low=-6, high=12, special=_PG_EDGES,
               attrs={"n": _n}),
        *sweep("polygamma", ["x"], FLOATS, shapes=_MAIN, tag=f"n{_n}_large", low=20, high=1e6,
               special=(1e10, 1e300, 1e-300), attrs={"n": _n}),
    ]
CASES += [
    *sweep("polygamma", ["x"], FLOATS, shapes=_MAIN, tag="n0", attrs={"n": 0}),
    *sweep("polygamma", ["x"], ["float64"], shapes=_MAIN, tag="negative_n", attrs={"n": -1}),
]
