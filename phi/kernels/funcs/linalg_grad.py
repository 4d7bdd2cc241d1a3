"""Gradients of the linear-algebra products (phi.kernels.funcs.linalg), shared by the PHI
and legacy grad kernels. Each takes the forward's inputs, Out@GRAD and the gradients to
write (None: not asked for), preallocated in their operands' dims.

As Paddle 3.3.1's CPU grad kernels:

- bmm / mv: matmul's gradient (mv's Vec a column);
- addmm / baddbmm: Input@GRAD = Beta * Out@GRAD summed over the dims Input broadcast along,
  X@GRAD = Alpha * Out@GRAD @ Y^T, Y@GRAD = Alpha * X^T @ Out@GRAD;
- dot: X@GRAD = Out@GRAD * conj(Y), Y@GRAD = Out@GRAD * conj(X) (Out@GRAD broadcast over the
  last axis);
- kron: each operand's gradient sums Out@GRAD times the other operand (conjugated for
  complex) over the other operand's positions;
- cross: X@GRAD = conj(Y) x Out@GRAD, Y@GRAD = Out@GRAD x conj(X) along the forward's axis;
- trace: Input@GRAD is Out@GRAD on the offset diagonal, 0 elsewhere.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.common import check_out_grad, compute_dtype, quiet
from phi.kernels.funcs.diag_grad import scatter_diagonal
from phi.kernels.funcs.linalg import cross, kron_out_dims, trace_axes, trace_out_dims
from phi.kernels.funcs.matmul import matmul_grad


def _conj(xp: Any, a: Any) -> Any:
    return xp.conj(a) if a.dtype.kind == "c" else a


def _sum_to(xp: Any, grad: Any, out: Any) -> None:
    """out = grad summed over the leading dims and the dims `out` has as 1 (broadcast)."""
    lead = grad.ndim - out.ndim
    shape = (1,) * lead + out.shape
    axes = tuple(i for i, (s, g) in enumerate(zip(shape, grad.shape)) if s == 1 and g != 1)
    summed = xp.sum(grad, axis=axes, keepdims=True) if axes else grad
    xp.copyto(out, summed.reshape(out.shape), casting="unsafe")


def bmm_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
             y_grad: Any | None) -> None:
    with quiet(xp):
        matmul_grad(xp, x, y, out_grad, False, False, x_grad, y_grad)


def mv_grad(xp: Any, x: Any, vec: Any, out_grad: Any, x_grad: Any | None,
            vec_grad: Any | None) -> None:
    with quiet(xp):
        matmul_grad(xp, x, vec, out_grad, False, False, x_grad, vec_grad)


def addmm_grad(xp: Any, inp: Any, x: Any, y: Any, out_grad: Any, beta: float, alpha: float,
               input_grad: Any | None, x_grad: Any | None, y_grad: Any | None) -> None:
    """addmm's and baddbmm's gradients (a batch dim is a matmul batch)."""
    t = out_grad.dtype.type
    with quiet(xp):
        if input_grad is not None:
            _sum_to(xp, out_grad * t(beta), input_grad)
        if x_grad is not None or y_grad is not None:
            matmul_grad(xp, x, y, out_grad * t(alpha), False, False, x_grad, y_grad)


def dot_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
             y_grad: Any | None) -> None:
    check_out_grad("dot_grad", out_grad, x.shape[:-1])
    g = out_grad[..., None]
    with quiet(xp):
        if x_grad is not None:
            xp.multiply(g, _conj(xp, y), out=x_grad)
        if y_grad is not None:
            xp.multiply(g, _conj(xp, x), out=y_grad)


def kron_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
              y_grad: Any | None) -> None:
    """Out@GRAD viewed as [x0, y0, x1, y1, ...] (ranks padded with leading 1s), multiplied
    by the other operand and summed over its positions."""
    check_out_grad("kron_grad", out_grad, kron_out_dims(x.shape, y.shape))
    rank = out_grad.ndim
    xs = x.reshape((1,) * (rank - x.ndim) + x.shape)
    ys = y.reshape((1,) * (rank - y.ndim) + y.shape)
    g = out_grad.reshape([d for pair in zip(xs.shape, ys.shape) for d in pair])
    work = compute_dtype(out_grad.dtype)
    with quiet(xp):
        if x_grad is not None:
            ye = _conj(xp, ys).reshape([d for s in ys.shape for d in (1, s)])
            summed = (g.astype(work, copy=False) * ye).sum(axis=tuple(range(1, 2 * rank, 2)))
            xp.copyto(x_grad, summed.reshape(x.shape), casting="unsafe")
        if y_grad is not None:
            xe = _conj(xp, xs).reshape([d for s in xs.shape for d in (s, 1)])
            summed = (g.astype(work, copy=False) * xe).sum(axis=tuple(range(0, 2 * rank, 2)))
            xp.copyto(y_grad, summed.reshape(y.shape), casting="unsafe")


def cross_grad(xp: Any, x: Any, y: Any, out_grad: Any, axis: int, x_grad: Any | None,
               y_grad: Any | None) -> None:
    if x_grad is not None:
        cross(xp, _conj(xp, y), out_grad, axis, x_grad)
    if y_grad is not None:
        cross(xp, out_grad, _conj(xp, x), axis, y_grad)


def trace_grad(xp: Any, out_grad: Any, offset: int, axis1: int, axis2: int,
               input_grad: Any) -> None:
    check_out_grad("trace_grad", out_grad, trace_out_dims(input_grad.shape, axis1, axis2))
    a1, a2 = trace_axes(input_grad.shape, axis1, axis2)
    scatter_diagonal(xp, out_grad[..., None], offset, a1, a2, input_grad)
