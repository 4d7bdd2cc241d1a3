"""Grads of the linalg family (linalg.py), float32 and float64:

- matmul_v2: transposes, batch broadcasting, vectors; complex64 / complex128 too. Not
  exported: x (2, 1, 3, 4) with y (3, 4, 2): Paddle 3.3.1's CPU matmul_v2_grad fails there
  ("Input dimension size should be equal to 2").
- linear_v2: input, weight and bias; weight transposed or not; batched, 1-D and empty
  input; bias of N, 1 or 0-d elements, summed over the rows it broadcast to; a grad op
  asked for the input's gradient alone, and for the weight's and bias's. The out-features
  dim N is the dtype's byte size (float32 4, float64 8): Paddle 3.3.1's InferShape refuses
  any other N when the op is appended (see linalg._linear_v2).
- bmm, mv, addmm (Input of the product's dims, a row, a column or 1-D, broadcast and summed
  back; Beta 0, Alpha 0), baddbmm (Input broadcast over batch, rows and columns), dot (1-D
  and rows; complex: conjugated), kron (equal and unequal ranks, complex), cross (`dim` set,
  unset, negative; complex), trace (offsets inside and past the matrix, other axes,
  complex); a grad op asked for one operand's gradient alone. Integer dot / cross / kron /
  trace grads (registered) are not exported: Paddle appends no grad op for integer inputs.
  Not exported: cross asked for Y's gradient alone (Paddle 3.3.1's CPU cross_grad crashes
  with a segmentation fault without X@GRAD).
- the norms (their forward cases are in reduce.py, fft.py / linalg.py, adamw.py and
  unary_math.py; their grads live here, being norms, as reduce_grad.py and
  unary_math_grad.py are other families'): p_norm (porder 2, 3, 1, 0.5 on non-zero X, 0,
  +-inf with tied maxima / minima, asvector, keepdim, an all-zero row), dist (p 2, 1, 3,
  0, +-inf; Y broadcast against X, X against Y), frobenius_norm (one or both axes,
  keep_dim, reduce_all, complex: unconjugated), squared_l2_norm (incl. 0-d), l1_norm (zeros:
  sign 0), norm (the l2 normalisation's Norm output: axes, epsilon, a zero row) and
  renorm (p 2, 1, 3; slices over and under max_norm).
- the chained products: bilinear_tensor_product (with and without Bias), multi_dot (2 and 4
  matrices, a first and a last 1-D operand; its forward cases are in linalg_solve.py, whose
  grad family is the decompositions'), matrix_power (n 3, 1, 0, 7, -1, -2 on well
  conditioned matrices, batched, complex).
- einsum (its forward cases are in linalg.py): products, batches, a transpose, sums, an
  outer product, broadcast labels, a label summed out of one operand, diagonals (repeated
  labels), a 0-d operand, an empty operand; float32 / float64, complex64 / complex128
  (conjugated, as Paddle's). The forward writes InnerCache / XShape (OUTPUT_COUNTS), which
  Paddle's einsum_grad reads. Not exported: three operands in one einsum op (Paddle 3.3.1's
  CPU einsum crashes with a segmentation fault; paddle.einsum splits them into pairs), and
  a repeated label that also reaches the output next to a contracted one ('iij,jk->ik',
  'iij->ij': Paddle 3.3.1's einsum refuses them, "The reduce dim index 1 should be in the
  range"); tests/api/grad_fd/linalg_grad.py checks three operands by finite differences.
"""

from __future__ import annotations

from .linalg import OUTPUT_COUNTS, _matrices
from .spec import FLOATS, Case, GradCase, In

