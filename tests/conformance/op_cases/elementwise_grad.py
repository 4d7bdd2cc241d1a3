"""Grads of elementwise_add / sub / mul / div / max / min / pow / fmax / fmin / heaviside:
fluid's axis and NumPy broadcasting reduced back to each operand, plus Paddle 3.3.1's edge
values (div by zero, max / min ties and NaN, pow at a zero base or exponent, fmax / fmin
ties (to X) and NaN (to the other operand), heaviside at either zero). float32 over every
layout, float64 over two; add / sub / mul / div in complex64 / complex128 too (Paddle's
conjugate convention: d(x*y)/dx = dout * conj(y)) and int32 / int64 (C's integer
arithmetic; div's grad also alone, see _INT_DIV_GRAD), add / sub in int16 (div's grad
alone: Paddle has no int16 elementwise_div), add / div grads alone in int8 / uint8;
fmax, fmin and heaviside in int32 / int64 too, and with X's gradient alone.

Not here: elementwise_mod's grad (remainder_grad). Paddle 3.3.1 makes that grad op but its
static executor has no kernel for it ("There are no kernels which are registered in the
remainder_grad operator"), so no Paddle-run fixture can exist; fluidphi does not register it.

complex64 / complex128 elementwise_pow_grad (layouts, and an edge grid: zeros, units, a
negative real, inf and NaN bases; exponents 0, 1, 2, -1, 0.5, 1j, -1.5+2j and NaN): not the
conjugate convention. Paddle 3.3.1's CPU kernel answers conj(dout * y * x^(y-1)) and
conj(dout * log(x) * x^y), the powers C's cpow: it conjugates the cotangent too, unlike its
other complex grads (dout * conj(...)) and unlike a finite difference; fluidphi computes
the same (no FD case for the complex dtypes). Left out of the grid: an infinite exponent,
where Paddle's complex products of infinities follow C's Annex G rules (an infinite part
where NumPy's plain product gives NaN).

Not exported: max / min / pow with a forward axis that aligns Y other than NumPy's
trailing rule. Paddle 3.3.1's grads of those ops ignore axis: a broadcast error, or a
wrong gradient where trailing alignment happens to broadcast too; fluidphi refuses them
(tests/ops/test_elementwise_grad_ops.py).
"""

import numpy as np

from .spec import INF, NAN, Case, GradCase, In, pairs

#: tag -> (X dims, Y dims, axis)
_LAYOUTS = {"same": ((3, 4), (3, 4), -1), "trailing": ((2, 3, 4), (4,), -1),
            "axis1": ((2, 3, 4), (3,), 1), "axis0": ((2, 3, 4), (2, 3), 0),
            "ones": ((2, 1, 4), (3, 1), -1), "bigger_y": ((3,), (2, 3), -1)}
#: layouts max / min / pow can take (trailing alignment only)
_TRAILING = ("same", "trailing", "ones", "bigger_y")
#: Y of div and X of pow stay in [0.5, 2) (away from a pole / inside log's domain)
_POSITIVE = {"elementwise_div": "Y", "elementwise_pow": "X"}


def _layout_cases(op: str, dtype: str, tags: tuple[str, ...]) -> list[GradCase]:
    cases = []
    for tag in tags:
        x, y, axis = _LAYOUTS[tag]
        inputs = {"X": In(x, dtype), "Y": In(y, dtype)}
        if op in _POSITIVE:
            slot = _POSITIVE[op]
            inputs[slot] = In(inputs[slot].shape, dtype, 0.5, 2.0)
        cases.append(GradCase(Case(f"{op}_{tag}_{dtype}", op, inputs, attrs={"axis": axis}),
                              ("X", "Y")))
    return cases


def _edges(op: str, x: list[float], y: list[float]) -> GradCase:
    return GradCase(Case(f"{op}_edges_float32", op,
                         {"X": In((len(x),), "float32", values=x),
                          "Y": In((len(y),), "float32", values=y)}), ("X", "Y"))



#: integer operand ranges other than [-9, 9): max / min small (ties), pow's base positive
#: and its exponent non-negative
_INT_X_RANGE = {"elementwise_max": (-3, 3), "elementwise_min": (-3, 3),
                "elementwise_pow": (1, 4)}
_INT_Y_RANGE = {"elementwise_div": (-4, 4), "elementwise_max": (-3, 3),
                "elementwise_min": (-3, 3), "elementwise_pow": (0, 4)}


