"""Grads of the linalg family (linalg.py): linear_v2 (input, weight and bias; weight
transposed or not; batched, 1-D and empty input; bias of N, 1 or 0-d elements, summed over
the rows it broadcast to) over Paddle's CPU dtypes; a grad op asked for the input's
gradient alone, and for the weight's and bias's. The out-features dim N is the dtype's
byte size (float32 4, float64 8): Paddle 3.3.1's InferShape refuses any other N when the
op is appended (see linalg._linear_v2)."""

from __future__ import annotations

from .spec import Case, GradCase, In


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
    *_linear_v2("float32", 4), *_linear_v2("float64", 8),
    # a grad op asked for part of the gradients (the others' slots left out)
    *(GradCase(Case(f"linear_v2_grad_{tag}_float32", "linear_v2",
                    {"input": In((3, 5), "float32"), "weight": In((5, 4), "float32"),
                     "bias": In((4,), "float32")}), wrt)
      for tag, wrt in (("input_only", ("input",)), ("weight_bias", ("weight", "bias")))),
]
