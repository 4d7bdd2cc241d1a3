"""Finite-difference cases of the special_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import Spec, avoiding, away_from_zero, positive

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "gammaln_grad": [({"x": avoiding((3, 4), (-3.0, -2.0, -1.0, 0.0))}, {})],
    **{f"{op}_grad": [({"x": (3, 4)}, {})] for op in ("i0", "i1")},
    **{f"{op}_grad": [({"x": away_from_zero((3, 4))}, {})] for op in ("i0e", "i1e")},
    "polygamma_grad": [({"x": positive((3, 4))}, {"n": n}) for n in (1, 2)],
    "gammaincc_grad": [({"x": positive((3, 4)), "y": positive((3, 4))}, {})],
}
