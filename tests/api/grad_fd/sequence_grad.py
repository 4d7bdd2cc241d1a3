"""Finite-difference cases of the LoD sequence ops (LoD inputs as Seq): backward op ->
[(forward inputs, attributes shared by forward and backward)] (tests/api/test_grad_fd.py
runs them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Seq,
    Spec,
)


def _f32(shape: tuple[int, ...]) -> Spec:
    """Standard normal float32 values (Paddle registers the op for float32 only)."""
    return lambda rng: rng.standard_normal(shape).astype(np.float32)


GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "sequence_pool_grad": [({"x": Seq((6, 3), ((0, 2, 2, 5, 6),))}, {"pooltype": p})
                           for p in ("SUM", "AVERAGE", "SQRT", "MAX", "LAST", "FIRST")],
    "sequence_softmax_grad": [({"x": Seq((6, 1), ((0, 2, 2, 5, 6),))}, {})],
    "sequence_conv_grad": [
        ({"x": Seq((6, 2), ((0, 2, 2, 5, 6),)), "padding_data": None, "filter": (6, 3)},
         {"context_length": 3, "context_start": -1}),
        ({"x": Seq((7, 2), ((0, 2, 3, 7),)), "padding_data": (4, 2), "filter": (10, 3)},
         {"context_length": 5, "context_start": -2, "padding_trainable": True}),
    ],
    "sequence_expand_grad": [({"x": Seq((3, 2), ((0, 2, 3),)), "y": Seq((3, 1), ((0, 2, 3),))},
                              {})],
    "row_conv_grad": [({"x": Seq(lambda rng: rng.standard_normal((7, 3)).astype(np.float32),
                                 ((0, 2, 2, 6, 7),)),
                        "filter": lambda rng: rng.standard_normal((3, 3)).astype(np.float32)},
                       {})],
    "lod_reset_grad": [({"x": (6, 2)}, {"target_lod": [0, 2, 6]})],
    "add_position_encoding_grad": [({"x": (2, 3, 4)}, {"alpha": 0.5, "beta": 2.0}),
                                   ({"x": Seq((5, 4), ((0, 2, 5),))}, {"alpha": -1.5})],
    "im2sequence_grad": [({"x": _f32((1, 2, 4, 5)), "y": None},
                          {"kernels": [3, 3], "paddings": [1, 1, 1, 1]}),
                         ({"x": _f32((2, 1, 5, 6)), "y": None},
                          {"kernels": [3, 2], "strides": [2, 1]})],
    "match_matrix_tensor_grad": [({"x": Seq(_f32((5, 3)), ((0, 2, 5),)),
                                   "y": Seq(_f32((4, 3)), ((0, 3, 4),)),
                                   "w": _f32((3, 2, 3))}, {"dim_t": 2})],
}


#: backward ops whose forward Paddle registers for float32 only: (step, rtol, atol)
FLOAT32_FD = {"row_conv_grad": (1e-2, 1e-3, 1e-3), "im2sequence_grad": (1e-2, 1e-3, 1e-3),
              "match_matrix_tensor_grad": (1e-2, 1e-3, 1e-3)}
#: Backward ops that compute no derivative at all: pyramid_hash_grad steps W in place by
#: -lr times Out@GRAD's rows (Paddle's in-place SGD; its X@GRAD is never written), checked
#: against Paddle in tests/ops/test_paddle_grads.py.
IN_PLACE_UPDATES = {"pyramid_hash_grad"}
