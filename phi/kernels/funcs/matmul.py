"""Matrix products shared by PHI and legacy kernels: matmul (v2), legacy matmul (v1), mul.

* `matmul`: NumPy's matmul after optional transposes of the last two dims; a 1-D
  operand is a row (x) or column (y) vector whose extra dim is dropped again and
  ignores its transpose flag; batch dims broadcast. Two 1-D operands give a 0-D
  result (Paddle 3.x; 2.x returned shape [1]).
* legacy `matmul` (v1) computes the same product scaled by `alpha`.
* `matmul_with_flatten` (op `mul`) flattens x to 2-D at `x_num_col_dims` and y at
  `y_num_col_dims`; out dims are x.dims[:x_num_col_dims] + y.dims[y_num_col_dims:].

float16/bfloat16 products accumulate in float32 and are rounded once. Integer products are
Paddle 3.3.1's CPU ones: int32 and int64 alike go through float32 (each product rounded,
summed in order of the inner dim), and a sum outside the integer range gives its minimum
(16777217 * 1 is 16777216; 2**30 * 2 + 2**30 * 2 is INT32_MIN).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import Any

import numpy as np

from phi.kernels.funcs.common import compute_dtype, quiet

Shape = tuple[int, ...]


def matmul_out_dims(x_dims: Sequence[int], y_dims: Sequence[int], trans_x: bool,
                    trans_y: bool) -> Shape:
    """Output dims of matmul(x, y) with transposes; raises on mismatched sizes."""
    xd, yd = [int(d) for d in x_dims], [int(d) for d in y_dims]
    if not xd or not yd:
        raise ValueError(f"matmul: operands must be at least 1-D, got {xd} and {yd}")
    x_vec, y_vec = len(xd) == 1, len(yd) == 1
    if x_vec:
        xd = [1, xd[0]]
    elif trans_x:
        xd[-1], xd[-2] = xd[-2], xd[-1]
    if y_vec:
        yd = [yd[0], 1]
    elif trans_y:
        yd[-1], yd[-2] = yd[-2], yd[-1]
    if xd[-1] != yd[-2]:
        raise ValueError(f"matmul: inner dims differ: x {list(x_dims)} (transpose {trans_x}) "
                         f"vs y {list(y_dims)} (transpose {trans_y})")
    try:
        batch = np.broadcast_shapes(tuple(xd[:-2]), tuple(yd[:-2]))
    except ValueError:
        raise ValueError(f"matmul: batch dims of x {list(x_dims)} and y {list(y_dims)} do not "
                         "broadcast") from None
    out = list(batch)
    if not x_vec:
        out.append(xd[-2])
    if not y_vec:
        out.append(yd[-1])
    return tuple(out)


def matmul(xp: Any, x: Any, y: Any, trans_x: bool, trans_y: bool, out: Any,
           alpha: float = 1.0) -> None:
    """out = alpha * (op(x) @ op(y)); `out` has `matmul_out_dims` and x's dtype."""
    if out.dtype.kind in "iu":
        _int_matmul(xp, x, y, trans_x, trans_y, out)
        return
    work = compute_dtype(out.dtype)
    a, b, direct = matmul_operands(xp, x, y, trans_x, trans_y, out)
    if alpha == 1.0 and direct:
        matmul_into(xp, a, b, out)
        return
    with quiet(xp):
        result = xp.matmul(a, b)
        if alpha != 1.0:
            result = result * work.type(alpha)
    xp.copyto(out, xp.reshape(result, out.shape), casting="unsafe")


def matmul_operands(xp: Any, x: Any, y: Any, trans_x: bool, trans_y: bool, out: Any
                    ) -> tuple[Any, Any, bool]:
    """(op(x), op(y), direct) for a float / complex `out`: the operands in the compute type
    (views when x and y have it), transposed as asked (views); `direct` when their product
    has out's own shape and type, so `matmul_into` can write it into out."""
    work = compute_dtype(out.dtype)
    a = x if x.dtype == work else x.astype(work)
    b = y if y.dtype == work else y.astype(work)
    if a.ndim >= 2 and trans_x:
        a = xp.swapaxes(a, -1, -2)
    if b.ndim >= 2 and trans_y:
        b = xp.swapaxes(b, -1, -2)
    direct = out.dtype == work and a.ndim == b.ndim == out.ndim >= 2 \
        and a.shape[:-2] == b.shape[:-2] == out.shape[:-2] \
        and out.shape[-2:] == (a.shape[-2], b.shape[-1])
    return a, b, direct


def matmul_into(xp: Any, a: Any, b: Any, out: Any) -> None:
    """out = a @ b for `matmul_operands` that are `direct`, warnings quiet."""
    with quiet(xp):
        xp.matmul(a, b, out=out)


def _int_matmul(xp: Any, x: Any, y: Any, trans_x: bool, trans_y: bool, out: Any) -> None:
    """Paddle's integer matmul: float32 products summed one at a time along the inner dim
    (no BLAS, so no reordering), then truncated back; out of range gives the minimum."""
    f32 = np.dtype(np.float32)
    a = xp.reshape(x, (1, -1)) if x.ndim == 1 else x
    b = xp.reshape(y, (-1, 1)) if y.ndim == 1 else y
    if x.ndim >= 2 and trans_x:
        a = xp.swapaxes(a, -1, -2)
    if y.ndim >= 2 and trans_y:
        b = xp.swapaxes(b, -1, -2)
    a, b = a.astype(f32), b.astype(f32)
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    acc = xp.zeros((*batch, a.shape[-2], b.shape[-1]), dtype=f32)
    with quiet(xp):
        for k in range(a.shape[-1]):
            acc += a[..., :, k:k + 1] * b[..., k:k + 1, :]
    info = np.iinfo(out.dtype)
    fits = (acc >= float(info.min)) & (acc < -float(info.min))
    result = xp.where(fits, acc, 0).astype(out.dtype)
    result[~fits] = info.min
    xp.copyto(out, xp.reshape(result, out.shape))


