"""Grads of the scans: cumsum_grad (Paddle 3.3.1: the output gradient summed from the other
end, with the forward's `exclusive`; over the flattened X with `flatten`, given back in X's
dims): default / positive / negative axes, exclusive, reverse, both, flatten, a 0-d X, an
empty axis; float32, float64 and complex64 / complex128 (cumsum is linear: no conjugate).

cumsum has no forward cases in op_cases (its forward is checked through the models); its
grad cases are here, with the other running scans (scan.py: cumprod, logcumsumexp), and
fetch its forward Out too. A one-element X (0-d or not) is copied by Paddle's forward and
backward whatever `exclusive` says.
"""

from .spec import FLOATS, Case, GradCase, In

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
]
