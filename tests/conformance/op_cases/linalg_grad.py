"""Grads of the linalg family: matmul_v2 (transposes, batch broadcasting, vectors), float32
and float64.

Not exported: matmul_v2 with x (2, 1, 3, 4) and y (3, 4, 2): Paddle 3.3.1's CPU
matmul_v2_grad fails there ("Input dimension size should be equal to 2").
"""

from .spec import FLOATS, Case, GradCase, In

#: tag -> (X dims, Y dims, trans_x, trans_y)
_MATMUL_SHAPES = {
    "2d": ((3, 4), (4, 5), False, False), "tt": ((4, 3), (5, 4), True, True),
    "batched": ((2, 3, 4), (4, 5), False, False), "bcast_x": ((3, 4), (2, 4, 5), False, False),
    "vec_mat": ((4,), (2, 4, 3), False, False), "mat_vec": ((3, 4), (4,), False, False),
}

GRAD_CASES = [
    GradCase(Case(f"matmul_v2_{tag}_{dtype}", "matmul_v2", {"X": In(x, dtype), "Y": In(y, dtype)},
                  attrs={"trans_x": tx, "trans_y": ty}), ("X", "Y"))
    for dtype in FLOATS for tag, (x, y, tx, ty) in _MATMUL_SHAPES.items()
]
