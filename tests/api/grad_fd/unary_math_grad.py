"""Finite-difference cases of the unary_math_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
    avoiding,
    away_from_zero,
    positive,
)


def _complex(shape: tuple[int, ...]) -> Spec:
    """Complex values with both parts in [-1, 1) (away from the inverse functions' cuts)."""
    return lambda rng: rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)


GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    **{f"{op}_grad": [({"x": (3, 4)}, {}), ({"x": _complex((3, 4))}, {})]
       for op in ("sin", "cos", "atan", "sinh", "cosh", "asinh", "expm1")},
    **{f"{op}_grad": [({"x": avoiding((3, 4), (), -0.9, 0.9)}, {})]
       for op in ("asin", "acos", "atanh")},
    "tan_grad": [({"x": avoiding((3, 4), (), -1.2, 1.2)}, {})],
    "acosh_grad": [({"x": avoiding((3, 4), (), 1.2, 4.0)}, {})],
    "log1p_grad": [({"x": avoiding((3, 4), (), -0.8, 3.0)}, {})],
    **{f"{op}_grad": [({"x": positive((3, 4))}, {})] for op in ("log2", "log10", "rsqrt")},
    "reciprocal_grad": [({"x": away_from_zero((3, 4))}, {})],
    **{f"{op}_grad": [({"x": avoiding((3, 4), (-2.0, -1.0, 0.0, 1.0, 2.0))}, {})]
       for op in ("ceil", "floor", "trunc", "rint")},
    "round_grad": [({"x": avoiding((3, 4), (-1.5, -0.5, 0.5, 1.5))}, {"decimals": 0})],
    "erf_grad": [({"x": (3, 4)}, {})],
    "erfinv_grad": [({"x": avoiding((3, 4), (), -0.9, 0.9)}, {})],
    **{f"{op}_grad": [({"x": avoiding((3, 4), (-3.0, -2.0, -1.0, 0.0))}, {})]
       for op in ("lgamma", "digamma")},
    "pow_grad": [({"x": positive((3, 4))}, {"y": 2.5}), ({"x": (3, 4)}, {"y": 3.0})],
    "clip_grad": [({"x": avoiding((3, 4), (-0.5, 0.5))}, {"min": -0.5, "max": 0.5})],
    "angle_grad": [({"x": away_from_zero((3, 4))}, {}),
                   ({"x": lambda rng: rng.standard_normal((3, 4))
                     + 1j * rng.standard_normal((3, 4))}, {})],
    **{f"{op}_grad": [({"x": lambda rng: rng.standard_normal((3, 4))
                        + 1j * rng.standard_normal((3, 4))}, {})] for op in ("real", "imag")},
}