__all__ = ["GRAD_CASES", "OUTPUT_COUNTS"]

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
#: complex operands (Paddle's conjugate convention: dX = dOut @ conj(Y)^T)
GRAD_CASES += [
    GradCase(Case(f"matmul_v2_{tag}_{dtype}", "matmul_v2", {"X": In(x, dtype), "Y": In(y, dtype)},
                  attrs={"trans_x": tx, "trans_y": ty}), ("X", "Y"))
    for dtype, tags in (("complex64", ("2d", "tt", "vec_mat")),
                        ("complex128", ("bcast_x", "mat_vec")))
    for tag in tags for x, y, tx, ty in (_MATMUL_SHAPES[tag],)
]
GRAD_CASES += [
    *_linear_v2("float32", 4), *_linear_v2("float64", 8),
    # a grad op asked for part of the gradients (the others' slots left out)
    *(GradCase(Case(f"linear_v2_grad_{tag}_float32", "linear_v2",
                    {"input": In((3, 5), "float32"), "weight": In((5, 4), "float32"),
                     "bias": In((4,), "float32")}), wrt)
      for tag, wrt in (("input_only", ("input",)), ("weight_bias", ("weight", "bias")))),
]

_COMPLEX = ("complex64", "complex128")


def _g(name: str, op: str, inputs: dict[str, In], wrt: tuple[str, ...],
       **attrs: object) -> GradCase:
    return GradCase(Case(name, op, inputs, attrs=attrs), wrt)


def _products(dt: str) -> list[GradCase]:
    return [
        _g(f"bmm_grad_{dt}", "bmm", {"X": In((2, 3, 4), dt), "Y": In((2, 4, 5), dt)}, ("X", "Y")),
        _g(f"mv_grad_{dt}", "mv", {"X": In((3, 4), dt), "Vec": In((4,), dt)}, ("X", "Vec")),
        _g(f"addmm_grad_{dt}", "addmm", {"Input": In((2, 4), dt), "X": In((2, 3), dt),
                                         "Y": In((3, 4), dt)}, ("Input", "X", "Y"),
           Alpha=2.0, Beta=0.5),
        _g(f"baddbmm_grad_{dt}", "baddbmm", {"Input": In((2, 3, 5), dt), "X": In((2, 3, 4), dt),
                                             "Y": In((2, 4, 5), dt)}, ("Input", "X", "Y"),
           Alpha=-1.5, Beta=2.0),
        _g(f"dot_grad_{dt}", "dot", {"X": In((5,), dt), "Y": In((5,), dt)}, ("X", "Y")),
        _g(f"dot_grad_rows_{dt}", "dot", {"X": In((3, 4), dt), "Y": In((3, 4), dt)}, ("X", "Y")),
        _g(f"kron_grad_{dt}", "kron", {"X": In((2, 3), dt), "Y": In((2, 2), dt)}, ("X", "Y")),
        _g(f"cross_grad_{dt}", "cross", {"X": In((4, 3), dt), "Y": In((4, 3), dt)}, ("X", "Y"),
           dim=1),
        _g(f"trace_grad_{dt}", "trace", {"Input": In((3, 4), dt)}, ("Input",)),
    ]


