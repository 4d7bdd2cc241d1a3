"""Finite-difference cases of batch_norm and layer_norm: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
    positive,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "batch_norm_grad": [
        ({"x": (4, 3, 2, 2), "mean": (3,), "variance": positive((3,)), "scale": (3,),
          "bias": (3,)}, {}),
        ({"x": (5, 3), "mean": (3,), "variance": positive((3,)), "scale": (3,),
          "bias": (3,)}, {"epsilon": 1e-3}),
        ({"x": (2, 2, 3, 3), "mean": (3,), "variance": positive((3,)), "scale": (3,),
          "bias": (3,)}, {"data_layout": "NHWC", "use_global_stats": True}),
    ],
    "layer_norm_grad": [
        ({"x": (3, 4, 5), "scale": (20,), "bias": (20,)}, {}),
        ({"x": (3, 4, 5), "scale": (5,), "bias": (5,)}, {"begin_norm_axis": 2, "epsilon": 1e-3}),
        ({"x": (4, 6)}, {}),
    ],
}
