"""Grads of special.py's functions: gammaln (digamma: poles, signed zeros, NaN, +-inf),
i0 / i0e / i1 / i1e (both signs, signed zeros where i1 and i1e take 1/2 and i0e's sign
factor flips, NaN, +-inf, float32 overflow of i0 / i1 at 100), polygamma n = 0, 1, 2
(n = 0 is trigamma in the grad though Paddle's forward is -inf; poles give infinities),
gammaincc's y (the parameter x gets no gradient): random parameters and limits, a 0-d case
and Paddle's unguarded edges (a = 0, y = 0, y < 0, NaN, infinities). float32 over the
edges, float64 over random values.
"""

from .spec import FLOAT_EDGES, INF, NAN, Case, GradCase, In

_BESSEL = (*FLOAT_EDGES, 2.5, -2.5, 30.0, -30.0, 100.0, 1e-3)
_GAMMA = (*FLOAT_EDGES, -2.0, -2.5, 0.5, 1e-3, 30.0)


def _unary(op: str, special: tuple, low: float, high: float, **attrs: int) -> list[GradCase]:
    tag = "".join(f"_{k}{v}" for k, v in attrs.items())
    return [
        GradCase(Case(f"{op}{tag}_float32", op, {"x": In((3, 6), "float32", low, high,
                                                           special)}, attrs=attrs), ("x",)),
        GradCase(Case(f"{op}{tag}_float64", op, {"x": In((3, 4), "float64", low, high)},
                      attrs=attrs), ("x",)),
    ]


def _gammaincc(tag: str, dtype: str, a: In, y: In) -> GradCase:
    return GradCase(Case(f"gammaincc_{tag}_{dtype}", "gammaincc", {"x": a, "y": y}), ("y",))


_EDGE_A = [1.0, 2.0, 0.5, 0.0, 2.0, 2.0, NAN, INF, 2.0, 3.0, 1.0]
_EDGE_Y = [1.0, 1.0, 3.0, 1.0, 0.0, -1.0, 1.0, 1.0, INF, NAN, 50.0]

GRAD_CASES = [
    *_unary("gammaln", _GAMMA, -6.0, 12.0),
    *(c for op in ("i0", "i0e", "i1", "i1e") for c in _unary(op, _BESSEL, -12.0, 12.0)),
    *(c for n in (0, 1, 2) for c in _unary("polygamma", _GAMMA, -4.0, 8.0, n=n)),
    *(_gammaincc("random", dt, In((3, 4), dt, 0.1, 6.0), In((3, 4), dt, 0.05, 8.0))
      for dt in ("float32", "float64")),
    _gammaincc("0d", "float64", In((), "float64", 0.5, 3.0), In((), "float64", 0.5, 3.0)),
    _gammaincc("edges", "float32", In((11,), "float32", values=_EDGE_A),
               In((11,), "float32", values=_EDGE_Y)),
]
