"""Grads of the scans: cumsum_grad (Paddle 3.3.1: the output gradient summed from the other
end, with the forward's `exclusive`; over the flattened X with `flatten`, given back in X's
dims): default / positive / negative axes, exclusive, reverse, both, flatten, a 0-d X, an
empty axis; float32, float64 and complex64 / complex128 (cumsum is linear: no conjugate).

cumsum has no forward cases in op_cases (its forward is checked through the models); its
grad cases are here, with the other running scans (scan.py: cumprod, logcumsumexp), and
fetch its forward Out too. A one-element X (0-d or not) is copied by Paddle's forward and
backward whatever `exclusive` says.

cumprod_grad: sum over the later outputs of out_grad times the product of the other
inputs (conjugated for complex X), with zeros in X (one, two, first, last) as Paddle 3.3.1
answers them; `exclusive` / `reverse`; 0-d. logcumsumexp_grad: out_grad * exp(X - Out)
summed from the other end, as Paddle's: its positive and negative parts each through
logcumsumexp (so +-inf, NaN and -inf rows follow the forward scan's rules).
"""

from .spec import FLOATS, INF, NAN, Case, GradCase, In

#: tag -> cumsum attributes
_CUMSUM = {
    "default": {},
    "axis0": {"axis": 0},
    "axis_neg2": {"axis": -2},
    "exclusive": {"axis": 1, "exclusive": True},
    "reverse": {"axis": 2, "reverse": True},
    "excl_rev": {"axis": 0, "exclusive": True, "reverse": True},
    "flatten": {"flatten": True},
    "flatten_excl_rev": {"flatten": True, "exclusive": True, "reverse": True},
}


def _cumsum(tag: str, x: In, **attrs) -> GradCase:
    return GradCase(Case(f"cumsum_{tag}", "cumsum", {"X": x}, attrs=attrs), ("X",))


#: the forward outputs fetched too (cumsum's forward has no other Paddle cases)
FORWARD_FETCHES = {"cumsum": ("Out",)}

#: cumprod rows with zeros: one, two, first, last, none
_ZERO_ROWS = [[1.5, 0.0, -2.0, 0.5, 3.0], [0.0, 2.0, 0.5, 0.0, -1.0], [2.0, -0.5, 1.5, 1.0, 0.0],
              [0.5, -1.5, 2.0, 1.0, 0.7], [0.0, 0.0, 0.0, 0.0, 0.0]]
#: logcumsumexp rows: infinities, NaN, exp overflowing
_LCSE_ROWS = [[0.0, 0.0, 0.0, 0.0, 0.0], [-INF, -INF, 1.0, -INF, 2.0],
              [INF, 1.0, INF, -INF, 0.0], [1.0, 2.0, NAN, 3.0, 4.0],
              [100.0, 100.0, -100.0, 200.0, 0.0], [88.0, 89.0, 90.0, 91.0, -0.0]]
_VARIANTS = {"": {}, "_excl": {"exclusive": True}, "_rev": {"reverse": True},
             "_excl_rev": {"exclusive": True, "reverse": True}}


def _scan(op: str, tag: str, x: In, **attrs) -> GradCase:
    return GradCase(Case(f"{op}_{tag}", op, {"X": x}, attrs=attrs), ("X",))


def _cumprod() -> list[GradCase]:
    return [
        *(_scan("cumprod", f"dim1{tag}_{d}", In((3, 5), d, -2.0, 2.0), dim=1, **attrs)
          for d in FLOATS for tag, attrs in _VARIANTS.items()),
        _scan("cumprod", "3d_dim0_float64", In((3, 2, 4), "float64", -2.0, 2.0), dim=0),
        _scan("cumprod", "3d_dim_neg2_float32", In((2, 4, 3), "float32", -2.0, 2.0), dim=-2),
        *(_scan("cumprod", f"zeros{tag}_{d}", In((5, 5), d, values=_ZERO_ROWS), dim=1,
                **attrs) for d in FLOATS for tag, attrs in _VARIANTS.items()),
        *(_scan("cumprod", f"dim1_{d}", In((3, 4), d, -1.5, 1.5), dim=1)
          for d in ("complex64", "complex128")),
        _scan("cumprod", "zeros_rev_complex128", In((2, 3), "complex128", values=[
            [1 + 1j, 0j, 2 - 1j], [0.5j, -1 + 0.5j, 0j]]), dim=1, reverse=True),
        _scan("cumprod", "0d_float32", In((), "float32"), dim=0),
    ]


def _logcumsumexp() -> list[GradCase]:
    return [
        *(_scan("logcumsumexp", f"axis1{tag}_{d}", In((3, 5), d), axis=1, **attrs)
          for d in FLOATS for tag, attrs in _VARIANTS.items()),
        _scan("logcumsumexp", "axis0_float64", In((3, 4), "float64"), axis=0),
        _scan("logcumsumexp", "3d_axis_neg2_excl_float32", In((2, 3, 4), "float32"),
              axis=-2, exclusive=True),
        *(_scan("logcumsumexp", f"flatten{tag}_float32", In((2, 3, 2), "float32"),
                flatten=True, **attrs) for tag, attrs in _VARIANTS.items()),
        *(_scan("logcumsumexp", f"rows{tag}_{d}", In((len(_LCSE_ROWS), 5), d,
                                                     values=_LCSE_ROWS), axis=1, **attrs)
          for d in FLOATS for tag, attrs in _VARIANTS.items()),
        _scan("logcumsumexp", "0d_float64", In((), "float64")),
    ]


GRAD_CASES = [
    *(_cumsum(f"{tag}_{dtype}", In((2, 3, 4), dtype), **attrs)
      for dtype in FLOATS for tag, attrs in _CUMSUM.items()),
    *(_cumsum(f"{tag}_{dtype}", In((3, 4), dtype), **attrs)
      for dtype in ("complex64", "complex128")
      for tag, attrs in (("axis1", {"axis": 1}), ("flatten_rev", {"flatten": True,
                                                                  "reverse": True}))),
    _cumsum("0d_float32", In((), "float32")),
    _cumsum("0d_excl_float64", In((), "float64"), exclusive=True),
    _cumsum("one_element_excl_float32", In((1, 1), "float32"), axis=1, exclusive=True),
    _cumsum("empty_axis_float32", In((0, 3), "float32"), axis=0),
    *_cumprod(),
    *_logcumsumexp(),
]
