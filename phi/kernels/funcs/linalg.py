"""Linear-algebra products (addmm, bmm, dot, mv, kron, cross, dist, trace, einsum): output
dims with Paddle's checks, and the math, shared by the PHI and legacy kernels.

Semantics pinned by Paddle 3.3.1's CPU kernels (tests/fixtures/ops/linalg):

- addmm: out = Beta * Input + Alpha * (X @ Y), Input [N] / [1, N] / [M, 1] / [M, N]
  broadcast to [M, N]; as BLAS GEMM, Beta == 0 never reads Input (its NaN / inf vanish) and
  Alpha == 0 never reads X @ Y; with an empty product (K == 0) out = Beta * Input;
- baddbmm: addmm over batches, out = Beta * Input + Alpha * (X @ Y) for X [B, M, K], Y
  [B, K, N] and a 3-D Input whose dims are [B, M, N]'s or 1; empty operands are refused
  (Paddle's InferMeta), and so is a 2-D Input (Paddle reads dims past its rank);
- bilinear_tensor_product: Out[b, s] = X[b] Weight[s] Y[b]^T (+ Bias[0, s]) for X [B, M],
  Y [B, N], Weight [S, M, N], Bias [1, S];
- dot: sum(X * Y) over the last axis (no conjugation), [..., N] -> [...];
- cross: the first axis of size 3 when `dim` is 9 (Paddle's "unset" value);
- dist: p_norm of X - Y (broadcast) over all elements: p == 0 counts non-zeros, +-inf
  is max / min |X - Y|, else (sum |X - Y|^p)^(1/p) with float32 exponents; a 0-d output;
- trace: the sum of the diagonal at `offset` over axis1 / axis2 (0 where it is empty);
- einsum: an explicit equation (`->`, no `...`, as paddle.einsum writes the op) whose
  labels may broadcast (size 1 against size n), repeated labels take diagonals;
- norm (the legacy L2 normalisation): Norm = sqrt(sum(X^2 along axis) + epsilon), kept
  as a size-1 axis, Out = X / Norm (an all-zero row stays 0);
- frobenius_norm: sqrt(sum(X * X)) over `axis` (every axis with reduce_all or an empty
  axis), squared and summed in X's type (no conjugation: a complex X gives the principal
  root of its complex sum of squares; a float32 1e30 overflows to inf); duplicate or
  out-of-range axes are refused;
- l1_norm: sum(|X|) over every element, 0-d (0 for an empty X);
- lu_solve: X of A X = B (trans "N"), A^T X = B ("T") or A^H X = B (any other trans) for
  A = P L U given as lu's packed LU [..., M, M] and 1-based pivots [..., M], by LAPACK
  getrs's triangular substitutions (a zero pivot of U gives inf / NaN, unchecked);
  B [..., M, K] has LU's batch dims; empty inputs are refused;
- matrix_rank_atol_rtol: the number of singular values (hermitian: |eigenvalues| of the
  lower triangle) above max(atol, rtol * the largest), atol / rtol tensors broadcast
  against the batch; without rtol, rtol is eps * max(M, N) where atol == 0, else 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import compute_dtype, quiet
from phi.kernels.funcs.linalg_matrix import square_dims
from phi.kernels.funcs.linalg_solve import matrix_rank_out_dims, pivot_permutation, substitute
from phi.kernels.funcs.reduce import distinct_reduce_dims, p_norm, reduce_axes

#: cross's `dim` when unset (Paddle's DDim::kMaxRank): the first axis of size 3.
CROSS_DEFAULT_DIM = 9


def _dims(dims: Sequence[int]) -> list[int]:
    return [int(d) for d in dims]


def _normalize_axis(axis: int, rank: int, op: str, what: str = "axis") -> int:
    if not -rank <= axis < rank:
        raise ValueError(f"{op}: {what} {axis} is out of range for a {rank}-D input")
    return axis % rank


# -- addmm / bmm / dot / mv --------------------------------------------------------------------

def addmm_out_dims(input_dims: Sequence[int], x_dims: Sequence[int],
                   y_dims: Sequence[int]) -> tuple[int, ...]:
    """[M, N] for X [M, K] @ Y [K, N]; Input must broadcast to it."""
    if len(x_dims) != 2 or len(y_dims) != 2:
        raise ValueError(f"addmm: X and Y must be 2-D, got {_dims(x_dims)} and {_dims(y_dims)}")
    if len(input_dims) not in (1, 2):
        raise ValueError(f"addmm: Input must be 1-D or 2-D, got {_dims(input_dims)}")
    if x_dims[1] != y_dims[0]:
        raise ValueError(f"addmm: X's width must be equal with Y's height, got X "
                         f"{_dims(x_dims)} and Y {_dims(y_dims)}")
    inp = [1, *input_dims] if len(input_dims) == 1 else list(input_dims)
    out = (int(x_dims[0]), int(y_dims[1]))
    if any(i not in (1, o) for i, o in zip(inp, out)):
        raise ValueError(f"addmm: Input {_dims(input_dims)} does not broadcast to the "
                         f"product's {list(out)}")
    return out


def addmm(xp: Any, inp: Any, x: Any, y: Any, beta: float, alpha: float, out: Any) -> None:
    """out = beta * inp + alpha * (x @ y), with GEMM's skips for beta == 0 / alpha == 0."""
    t = out.dtype.type
    with quiet(xp):
        if x.size == 0 or y.size == 0:
            xp.multiply(xp.broadcast_to(inp, out.shape), t(beta), out=out)
            return
        if beta == 0:
            out.fill(0)
        else:
            xp.multiply(xp.broadcast_to(inp, out.shape), t(beta), out=out)
        if alpha != 0:
            out += t(alpha) * xp.matmul(x, y)