def _int_cases(op: str, dtype: str, tags: tuple[str, ...]) -> list[GradCase]:
    """Integer operands in [-9, 9) (a divisor in [-4, 4) without 0): Paddle's integer
    arithmetic (div's grads truncate as C++ integer division does)."""
    cases = []
    for tag in tags:
        x, y, axis = _LAYOUTS[tag]
        xlow, xhigh = _INT_X_RANGE.get(op, (-9, 9))
        ylow, yhigh = _INT_Y_RANGE.get(op, (-9, 9))
        zero = (0,) if op == "elementwise_div" else ()
        inputs = {"X": In(x, dtype, xlow, xhigh),
                  "Y": In(y, dtype, ylow, yhigh, exclude=zero)}
        cases.append(GradCase(Case(f"{op}_{tag}_{dtype}", op, inputs, attrs={"axis": axis}),
                              ("X", "Y")))
    return cases


#: elementwise_div_grad alone with a fed Out and a wide Out@GRAD (a cotangent in [-1, 1)
#: is -1 or 0): which integer quotient Y's gradient takes ((-dout * out) / y, not
#: -dout * (out / y)) and that quotients round toward zero, not down
_INT_DIV_GRAD = [
    GradCase(Case(f"elementwise_div_grad_{dtype}", "elementwise_div_grad",
                  {"X": In((3, 4), dtype, -9, 9), "Y": In((4,), dtype, -4, 4, exclude=(0,)),
                   "Out": In((3, 4), dtype, -9, 9), "Out@GRAD": In((3, 4), dtype, -9, 9)},
                  attrs={"axis": -1}), ("X", "Y"))
    for dtype in ("int32", "int64", "int16")]
#: add / div grads alone in int8 / uint8 (fluidphi's forward ops do not take them; Paddle's
#: grad kernels do): uint8's Out@GRAD is negated in C's promoted int, then stored wrapping
_NARROW_GRAD = [
    GradCase(Case(f"{op}_grad_{dtype}", f"{op}_grad",
                  {"X": In((3, 4), dtype, low, 9), "Out@GRAD": In((3, 4), dtype, low, 9),
                   "Y": In((4,), dtype, low, 5, exclude=(0,)),
                   **({"Out": In((3, 4), dtype, low, 9)} if op == "elementwise_div" else {})},
                  attrs={"axis": -1}), ("X", "Y"))
    for op in ("elementwise_add", "elementwise_div")
    for dtype, low in (("int8", -9), ("uint8", 0))]
#: max / min grads alone on integer ties with odd cotangents (how the half share rounds)
_INT_TIES = [
    GradCase(Case(f"{op}_grad_ties_int32", f"{op}_grad",
                  {"X": In((6,), "int32", values=[1, 2, 3, 4, 5, -2]),
                   "Y": In((6,), "int32", values=[1, 2, 0, 4, 9, -2]),
                   "Out@GRAD": In((6,), "int32", values=[3, 5, -3, 7, 2, -5])},
                  attrs={"axis": -1}), ("X", "Y"))
    for op in ("elementwise_max", "elementwise_min")]
#: add / mul / div grads alone on bool (fluidphi's forward ops take no bool): C++ arithmetic
#: on 0 / 1 stored as != 0 (a broadcast sum is an OR, mul an AND); div's Y all true (no zero
#: divisor)
_BOOL_GRAD = [
    GradCase(Case(f"{op}_grad_{tag}_bool", f"{op}_grad",
                  {"X": In((3, 4), "bool"), "Out@GRAD": In((3, 4), "bool"),
                   "Y": In(y, "bool", values=np.ones(y, bool).tolist()) if op == "elementwise_div"
                   else In(y, "bool"),
                   **({"Out": In((3, 4), "bool")} if op == "elementwise_div" else {})},
                  attrs={"axis": -1}), ("X", "Y"))
    for op in ("elementwise_add", "elementwise_mul", "elementwise_div")
    for tag, y in (("same", (3, 4)), ("trailing", (4,)))]

_NO_AXIS = ("elementwise_fmax", "elementwise_fmin", "elementwise_heaviside")

#: complex pow edges (an exponent of +inf left out: see the module docstring)
_COMPLEX_POW_X = [0j, complex(-0.0, 0.0), 1 + 0j, -1 + 0j, 1j, -2 + 0j, 2.5 - 1j,
                  complex(INF, 0.0), complex(NAN, 0.0)]
_COMPLEX_POW_Y = [0j, 1 + 0j, 2 + 0j, -1 + 0j, 0.5 + 0j, 1j, -1.5 + 2j, complex(NAN, 0.0)]


def _complex_pow_edges(dtype: str) -> GradCase:
    x, y = pairs(_COMPLEX_POW_X, _COMPLEX_POW_Y)
    return GradCase(Case(f"elementwise_pow_edges_{dtype}", "elementwise_pow",
                         {"X": In((len(x),), dtype, values=x),
                          "Y": In((len(y),), dtype, values=y)}), ("X", "Y"))


