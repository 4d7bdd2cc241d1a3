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

The norms' gradients (Out@GRAD broadcast over the reduced elements), as Paddle 3.3.1's:

- p_norm: 0 for porder 0; sign(X) where |X| is the norm (all ties) for +-inf; else
  |X|^(p-1) / (Out^(p-1) + epsilon) * sign(X), in X's type (a zero X with p < 1: NaN);
- dist: p_norm's gradient of X - Y over all elements (epsilon 1e-12), summed back to X's
  and Y's dims (negated for Y); empty operands get no gradient (0);
- frobenius_norm: X / (Out + 1e-12) (complex X: no conjugation, as Paddle's);
- squared_l2_norm: 2 X; l1_norm: sign(X);
- norm (the l2 normalisation, Norm = sqrt(sum X^2 + epsilon) from the forward):
  (Out@GRAD - X sum(X Out@GRAD) / Norm^2) / Norm along `axis`;
- renorm: each slice s along `axis` whose norm N = (sum |X|^p)^(1/p) exceeds max_norm:
  (max_norm / N) Out@GRAD - max_norm S^(-1-1/p) sum_s(X Out@GRAD) |X|^(p-1) sgn(X) with S the
  power sum and sgn(0) = 1; others: Out@GRAD.

And of the chained products:

- bilinear_tensor_product (PHI bilinear): X@GRAD[b] = sum_s dOut[b, s] W[s] Y[b],
  Y@GRAD[b] = sum_s dOut[b, s] W[s]^T X[b], Weight@GRAD[s] = sum_b dOut[b, s] X[b]^T Y[b],
  Bias@GRAD = dOut summed over the batch, [1, S];
- multi_dot: X[i]@GRAD = (X[0] ... X[i-1])^T dOut (X[i+1] ... X[n-1])^T (a first 1-D X a
  row, a last 1-D X a column, as the forward reads them);
- matrix_power: for n > 0, sum_k (X^T)^k dOut (X^T)^(n-1-k); for n < 0 that of X^-1 to
  the power -n, then -(X^-1)^T (it) (X^-1)^T; 0 for n == 0 (transposes, not conjugates, for
  complex X, as Paddle's).
- einsum: operand k's gradient is the einsum of Out@GRAD with the other operands (their
  conjugates for complex, as Paddle's) onto k's distinct labels; a label only k has that
  the output drops is broadcast back, a repeated label (a diagonal) gets the gradient on
  its diagonal and 0 elsewhere, a dim of 1 the forward broadcast is summed over. The
  operands' values come from the forward's InnerCache (fluidphi caches each operand as
  given, Paddle a preprocessed copy), their dims from its XShape.
"""

from __future__ import annotations

import math
from typing import Any

from phi.kernels.funcs.common import check_out_grad, compute_dtype, quiet
from phi.kernels.funcs.diag_grad import scatter_diagonal
from phi.kernels.funcs.linalg import (
    cross,
    einsum_sizes,
    kron_out_dims,
    trace_axes,
    trace_out_dims,
)
from phi.kernels.funcs.linalg_matrix import inverse, square_dims
from phi.kernels.funcs.matmul import matmul_grad
from phi.kernels.funcs.reduce import reduce_axes
from phi.kernels.funcs.unary_math import renorm_axis


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


# -- norms -------------------------------------------------------------------------------------

def _p_norm_grad_of(xp: Any, x: Any, norm: Any, norm_grad: Any, porder: float, epsilon: float,
                    out: Any) -> None:
    """out = d(p-norm) of x given the norm and its gradient (both broadcast to x)."""
    t = x.dtype.type
    with quiet(xp):
        if porder == 0:
            out.fill(0)
        elif math.isinf(porder):
            xp.multiply((xp.abs(x) == norm).astype(x.dtype) * xp.sign(x), norm_grad, out=out)
        else:
            e = t(porder - 1.0)
            xp.divide(xp.power(xp.abs(x), e), xp.power(norm, e) + t(epsilon), out=out)
            out *= norm_grad
            out *= xp.sign(x)


def p_norm_grad(xp: Any, x: Any, out: Any, out_grad: Any, porder: float, axis: int,
                epsilon: float, asvector: bool, x_grad: Any) -> None:
    if asvector:
        kept = (1,) * x.ndim
    else:
        ax = axis % x.ndim if -x.ndim <= axis < x.ndim else None
        if ax is None:
            raise ValueError(f"p_norm_grad: axis {axis} is out of range for a {x.ndim}-D X")
        kept = tuple(1 if i == ax else d for i, d in enumerate(x.shape))
    if out.size != math.prod(kept) or out_grad.size != out.size:
        raise ValueError(f"p_norm_grad: Out and Out@GRAD must hold {math.prod(kept)} "
                         f"elements, got {list(out.shape)} and {list(out_grad.shape)}")
    _p_norm_grad_of(xp, x, out.reshape(kept), out_grad.reshape(kept), float(porder), epsilon,
                    x_grad)


def dist_grad(xp: Any, x: Any, y: Any, out: Any, out_grad: Any, p: float,
              x_grad: Any | None, y_grad: Any | None) -> None:
    check_out_grad("dist_grad", out_grad, ())
    if x.size == 0 or y.size == 0:
        for grad in (x_grad, y_grad):
            if grad is not None:
                grad.fill(0)
        return
    with quiet(xp):
        diff = x - y
    g = xp.empty_like(diff)
    _p_norm_grad_of(xp, diff, out, out_grad, float(p), 1e-12, g)
    if x_grad is not None:
        _sum_to(xp, g, x_grad)
    if y_grad is not None:
        _sum_to(xp, -g, y_grad)


def frobenius_norm_grad(xp: Any, x: Any, out: Any, out_grad: Any, axis: Any, keepdim: bool,
                        reduce_all: bool, x_grad: Any) -> None:
    axes = reduce_axes(x.ndim, axis, reduce_all)
    kept = tuple(1 if i in axes else d for i, d in enumerate(x.shape))
    if out.size != math.prod(kept) or out_grad.size != out.size:
        raise ValueError(f"frobenius_norm_grad: Out and Out@GRAD must hold "
                         f"{math.prod(kept)} elements, got {list(out.shape)} and "
                         f"{list(out_grad.shape)}")
    t = x.dtype.type
    with quiet(xp):
        xp.divide(x, out.reshape(kept) + t(1e-12), out=x_grad)
        x_grad *= out_grad.reshape(kept)


def _scalar_grad(op: str, out_grad: Any) -> Any:
    if out_grad.size != 1:
        raise ValueError(f"{op}: Out@GRAD must hold one element, got dims "
                         f"{list(out_grad.shape)}")
    return out_grad.reshape(())


def squared_l2_norm_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    g = _scalar_grad("squared_l2_norm_grad", out_grad)
    with quiet(xp):
        xp.multiply(x, g * x.dtype.type(2), out=x_grad)


def l1_norm_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    g = _scalar_grad("l1_norm_grad", out_grad)
    with quiet(xp):
        xp.multiply(xp.sign(x), g, out=x_grad)


def norm_grad(xp: Any, x: Any, norm: Any, out_grad: Any, axis: int, x_grad: Any) -> None:
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"norm_grad: axis {axis} is out of range for a {x.ndim}-D X")
    ax = axis % x.ndim
    kept = tuple(1 if i == ax else d for i, d in enumerate(x.shape))
    check_out_grad("norm_grad", out_grad, x.shape)
    if norm.size != math.prod(kept):
        raise ValueError(f"norm_grad: Norm must have dims {list(kept)}, got "
                         f"{list(norm.shape)}")
    n = norm.reshape(kept)
    with quiet(xp):
        dot = xp.sum(x * out_grad, axis=ax, keepdims=True)
        xp.multiply(dot, x, out=x_grad)
        x_grad /= n * n
        xp.subtract(out_grad, x_grad, out=x_grad)
        x_grad /= n


def renorm_grad(xp: Any, x: Any, out_grad: Any, p: float, axis: int, max_norm: float,
                x_grad: Any) -> None:
    axis = renorm_axis(axis, x.ndim)
    check_out_grad("renorm_grad", out_grad, x.shape)
    if x.size == 0:
        return
    t = x.dtype.type
    others = tuple(d for d in range(x.ndim) if d != axis)
    with quiet(xp):
        sums = xp.sum(xp.power(xp.abs(x), t(p)), axis=others, keepdims=True)
        norms = xp.power(sums, t(1.0 / p))
        over = norms > t(max_norm)
        scale = xp.where(over, t(max_norm) / norms, t(1))
        dsum = xp.where(over, xp.power(sums, t(-1.0 - 1.0 / p)) * t(-max_norm), t(0))
        weight = xp.sum(x * out_grad, axis=others, keepdims=True)
        sgn = xp.where(x >= 0, t(1), t(-1))
        xp.multiply(scale, out_grad, out=x_grad)
        x_grad += weight * dsum * xp.power(xp.abs(x), t(p - 1.0)) * sgn


# -- chained products --------------------------------------------------------------------------

def bilinear_grad(xp: Any, x: Any, y: Any, weight: Any, out_grad: Any, x_grad: Any | None,
                  y_grad: Any | None, weight_grad: Any | None, bias_grad: Any | None) -> None:
    check_out_grad("bilinear_tensor_product_grad", out_grad, (x.shape[0], weight.shape[0]))
    with quiet(xp):
        if x_grad is not None:
            xp.copyto(x_grad, xp.einsum("bs,sij,bj->bi", out_grad, weight, y), casting="unsafe")
        if y_grad is not None:
            xp.copyto(y_grad, xp.einsum("bs,sij,bi->bj", out_grad, weight, x), casting="unsafe")
        if weight_grad is not None:
            xp.copyto(weight_grad, xp.einsum("bs,bi,bj->sij", out_grad, x, y),
                      casting="unsafe")
        if bias_grad is not None:
            xp.copyto(bias_grad, xp.sum(out_grad, axis=0, keepdims=True), casting="unsafe")


def multi_dot_grad(xp: Any, xs: list[Any], out_grad: Any, x_grads: list[Any | None]) -> None:
    """x_grads: one per input (None: not asked for, an @EMPTY@ in the program)."""
    if len(x_grads) != len(xs):
        raise ValueError(f"multi_dot_grad: {len(x_grads)} input gradients for {len(xs)} "
                         "inputs (X@GRAD must hold one entry per input)")
    mats = [x.reshape((1, -1)) if i == 0 and x.ndim == 1
            else x.reshape((-1, 1)) if i == len(xs) - 1 and x.ndim == 1 else x
            for i, x in enumerate(xs)]
    rows, cols = mats[0].shape[0], mats[-1].shape[1]
    check_out_grad("multi_dot_grad", out_grad.reshape(-1), (rows * cols,))
    g = out_grad.reshape(rows, cols)
    n = len(mats)
    with quiet(xp):
        # left[i] = X[0] ... X[i-1] (None: nothing), right[i] = X[i+1] ... X[n-1]
        left: list[Any | None] = [None] * n
        right: list[Any | None] = [None] * n
        for i in range(1, n):
            left[i] = mats[0] if i == 1 else left[i - 1] @ mats[i - 1]
        for i in range(n - 2, -1, -1):
            right[i] = mats[n - 1] if i == n - 2 else mats[i + 1] @ right[i + 1]
        for i, grad in enumerate(x_grads):
            if grad is None:
                continue
            d = g if left[i] is None else left[i].T @ g
            d = d if right[i] is None else d @ right[i].T
            xp.copyto(grad, d.reshape(grad.shape), casting="unsafe")


def _power_grad(xp: Any, base: Any, m: int, g: Any) -> Any:
    """d(base^m) given its gradient g: sum_k (base^T)^k g (base^T)^(m-1-k)."""
    bt = xp.swapaxes(base, -1, -2)
    powers = [xp.broadcast_to(xp.eye(base.shape[-1], dtype=base.dtype), base.shape)]
    for _ in range(m - 1):
        powers.append(powers[-1] @ bt)
    total = xp.zeros_like(g)
    for k in range(m):
        total += powers[k] @ g @ powers[m - 1 - k]
    return total


def matrix_power_grad(xp: Any, x: Any, out_grad: Any, n: int, x_grad: Any) -> None:
    square_dims(x.shape, "matrix_power_grad")
    check_out_grad("matrix_power_grad", out_grad, x.shape)
    with quiet(xp):
        if n == 0:
            x_grad.fill(0)
        elif n > 0:
            xp.copyto(x_grad, _power_grad(xp, x, n, out_grad), casting="unsafe")
        else:
            inv = xp.empty_like(x)
            inverse(xp, x, inv)
            inv_t = xp.swapaxes(inv, -1, -2)
            d_inv = _power_grad(xp, inv, -n, out_grad)
            xp.copyto(x_grad, -(inv_t @ d_inv @ inv_t), casting="unsafe")


def _einsum_operand_grad(xp: Any, term: str, rhs: str, others: list[tuple[str, Any]],
                         out_grad: Any, sizes: dict[str, int], dims: tuple[int, ...]) -> Any:
    """The gradient of one operand labelled `term` (dims `dims`), in Out@GRAD's dtype."""
    distinct = "".join(dict.fromkeys(term))
    present = set(rhs).union(*(set(t) for t, _ in others))
    reached = "".join(c for c in distinct if c in present)
    spec = ",".join([rhs, *(t for t, _ in others)]) + "->" + reached
    g = xp.einsum(spec, out_grad, *(_conj(xp, a) for _, a in others))
    # labels only this operand has (summed out by the forward): broadcast back
    g = g.reshape([sizes[c] if c in present else 1 for c in distinct])
    g = xp.broadcast_to(g, [sizes[c] for c in distinct])
    if len(distinct) != len(term):  # repeated labels: the gradient on the diagonal
        free = iter(c for c in _LETTERS if c not in term)
        axes, eyes, eye_specs = [], [], []
        for pos, c in enumerate(term):
            if term.index(c) == pos:
                axes.append(c)
            else:
                fresh = next(free)
                axes.append(fresh)
                eye_specs.append(c + fresh)
                eyes.append(xp.eye(sizes[c], dtype=g.dtype))
        g = xp.einsum(",".join([distinct, *eye_specs]) + "->" + "".join(axes), g, *eyes)
    bcast = tuple(i for i, (c, d) in enumerate(zip(term, dims)) if d == 1 and sizes[c] != 1)
    return g.sum(axis=bcast, keepdims=True) if bcast else g


_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def einsum_check_caches(x_shapes: list[tuple[int, ...]],
                        caches: list[tuple[int, ...]]) -> None:
    """einsum_grad reads the InnerCache fluidphi's einsum writes: each operand as given, so
    with its XShape's dims (Paddle's einsum caches preprocessed operands instead)."""
    if len(x_shapes) != len(caches):
        raise ValueError(f"einsum_grad: x_shape holds {len(x_shapes)} tensors, InnerCache "
                         f"{len(caches)}; both must hold one per operand")
    for i, (dims, cache) in enumerate(zip(x_shapes, caches)):
        if tuple(dims) != tuple(cache):
            raise ValueError(f"einsum_grad: InnerCache[{i}] has dims {list(cache)}, expected "
                             f"x_shape[{i}]'s {list(dims)} (the operand as fluidphi's einsum "
                             "caches it)")


def einsum_grad(xp: Any, equation: str, caches: list[Any], out_grad: Any,
                grads: list[Any | None]) -> None:
    """caches: the operands as the forward cached them; grads: one per operand (None: not
    asked for), preallocated in the operands' dims."""
    if len(grads) != len(caches):
        raise ValueError(f"einsum_grad: {len(grads)} operand gradients for {len(caches)} "
                         "cached operands (InnerCache and x_shape must hold one per operand)")
    terms, rhs, sizes = einsum_sizes(equation, [c.shape for c in caches])
    check_out_grad("einsum_grad", out_grad, tuple(sizes[c] for c in rhs))
    full = [xp.broadcast_to(c, [sizes[lab] for lab in t]) for t, c in zip(terms, caches)]
    with quiet(xp):
        for k, grad in enumerate(grads):
            if grad is None:
                continue
            others = [(t, a) for i, (t, a) in enumerate(zip(terms, full)) if i != k]
            g = _einsum_operand_grad(xp, terms[k], rhs, others, out_grad, sizes,
                                     tuple(caches[k].shape))
            xp.copyto(grad, g, casting="unsafe")
