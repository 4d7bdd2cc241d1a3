"""Gradients of the linear solvers (phi.kernels.funcs.linalg_solve), as Paddle's kernels form
them: each right-hand side's gradient is a solve with the adjoint system, the matrix's the
negated outer product with the solution; both summed back over broadcast batch dims.

- solve: dY = X^-T dOut, dX = -dY Out^T (a vector Y as one column).
- triangular_solve: dY = op(T)^-H-solve of dOut (the forward with `transpose` flipped on
  conj(X)); dX = -dY conj(Out)^T (transpose: -conj(Out) dY^T), kept to X's triangle as
  Paddle's tril / triu does it: upper keeps j - i >= k, lower j - i <= k, k = 1 when
  unitriangular (so a unit lower X's gradient keeps its first superdiagonal too).
- cholesky_solve: dX = the forward solve of dOut; C = dX conj(Out)^T, C + C^H; dY =
  -(Y C) (upper) or -(C Y) (lower) with all of Y as given (its unread triangle too, as
  Paddle: the derivative when that triangle is zero), kept to Y's triangle.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import linalg_solve as la
from phi.kernels.funcs.elementwise import sum_to


def _adjoint(xp: Any, a: Any) -> Any:
    return xp.conj(xp.swapaxes(a, -1, -2))


def _triangle(xp: Any, a: Any, upper: bool, k: int) -> Any:
    rows, cols = a.shape[-2:]
    offset = xp.arange(cols)[None, :] - xp.arange(rows)[:, None]
    keep = offset >= k if upper else offset <= k
    return xp.where(keep, a, a.dtype.type(0))


def _write(xp: Any, grad: Any, out: Any | None) -> None:
    if out is not None:
        sum_to(xp, grad, out.shape, -1, out)


def solve_grad(xp: Any, x: Any, y: Any, out: Any, out_grad: Any, x_grad: Any | None,
               y_grad: Any | None) -> None:
    if out_grad.size == 0:
        for grad in (x_grad, y_grad):
            if grad is not None:
                grad[...] = 0
        return
    vector = la.solve_is_vector(x.shape, y.shape)
    col = (lambda a: a[..., None]) if vector else (lambda a: a)
    a, dout = la.batched(xp, x, col(out_grad))
    dy = xp.linalg.solve(xp.swapaxes(a, -1, -2), dout)
    if y_grad is not None:
        sum_to(xp, dy, col(y_grad).shape, -1, col(y_grad))
    _write(xp, -(dy @ xp.swapaxes(col(out), -1, -2)), x_grad)


def triangular_solve_grad(xp: Any, x: Any, y: Any, out: Any, out_grad: Any, upper: bool,
                          transpose: bool, unitriangular: bool, x_grad: Any | None,
                          y_grad: Any | None) -> None:
    if out.size == 0:
        for grad in (x_grad, y_grad):
            if grad is not None:
                grad[...] = 0
        return
    dy = xp.empty(out.shape, out.dtype)
    la.triangular_solve(xp, xp.conj(x), out_grad, upper, not transpose, unitriangular, dy)
    _write(xp, dy, y_grad)
    if x_grad is not None:
        out_c = xp.conj(out)
        dx = -(out_c @ xp.swapaxes(dy, -1, -2)) if transpose \
            else -(dy @ xp.swapaxes(out_c, -1, -2))
        _write(xp, _triangle(xp, dx, upper, int(unitriangular)), x_grad)


def cholesky_solve_grad(xp: Any, x: Any, y: Any, out: Any, out_grad: Any, upper: bool,
                        x_grad: Any | None, y_grad: Any | None) -> None:
    if out.size == 0:
        for grad in (x_grad, y_grad):
            if grad is not None:
                grad[...] = 0
        return
    factor = la.batched(xp, y, x)[0]
    dx = xp.empty(out.shape, out.dtype)
    la.cholesky_solve(xp, out_grad, factor, upper, dx)
    _write(xp, dx, x_grad)
    if y_grad is not None:
        common = dx @ _adjoint(xp, out)
        common = common + _adjoint(xp, common)
        dy = -(factor @ common) if upper else -(common @ factor)
        _write(xp, _triangle(xp, dy, upper, 0), y_grad)
