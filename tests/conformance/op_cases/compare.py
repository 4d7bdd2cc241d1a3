"""Whole-tensor and tolerance comparisons: allclose, isclose, equal_all.

allclose / isclose: |x - y| <= atol + rtol * |y| per element (Rtol / Atol, 1-element
float64 tensors, override the text attributes `rtol` / `atol`); a NaN is close only to a
NaN and only with `equal_nan`; equal elements (infinities included) are always close.
allclose gives one bool for all elements; isclose one per element. equal_all: whether X and
Y have the same dims and equal elements.

less_than / less_equal / greater_than / greater_equal on complex operands (Paddle 3.3.1's
CPU kernels): ordered by real part, then imaginary part; a NaN part makes every ordering
false. (Their real dtypes are checked against Paddle in tests/ops/test_math_ops.py.)
"""

from .spec import INF, NAN, Case, In, grid

_X = [1.0, 1.0, 1.0, 100.0, 0.0, INF, INF, NAN, NAN, 1.0, -0.0, 1e-9]
_Y = [1.0, 1.00001, 1.0001, 100.001, 1e-8, INF, -INF, NAN, 1.0, 1.0 + 1e-5, 0.0, 0.0]


def _close(op: str, tag: str, x: In, y: In, rtol=None, atol=None, tol_dtype="float64",
           raises=None, **attrs) -> Case:
    inputs = {"Input": x, "Other": y}
    if rtol is not None:
        inputs["Rtol"] = In((1,), tol_dtype, values=[rtol])
        inputs["Atol"] = In((1,), tol_dtype, values=[atol])
    return Case(f"{op}_{tag}", op, inputs, attrs=attrs, raises=raises)


def _tolerance_cases(op: str, dtypes) -> list[Case]:
    n = len(_X)
    return [
        *(_close(op, d, In((3, 4), d), In((3, 4), d)) for d in dtypes),
        *(_close(op, f"edges_{d}", In((n,), d, values=_X), In((n,), d, values=_Y))
          for d in ("float32", "float64")),
        _close(op, "edges_equal_nan", In((n,), "float64", values=_X),
               In((n,), "float64", values=_Y), equal_nan=True),
        _close(op, "loose_attrs", In((n,), "float32", values=_X), In((n,), "float32", values=_Y),
               rtol="1e-3", atol="0.5"),
        _close(op, "tensor_tolerances", In((n,), "float64", values=_X),
               In((n,), "float64", values=_Y), rtol=1e-4, atol=1e-7),
        _close(op, "close_pair", In((2, 3), "float64", values=[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]),
               In((2, 3), "float64", values=[[1.0, 2.0, 3.0], [4.0, 5.00001, 6.0]])),
        _close(op, "0d", In((), "float32", values=2.0), In((), "float32", values=2.00001)),
        *(_close(op, f"tiny_difference_{d}", In((3,), d, values=[1e-16, 2e-15, -1e-16]),
                 In((3,), d, values=[0.0, 0.0, 0.0]), rtol="0", atol="0")
          for d in ("float32", "float64")),
        _close(op, "empty", In((0, 3), "float64"), In((0, 3), "float64")),
    ]


def _isclose_only() -> list[Case]:
    return [
        _close("isclose", "complex_nan", In((3,), "complex128",
                                            values=[1 + 2j, complex(NAN, 0.0), 1j]),
               In((3,), "complex128", values=[5 + 2j, 5 + 2j, complex(0.0, NAN)]),
               note="Paddle's CPU complex isclose leaves NaN elements True"),
        _close("isclose", "float32_tolerances", In((2,), "float32"), In((2,), "float32"),
               rtol=1e-5, atol=1e-8, tol_dtype="float32", raises="must be double"),
    ]


def _equal_all() -> list[Case]:
    def case(tag: str, x: In, y: In) -> Case:
        return Case(f"equal_all_{tag}", "equal_all", {"X": x, "Y": y})

    same = [[1, 2, 3], [4, 5, 6]]
    return [
        *(case(f"equal_{d}", In((2, 3), d, values=same), In((2, 3), d, values=same))
          for d in ("bool", "int32", "int64", "float32", "float64")),
        case("differ_int64", In((2, 3), "int64", values=same),
             In((2, 3), "int64", values=[[1, 2, 3], [4, 5, 7]])),
        case("random_float32", In((3, 4), "float32"), In((3, 4), "float32")),
        case("nan", In((2,), "float64", values=[NAN, 1.0]), In((2,), "float64", values=[NAN, 1.0])),
        case("signed_zero", In((2,), "float32", values=[0.0, -0.0]),
             In((2,), "float32", values=[-0.0, 0.0])),
        case("other_dims", In((2, 3), "int32", values=same), In((3, 2), "int32",
                                                                 values=[[1, 2], [3, 4], [5, 6]])),
        case("other_rank", In((3,), "int32", values=[1, 2, 3]), In((1, 3), "int32",
                                                                   values=[[1, 2, 3]])),
        case("0d", In((), "float32", values=1.5), In((), "float32", values=1.5)),
        case("empty", In((0, 2), "float32"), In((0, 2), "float32")),
    ]


#: complex orderings: equal real parts, signed parts, NaN in either part
_COMPLEX = [1 + 1j, 1 + 2j, 1 + 0j, 2 - 5j, -3 + 4j, 0j, complex(NAN, 0.0), complex(0.0, NAN)]
_ORDERINGS = ("less_than", "less_equal", "greater_than", "greater_equal")


def _complex_orderings() -> list[Case]:
    return [
        *(grid(op, d, _COMPLEX, _COMPLEX)
          for op in _ORDERINGS for d in ("complex64", "complex128")),
        *(Case(f"{op}_bcast_trailing_complex64", op,
               {"X": In((2, 3, 4), "complex64"), "Y": In((4,), "complex64")})
          for op in _ORDERINGS),
    ]


CASES = [
    *_tolerance_cases("allclose", ("bool", "int32", "int64", "float32", "float64")),
    *_tolerance_cases("isclose", ("float32", "float64", "complex64", "complex128")),
    *_isclose_only(),
    _close("allclose", "ints_scaled", In((4,), "int64", values=[10, 10, -5, 5]),
           In((4,), "int64", values=[11, 11, -4, 4]), rtol="0.1", atol="0.1"),
    _close("allclose", "ints_scaled_far", In((2,), "int32", values=[10, 10]),
           In((2,), "int32", values=[11, 12]), rtol="0.1", atol="0.1"),
    _close("allclose", "float32_tolerances", In((2,), "float32", values=[1.0, 2.0]),
           In((2,), "float32", values=[1.0, 2.0]), rtol=1e-5, atol=1e-8,
           tol_dtype="float32"),
    *_equal_all(),
    *_complex_orderings(),
]