def baddbmm_out_dims(input_dims: Sequence[int], x_dims: Sequence[int],
                     y_dims: Sequence[int]) -> tuple[int, ...]:
    """[B, M, N] for X [B, M, K] @ Y [B, K, N]; Input (3-D) must broadcast to it."""
    if len(input_dims) != 3:
        raise ValueError(f"baddbmm: Input must be 3-D (fluidphi does not take Paddle's 2-D "
                         f"Input, whose dims it reads past their end), got {_dims(input_dims)}")
    for name, dims in (("Input", input_dims), ("X", x_dims), ("Y", y_dims)):
        if 0 in dims:
            raise ValueError(f"baddbmm: {name} must not be empty, got {_dims(dims)}")
    out = bmm_out_dims(x_dims, y_dims, "baddbmm")
    if any(i not in (1, o) for i, o in zip(input_dims, out)):
        raise ValueError(f"baddbmm: Input {_dims(input_dims)} does not broadcast to the "
                         f"product's {list(out)}")
    return out


def bmm_out_dims(x_dims: Sequence[int], y_dims: Sequence[int], op: str = "bmm"
                 ) -> tuple[int, ...]:
    if len(x_dims) != 3 or len(y_dims) != 3:
        raise ValueError(f"{op}: X and Y must be 3-D, got {_dims(x_dims)} and {_dims(y_dims)}")
    if x_dims[0] != y_dims[0]:
        raise ValueError(f"{op}: batch sizes differ: X {_dims(x_dims)}, Y {_dims(y_dims)}")
    if x_dims[2] != y_dims[1]:
        raise ValueError(f"{op}: X's width must be equal with Y's height, got X "
                         f"{_dims(x_dims)} and Y {_dims(y_dims)}")
    return (int(x_dims[0]), int(x_dims[1]), int(y_dims[2]))


def bmm(xp: Any, x: Any, y: Any, out: Any) -> None:
    with quiet(xp):
        xp.matmul(x, y, out=out)


def dot_out_dims(x_dims: Sequence[int], y_dims: Sequence[int]) -> tuple[int, ...]:
    """X and Y of equal dims [..., N] -> [...]."""
    if tuple(x_dims) != tuple(y_dims) or len(x_dims) == 0:
        raise ValueError(f"dot: X and Y must have the same dims of rank >= 1, got "
                         f"{_dims(x_dims)} and {_dims(y_dims)}")
    return tuple(_dims(x_dims[:-1]))


