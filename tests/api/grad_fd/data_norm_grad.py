"""Finite-difference cases of the data_norm_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Spec,
    positive,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "data_norm_grad": [
        ({"x": (4, 3), "batch_size": positive((3,)), "batch_sum": (3,),
          "batch_square_sum": positive((3,)), "scale_w": (3,), "bias": (3,)}, {}),
        ({"x": (3, 4), "batch_size": positive((4,)), "batch_sum": (4,),
          "batch_square_sum": positive((4,)), "scale_w": (4,), "bias": (4,)},
         {"enable_scale_and_shift": True}),
        ({"x": lambda rng: rng.uniform(0.5, 2.0, (3, 4)), "batch_size": positive((4,)),
          "batch_sum": (4,), "batch_square_sum": positive((4,)), "scale_w": (4,),
          "bias": (4,)}, {"enable_scale_and_shift": True, "slot_dim": 2}),
    ],
}


#: Backward outputs that are no derivatives: data_norm_grad's new-batch statistics for the
#: accumulators (checked against Paddle in tests/ops/test_paddle_grads.py); their inputs
#: are not differentiated here.
NOT_DERIVATIVES = {"data_norm_grad": {"batch_size", "batch_sum", "batch_square_sum"}}
