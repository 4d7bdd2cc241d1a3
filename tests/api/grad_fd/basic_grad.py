"""Finite-difference cases of the basic training ops (relu, add, matmul, mean, softmax cross
entropy): backward op -> [(forward inputs, attributes shared by forward and backward)]
(tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
    away_from_zero,
    complex_normal,
    complex_uniform,
    int_labels,
    probabilities,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "relu_grad": [({"x": away_from_zero((3, 4))}, {})],
    "add_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {}),
                 ({"x": complex_uniform((2, 3, 4)), "y": complex_uniform((4,))}, {})],
    "matmul_grad": [
        ({"x": (2, 3, 4), "y": (4, 5)}, {}),
        ({"x": (4, 3), "y": (5, 4)}, {"transpose_x": True, "transpose_y": True}),
        ({"x": (4,), "y": (2, 4, 3)}, {}),
        ({"x": complex_uniform((4, 3)), "y": complex_uniform((2, 5, 4))},
         {"transpose_x": True, "transpose_y": True}),
    ],
    "mean_grad": [({"x": (3, 4, 2)}, {"axis": [1]}),
                  ({"x": (3, 4)}, {"axis": [0, 1], "keepdim": True}),
                  ({"x": complex_normal((3, 4, 2))}, {"axis": [1]})],
    "cross_entropy_with_softmax_grad": [
        ({"input": (5, 4), "label": int_labels((5, 1), 4)}, {}),
        ({"input": (5, 4), "label": int_labels((5, 1), 4)}, {"ignore_index": 2}),
        ({"input": (3, 4, 2), "label": int_labels((3, 1, 2), 4)}, {"axis": 1}),
        ({"input": (5, 4), "label": probabilities((5, 4))}, {"soft_label": True}),
        ({"input": probabilities((5, 4)), "label": int_labels((5, 1), 4)},
         {"use_softmax": False}),
        ({"input": probabilities((5, 4)), "label": probabilities((5, 4))},
         {"use_softmax": False, "soft_label": True}),
    ],
}