def dot(xp: Any, x: Any, y: Any, out: Any) -> None:
    with quiet(xp):
        xp.sum(x * y, axis=-1, out=out)


def mv_out_dims(x_dims: Sequence[int], vec_dims: Sequence[int]) -> tuple[int, ...]:
    if len(x_dims) != 2 or len(vec_dims) != 1 or x_dims[1] != vec_dims[0]:
        raise ValueError(f"mv: X must be [M, N] and Vec [N], got {_dims(x_dims)} and "
                         f"{_dims(vec_dims)}")
    return (int(x_dims[0]),)


def mv(xp: Any, x: Any, vec: Any, out: Any) -> None:
    with quiet(xp):
        xp.matmul(x, vec, out=out)


# -- kron / cross ------------------------------------------------------------------------------

def kron_out_dims(x_dims: Sequence[int], y_dims: Sequence[int]) -> tuple[int, ...]:
    """The shorter dims padded with leading 1s, then multiplied."""
    rank = max(len(x_dims), len(y_dims))
    xd = [1] * (rank - len(x_dims)) + _dims(x_dims)
    yd = [1] * (rank - len(y_dims)) + _dims(y_dims)
    return tuple(a * b for a, b in zip(xd, yd))


def kron(xp: Any, x: Any, y: Any, out: Any) -> None:
    """out[i * Yd + j] = x[i] * y[j] per axis (the product rounded once to out's dtype)."""
    rank = out.ndim
    xs = x.reshape((1,) * (rank - x.ndim) + x.shape)
    ys = y.reshape((1,) * (rank - y.ndim) + y.shape)
    inter = [d for pair in zip(xs.shape, ys.shape) for d in pair]
    xe = xs.reshape([d for s in xs.shape for d in (s, 1)])
    ye = ys.reshape([d for s in ys.shape for d in (1, s)])
    with quiet(xp):
        xp.multiply(xe, ye, out=out.reshape(inter))


def cross_axis(x_dims: Sequence[int], y_dims: Sequence[int], dim: int) -> int:
    """The axis cross works on (validated): `dim`, or the first of size 3 when unset."""
    if tuple(x_dims) != tuple(y_dims):
        raise ValueError(f"cross: X and Y must have the same dims, got {_dims(x_dims)} and "
                         f"{_dims(y_dims)}")
    if dim == CROSS_DEFAULT_DIM:
        axes = [i for i, d in enumerate(x_dims) if d == 3]
        if not axes:
            raise ValueError(f"cross: there must be at least one dimension of size 3 in "
                             f"X/Y, got {_dims(x_dims)}")
        return axes[0]
    axis = _normalize_axis(dim, len(x_dims), "cross", "dim")
    if x_dims[axis] != 3:
        raise ValueError(f"cross: X/Y must have size 3 at dim {dim}, got {_dims(x_dims)}")
    return axis


def cross(xp: Any, x: Any, y: Any, axis: int, out: Any) -> None:
    """out_i = x_j * y_k - x_k * y_j for (i, j, k) cyclic along `axis`."""
    def part(a: Any, i: int) -> Any:
        return xp.take(a, i, axis=axis)

    with quiet(xp):
        for i in range(3):
            j, k = (i + 1) % 3, (i + 2) % 3
            index = [slice(None)] * out.ndim
            index[axis] = i
            xp.subtract(part(x, j) * part(y, k), part(x, k) * part(y, j),
                        out=out[tuple(index)])


# -- dist / trace ------------------------------------------------------------------------------

def dist_check(x_dims: Sequence[int], y_dims: Sequence[int]) -> None:
    rank = max(len(x_dims), len(y_dims))
    xd = [1] * (rank - len(x_dims)) + _dims(x_dims)
    yd = [1] * (rank - len(y_dims)) + _dims(y_dims)
    if any(a != b and 1 not in (a, b) for a, b in zip(xd, yd)):
        raise ValueError(f"dist: X {_dims(x_dims)} and Y {_dims(y_dims)} do not broadcast")