GRAD_CASES += [
    *_products("float32"), *_products("float64"),
    _g("bmm_grad_x_only", "bmm", {"X": In((2, 2, 3), "float32"), "Y": In((2, 3, 2), "float32")},
       ("X",)),
    _g("mv_grad_vec_only", "mv", {"X": In((2, 5), "float64"), "Vec": In((5,), "float64")},
       ("Vec",)),
    *(_g(f"addmm_grad_{tag}", "addmm", {"Input": In(shape, "float32"), "X": In((2, 3), "float32"),
                                        "Y": In((3, 4), "float32")}, ("Input", "X", "Y"), **attrs)
      for tag, shape, attrs in (("bcast_row", (1, 4), {"Alpha": 1.0, "Beta": 3.0}),
                                ("bcast_col", (2, 1), {"Alpha": 0.5, "Beta": -1.0}),
                                ("bcast_1d", (4,), {}),
                                ("beta0", (2, 4), {"Beta": 0.0}),
                                ("alpha0", (2, 4), {"Alpha": 0.0}))),
    _g("addmm_grad_x_only", "addmm", {"Input": In((2, 4), "float64"), "X": In((2, 3), "float64"),
                                      "Y": In((3, 4), "float64")}, ("X",), Alpha=2.0),
    _g("baddbmm_grad_bcast", "baddbmm", {"Input": In((1, 3, 1), "float64"),
                                         "X": In((2, 3, 4), "float64"),
                                         "Y": In((2, 4, 5), "float64")}, ("Input", "X", "Y")),
    *(_g(f"dot_grad_{dt}", "dot", {"X": In((2, 4), dt), "Y": In((2, 4), dt)}, ("X", "Y"))
      for dt in _COMPLEX),
    _g("dot_grad_y_only", "dot", {"X": In((6,), "float32"), "Y": In((6,), "float32")}, ("Y",)),
    _g("kron_grad_ranks", "kron", {"X": In((2, 3), "float32"), "Y": In((3,), "float32")},
       ("X", "Y")),
    _g("kron_grad_3d", "kron", {"X": In((2, 1, 2), "float64"), "Y": In((1, 3, 2), "float64")},
       ("X", "Y")),
    *(_g(f"kron_grad_{dt}", "kron", {"X": In((2, 2), dt), "Y": In((3, 2), dt)}, ("X", "Y"))
      for dt in _COMPLEX),
    _g("cross_grad_dim0", "cross", {"X": In((3, 4), "float32"), "Y": In((3, 4), "float32")},
       ("X", "Y"), dim=0),
    _g("cross_grad_dim_neg", "cross", {"X": In((2, 3, 3), "float64"),
                                       "Y": In((2, 3, 3), "float64")}, ("X", "Y"), dim=-2),
    _g("cross_grad_dim_unset", "cross", {"X": In((2, 3), "float32"), "Y": In((2, 3), "float32")},
       ("X", "Y")),
    *(_g(f"cross_grad_{dt}", "cross", {"X": In((2, 3), dt), "Y": In((2, 3), dt)}, ("X", "Y"),
         dim=1) for dt in _COMPLEX),
    _g("trace_grad_offset_pos", "trace", {"Input": In((3, 4), "float32")}, ("Input",), offset=2),
    _g("trace_grad_offset_neg", "trace", {"Input": In((4, 3), "float64")}, ("Input",), offset=-1),
    _g("trace_grad_offset_out", "trace", {"Input": In((3, 4), "float32")}, ("Input",), offset=5),
    _g("trace_grad_axes_3d", "trace", {"Input": In((2, 3, 4), "float64")}, ("Input",),
       axis1=2, axis2=0, offset=1),
    _g("trace_grad_axes_neg", "trace", {"Input": In((2, 3, 3), "float32")}, ("Input",),
       axis1=-1, axis2=-2),
    *(_g(f"trace_grad_{dt}", "trace", {"Input": In((3, 3), dt)}, ("Input",)) for dt in _COMPLEX),
]


_TIES = [[1.0, -3.0, 3.0, 0.5], [2.0, 2.0, -2.0, -1.0], [0.0, 4.0, -0.5, 0.5]]


def _norms(dt: str) -> list[GradCase]:
    x = In((3, 4), dt)
    return [
        _g(f"p_norm_grad_{dt}", "p_norm", {"X": x}, ("X",), porder=2.0, axis=1),
        _g(f"p_norm_grad_p3_keep_{dt}", "p_norm", {"X": x}, ("X",), porder=3.0, axis=0,
           keepdim=True),
        _g(f"dist_grad_{dt}", "dist", {"X": x, "Y": In((3, 4), dt)}, ("X", "Y"), p=2.0),
        _g(f"frobenius_norm_grad_{dt}", "frobenius_norm", {"X": x}, ("X",), dim=[0, 1]),
        _g(f"squared_l2_norm_grad_{dt}", "squared_l2_norm", {"X": x}, ("X",)),
        _g(f"norm_grad_{dt}", "norm", {"X": x}, ("X",), axis=1),
        _g(f"renorm_grad_{dt}", "renorm", {"X": x}, ("X",), p=2.0, axis=0, max_norm=4.0),
    ]


