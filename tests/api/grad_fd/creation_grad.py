"""Finite-difference cases of the creation_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import Spec

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "fill_grad": [({"x": (3, 4)}, {"value": 2.5})],
    "fill_diagonal_grad": [
        ({"x": (4, 5)}, {"value": 1.0, "offset": 1}),
        ({"x": (7, 3)}, {"value": -2.0, "wrap": True}),
    ],
    "fill_diagonal_tensor_grad": [
        ({"x": (2, 3, 3), "y": (2, 3)}, {"dim1": 1, "dim2": 2}),
        ({"x": (3, 4), "y": (2,)}, {"offset": -1}),
    ],
}
GRAD_CASES["set_value_grad"] = [
    ({"x": (3, 4), "values": (1, 4)}, {"starts": [1], "ends": [3], "steps": [1], "axes": [0],
                                       "decrease_axes": [], "none_axes": []}),
    ({"x": (3, 6), "values": (3, 3)}, {"starts": [5], "ends": [0], "steps": [-2], "axes": [1],
                                       "decrease_axes": [], "none_axes": []}),
    ({"x": (3, 4, 2), "values": (4,)}, {"starts": [2, 1], "ends": [3, 2], "steps": [1, 1],
                                        "axes": [0, 2], "decrease_axes": [0, 2],
                                        "none_axes": []}),
]