def dist(xp: Any, x: Any, y: Any, p: float, out: Any) -> None:
    """The p-norm of x - y over every element, into the 0-d out: p_norm's (as Paddle's
    kernel, which calls it: float32 exponents, its max / min folding for +-inf)."""
    with quiet(xp):
        diff = x - y
    p_norm(xp, diff, p, -1, True, out)


def trace_axes(dims: Sequence[int], axis1: int, axis2: int) -> tuple[int, int]:
    rank = len(dims)
    if rank < 2:
        raise ValueError(f"trace: Input must be at least 2-D, got {_dims(dims)}")
    a1 = _normalize_axis(axis1, rank, "trace", "axis1")
    a2 = _normalize_axis(axis2, rank, "trace", "axis2")
    if a1 == a2:
        raise ValueError(f"trace: axis1 ({axis1}) and axis2 ({axis2}) must be different axes")
    return a1, a2


def trace_out_dims(dims: Sequence[int], axis1: int, axis2: int) -> tuple[int, ...]:
    a1, a2 = trace_axes(dims, axis1, axis2)
    return tuple(int(d) for i, d in enumerate(dims) if i not in (a1, a2))


def trace(xp: Any, x: Any, offset: int, axis1: int, axis2: int, out: Any) -> None:
    """Sum of the offset diagonal (half types summed in float32, rounded once)."""
    a1, a2 = trace_axes(x.shape, axis1, axis2)
    work = x.astype(compute_dtype(x.dtype), copy=False)
    with quiet(xp):
        diag = xp.diagonal(work, offset=offset, axis1=a1, axis2=a2)
        xp.copyto(out, diag.sum(axis=-1), casting="unsafe")


# -- einsum ------------------------------------------------------------------------------------

def parse_equation(equation: str, num_operands: int) -> tuple[list[str], str]:
    """(labels per operand, output labels) of an explicit equation `ab,bc->ac`."""
    eq = equation.replace(" ", "")
    if "->" not in eq or "." in eq:
        raise ValueError(f"einsum: equation '{equation}' must be explicit ('->') and without "
                         "'...' (paddle.einsum writes the op's equation so)")
    lhs, rhs = eq.split("->")
    terms = lhs.split(",")
    if len(terms) != num_operands:
        raise ValueError(f"einsum: equation '{equation}' names {len(terms)} operands, "
                         f"{num_operands} given")
    labels = set("".join(terms))
    if not all(c.isalpha() for c in labels | set(rhs)):
        raise ValueError(f"einsum: equation '{equation}' must use letters as labels")
    if set(rhs) - labels or len(set(rhs)) != len(rhs):
        raise ValueError(f"einsum: output '{rhs}' of '{equation}' must name input labels, "
                         "each once")
    return terms, rhs


def einsum_sizes(equation: str, dims: Sequence[Sequence[int]]) -> tuple[list[str], str,
                                                                       dict[str, int]]:
    """(terms, output labels, label -> size); a label's sizes must agree or be 1."""
    terms, rhs = parse_equation(equation, len(dims))
    sizes: dict[str, int] = {}
    for term, d in zip(terms, dims):
        if len(term) != len(d):
            raise ValueError(f"einsum: operand '{term}' of '{equation}' has {len(term)} "
                             f"labels but {len(d)} dims {_dims(d)}")
        for label, size in zip(term, d):
            known = sizes.setdefault(label, int(size))
            if known == 1:
                sizes[label] = int(size)
            elif size not in (1, known):
                raise ValueError(f"einsum: label '{label}' of '{equation}' has sizes "
                                 f"{known} and {size}")
    return terms, rhs, sizes


def einsum_out_dims(equation: str, dims: Sequence[Sequence[int]]) -> tuple[int, ...]:
    _, rhs, sizes = einsum_sizes(equation, dims)
    return tuple(sizes[c] for c in rhs)


def einsum_check_caches(slot: str, count: int, num_operands: int) -> None:
    """einsum's InnerCache / XShape hold one tensor per operand."""
    if count != num_operands:
        raise ValueError(f"einsum: {slot} must name one variable per operand "
                         f"({num_operands}), got {count}")


