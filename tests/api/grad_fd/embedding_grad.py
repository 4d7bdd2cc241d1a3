"""Finite-difference cases of the embedding_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
    int_labels,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "embedding_grad": [
        ({"x": int_labels((3, 4), 6), "weight": (6, 5)}, {}),
        ({"x": int_labels((7,), 4), "weight": (4, 3)}, {"padding_idx": 2}),
    ],
    "lookup_table_grad": [
        ({"w": (6, 5), "ids": int_labels((3, 4, 1), 6)}, {}),
        ({"w": (4, 3), "ids": int_labels((7, 1), 4)}, {"padding_idx": 2}),
    ],
}