def flattened_2d(dims: Sequence[int], num_col_dims: int) -> tuple[int, int]:
    """(rows, cols) of `dims` flattened to a matrix at `num_col_dims`."""
    dims = [int(d) for d in dims]
    if not 1 <= num_col_dims <= len(dims):
        raise ValueError(f"mul: num_col_dims {num_col_dims} is out of range for dims {dims}")
    return prod(dims[:num_col_dims]), prod(dims[num_col_dims:])


def matmul_with_flatten_out_dims(x_dims: Sequence[int], y_dims: Sequence[int],
                                 x_num_col_dims: int, y_num_col_dims: int) -> Shape:
    _, x_cols = flattened_2d(x_dims, x_num_col_dims)
    y_rows, _ = flattened_2d(y_dims, y_num_col_dims)
    if x_cols != y_rows:
        raise ValueError(f"mul: x {list(x_dims)} flattened at {x_num_col_dims} has {x_cols} "
                         f"columns but y {list(y_dims)} flattened at {y_num_col_dims} has "
                         f"{y_rows} rows")
    return tuple(int(d) for d in (*x_dims[:x_num_col_dims], *y_dims[y_num_col_dims:]))


def matmul_with_flatten(xp: Any, x: Any, y: Any, x_num_col_dims: int, y_num_col_dims: int,
                        out: Any) -> None:
    """out = flatten(x) @ flatten(y), reshaped to `matmul_with_flatten_out_dims`."""
    work = compute_dtype(out.dtype)
    a = xp.reshape(x, flattened_2d(x.shape, x_num_col_dims))
    b = xp.reshape(y, flattened_2d(y.shape, y_num_col_dims))
    a = a if a.dtype == work else a.astype(work)
    b = b if b.dtype == work else b.astype(work)
    with quiet(xp):
        result = xp.matmul(a, b)
    xp.copyto(out, xp.reshape(result, out.shape), casting="unsafe")


# -- gradients ---------------------------------------------------------------------


def _sum_batch(g: Any, shape: tuple[int, ...]) -> Any:
    """A broadcast batch gradient summed back to an operand's (matrix) shape."""
    lead = g.ndim - len(shape)
    if lead > 0:
        g = g.sum(axis=tuple(range(lead)))
    axes = tuple(i for i, (a, b) in enumerate(zip(shape[:-2], g.shape[:-2])) if a == 1 and b != 1)
    return g.sum(axis=axes, keepdims=True) if axes else g


def matmul_grad(xp: Any, x: Any, y: Any, out_grad: Any, trans_x: bool, trans_y: bool,
                x_grad: Any | None, y_grad: Any | None) -> None:
    """d(matmul): with a = op(x), b = op(y), da = g @ b^T and db = a^T @ g, transposed back
    where the forward transposed, batch dims summed where they broadcast, and 1-D operands
    read as a row (x) or a column (y), as the forward reads them. Complex: Paddle's
    conjugate convention, da = g @ conj(b)^T and db = conj(a)^T @ g."""
    xm = x[None, :] if x.ndim == 1 else x
    ym = y[:, None] if y.ndim == 1 else y
    a = xp.swapaxes(xm, -1, -2) if trans_x and x.ndim >= 2 else xm
    b = xp.swapaxes(ym, -1, -2) if trans_y and y.ndim >= 2 else ym
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    g = out_grad.reshape(*batch, a.shape[-2], b.shape[-1])
    if np.dtype(g.dtype).kind == "c":
        a, b = xp.conj(a), xp.conj(b)
    if x_grad is not None:
        ga = xp.matmul(g, xp.swapaxes(b, -1, -2))
        ga = xp.swapaxes(ga, -1, -2) if trans_x and x.ndim >= 2 else ga
        x_grad[...] = _sum_batch(ga, xm.shape).reshape(x.shape)
    if y_grad is not None:
        gb = xp.matmul(xp.swapaxes(a, -1, -2), g)
        gb = xp.swapaxes(gb, -1, -2) if trans_y and y.ndim >= 2 else gb
        y_grad[...] = _sum_batch(gb, ym.shape).reshape(y.shape)


def matmul_with_flatten_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_num_col_dims: int,
                             y_num_col_dims: int, x_grad: Any | None,
                             y_grad: Any | None) -> None:
    """mul's gradients on the flattened matrices X2 [m, k], Y2 [k, n]: dX2 = dOut2 @ Y2^T,
    dY2 = X2^T @ dOut2, reshaped back to x's and y's dims (either may be None: not asked)."""
    a = xp.reshape(x, flattened_2d(x.shape, x_num_col_dims))
    b = xp.reshape(y, flattened_2d(y.shape, y_num_col_dims))
    g = xp.reshape(out_grad, (a.shape[0], b.shape[1]))
    with quiet(xp):
        if x_grad is not None:
            xp.copyto(x_grad, xp.reshape(g @ b.T, x_grad.shape), casting="unsafe")
        if y_grad is not None:
            xp.copyto(y_grad, xp.reshape(a.T @ g, y_grad.shape), casting="unsafe")