def einsum(xp: Any, equation: str, operands: Sequence[Any], out: Any) -> None:
    terms, rhs, sizes = einsum_sizes(equation, [o.shape for o in operands])
    expanded = []
    for term, op in zip(terms, operands):
        target = tuple(sizes[c] if d == 1 else d for c, d in zip(term, op.shape))
        expanded.append(xp.broadcast_to(op, target) if target != op.shape else op)
    with quiet(xp):
        xp.copyto(out, xp.einsum(f"{','.join(terms)}->{rhs}", *expanded))


# -- norm (L2 normalisation) / frobenius_norm -------------------------------------------------

def norm_out_dims(dims: Sequence[int], axis: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(Out, Norm) dims: X's, and X's with the normalised axis of size 1."""
    if len(dims) == 0:
        raise ValueError("norm: X must have at least 1 dimension, got a 0-d tensor")
    a = _normalize_axis(axis, len(dims), "norm")
    norm = _dims(dims)
    norm[a] = 1
    return tuple(_dims(dims)), tuple(norm)


def l2_normalize(xp: Any, x: Any, axis: int, epsilon: float, out: Any, norm: Any | None) -> None:
    """norm = sqrt(sum(x^2, axis) + epsilon) (size-1 axis), out = x / norm."""
    a = axis % x.ndim
    t = out.dtype.type
    with quiet(xp):
        n = xp.sqrt(xp.sum(xp.square(x), axis=a, keepdims=True) + t(epsilon))
        xp.divide(x, n, out=out)
    if norm is not None:
        norm[...] = n


def frobenius_norm_out_dims(dims: Sequence[int], axis: Sequence[int], keepdim: bool,
                            reduce_all: bool) -> tuple[int, ...]:
    """The reduced dims; an axis named twice is refused, as Paddle's reduce InferMeta."""
    return distinct_reduce_dims("frobenius_norm", dims, axis, keepdim, reduce_all)


def frobenius_norm(xp: Any, x: Any, axis: Sequence[int], reduce_all: bool, out: Any) -> None:
    """out = sqrt(sum(x * x)) over the reduced axes, in x's type."""
    axes = reduce_axes(x.ndim, axis, reduce_all)
    with quiet(xp):
        xp.sqrt(xp.sum(x * x, axis=axes).reshape(out.shape), out=out)


# -- lu_solve ----------------------------------------------------------------------------------

def lu_solve_out_dims(b_dims: Sequence[int], lu_dims: Sequence[int],
                      pivots_dims: Sequence[int]) -> tuple[int, ...]:
    """B's dims, after checking LU [..., M, M], pivots [..., M] and B [..., M, K] agree."""
    m = square_dims(lu_dims, "lu_solve")[-1]
    if (len(b_dims) != len(lu_dims) or list(b_dims[:-2]) != list(lu_dims[:-2])
            or b_dims[-2] != m or list(pivots_dims) != list(lu_dims[:-1])):
        raise ValueError(f"lu_solve: b must be [..., {m}, K] and pivots [..., {m}] with lu's "
                         f"batch dims, got b {_dims(b_dims)}, lu {_dims(lu_dims)}, pivots "
                         f"{_dims(pivots_dims)}")
    if any(d == 0 for d in (*b_dims, *lu_dims)):
        raise ValueError(f"lu_solve: The dims of Input(X) should be greater than 0, got b "
                         f"{_dims(b_dims)} and lu {_dims(lu_dims)}")
    return tuple(_dims(b_dims))


def lu_solve(xp: Any, b: Any, lu: Any, pivots: Any, trans: str, out: Any) -> None:
    """Solve with the LU factors: P^T permutes B's rows (N) or X's (T / C)."""
    m = lu.shape[-1]
    perm = pivot_permutation(xp, pivots, m, "lu_solve")
    lu3, b3 = lu.reshape(-1, m, m), b.reshape(-1, m, b.shape[-1])
    rows = xp.arange(lu3.shape[0])[:, None]
    if trans == "N":
        z = substitute(xp, lu3, b3[rows, perm], False, True)
        xp.copyto(out, substitute(xp, lu3, z, True, False).reshape(out.shape))
        return
    lu_t = xp.swapaxes(lu3, -1, -2)
    if trans != "T":
        lu_t = xp.conj(lu_t)
    v = substitute(xp, lu_t, substitute(xp, lu_t, b3, False, False), True, True)
    x = xp.empty_like(v)
    x[rows, perm] = v
    xp.copyto(out, x.reshape(out.shape))


# -- matrix_rank_atol_rtol ---------------------------------------------------------------------

def matrix_rank_atol_rtol_out_dims(x_dims: Sequence[int], atol_dims: Sequence[int],
                                   rtol_dims: Sequence[int] | None) -> tuple[int, ...]:
    """X's batch dims broadcast with atol's (and rtol's)."""
    dims = matrix_rank_out_dims(x_dims, atol_dims)
    return dims if rtol_dims is None else matrix_rank_out_dims((*dims, 1, 1), rtol_dims)


def matrix_rank_atol_rtol(xp: Any, x: Any, atol: Any, rtol: Any | None, hermitian: bool,
                          out: Any) -> None:
    """out[...] = how many singular values exceed max(atol, rtol * the largest one)."""
    if out.size == 0:
        return
    if x.size == 0:
        out[...] = 0
        return
    real = xp.empty(0, x.dtype).real.dtype
    with quiet(xp):
        if hermitian:
            sigma = xp.abs(xp.linalg.eigvalsh(x, UPLO="L")).astype(real, copy=False)
        else:
            sigma = xp.linalg.svd(x, compute_uv=False).astype(real, copy=False)
        atol = atol.real.astype(real)
        if rtol is None:
            eps = real.type(xp.finfo(real).eps * max(x.shape[-2:]))
            rtol = xp.where(atol == 0, eps, real.type(0))
        relative = sigma.max(axis=-1) * rtol.real.astype(real)
        tol = xp.where(atol > relative, atol, relative)
        xp.copyto(out, xp.sum(sigma > tol[..., None], axis=-1).reshape(out.shape))


# -- bilinear_tensor_product -------------------------------------------------------------------

def bilinear_out_dims(x_dims: Sequence[int], y_dims: Sequence[int], weight_dims: Sequence[int],
                      bias_dims: Sequence[int] | None) -> tuple[int, int]:
    """[B, S] after Paddle's checks of X [B, M], Y [B, N], Weight [S, M, N], Bias [1, S]."""
    op = "bilinear_tensor_product"
    if len(x_dims) != 2 or len(y_dims) != 2 or len(weight_dims) != 3:
        raise ValueError(f"{op}: X and Y must be 2-D and Weight 3-D, got X {_dims(x_dims)}, "
                         f"Y {_dims(y_dims)}, Weight {_dims(weight_dims)}")
    if x_dims[0] != y_dims[0]:
        raise ValueError(f"{op}: The first dimension(batch_size) of input(X) must be equal "
                         f"to the first dimension of the input(Y), got {x_dims[0]} and {y_dims[0]}")
    if x_dims[1] != weight_dims[1] or y_dims[1] != weight_dims[2]:
        raise ValueError(f"{op}: Weight [S, M, N] must match X [B, M] and Y [B, N], got X "
                         f"{_dims(x_dims)}, Y {_dims(y_dims)}, Weight {_dims(weight_dims)}")
    if bias_dims is not None and (len(bias_dims) != 2 or bias_dims[0] != 1
                                  or bias_dims[1] != weight_dims[0]):
        raise ValueError(f"{op}: The Input(Bias) must be a 2-D tensor [1, {weight_dims[0]}] "
                         f"(a row vector), got {_dims(bias_dims)}")
    return int(x_dims[0]), int(weight_dims[0])


def bilinear(xp: Any, x: Any, y: Any, weight: Any, bias: Any | None, out: Any) -> None:
    """out[b, s] = x[b] weight[s] y[b] (+ bias[0, s])."""
    with quiet(xp):
        xp.einsum("bm,smn,bn->bs", x, weight, y, out=out)
        if bias is not None:
            out += bias


def l1_norm(xp: Any, x: Any, out: Any) -> None:
    """out (0-d) = sum(|x|)."""
    with quiet(xp):
        out[...] = xp.sum(xp.abs(x))
