"""Debugging ops a program runs to check its own tensors.

- accuracy_check: x close to y element by element (|x - y| <= atol + rtol * |y|, in float64
  for real dtypes; NaN close to NaN only with equal_nan), else Paddle's error naming
  fn_name and the first index that is not. Cases over Paddle's CPU dtypes, 0-d and empty
  inputs, tolerances at the edge, infinities, NaN with and without equal_nan, and the
  refused mismatches.
- check_numerics: stats [NaNs, infs, zeros] and values [max, min, mean] (a leading NaN
  stays in max / min, a later one never wins; the mean summed in order in float32); a NaN
  or inf refused at level 0, reported at levels 1 and 3; 0-d and empty tensors. Complex
  tensors only raise on NaN / inf (Paddle leaves stats and values unwritten otherwise, so
  no finite complex case).
- assert: nothing when Cond (one bool, 0-d or [1]) is true; false raises naming Cond's
  variable (Data printed by Paddle, shown in fluidphi's message); a Cond of two elements is
  refused. No outputs: the exporter saves the program with its feed ops only.
"""

from __future__ import annotations

from typing import Any

from .spec import Case, In

#: Ops without a PHI form here, and why.
LEGACY_ONLY = {"assert": "no outputs: ops.yaml entries need one (phi.op_defs refuses none)"}


_REAL = ("float32", "float64", "float16", "bfloat16")
_INTS = ("int8", "uint8", "int16", "int32", "int64")


def _check(name: str, x: In, y: In, raises: str | None = None, **attrs: Any) -> Case:
    return Case(f"accuracy_check_{name}", "accuracy_check", {"x": x, "y": y},
                attrs={"fn_name": "checked_fn", **attrs}, raises=raises)


def _same(shape: tuple[int, ...], dtype: str) -> tuple[In, In]:
    values = (In(shape, dtype, values=[[1, 2, 3], [4, 5, 6]]) if shape == (2, 3)
              else In(shape, dtype))
    return values, values


CASES = [
    *(_check(f"equal_{dtype}", *_same((2, 3), dtype)) for dtype in (*_REAL, *_INTS, "bool")),
    *(_check(f"equal_{dtype}", In((2, 2), dtype, values=[[1 + 2j, -3j], [0, 4.5]]),
             In((2, 2), dtype, values=[[1 + 2j, -3j], [0, 4.5]])) for dtype in
      ("complex64", "complex128")),
    _check("0d", In((), "float32", values=2.0), In((), "float32", values=2.0)),
    _check("empty", In((0, 3), "float64"), In((0, 3), "float64")),
    _check("within_rtol", In((3,), "float64", values=[1.0, 100.0, -100.0]),
           In((3,), "float64", values=[1.000005, 100.0009, -100.0009])),
    _check("loose_tolerances", In((2,), "float32", values=[1.0, 2.0]),
           In((2,), "float32", values=[1.5, 2.5]), rtol=0.1, atol=0.4),
    _check("infinities", In((3,), "float32", values=[float("inf"), float("-inf"), 0.0]),
           In((3,), "float32", values=[float("inf"), float("-inf"), -0.0])),
    _check("nan_equal_nan", In((2,), "float64", values=[float("nan"), 1.0]),
           In((2,), "float64", values=[float("nan"), 1.0]), equal_nan=True),
    _check("nan_refused", In((3,), "float32", values=[1.0, float("nan"), 2.0]),
           In((3,), "float32", values=[1.0, float("nan"), 2.0]),
           raises="Accuracy check failed, kernel name checked_fn, res index 1"),
    _check("half_refused", In((2,), "float16", values=[1.0, 2.0]),
           In((2,), "float16", values=[1.0, 2.5]), raises="res index 1"),
    _check("far_refused", In((4,), "float64", values=[1.0, 2.0, 3.0, 4.0]),
           In((4,), "float64", values=[1.0, 2.0, 3.1, 5.0]),
           raises="Accuracy check failed, kernel name checked_fn, res index 2"),
    _check("int_refused", In((3,), "int64", values=[5, 6, 7]),
           In((3,), "int64", values=[5, 7, 7]), raises="res index 1"),
    _check("inf_vs_finite_refused", In((2,), "float32", values=[1.0, float("inf")]),
           In((2,), "float32", values=[1.0, 3e38]), raises="res index 1"),
    _check("complex_refused", In((2,), "complex64", values=[1j, 1 + 1j]),
           In((2,), "complex64", values=[1j, 1 + 1.1j]), raises="res index 1"),
]


def _numerics(name: str, x: In, raises: str | None = None, **attrs: Any) -> Case:
    return Case(f"check_numerics_{name}", "check_numerics", {"tensor": x},
                attrs=attrs, raises=raises, fetch=("stats", "values"))


_NAN, _INF = float("nan"), float("inf")

CASES += [
    *(_numerics(f"finite_{dtype}", In((4, 6), dtype)) for dtype in _REAL),
    _numerics("zeros_and_ties", In((6,), "float32", values=[0.0, -0.0, 2.0, 2.0, -3.0, 0.0])),
    _numerics("0d", In((), "float64", values=-1.5)),
    _numerics("empty", In((0, 4), "float32")),
    _numerics("nan_later_level1", In((4,), "float32", values=[1.0, _NAN, 3.0, 0.0]),
              check_nan_inf_level=1),
    _numerics("nan_first_level1", In((4,), "float32", values=[_NAN, 2.0, 3.0, 0.0]),
              check_nan_inf_level=1),
    _numerics("inf_level3", In((4,), "float64", values=[1.0, _INF, -_INF, 0.0]),
              check_nan_inf_level=3),
    _numerics("nan_refused", In((3,), "float32", values=[1.0, _NAN, _INF]),
              raises="NAN or INF .num_nan=1, num_inf=1, num_zero=0"),
    _numerics("inf_refused_named", In((2,), "float64", values=[_INF, 0.0]),
              op_type="relu", var_name="h0", raises="op=relu, tensor=h0"),
    _numerics("complex_refused", In((2,), "complex64", values=[1j, complex(_NAN, 0.0)]),
              raises="NAN or INF"),
]


def _assert(name: str, cond: In, data: list[In], raises: str | None = None,
            **attrs: Any) -> Case:
    return Case(f"assert_{name}", "assert", {"Cond": cond, "Data": data}, attrs=attrs,
                raises=raises)


CASES += [
    _assert("holds", In((1,), "bool", values=[True]), [In((2, 3), "float32")]),
    _assert("holds_0d", In((), "bool", values=True), [In((), "int32")]),
    _assert("false", In((1,), "bool", values=[False]),
            [In((3,), "float32"), In((2, 2), "int64", low=-9, high=9)],
            raises="The condition variable 'cond' of AssertOp must be true, but received false"),
    _assert("false_summarize", In((), "bool", values=False), [In((30,), "float64")],
            raises="of AssertOp must be true, but received false", summarize=4),
    _assert("two_conditions", In((2,), "bool", values=[True, True]), [In((1,), "float32")],
            raises="The numel of Input.Condition. of AssertOp must be 1"),
]