def _plain_cases(op: str, dtype: str, tags: tuple[str, ...],
                 wrt: tuple[str, ...] = ("X", "Y")) -> list[GradCase]:
    """fmax, fmin and heaviside (no axis attribute): trailing layouts; X holds zeros
    (heaviside), ties and NaN are in the edge cases."""
    cases = []
    low, high = (-5, 5) if dtype.startswith("int") else (-2.0, 2.0)
    for tag in tags:
        x, y, _ = _LAYOUTS[tag]
        inputs = {"X": In(x, dtype, low, high, special=(0, 2, -3)), "Y": In(y, dtype, low, high)}
        suffix = "" if wrt == ("X", "Y") else "_x_only"
        cases.append(GradCase(Case(f"{op}_{tag}{suffix}_{dtype}", op, inputs), wrt))
    return cases


_ALL = tuple(_LAYOUTS)
GRAD_CASES = [
    *(c for op in ("elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div")
      for c in _layout_cases(op, "float32", _ALL)),
    *(c for op in ("elementwise_max", "elementwise_min", "elementwise_pow")
      for c in _layout_cases(op, "float32", _TRAILING)),
    *(c for op in ("elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div")
      for c in _layout_cases(op, "float64", ("axis1", "ones"))),
    *(c for op in ("elementwise_max", "elementwise_min", "elementwise_pow")
      for c in _layout_cases(op, "float64", ("trailing",))),
    *(c for op in ("elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div")
      for dtype, tags in (("complex64", ("trailing", "axis1")), ("complex128", ("ones",)))
      for c in _layout_cases(op, dtype, tags)),
    *(c for dtype, tags in (("complex64", ("same", "trailing")), ("complex128", ("ones",)))
      for c in _layout_cases("elementwise_pow", dtype, tags)),
    *(_complex_pow_edges(dtype) for dtype in ("complex64", "complex128")),
    *(c for op in ("elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div")
      for dtype, tags in (("int32", ("same", "axis1")), ("int64", ("ones",)))
      for c in _int_cases(op, dtype, tags)),
    *_INT_DIV_GRAD, *_NARROW_GRAD, *_INT_TIES, *_BOOL_GRAD,
    *(c for op in ("elementwise_max", "elementwise_min", "elementwise_pow")
      for dtype, tags in (("int32", ("same", "trailing")), ("int64", ("ones",)))
      for c in _int_cases(op, dtype, tags)),
    *(c for op in ("elementwise_sub", "elementwise_mul", "elementwise_max", "elementwise_min",
                   "elementwise_pow")
      for c in _layout_cases(op, "bfloat16", ("same", "trailing"))),
    *(c for op in ("elementwise_add", "elementwise_sub")
      for c in _int_cases(op, "int16", ("axis1",))),
    _edges("elementwise_div", [1, 0, 0, 2, -2, 1, INF, 3], [0, 0, 1, 0.5, 2, INF, 2, -0.0]),
    _edges("elementwise_max", [1, 2, 3, NAN, 1, 0, -0.0, INF, -INF, 2],
           [1, 1, 4, 1, NAN, 0, 0.0, INF, 1, -INF]),
    _edges("elementwise_min", [1, 2, 3, NAN, 1, 0, -0.0, INF, -INF, 2],
           [1, 1, 4, 1, NAN, 0, 0.0, INF, 1, -INF]),
    _edges("elementwise_pow", [0, 0, 0, 0, 0, -0.0, -0.0, 2, -2, 1, NAN, 4, NAN, INF],
           [0, 2, -1, 0.5, 1, -1, 2, 0.5, 2, NAN, 1, 0, 0, 0]),
    *(c for op in _NO_AXIS
      for c in (*_plain_cases(op, "float32", _TRAILING),
                *_plain_cases(op, "float64", ("trailing",)),
                *_plain_cases(op, "int32", ("same",)), *_plain_cases(op, "int64", ("ones",)),
                *_plain_cases(op, "float32", ("trailing",), ("X",)))),
    *(_edges(op, [1, 2, 3, NAN, 1, 0, -0.0, INF, -INF, 2, NAN],
             [1, 1, 4, 1, NAN, 0, 0.0, INF, 1, -INF, NAN])
      for op in ("elementwise_fmax", "elementwise_fmin")),
    _edges("elementwise_heaviside", [0, -0.0, 1, -1, NAN, INF, -INF, 0, 2],
           [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, NAN, 0]),
]
