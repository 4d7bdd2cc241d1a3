"""Finite-difference cases of the v1_grad family: backward op -> [(forward inputs, attributes
shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "mean_all_grad": [({"x": (3, 4)}, {}), ({"x": (2, 3, 2)}, {})],
    "topk_v1_grad": [({"x": lambda rng: rng.permutation(15).reshape(3, 5) * 0.5}, {"k": 2})],
    "legacy_expand_grad": [({"x": (2, 1, 3)}, {"expand_times": [2, 3, 1]})],
    "crop_grad": [({"x": (4, 5)}, {"shape": [2, 3], "offsets": [1, 2]})],
}
