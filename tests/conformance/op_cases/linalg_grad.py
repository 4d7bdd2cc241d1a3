"""Grads of the linalg family (linalg.py), float32 and float64:

- matmul_v2: transposes, batch broadcasting, vectors. Not exported: x (2, 1, 3, 4) with
  y (3, 4, 2): Paddle 3.3.1's CPU matmul_v2_grad fails there ("Input dimension size should
  be equal to 2").
- linear_v2: input, weight and bias; weight transposed or not; batched, 1-D and empty
  input; bias of N, 1 or 0-d elements, summed over the rows it broadcast to; a grad op
  asked for the input's gradient alone, and for the weight's and bias's. The out-features
  dim N is the dtype's byte size (float32 4, float64 8): Paddle 3.3.1's InferShape refuses
  any other N when the op is appended (see linalg._linear_v2).
"""

from __future__ import annotations

from .spec import FLOATS, Case, GradCase, In

#: tag -> (X dims, Y dims, trans_x, trans_y)
_MATMUL_SHAPES = {
    "2d": ((3, 4), (4, 5), False, False), "tt": ((4, 3), (5, 4), True, True),
    "batched": ((2, 3, 4), (4, 5), False, False), "bcast_x": ((3, 4), (2, 4, 5), False, False),
    "vec_mat": ((4,), (2, 4, 3), False, False), "mat_vec": ((3, 4), (4,), False, False),
}


def _linear_v2(dt: str, n: int) -> list[GradCase]:
    return [GradCase(Case(f"linear_v2_grad_{tag}_{dt}", "linear_v2",
                          {"input": In(xs, dt), "weight": In(ws, dt), "bias": In(bs, dt)},
                          attrs=attrs), ("input", "weight", "bias"))
            for tag, xs, ws, bs, attrs in (
                ("plain", (2, 3), (3, n), (n,), {}),
                ("transpose", (2, 5), (n, 5), (n,), {"transpose_weight": True}),
                ("batch_bias1", (2, 3, 5), (5, n), (1,), {}),
                ("vector_bias0d", (5,), (5, n), (), {}),
                ("batch_transpose", (3, 2, 4), (n, 4), (n,), {"transpose_weight": True}),
                ("empty_rows", (0, 3), (3, n), (n,), {}))]


GRAD_CASES = [
    GradCase(Case(f"matmul_v2_{tag}_{dtype}", "matmul_v2", {"X": In(x, dtype), "Y": In(y, dtype)},
                  attrs={"trans_x": tx, "trans_y": ty}), ("X", "Y"))
    for dtype in FLOATS for tag, (x, y, tx, ty) in _MATMUL_SHAPES.items()
]
GRAD_CASES += [
    *_linear_v2("float32", 4), *_linear_v2("float64", 8),
    # a grad op asked for part of the gradients (the others' slots left out)
    *(GradCase(Case(f"linear_v2_grad_{tag}_float32", "linear_v2",
                    {"input": In((3, 5), "float32"), "weight": In((5, 4), "float32"),
                     "bias": In((4,), "float32")}), wrt)
      for tag, wrt in (("input_only", ("input",)), ("weight_bias", ("weight", "bias")))),
]
