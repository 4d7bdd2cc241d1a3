"""Grads of reduce_sum, reduce_mean, reduce_max, reduce_min and reduce_prod (PHI sum_grad,
mean_grad, max_grad, min_grad, prod_grad): one axis, several, negative, keep_dim,
reduce_all; max/min ties (the gradient is shared equally by the elements equal to the
result; a NaN result makes its group NaN), prod with zeros; float32 and float64; a float32
sum with a float64 output; complex64 / complex128 sum and mean (differentiated by Paddle);
int32 / int64 sum, mean, prod, max, min, int16 / bool / float16 / bfloat16 sum and bool mean
as the grad op alone with a fed Out@GRAD (Paddle differentiates no integer input and its CPU
reduce_sum refuses float16; integer mean and prod truncate as Paddle's CPU kernels).

complex64 / complex128 prod: the grad op alone on Gaussian-integer X with its exact product
as Out (Paddle 3.3.1 registers a complex CPU reduce_prod, but its static executor finds no
kernel for it, so Paddle differentiates no complex prod). Not the conjugate convention:
Paddle's CPU kernel answers out_grad * out / x, not out_grad * conj(out / x), and so does
fluidphi (no finite-difference case for the complex dtypes).

reduce_amax / reduce_amin (Paddle amax_grad / amin_grad): the gradient shared equally by
the elements equal to the result, as max / min; the same axes and tie tables, 0-d.
logsumexp (logsumexp_grad): out_grad * exp(X - Out) over `axis` / `keepdim` / `reduce_all`,
with rows of infinities, NaN and values whose exp overflows (Paddle's answers: NaN where
X - Out is NaN, 0 where it is -inf).
"""

import math

from .spec import FLOATS, HALVES, INF, NAN, Case, GradCase, In

#: tag -> attributes over the defaults
_ATTRS = {
    "axis1": {"dim": [1]},
    "axes_keep": {"dim": [0, 2], "keep_dim": True},
    "neg": {"dim": [-1]},
    "all": {"dim": [0], "reduce_all": True},
    "all_keep": {"dim": [0, 1, 2], "keep_dim": True},
}
_NAN, _INF = NAN, INF
#: max/min: rows of equal values (ties), a row holding the extreme twice, NaN and infinities
_TIES = [[[1.0, 3.0, 3.0, -2.0], [0.5, 0.5, 0.5, 0.5], [-4.0, 2.0, -4.0, 2.0]],
         [[2.0, 2.0, 1.0, 0.0], [7.0, -7.0, 7.0, 1.0], [0.0, -0.0, 0.0, -1.0]]]
_SPECIAL = [[[1.0, _NAN, 3.0, 3.0], [_INF, 1.0, _INF, -_INF], [-_INF, 2.0, -_INF, 0.0]],
            [[2.0, 2.0, 1.0, 0.0], [5.0, -1.0, 0.0, 1.0], [0.0, -0.0, 0.0, -1.0]]]
#: prod: a zero in some rows, two zeros in one
_ZEROS = [[[1.5, 0.0, -2.0, 0.5], [1.0, 2.0, 0.5, -1.0], [0.0, 3.0, 0.0, 1.0]],
          [[0.5, -1.5, 2.0, 1.0], [-0.5, 1.0, 0.0, 2.0], [1.0, 1.0, -1.0, 2.0]]]


#: reduce_amax / reduce_amin refuse reduce_all with a partial `dim` (Paddle 3.3.1 leaves
#: its Out uninitialized): their reduce_all cases name every axis
_EVERY_AXIS = {"all": {"dim": [0, 1, 2], "reduce_all": True}}


def _cases(op: str, dtype: str) -> list[GradCase]:
    every = _EVERY_AXIS if op in ("reduce_amax", "reduce_amin") else {}
    cases = [GradCase(Case(f"{op}_{tag}_{dtype}", op, {"X": In((2, 3, 4), dtype, -2.0, 2.0)},
                           attrs=every.get(tag, attrs)), ("X",))
             for tag, attrs in _ATTRS.items()]
    extremes = {"ties": _TIES, "special": _SPECIAL}
    tables = {"reduce_max": extremes, "reduce_min": extremes, "reduce_amax": extremes,
              "reduce_amin": extremes,
              "reduce_prod": {"zeros": _ZEROS}}.get(op, {})
    for tag, values in tables.items():
        for axes_tag, attrs in (("axis2", {"dim": [2]}),
                                ("all", every.get("all", {"reduce_all": True}))):
            cases.append(GradCase(Case(f"{op}_{tag}_{axes_tag}_{dtype}", op,
                                       {"X": In((2, 3, 4), dtype, values=values)},
                                       attrs=attrs), ("X",)))
    return cases


#: logsumexp rows: infinities, NaN, exp overflowing or underflowing
_LSE_ROWS = [[0.0, 0.0, 0.0, 0.0], [-_INF, -_INF, -_INF, -_INF], [_INF, 1.0, 2.0, 3.0],
             [_NAN, 1.0, 2.0, 3.0], [100.0, 100.0, -100.0, 0.0], [-_INF, 1.0, -_INF, 2.0],
             [88.0, 89.0, 90.0, -0.0], [1e30, 1.0, -1e30, 0.0]]
#: tag -> (X dims, logsumexp attributes)
_LSE = {
    "axis1": ((3, 4), {"axis": [1]}),
    "axis0_keep": ((3, 4), {"axis": [0], "keepdim": True}),
    "axes_neg": ((2, 3, 4), {"axis": [-1, 0]}),
    "reduce_all_keep": ((2, 3, 4), {"axis": [1], "reduce_all": True, "keepdim": True}),
    "all_axes": ((2, 3, 4), {"axis": [0, 1, 2]}),
}


