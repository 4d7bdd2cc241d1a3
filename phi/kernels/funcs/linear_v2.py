"""linear_v2 math shared by PHI and legacy kernels: out = input @ weight (+ bias), and its
gradients.

`weight` is [K, N] ([N, K] with `transpose_weight`); `input` is [..., K] (1-D included);
`bias` is 0-d or 1-D of N or 1 elements and broadcasts over the rows (Paddle 3.3.1's
checks; its inputs are all required).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import quiet


def linear_v2_out_dims(input_dims: Sequence[int], weight_dims: Sequence[int],
                       bias_dims: Sequence[int], transpose_weight: bool) -> tuple[int, ...]:
    """input.dims[:-1] + [N]; raises naming the operand Paddle refuses."""
    x, w, b = ([int(d) for d in dims] for dims in (input_dims, weight_dims, bias_dims))
    if not x:
        raise ValueError("linear_v2: input must be at least 1-D, got a 0-d tensor")
    if len(w) != 2:
        raise ValueError(f"linear_v2: weight must be 2-D, got dims {w}")
    k, n = (w[1], w[0]) if transpose_weight else (w[0], w[1])
    if x[-1] != k:
        raise ValueError(f"linear_v2: input's last dim {x[-1]} must equal weight's in-features "
                         f"dim {k} (weight {w}, transpose_weight {transpose_weight})")
    if len(b) > 1 or (b and b[0] not in (1, n)):
        raise ValueError(f"linear_v2: bias must be 0-d or 1-D of {n} (weight's out-features) or "
                         f"1 elements, got dims {b}")
    return (*x[:-1], n)


def linear_v2(xp: Any, x: Any, weight: Any, bias: Any, transpose_weight: bool, out: Any) -> None:
    """out = x @ weight (weight.T with `transpose_weight`) + bias."""
    with quiet(xp):
        xp.matmul(x, weight.T if transpose_weight else weight, out=out)
        out += bias


def linear_v2_grad(xp: Any, x: Any, weight: Any, out_grad: Any, transpose_weight: bool,
                   x_grad: Any | None, weight_grad: Any | None, bias_grad: Any | None) -> None:
    """The gradients asked for (None: not asked): x_grad = out_grad @ weight^T (weight with
    `transpose_weight`), weight_grad = rows(x)^T @ rows(out_grad) (transposed with
    `transpose_weight`), bias_grad = out_grad summed over the rows (and over N for a bias
    of one element or 0-d); an empty input gives zero weight / bias gradients."""
    rows_x = x.reshape(-1, x.shape[-1])
    rows_g = out_grad.reshape(-1, out_grad.shape[-1])
    with quiet(xp):
        if x_grad is not None:
            xp.matmul(out_grad, weight if transpose_weight else weight.T, out=x_grad)
        if weight_grad is not None:
            if transpose_weight:
                xp.matmul(rows_g.T, rows_x, out=weight_grad)
            else:
                xp.matmul(rows_x.T, rows_g, out=weight_grad)
        if bias_grad is not None:
            bias_grad[...] = rows_g.sum() if bias_grad.size == 1 else rows_g.sum(axis=0)