GRAD_CASES += [
    *_norms("float32"), *_norms("float64"),
    _g("p_norm_grad_p1", "p_norm", {"X": In((2, 5), "float64")}, ("X",), porder=1.0, axis=-1),
    _g("p_norm_grad_p_half", "p_norm", {"X": In((2, 5), "float64", 0.5, 3.0)}, ("X",),
       porder=0.5, axis=1),
    _g("p_norm_grad_p0", "p_norm", {"X": In((3, 4), "float32")}, ("X",), porder=0.0, axis=1),
    *(_g(f"p_norm_grad_{tag}_ties", "p_norm", {"X": In((3, 4), "float32", values=_TIES)},
         ("X",), porder=p, axis=1) for tag, p in (("inf", float("inf")),
                                                  ("neg_inf", float("-inf")))),
    _g("p_norm_grad_asvector", "p_norm", {"X": In((2, 3, 2), "float64")}, ("X",), porder=2.0,
       asvector=True),
    _g("p_norm_grad_3d_keep", "p_norm", {"X": In((2, 3, 4), "float32")}, ("X",), porder=2.0,
       axis=1, keepdim=True),
    _g("p_norm_grad_zero_row", "p_norm",
       {"X": In((2, 3), "float32", values=[[0.0, 0.0, 0.0], [1.0, -2.0, 2.0]])}, ("X",),
       porder=2.0, axis=1),
    *(_g(f"dist_grad_p{tag}", "dist", {"X": In((3, 4), "float64"), "Y": In((4,), "float64")},
         ("X", "Y"), p=p) for tag, p in (("1", 1.0), ("3", 3.0), ("0", 0.0),
                                         ("inf", float("inf")), ("neg_inf", float("-inf")))),
    _g("dist_grad_x_bcast", "dist", {"X": In((2, 1), "float32"), "Y": In((2, 3), "float32")},
       ("X", "Y"), p=2.0),
    _g("frobenius_norm_grad_axis1_keep", "frobenius_norm", {"X": In((3, 4), "float32")},
       ("X",), dim=[1], keep_dim=True),
    _g("frobenius_norm_grad_reduce_all", "frobenius_norm", {"X": In((2, 3, 2), "float64")},
       ("X",), dim=[0], reduce_all=True),
    *(_g(f"frobenius_norm_grad_{dt}", "frobenius_norm", {"X": In((3, 4), dt)}, ("X",),
         dim=[1]) for dt in _COMPLEX),
    _g("squared_l2_norm_grad_0d", "squared_l2_norm", {"X": In((), "float32")}, ("X",)),
    _g("l1_norm_grad", "l1_norm", {"X": In((3, 4), "float32")}, ("X",)),
    _g("l1_norm_grad_zeros", "l1_norm",
       {"X": In((2, 3), "float32", values=[[0.0, -1.0, 2.0], [-0.0, 0.5, 0.0]])}, ("X",)),
    _g("norm_grad_axis0_3d", "norm", {"X": In((3, 2, 4), "float64")}, ("X",), axis=0),
    _g("norm_grad_axis_neg", "norm", {"X": In((2, 3, 4), "float32")}, ("X",), axis=-2),
    _g("norm_grad_zero_row", "norm",
       {"X": In((2, 3), "float64", values=[[3.0, 4.0, 0.0], [0.0, 0.0, 0.0]])}, ("X",), axis=1,
       epsilon=1e-6),
    _g("renorm_grad_p1", "renorm", {"X": In((3, 4), "float64")}, ("X",), p=1.0, axis=1,
       max_norm=3.0),
    _g("renorm_grad_p3_3d", "renorm", {"X": In((2, 3, 4), "float32")}, ("X",), p=3.0, axis=2,
       max_norm=2.0),
]


