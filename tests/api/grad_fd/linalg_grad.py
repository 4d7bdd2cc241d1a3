"""Finite-difference cases of linear_v2 (weight transposed or not, bias of N, 1 or 0-d
elements), matmul_with_flatten and the products bmm, mv, addmm / baddbmm (Input broadcast),
dot, kron, cross and trace, and the norms p_norm, dist, frobenius_norm, squared_l2_norm,
l1_norm (float32), norm (the l2 normalisation) and renorm, and the chained products
bilinear, multi_dot (vector ends too) and matrix_power (n > 0, n < 0 on a well conditioned
matrix), and einsum (a product, a diagonal with a summed-out label, broadcast labels, three
operands, complex): backward op -> [(forward inputs, attributes shared by forward and backward)]
(tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
    away_from_zero,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    # -- linalg family: linear_v2 (weight transposed or not, bias of N, 1 or 0-d elements)
    "linear_v2_grad": [
        ({"input": (2, 3), "weight": (3, 4), "bias": (4,)}, {}),
        ({"input": (2, 3, 5), "weight": (4, 5), "bias": (1,)}, {"transpose_weight": True}),
        ({"input": (5,), "weight": (5, 2), "bias": ()}, {}),
    ],
    "matmul_with_flatten_grad": [
        ({"x": (2, 3, 4), "y": (4, 5)}, {"x_num_col_dims": 2}),
        ({"x": (3, 6), "y": (2, 3, 2, 2)}, {"y_num_col_dims": 2}),
    ],
    # -- products
    "bmm_grad": [({"x": (2, 3, 4), "y": (2, 4, 2)}, {})],
    "mv_grad": [({"x": (3, 4), "vec": (4,)}, {})],
    "addmm_grad": [
        ({"input": (2, 4), "x": (2, 3), "y": (3, 4)}, {"beta": 0.5, "alpha": 2.0}),
        ({"input": (4,), "x": (2, 3), "y": (3, 4)}, {"beta": -1.5, "alpha": 1.0}),
    ],
    "baddbmm_grad": [
        ({"input": (2, 3, 2), "x": (2, 3, 4), "y": (2, 4, 2)}, {"beta": 0.5, "alpha": 2.0}),
        ({"input": (1, 3, 1), "x": (2, 3, 4), "y": (2, 4, 2)}, {}),
    ],
    "dot_grad": [({"x": (5,), "y": (5,)}, {}), ({"x": (3, 4), "y": (3, 4)}, {})],
    "kron_grad": [({"x": (2, 3), "y": (3, 2)}, {}), ({"x": (2, 1, 2), "y": (3,)}, {})],
    "cross_grad": [({"x": (4, 3), "y": (4, 3)}, {"dim": 1}), ({"x": (3, 2), "y": (3, 2)}, {})],
    "trace_grad": [({"input": (3, 4)}, {"offset": 1}),
                   ({"input": (2, 3, 4)}, {"offset": -1, "axis1": 2, "axis2": 1})],
    # -- norms
    "p_norm_grad": [({"x": (3, 4)}, {"porder": 2.0, "axis": 1}),
                    ({"x": away_from_zero((2, 3))}, {"porder": 3.0, "axis": 0, "keepdim": True}),
                    ({"x": away_from_zero((2, 3, 2))}, {"porder": 1.5, "asvector": True})],
    "dist_grad": [({"x": (3, 4), "y": (4,)}, {"p": 2.0}),
                  ({"x": (2, 1), "y": (2, 3)}, {"p": 3.0})],
    "frobenius_norm_grad": [({"x": (3, 4)}, {"axis": [0, 1]}),
                            ({"x": (2, 3, 2)}, {"axis": [1], "keepdim": True})],
    "squared_l2_norm_grad": [({"x": (3, 4)}, {})],
    "l1_norm_grad": [({"x": lambda rng: away_from_zero((3, 4))(rng).astype(np.float32)}, {})],
    "norm_grad": [({"x": (3, 4)}, {"axis": 1}), ({"x": (2, 3, 2)}, {"axis": 0, "epsilon": 1e-6})],
    "renorm_grad": [({"x": (3, 4)}, {"p": 2.0, "axis": 0, "max_norm": 1.0}),
                    ({"x": away_from_zero((2, 3, 2))}, {"p": 3.0, "axis": 1, "max_norm": 1.2})],
    # -- chained products
    "bilinear_grad": [({"x": (3, 4), "y": (3, 2), "weight": (2, 4, 2), "bias": (1, 2)}, {}),
                      ({"x": (2, 3), "y": (2, 2), "weight": (3, 3, 2), "bias": None}, {})],
    "multi_dot_grad": [({"x": [(2, 3), (3, 4), (4, 2)]}, {}),
                       ({"x": [(3,), (3, 2), (2, 4), (4,)]}, {})],
    "matrix_power_grad": [({"x": (3, 3)}, {"n": 3}),
                          ({"x": lambda rng: rng.uniform(-0.5, 0.5, (2, 3, 3)) + 2 * np.eye(3)},
                           {"n": -2})],
    "einsum_grad": [
        ({"operands": [(2, 3), (3, 4)]}, {"equation": "ij,jk->ik"}),
        ({"operands": [(2, 3, 3), (4, 3)]}, {"equation": "bii,ki->k"}),
        ({"operands": [(2, 1, 3), (1, 4, 3)]}, {"equation": "abj,abj->ab"}),
        ({"operands": [(2, 3), (3, 2), (2, 2)]}, {"equation": "ij,jk,kl->il"}),
        ({"operands": [lambda rng: rng.standard_normal((2, 3)) + 1j * rng.standard_normal((2, 3)),
                       lambda rng: rng.standard_normal((3,)) + 1j * rng.standard_normal((3,))]},
         {"equation": "ij,j->i"}),
    ],
}
#: l1_norm is registered for float32 only (as Paddle 3.3.1): (step, rtol, atol)
FLOAT32_FD = {"l1_norm_grad": (1e-2, 1e-3, 1e-3)}
