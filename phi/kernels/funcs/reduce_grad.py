"""Gradients of reduce_sum, reduce_max, reduce_min and reduce_prod, as Paddle's CPU kernels
compute them: the output gradient broadcast back over the reduced axes, then for max / min
shared equally by the elements equal to the result (Paddle 3.3.1 splits ties) and for prod
multiplied by out / x (0 / 0 is NaN where x is 0 and the product too); logsumexp's is
out_grad * exp(x - out)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet


def expand_reduced(xp: Any, value: Any, x_shape: Sequence[int], axes: Sequence[int]) -> Any:
    """A reduced tensor (reduced axes dropped or kept as 1) broadcast back to `x_shape`."""
    kept = tuple(1 if i in set(axes) else int(d) for i, d in enumerate(x_shape))
    return xp.broadcast_to(value.reshape(kept), tuple(x_shape))


def reduce_sum_grad(xp: Any, x_shape: Sequence[int], out_grad: Any, axes: Sequence[int],
                    x_grad: Any) -> None:
    """x_grad = out_grad at every position it summed (in x_grad's dtype: a sum may have
    had another output dtype)."""
    xp.copyto(x_grad, expand_reduced(xp, out_grad, x_shape, axes), casting="unsafe")


def reduce_extreme_grad(xp: Any, x: Any, out: Any, out_grad: Any, axes: Sequence[int],
                        x_grad: Any) -> None:
    """max / min (and amax / amin): out_grad shared equally among the elements equal to the
    result (a NaN result matches none: 0 / 0 makes its whole group NaN, as in Paddle);
    integer gradients truncate the share toward zero, as C++ integer division."""
    hit = (x == expand_reduced(xp, out, x.shape, axes)).astype(x_grad.dtype)
    count = hit.sum(axis=tuple(axes), keepdims=True)
    with quiet(xp):
        x_grad[...] = expand_reduced(xp, out_grad, x.shape, axes) * hit / count


def reduce_prod_grad(xp: Any, x: Any, out: Any, out_grad: Any, axes: Sequence[int],
                     x_grad: Any) -> None:
    """prod: out_grad * out / x (integer: out_grad * out * (1 / x), the reciprocal in
    C++ integer division as Paddle's CPU kernel takes it: 0 wherever |x| > 1; complex:
    the same product, not conjugated as Paddle's convention would have it, as Paddle
    3.3.1's CPU kernel answers)."""
    grads = expand_reduced(xp, out_grad, x.shape, axes)
    outs = expand_reduced(xp, out, x.shape, axes)
    with quiet(xp):
        if np.dtype(x.dtype).kind in "iu":
            x_grad[...] = grads * outs * truncating_divide(xp, xp.ones_like(x), x)
        else:
            x_grad[...] = grads * outs / x


def truncating_divide(xp: Any, a: Any, b: Any) -> Any:
    """Integer a / b rounded toward zero, as C++ integer division (NumPy's // floors)."""
    q = xp.abs(a) // xp.abs(b)
    return xp.where((a < 0) != (b < 0), -q, q)



def logsumexp_grad(xp: Any, x: Any, out: Any, out_grad: Any, axes: Sequence[int],
                   x_grad: Any) -> None:
    """logsumexp: out_grad * exp(x - out) (NaN where x - out is, e.g. a row of -inf or one
    holding +inf; 0 where x is -inf below a finite out)."""
    with quiet(xp):
        xp.subtract(x, expand_reduced(xp, out, x.shape, axes), out=x_grad)
        xp.exp(x_grad, out=x_grad)
        xp.multiply(x_grad, expand_reduced(xp, out_grad, x.shape, axes), out=x_grad)