def _chains(dt: str) -> list[GradCase]:
    return [
        _g(f"bilinear_tensor_product_grad_{dt}", "bilinear_tensor_product",
           {"X": In((3, 4), dt), "Y": In((3, 5), dt), "Weight": In((2, 4, 5), dt),
            "Bias": In((1, 2), dt)}, ("X", "Y", "Weight", "Bias")),
        _g(f"multi_dot_grad_{dt}", "multi_dot",
           {"X": [In((2, 3), dt), In((3, 5), dt), In((5, 4), dt)]}, ("X",)),
        _g(f"matrix_power_grad_{dt}", "matrix_power", {"X": _matrices((3, 3), dt, 6)}, ("X",),
           n=3),
        _g(f"matrix_power_grad_neg_{dt}", "matrix_power",
           {"X": _matrices((2, 3, 3), dt, 7, shift=2)}, ("X",), n=-2),
    ]


GRAD_CASES += [
    *_chains("float32"), *_chains("float64"),
    _g("bilinear_tensor_product_grad_no_bias", "bilinear_tensor_product",
       {"X": In((2, 3), "float64"), "Y": In((2, 4), "float64"), "Weight": In((3, 3, 4), "float64")},
       ("X", "Y", "Weight")),
    _g("bilinear_tensor_product_grad_weight_only", "bilinear_tensor_product",
       {"X": In((2, 3), "float32"), "Y": In((2, 4), "float32"), "Weight": In((1, 3, 4), "float32"),
        "Bias": In((1, 1), "float32")}, ("Weight",)),
    _g("multi_dot_grad_two", "multi_dot", {"X": [In((3, 4), "float64"), In((4, 2), "float64")]},
       ("X",)),
    _g("multi_dot_grad_vectors", "multi_dot",
       {"X": [In((4,), "float64"), In((4, 3), "float64"), In((3, 5), "float64"),
              In((5,), "float64")]}, ("X",)),
    *(_g(f"matrix_power_grad_{n}", "matrix_power", {"X": _matrices((3, 3), "float64", 20 + n,
                                                                   shift=2)}, ("X",), n=n)
      for n in (0, 1, 7)),
    _g("matrix_power_grad_neg1", "matrix_power", {"X": _matrices((3, 3), "float32", 15, shift=2)},
       ("X",), n=-1),
    *(_g(f"matrix_power_grad_{dt}", "matrix_power", {"X": _matrices((2, 3, 3), dt, 9)}, ("X",),
         n=2) for dt in _COMPLEX),
]


def _einsum(name: str, equation: str, *shapes: tuple[int, ...], dt: str = "float64"
            ) -> GradCase:
    return _g(f"einsum_grad_{name}", "einsum", {"Operands": [In(s, dt) for s in shapes]},
              ("Operands",), equation=equation)


GRAD_CASES += [
    *(_einsum(f"matmul_{dt}", "ij,jk->ik", (2, 3), (3, 4), dt=dt) for dt in (*FLOATS, *_COMPLEX)),
    _einsum("batched", "bij,bjk->bik", (2, 3, 4), (2, 4, 5), dt="float32"),
    _einsum("transpose", "ij->ji", (2, 3)),
    _einsum("sum_all", "ij->", (3, 4)),
    _einsum("outer", "i,j->ij", (3,), (4,)),
    _einsum("bcast_labels", "dwij,dwjk->dwik", (2, 1, 3, 4), (1, 3, 4, 2)),
    _einsum("reduce_both", "ij,ij->i", (3, 4), (3, 4)),
    _einsum("summed_out", "ij,kj->k", (2, 3), (4, 3)),
    _einsum("summed_out_both", "ij,jk->", (2, 3), (3, 4)),
    _einsum("diagonal", "ii->i", (3, 3)),
    _einsum("trace", "ii->", (4, 4)),
    _einsum("batch_diagonal", "bii,bi->b", (2, 3, 3), (2, 3)),
    _einsum("attention", "bhld,bhmd->bhlm", (2, 2, 3, 4), (2, 2, 5, 4), dt="float32"),
    _einsum("scalar_operand", ",ij->ij", (), (2, 3)),
    _einsum("empty", "ij,jk->ik", (0, 3), (3, 2)),
    _einsum("complex_batch_diagonal", "bii,bi->b", (2, 3, 3), (2, 3), dt="complex128"),
]