def _logsumexp(dtype: str) -> list[GradCase]:
    return [
        *(GradCase(Case(f"logsumexp_{tag}_{dtype}", "logsumexp", {"X": In(shape, dtype)},
                        attrs=attrs), ("X",)) for tag, (shape, attrs) in _LSE.items()),
        GradCase(Case(f"logsumexp_rows_{dtype}", "logsumexp",
                      {"X": In((len(_LSE_ROWS), 4), dtype, values=_LSE_ROWS)},
                      attrs={"axis": [1]}), ("X",)),
    ]


GRAD_CASES = [
    *[case for dtype in FLOATS
      for op in ("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod")
      for case in _cases(op, dtype)],
    *[case for dtype in FLOATS for op in ("reduce_amax", "reduce_amin")
      for case in _cases(op, dtype)],
    *[GradCase(Case(f"{op}_0d_float32", op, {"X": In((), "float32")}, attrs={"dim": []}),
               ("X",)) for op in ("reduce_amax", "reduce_amin")],
    *[case for dtype in FLOATS for case in _logsumexp(dtype)],
    GradCase(Case("logsumexp_0d_float64", "logsumexp", {"X": In((), "float64")},
                  attrs={"axis": []}), ("X",)),
    # a float32 sum into float64 (out_dtype 6, FP64): the gradient comes back as float32
    GradCase(Case("reduce_sum_out_float64_float32", "reduce_sum",
                  {"X": In((2, 3, 4), "float32")}, attrs={"dim": [1], "out_dtype": 6}), ("X",)),
]

#: tag -> attributes of the complex / integer / bool cases (one axis, all with keep_dim)
_OTHER_ATTRS = {"axis1": {"dim": [1]}, "all_keep": {"dim": [0, 1, 2], "keep_dim": True}}
#: op -> the non-float dtypes Paddle 3.3.1 registers its CPU grad kernel for
_OTHER_DTYPES = {
    "reduce_sum": ("complex64", "complex128", "int32", "int64", "int16", "bool", "float16",
                   "bfloat16"),
    "reduce_mean": ("complex64", "complex128", "int32", "int64", "bool"),
    # complex: Paddle 3.3.1's static executor runs no complex reduce_prod (the grad alone)
    "reduce_prod": ("int32", "int64", "complex64", "complex128"),
    "reduce_max": ("int32", "int64"),
    "reduce_min": ("int32", "int64"),
}

#: integer X: small nonzero values (prod divides by X) with ties (max / min)
_INT_X = [[[1, 2, -1, 1], [2, 1, 1, -1], [1, -2, 1, 1]],
          [[-1, 1, 2, 1], [1, 1, -1, 2], [2, 1, 1, 1]]]


#: complex X of the lone reduce_prod_grad: Gaussian integers (_INT_X plus an imaginary
#: part), whose products are exact
_COMPLEX_X = [[[complex(v, (i + j + k) % 3 - 1) for k, v in enumerate(row)]
               for j, row in enumerate(plane)] for i, plane in enumerate(_INT_X)]


def _int_out(op: str, tag: str, x: list = _INT_X) -> list:
    """The forward's Out on `x` (_INT_X or _COMPLEX_X: exact)."""
    def reduce(values: list[int]) -> int:
        if op == "reduce_max":
            return max(values)
        if op == "reduce_min":
            return min(values)
        return math.prod(values)
    if tag == "axis1":
        return [[reduce([x[i][j][k] for j in range(3)]) for k in range(4)] for i in range(2)]
    return [[[reduce([v for plane in x for row in plane for v in row])]]]


def _other(op: str, tag: str, dtype: str) -> GradCase:
    """A complex case differentiated by Paddle; an integer, bool or half one is the grad op
    alone with a fed Out@GRAD (Paddle differentiates no integer input, and its CPU forward
    refuses float16), its Out (max / min / prod) the forward's on X."""
    attrs = _OTHER_ATTRS[tag]
    name = f"{op}_{tag}_{dtype}"
    out_dims = (2, 4) if tag == "axis1" else (1, 1, 1)
    if dtype.startswith("complex") and op == "reduce_prod":
        inputs = {"X": In((2, 3, 4), dtype, values=_COMPLEX_X),
                  "Out": In(out_dims, dtype, values=_int_out(op, tag, _COMPLEX_X)),
                  "Out@GRAD": In(out_dims, dtype, -2.0, 2.0)}
        return GradCase(Case(name, f"{op}_grad", inputs, attrs=attrs), ("X",))
    if dtype.startswith("complex"):
        return GradCase(Case(name, op, {"X": In((2, 3, 4), dtype, -2.0, 2.0)}, attrs=attrs),
                        ("X",))
    if dtype == "bool" or dtype in HALVES:  # Paddle's CPU reduce_sum refuses float16
        return GradCase(Case(name, f"{op}_grad", {"X": In((2, 3, 4), dtype),
                                                 "Out@GRAD": In(out_dims, dtype)},
                             attrs=attrs), ("X",))
    inputs = {"X": In((2, 3, 4), dtype, values=_INT_X),
              "Out@GRAD": In(out_dims, dtype, -20, 20)}
    if op in ("reduce_prod", "reduce_max", "reduce_min"):
        inputs["Out"] = In(out_dims, dtype, values=_int_out(op, tag))
    return GradCase(Case(name, f"{op}_grad", inputs, attrs=attrs), ("X",))


GRAD_CASES += [_other(op, tag, dtype) for op, dtypes in _OTHER_DTYPES.items()
               for dtype in dtypes for tag in _OTHER_ATTRS]
