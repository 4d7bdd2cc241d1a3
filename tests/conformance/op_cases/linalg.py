"""Linear algebra: products (matmul_v2, addmm, bmm, dot, mv, kron, cross, dist, trace, einsum,
linear_v2) and matrix functions (inverse, cholesky, determinant, slogdeterminant, matrix_power).

Batched where Paddle allows (leading dims), every CPU dtype Paddle registers, edge values
(NaN / inf, alpha or beta 0), empty and 0-d shapes where Paddle takes them, and singular
or non-positive-definite matrices.
"""

from __future__ import annotations

import numpy as np

from .spec import FLOAT_EDGES, FLOATS, INF, INTS, NAN, Case, Drawn, In, sweep

COMPLEX = ("complex64", "complex128")
#: Output slot -> the input slot whose tensor count it has (einsum's per-operand caches).
OUTPUT_COUNTS = {"einsum": {"InnerCache": "Operands", "XShape": "Operands"}}


def _matrix_values(shape: tuple[int, ...], complex_: bool, seed: int, shift: float,
                   pd: bool) -> np.ndarray:
    """Seeded matrices [..., n, n]: uniform in [-1, 1) plus `shift` * I (well conditioned
    for shift > 1), or A A^H + n I (positive definite, Hermitian) with `pd` (a product
    through BLAS, whose last bits depend on the CPU: hence a `Drawn`)."""
    rng = np.random.default_rng(seed)
    a = rng.uniform(-1, 1, shape)
    if complex_:
        a = a + 1j * rng.uniform(-1, 1, shape)
    n = shape[-1]
    if pd:
        return a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)
    return a + shift * np.eye(n)


def _matrices(shape: tuple[int, ...], dtype: str, seed: int, *, shift: float = 0.0,
              pd: bool = False) -> In:
    """`_matrix_values` as an input of `dtype`."""
    drawn = Drawn(_matrix_values, (shape, np.dtype(dtype).kind == "c", seed, shift, pd))
    return In(shape, dtype, values=drawn)


def _edges(shape: tuple[int, ...], dtype: str) -> In:
    return In(shape, dtype, special=FLOAT_EDGES)


def _products() -> list[Case]:
    cases = []
    for dt in FLOATS:
        cases += [
            Case(f"addmm_{dt}", "addmm", {"Input": In((2, 4), dt), "X": In((2, 3), dt),
                                          "Y": In((3, 4), dt)}, api="paddle.addmm"),
            Case(f"bmm_{dt}", "bmm", {"X": In((2, 3, 4), dt), "Y": In((2, 4, 5), dt)}),
            Case(f"mv_{dt}", "mv", {"X": In((3, 4), dt), "Vec": In((4,), dt)}, api="paddle.mv"),
            Case(f"dist_{dt}", "dist", {"X": In((2, 3), dt), "Y": In((2, 3), dt)},
                 api="paddle.dist"),
        ]
    cases += [
        Case("addmm_alpha_beta", "addmm", {"Input": In((2, 4), "float32"),
                                           "X": In((2, 3), "float32"), "Y": In((3, 4), "float32")},
             attrs={"Alpha": 2.0, "Beta": -0.5}),
        Case("addmm_bcast_row", "addmm", {"Input": In((1, 4), "float32"),
                                          "X": In((2, 3), "float32"), "Y": In((3, 4), "float32")},
             attrs={"Alpha": 0.5, "Beta": 2.0}),
        Case("addmm_bcast_col", "addmm", {"Input": In((2, 1), "float64"),
                                          "X": In((2, 3), "float64"), "Y": In((3, 4), "float64")}),
        Case("addmm_bcast_1d", "addmm", {"Input": In((4,), "float32"),
                                         "X": In((2, 3), "float32"), "Y": In((3, 4), "float32")}),
        Case("addmm_beta0_nan_input", "addmm",
             {"Input": In((2, 4), "float32", special=(NAN, INF)), "X": In((2, 3), "float32"),
              "Y": In((3, 4), "float32")}, attrs={"Beta": 0.0}),
        Case("addmm_alpha0_inf_x", "addmm",
             {"Input": In((2, 4), "float32"), "X": In((2, 3), "float32", special=(INF, NAN)),
              "Y": In((3, 4), "float32")}, attrs={"Alpha": 0.0}),
        Case("addmm_edges", "addmm", {"Input": _edges((2, 4), "float32"),
                                      "X": _edges((2, 3), "float32"), "Y": In((3, 4), "float32")}),
        *(Case(f"baddbmm_{tag}_{dt}", "baddbmm", {"Input": In(shape, dt), "X": In((2, 3, 4), dt),
                                                   "Y": In((2, 4, 5), dt)}, attrs=attrs)
          for dt in FLOATS for tag, shape, attrs in (
              ("full", (2, 3, 5), {}), ("bcast_batch", (1, 3, 5), {"Alpha": 2.0, "Beta": 0.5}),
              ("bcast_rows", (2, 1, 5), {"Beta": -1.0}), ("bcast_cols", (2, 3, 1), {}),
              ("scalar_like", (1, 1, 1), {"Alpha": 0.5}))),
        Case("baddbmm_beta0_nan_input", "baddbmm",
             {"Input": In((2, 2, 3), "float32", special=(NAN, INF)), "X": In((2, 2, 3), "float32"),
              "Y": In((2, 3, 3), "float32")}, attrs={"Beta": 0.0}),
        Case("baddbmm_alpha0_inf_x", "baddbmm",
             {"Input": In((2, 2, 3), "float64"), "X": In((2, 2, 3), "float64", special=(INF, NAN)),
              "Y": In((2, 3, 3), "float64")}, attrs={"Alpha": 0.0}),
        Case("baddbmm_bad_input_batch", "baddbmm", {"Input": In((3, 2, 3), "float32"),
                                                    "X": In((2, 2, 3), "float32"),
                                                    "Y": In((2, 3, 3), "float32")},
             raises="input_dims\\[0\\] must be 1|broadcast"),
        *(Case(f"bilinear_tensor_product_{tag}_{dt}", "bilinear_tensor_product", {
            "X": In((3, 4), dt), "Y": In((3, 5), dt), "Weight": In((2, 4, 5), dt), **bias})
          for dt in FLOATS for tag, bias in (("bias", {"Bias": In((1, 2), dt)}), ("plain", {}))),
        Case("bilinear_tensor_product_empty_batch", "bilinear_tensor_product", {
            "X": In((0, 4), "float32"), "Y": In((0, 5), "float32"),
            "Weight": In((2, 4, 5), "float32")}),
        Case("bilinear_tensor_product_edges", "bilinear_tensor_product", {
            "X": _edges((2, 4), "float64"), "Y": In((2, 3), "float64"),
            "Weight": In((1, 4, 3), "float64"), "Bias": In((1, 1), "float64")}),
        Case("addmm_empty_k", "addmm", {"Input": In((2, 4), "float32"),
                                        "X": In((2, 0), "float32"), "Y": In((0, 4), "float32")}),
        Case("addmm_bad_dims", "addmm", {"Input": In((2, 4), "float32"),
                                         "X": In((2, 3), "float32"), "Y": In((2, 4), "float32")},
             raises="X's width must be equal with"),
        Case("bmm_edges", "bmm", {"X": _edges((2, 2, 4), "float32"),
                                  "Y": In((2, 4, 3), "float32")}),
        Case("bmm_empty_batch", "bmm", {"X": In((0, 3, 4), "float32"),
                                        "Y": In((0, 4, 5), "float32")}),
        Case("mv_edges", "mv", {"X": _edges((3, 4), "float32"), "Vec": In((4,), "float32")}),
        Case("mv_empty", "mv", {"X": In((3, 0), "float32"), "Vec": In((0,), "float32")}),
    ]
    for dt in (*FLOATS, *INTS, *COMPLEX):
        lo, hi = (-20, 20) if dt in INTS else (-4.0, 4.0)
        cases += [
            Case(f"dot_{dt}", "dot", {"X": In((5,), dt, lo, hi), "Y": In((5,), dt, lo, hi)}),
            Case(f"dot_rows_{dt}", "dot", {"X": In((3, 4), dt, lo, hi),
                                           "Y": In((3, 4), dt, lo, hi)}),
            Case(f"cross_{dt}", "cross", {"X": In((4, 3), dt, lo, hi),
                                          "Y": In((4, 3), dt, lo, hi)}),
        ]
    cases += [
        Case("dot_edges", "dot", {"X": _edges((7,), "float32"), "Y": In((7,), "float32")}),
        Case("dot_empty", "dot", {"X": In((0,), "float32"), "Y": In((0,), "float32")}),
        Case("cross_dim0", "cross", {"X": In((3, 4), "float32"), "Y": In((3, 4), "float32")},
             attrs={"dim": 0}),
        Case("cross_dim_neg", "cross", {"X": In((2, 3, 3), "float64"),
                                        "Y": In((2, 3, 3), "float64")}, attrs={"dim": -2}),
        Case("cross_default_picks_first_3", "cross", {"X": In((3, 2, 3), "float32"),
                                                      "Y": In((3, 2, 3), "float32")},
             api="paddle.cross"),
        Case("cross_edges", "cross", {"X": _edges((3, 3), "float32"), "Y": In((3, 3), "float32")},
             attrs={"dim": 1}),
        Case("cross_no_size3", "cross", {"X": In((2, 4), "float32"), "Y": In((2, 4), "float32")},
             raises="3"),
        Case("dist_bcast", "dist", {"X": In((2, 3), "float32"), "Y": In((3,), "float32")}),
        Case("dist_same", "dist", {"X": In((2, 3), "float32", values=[[1, 2, 3], [4, 5, 6]]),
                                   "Y": In((2, 3), "float32", values=[[1, 2, 3], [4, 5, 6]])}),
        Case("dist_nan", "dist", {"X": In((2, 3), "float32", special=(NAN,)),
                                  "Y": In((2, 3), "float32")}),
        Case("dist_inf_diff", "dist", {"X": In((4,), "float32", special=(INF,)),
                                       "Y": In((4,), "float32")}),
    ]
    for p in (0.0, 1.0, 3.0, 0.5, INF, -INF):
        cases.append(Case(f"dist_p{p}", "dist",
                          {"X": In((3, 4), "float32", special=(0.5,)),
                           "Y": In((3, 4), "float32", special=(0.5,))}, attrs={"p": p}))
    for dt in (*FLOATS, "float16", *INTS, *COMPLEX):
        lo, hi = (-20, 20) if dt in INTS else (-4.0, 4.0)
        cases += [
            Case(f"kron_{dt}", "kron", {"X": In((2, 3), dt, lo, hi), "Y": In((2, 2), dt, lo, hi)}),
            Case(f"trace_{dt}", "trace", {"Input": In((3, 4), dt, lo, hi)}),
        ]
    cases += [
        Case("kron_ranks", "kron", {"X": In((2, 3), "float32"), "Y": In((3,), "float32")}),
        Case("kron_3d", "kron", {"X": In((2, 1, 2), "float64"), "Y": In((1, 3, 2), "float64")}),
        Case("kron_edges", "kron", {"X": _edges((3, 3), "float32"), "Y": In((2,), "float32")}),
        Case("kron_empty", "kron", {"X": In((0, 3), "float32"), "Y": In((2, 2), "float32")}),
        Case("trace_offset_pos", "trace", {"Input": In((3, 4), "float32")}, attrs={"offset": 2}),
        Case("trace_offset_neg", "trace", {"Input": In((4, 3), "float32")}, attrs={"offset": -1}),
        Case("trace_offset_out", "trace", {"Input": In((3, 4), "float32")}, attrs={"offset": 5}),
        Case("trace_axes_3d", "trace", {"Input": In((2, 3, 4), "float64")},
             attrs={"axis1": 2, "axis2": 0, "offset": 1}),
        Case("trace_axes_neg", "trace", {"Input": In((2, 3, 3), "float32")},
             attrs={"axis1": -1, "axis2": -2}),
        Case("trace_edges", "trace", {"Input": _edges((4, 4), "float32")}),
    ]
    return cases


def _einsum(name: str, equation: str, *shapes: tuple[int, ...], dtype: str = "float32",
            **fields) -> Case:
    return Case(f"einsum_{name}", "einsum",
                {"Operands": [In(s, dtype) for s in shapes]}, attrs={"equation": equation},
                **fields)


def _einsums() -> list[Case]:
    cases = [_einsum(f"matmul_{dt}", "ij,jk->ik", (2, 3), (3, 4), dtype=dt)
             for dt in (*FLOATS, *COMPLEX)]
    cases += [
        _einsum("batched", "bij,bjk->bik", (2, 3, 4), (2, 4, 5)),
        _einsum("transpose", "ij->ji", (2, 3)),
        _einsum("sum_all", "ij->", (3, 4)),
        _einsum("outer", "i,j->ij", (3,), (4,)),
        _einsum("bcast_labels", "dwij,dwjk->dwik", (2, 1, 3, 4), (1, 3, 4, 2)),
        _einsum("bcast_outer", "id,jd->ijd", (2, 1), (4, 3), dtype="float64"),
        _einsum("attention", "bhld,bhmd->bhlm", (2, 2, 3, 4), (2, 2, 5, 4)),
        _einsum("reduce_both", "ij,ij->i", (3, 4), (3, 4)),
        _einsum("diagonal", "ii->i", (3, 3)),
        _einsum("trace", "ii->", (4, 4)),
        _einsum("transpose_3d", "abc->cab", (2, 3, 4)),
        Case("einsum_edges", "einsum", {"Operands": [_edges((2, 4), "float32"),
                                                     In((4, 3), "float32")]},
             attrs={"equation": "ij,jk->ik"}),
    ]
    return cases


def _decompositions() -> list[Case]:
    cases = []
    for dt in (*FLOATS, *COMPLEX):
        cases += [
            Case(f"inverse_{dt}", "inverse", {"Input": _matrices((3, 3), dt, 1, shift=3)}),
            Case(f"inverse_batched_{dt}", "inverse",
                 {"Input": _matrices((2, 4, 4), dt, 2, shift=3)}),
            Case(f"determinant_{dt}", "determinant", {"Input": _matrices((2, 3, 3), dt, 3)}),
            Case(f"determinant_5x5_{dt}", "determinant", {"Input": _matrices((5, 5), dt, 4)}),
            Case(f"slogdeterminant_{dt}", "slogdeterminant",
                 {"Input": _matrices((3, 3, 3), dt, 5)}),
            Case(f"matrix_power_{dt}", "matrix_power", {"X": _matrices((3, 3), dt, 6)},
                 attrs={"n": 3}),
            Case(f"matrix_power_neg_{dt}", "matrix_power",
                 {"X": _matrices((2, 3, 3), dt, 7, shift=2)}, attrs={"n": -2}),
        ]
    for dt in FLOATS:
        cases += [
            Case(f"cholesky_{dt}", "cholesky", {"X": _matrices((3, 3), dt, 8, pd=True)}),
            Case(f"cholesky_upper_batched_{dt}", "cholesky",
                 {"X": _matrices((2, 4, 4), dt, 9, pd=True)}, attrs={"upper": True}),
        ]
    singular = [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]]
    negative = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 2.0]]
    cases += [
        Case("inverse_singular", "inverse", {"Input": In((3, 3), "float32", values=singular)},
             raises="singular|invertible|inverse"),
        Case("inverse_empty", "inverse", {"Input": In((0, 3, 3), "float32")}),
        Case("cholesky_not_pd", "cholesky",
             {"X": In((2, 2), "float32", values=[[1.0, 2.0], [2.0, 1.0]])},
             raises="positive|cholesky|definite"),
        Case("cholesky_reads_lower", "cholesky",
             {"X": In((3, 3), "float64", values=[[4.0, 99.0, -7.0], [2.0, 5.0, 42.0],
                                                 [-2.0, 1.0, 6.0]])}),
        Case("cholesky_upper_reads_upper", "cholesky",
             {"X": In((3, 3), "float32", values=[[4.0, 2.0, -2.0], [99.0, 5.0, 1.0],
                                                 [-7.0, 42.0, 6.0]])}, attrs={"upper": True}),
        Case("cholesky_1x1_batch", "cholesky", {"X": In((3, 1, 1), "float64",
                                                         values=[[[4.0]], [[9.0]], [[0.25]]])}),
        Case("determinant_singular", "determinant",
             {"Input": In((3, 3), "float64", values=singular)}),
        Case("determinant_2x2_edges", "determinant",
             {"Input": In((2, 2, 2), "float32", values=[[[NAN, 1.0], [1.0, 1.0]],
                                                         [[INF, 1.0], [0.0, 2.0]]])}),
        Case("determinant_1x1", "determinant", {"Input": In((4, 1, 1), "float32")}),
        Case("determinant_empty_batch", "determinant", {"Input": In((0, 3, 3), "float32")}),
        Case("slogdeterminant_negative", "slogdeterminant",
             {"Input": In((3, 3), "float64", values=negative)}),
        Case("slogdeterminant_singular", "slogdeterminant",
             {"Input": In((3, 3), "float32", values=singular)}),
        Case("slogdeterminant_6x6", "slogdeterminant",
             {"Input": _matrices((2, 6, 6), "float32", 10)}),
        Case("matrix_power_0", "matrix_power", {"X": _matrices((2, 3, 3), "float32", 11)},
             attrs={"n": 0}),
        Case("matrix_power_1", "matrix_power", {"X": _matrices((3, 3), "float32", 12)},
             attrs={"n": 1}),
        Case("matrix_power_2", "matrix_power", {"X": _matrices((3, 3), "float64", 13)},
             attrs={"n": 2}),
        Case("matrix_power_7", "matrix_power", {"X": _matrices((4, 4), "float64", 14)},
             attrs={"n": 7}),
        Case("matrix_power_neg1", "matrix_power",
             {"X": _matrices((3, 3), "float32", 15, shift=2)}, attrs={"n": -1}),
        Case("matrix_power_neg5", "matrix_power",
             {"X": _matrices((3, 3), "float64", 16, shift=2)}, attrs={"n": -5}),
        Case("matrix_power_neg_singular", "matrix_power",
             {"X": In((3, 3), "float32", values=singular)}, attrs={"n": -1},
             raises="singular|invertible|inverse"),
        Case("matrix_power_api", "matrix_power", {"X": _matrices((3, 3), "float32", 17)},
             api="paddle.linalg.matrix_power", api_kwargs={"n": 4}),
        Case("determinant_api", "determinant", {"Input": _matrices((3, 3), "float32", 18)},
             api="paddle.linalg.det"),
        *(Case(f"slogdet_v2_{dt}", "slogdet_v2", {"x": _matrices((2, 3, 3), dt, 23)})
          for dt in (*FLOATS, *COMPLEX)),
        Case("slogdet_v2_singular", "slogdet_v2", {"x": In((3, 3), "float32", values=singular)}),
        Case("slogdet_v2_negative", "slogdet_v2", {"x": In((3, 3), "float64", values=negative)}),
        Case("slogdet_v2_nan", "slogdet_v2",
             {"x": In((2, 2), "float64", values=[[NAN, 1.0], [1.0, 1.0]])}),
        Case("slogdet_v2_empty_batch", "slogdet_v2", {"x": In((0, 3, 3), "float64")}),
        Case("slogdet_v2_0x0", "slogdet_v2", {"x": In((2, 0, 0), "float32")}),
        Case("slogdeterminant_api", "slogdeterminant",
             {"Input": _matrices((2, 3, 3), "float32", 19)}, api="paddle.linalg.slogdet"),
    ]
    return cases


def _matmuls() -> list[Case]:
    """matmul_v2 over Paddle's CPU dtypes (integers exact: values a float32 / float64 round
    trip would change, and int32 sums that wrap), transposes, vectors (two give a 0-d Out),
    batches, an empty inner dim (zeros) and an empty batch. Broadcast batches only for
    float and complex: Paddle 3.3.1's integer kernels give wrong dims and corrupt the heap
    for them (x [2, 1, 3, 2] with y [3, 4, 3] dies with `free(): invalid next size`)."""
    cases = []
    for dt in (*FLOATS, *INTS, *COMPLEX):
        lo, hi = (-20, 20) if dt in INTS else (-4.0, 4.0)
        cases += [
            Case(f"matmul_v2_{dt}", "matmul_v2", {"X": In((2, 3), dt, lo, hi),
                                                  "Y": In((3, 4), dt, lo, hi)}),
            Case(f"matmul_v2_trans_batch_{dt}", "matmul_v2",
                 {"X": In((2, 3, 2), dt, lo, hi), "Y": In((2, 4, 3), dt, lo, hi)},
                 attrs={"trans_x": True, "trans_y": True}),
            Case(f"matmul_v2_vec_vec_{dt}", "matmul_v2", {"X": In((5,), dt, lo, hi),
                                                          "Y": In((5,), dt, lo, hi)}),
            Case(f"matmul_v2_mat_vec_{dt}", "matmul_v2", {"X": In((2, 3, 4), dt, lo, hi),
                                                          "Y": In((4,), dt, lo, hi)}),
            Case(f"matmul_v2_empty_k_{dt}", "matmul_v2", {"X": In((2, 0), dt),
                                                          "Y": In((0, 3), dt)}),
            Case(f"matmul_v2_empty_batch_{dt}", "matmul_v2", {"X": In((0, 2, 3), dt, lo, hi),
                                                              "Y": In((3, 4), dt, lo, hi)}),
        ]
    for dt in (*FLOATS, *COMPLEX):  # Paddle's integer kernels corrupt the heap here
        cases.append(Case(f"matmul_v2_trans_bcast_{dt}", "matmul_v2",
                          {"X": In((2, 1, 3, 2), dt), "Y": In((3, 4, 3), dt)},
                          attrs={"trans_x": True, "trans_y": True}))
    big32, big64 = 2 ** 24 + 1, 2 ** 53 + 1  # the first integers float32 / float64 round
    cases += [
        Case("matmul_v2_int32_exact", "matmul_v2",
             {"X": In((2, 2), "int32", values=[[big32, 1], [-big32, 3]]),
              "Y": In((2, 2), "int32", values=[[1, 2], [0, -1]])}),
        Case("matmul_v2_int64_exact", "matmul_v2",
             {"X": In((2, 2), "int64", values=[[big64, 1], [-big64, 3]]),
              "Y": In((2, 2), "int64", values=[[1, 2], [2, -1]])}),
        Case("matmul_v2_int32_wraps", "matmul_v2",
             {"X": In((1, 2), "int32", values=[[2 ** 30, 2 ** 30]]),
              "Y": In((2, 2), "int32", values=[[2, 1], [2, 3]])}),
        Case("matmul_v2_edges", "matmul_v2", {"X": _edges((2, 4), "float32"),
                                              "Y": In((4, 3), "float32")}),
    ]
    return cases


def _norms() -> list[Case]:
    """norm (L2 normalisation): axes (negative too), epsilon, rows of zeros, edges, empty. Only
    Out: save_inference_model strips the extra Norm output from the saved op."""
    cases = [Case(f"norm_{dt}", "norm", {"X": In((3, 4), dt)}, attrs={"axis": 1})
             for dt in FLOATS]
    cases += [
        Case("norm_axis0_3d", "norm", {"X": In((3, 2, 4), "float64")}, attrs={"axis": 0}),
        Case("norm_axis_neg", "norm", {"X": In((2, 3, 4), "float32")}, attrs={"axis": -2}),
        Case("norm_1d", "norm", {"X": In((5,), "float32")}, attrs={"axis": 0}),
        Case("norm_epsilon", "norm", {"X": In((2, 3), "float64", values=[[3, 4, 0], [0, 0, 0]])},
             attrs={"axis": -1, "epsilon": 1.0}),
        Case("norm_zero_rows", "norm", {"X": In((2, 3), "float32", values=[[0, 0, 0], [1, 2, 2]])},
             attrs={"axis": 1}),
        Case("norm_edges", "norm", {"X": _edges((3, 4), "float32")}, attrs={"axis": 1}),
        Case("norm_empty", "norm", {"X": In((0, 3), "float32")}, attrs={"axis": 1}),
        *sweep("l1_norm", ["X"], ["float32"]),
        Case("l1_norm_3d", "l1_norm", {"X": In((2, 3, 4), "float32")}),
        Case("norm_is_test", "norm", {"X": In((2, 3, 4), "float64")},
             attrs={"axis": 2, "is_test": True}),
    ]
    return cases


def _frobenius_norms() -> list[Case]:
    """frobenius_norm over Paddle's CPU dtypes (complex: the unconjugated sum of squares),
    axes, keep_dim, reduce_all, an empty dim, 0-d and empty inputs, overflow and edges.
    Paddle refuses out-of-range and repeated axes when the op is built (no fixture: the
    exporter records run-time errors; tests/ops/test_linalg_checks.py)."""
    cases = []
    for dt in (*FLOATS, *COMPLEX):
        cases += [
            Case(f"frobenius_norm_{dt}", "frobenius_norm", {"X": In((3, 4), dt)},
                 attrs={"dim": [0, 1]}),
            Case(f"frobenius_norm_rows_{dt}", "frobenius_norm", {"X": In((2, 3, 4), dt)},
                 attrs={"dim": [-1]}),
        ]
    fro = "frobenius_norm"
    cases += [
        Case("frobenius_norm_default_dim", fro, {"X": In((3, 4), "float32")}),
        Case("frobenius_norm_keep_dim", fro, {"X": In((2, 3, 4), "float64")},
             attrs={"dim": [0, 2], "keep_dim": True}),
        Case("frobenius_norm_reduce_all", fro, {"X": In((2, 3, 4), "float32")},
             attrs={"dim": [0], "reduce_all": True}),
        Case("frobenius_norm_reduce_all_keep", fro, {"X": In((2, 3), "float32")},
             attrs={"reduce_all": True, "keep_dim": True}),
        Case("frobenius_norm_empty_dim", fro, {"X": In((2, 3), "float64")}, attrs={"dim": []}),
        Case("frobenius_norm_0d", fro, {"X": In((), "float32")}),
        Case("frobenius_norm_empty", fro, {"X": In((0, 3), "float32")}, attrs={"dim": [0]}),
        Case("frobenius_norm_empty_all", fro, {"X": In((0, 3), "float32")},
             attrs={"dim": [0, 1]}),
        Case("frobenius_norm_overflow", fro,
             {"X": In((2, 2), "float32", values=[[1e30, 1e30], [1.0, 2.0]])}, attrs={"dim": [1]}),
        Case("frobenius_norm_edges", fro, {"X": _edges((3, 4), "float32")}, attrs={"dim": [1]}),
    ]
    return cases


def _spectral() -> list[Case]:
    """svd, svdvals, eigh, eigvalsh: only the unique outputs are compared (singular values,
    eigenvalues); the vectors are unique up to a sign / phase LAPACK's implementation picks
    (tests/ops/test_linalg_ops.py checks that they reconstruct X). Shapes wide, tall,
    square, batched, empty; zero and rank-deficient matrices; both triangles for eigh.
    save_inference_model sets eigvalsh's is_test: its saved programs write no vectors."""
    cases = []
    for dt in (*FLOATS, *COMPLEX):
        cases += [
            Case(f"svd_wide_{dt}", "svd", {"X": In((3, 5), dt)}, fetch=("S",)),
            Case(f"svd_tall_batched_{dt}", "svd", {"X": In((2, 5, 3), dt)}, fetch=("S",)),
            Case(f"svd_full_{dt}", "svd", {"X": In((4, 4), dt)}, attrs={"full_matrices": True},
                 fetch=("S",)),
            Case(f"eigh_{dt}", "eigh", {"X": In((2, 4, 4), dt)}, fetch=("Eigenvalues",)),
            Case(f"eigh_upper_{dt}", "eigh", {"X": In((3, 3), dt)}, attrs={"UPLO": "U"},
                 fetch=("Eigenvalues",)),
            Case(f"eigvalsh_{dt}", "eigvalsh", {"X": In((2, 4, 4), dt)},
                 fetch=("Eigenvalues",)),
            Case(f"eigvalsh_upper_test_{dt}", "eigvalsh", {"X": In((3, 3), dt)},
                 attrs={"UPLO": "U", "is_test": True}, fetch=("Eigenvalues",)),
        ]
    rank1 = [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [-1.0, -2.0, -3.0]]
    cases += [
        *(Case(f"svdvals_{tag}_{dt}", "svdvals", {"x": In(shape, dt)}) for dt in FLOATS
          for tag, shape in (("wide", (3, 5)), ("tall_batched", (2, 5, 3)), ("square", (4, 4)))),
        Case("svdvals_rank1", "svdvals", {"x": In((3, 3), "float64", values=rank1)}),
        Case("svdvals_empty", "svdvals", {"x": In((2, 0, 3), "float32")}),
        Case("svdvals_scales", "svdvals",
             {"x": In((2, 2), "float64", values=[[1e300, 0], [0, 1e-300]])}),
        Case("svd_full_tall", "svd", {"X": In((2, 5, 3), "float64")},
             attrs={"full_matrices": True}, fetch=("S",)),
        Case("svd_rank1", "svd", {"X": In((3, 3), "float64", values=rank1)}, fetch=("S",)),
        Case("svd_zeros", "svd", {"X": In((3, 2), "float32", values=[[0, 0]] * 3)}),
        Case("svd_empty", "svd", {"X": In((0, 3), "float32")}),
        Case("svd_1x1", "svd", {"X": In((4, 1, 1), "float32")}, fetch=("S",)),
        Case("eigh_1x1", "eigh", {"X": In((3, 1, 1), "float32")}),
        Case("eigh_diagonal", "eigh",
             {"X": In((3, 3), "float64", values=[[3, 0, 0], [0, -1, 0], [0, 0, 2]])}),
        Case("eigh_empty_batch", "eigh", {"X": In((0, 3, 3), "float32")}),
        Case("eigvalsh_empty_batch", "eigvalsh", {"X": In((0, 2, 2), "float64")},
             fetch=("Eigenvalues",)),
    ]
    return cases


def _structured(kind: str, n: int, dtype: str) -> In:
    """Exact seeded matrices whose eigen-decomposition LAPACK gives in a fixed order:
    diagonal, upper / lower triangular (eigenvalues: the diagonal)."""
    rng = np.random.default_rng(n)
    a = np.round(rng.uniform(-4, 4, (n, n)), 2)
    a = {"diag": np.diag(np.diag(a)), "upper": np.triu(a), "lower": np.tril(a)}[kind]
    return In((n, n), dtype, values=a.tolist())


def _eigs() -> list[Case]:
    """eig (values and vectors) and eigvals of general matrices: structured ones (diagonal,
    triangular, a rotation, 1x1, an empty batch) for every dtype; random ones for float64
    and complex128 (geev's order and phases agree between Paddle's LAPACK and NumPy's
    there; for float32 / complex64 random matrices they do not: Paddle's sgeev / cgeev
    order and phase them otherwise). The sign of zero parts is LAPACK's artefact (not
    compared). eigvals: random for every dtype (X^T's geev order)."""
    cases = []
    for dt in (*FLOATS, *COMPLEX):
        for kind in ("diag", "upper", "lower"):
            cases += [Case(f"eig_{kind}_{dt}", "eig", {"X": _structured(kind, 4, dt)},
                           zero_sign=False),
                      Case(f"eigvals_{kind}_{dt}", "eigvals", {"X": _structured(kind, 4, dt)})]
        cases += [
            Case(f"eig_rotation_{dt}", "eig", {"X": In((2, 2), dt, values=[[0, 1], [-1, 0]])},
                 zero_sign=False),
            Case(f"eigvals_{dt}", "eigvals", {"X": In((2, 4, 4), dt)}),
            Case(f"eigvals_5x5_{dt}", "eigvals", {"X": In((5, 5), dt)}),
        ]
    for dt in ("float64", "complex128"):
        cases += [Case(f"eig_{dt}", "eig", {"X": In((2, 4, 4), dt)}, zero_sign=False),
                  Case(f"eig_5x5_{dt}", "eig", {"X": In((5, 5), dt)}, zero_sign=False)]
    cases += [
        Case("eig_1x1", "eig", {"X": In((3, 1, 1), "float32")}),
        Case("eig_empty_batch", "eig", {"X": In((0, 3, 3), "float32")}),
        Case("eigvals_empty_batch", "eigvals", {"X": In((0, 3, 3), "float64")}),
        Case("eigvals_1x1", "eigvals", {"X": In((1, 1), "complex64")}),
    ]
    return cases


#: What each lstsq driver writes (Paddle leaves the other outputs unwritten).
_LSTSQ_FETCH = {"gels": ("Solution", "Residuals"), "gelsy": ("Solution", "Residuals", "Rank"),
                "gelsd": ("Solution", "Residuals", "Rank", "SingularValues"),
                "gelss": ("Solution", "Residuals", "Rank", "SingularValues")}


def _lstsq(name: str, x: In, y: In, driver: str, **attrs) -> Case:
    return Case(f"lstsq_{name}", "lstsq", {"X": x, "Y": y}, attrs={"driver": driver, **attrs},
                outputs=("Residuals",), fetch=_LSTSQ_FETCH[driver])


def _lstsqs() -> list[Case]:
    """lstsq per driver (what each writes): tall (Residuals), wide (minimum norm, empty
    Residuals), batched, and a rank-deficient X with rcond 0.5 (with rcond 0 its tiny
    singular value's fate is the LAPACK build's: not a case)."""
    rank1 = [[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]]
    cases = []
    for dt in FLOATS:
        for drv in _LSTSQ_FETCH:
            cases += [
                _lstsq(f"tall_{drv}_{dt}", In((5, 3), dt), In((5, 2), dt), drv),
                _lstsq(f"wide_{drv}_{dt}", In((3, 5), dt), In((3, 2), dt), drv),
                _lstsq(f"batched_{drv}_{dt}", In((2, 4, 3), dt), In((2, 4, 1), dt), drv),
            ]
    for drv in ("gelsy", "gelsd", "gelss"):
        cases.append(_lstsq(f"rank_deficient_{drv}", In((3, 2), "float64", values=rank1),
                            In((3, 1), "float64", values=[[1.0], [2.0], [4.0]]), drv,
                            rcond=0.5))
    return cases


def _lu_solves() -> list[Case]:
    """lu_solve from packed factors (strictly lower part: L, upper part: U, diagonal
    shifted away from zero) and 1-based pivots as getrf writes them: trans N / T / C (and
    an unknown letter, which Paddle reads as C), batches, a zero pivot of U (inf, not
    checked); empty inputs raise."""
    piv3, piv23 = [3, 3, 3], [[2, 3, 3], [1, 2, 3]]
    cases = []
    for dt in (*FLOATS, *COMPLEX):
        for trans in ("N", "T", "C"):
            cases.append(Case(f"lu_solve_{trans}_{dt}", "lu_solve", {
                "b": In((2, 3, 2), dt), "lu": _matrices((2, 3, 3), dt, 20, shift=3),
                "pivots": In((2, 3), "int32", values=piv23)}, attrs={"trans": trans}))
    cases += [
        Case("lu_solve_unbatched", "lu_solve", {"b": In((3, 4), "float64"),
                                                "lu": _matrices((3, 3), "float64", 21, shift=3),
                                                "pivots": In((3,), "int32", values=piv3)},
             attrs={"trans": "N"}),
        Case("lu_solve_other_letter", "lu_solve", {
            "b": In((3, 1), "complex128"), "lu": _matrices((3, 3), "complex128", 22, shift=3),
            "pivots": In((3,), "int32", values=piv3)}, attrs={"trans": "X"}),
        Case("lu_solve_zero_pivot", "lu_solve", {
            "b": In((2, 1), "float64", values=[[1.0], [1.0]]),
            "lu": In((2, 2), "float64", values=[[2.0, 4.0], [0.5, 0.0]]),
            "pivots": In((2,), "int32", values=[2, 2])}, attrs={"trans": "N"}),
        Case("lu_solve_empty", "lu_solve", {
            "b": In((0, 3, 2), "float32"), "lu": In((0, 3, 3), "float32"),
            "pivots": In((0, 3), "int32")}, attrs={"trans": "N"}, raises="greater than 0"),
    ]
    return cases


def _rank_cases() -> list[Case]:
    """matrix_rank_atol_rtol: singular values 4, 2, 1, 1e-8 (and a tenth of them) against
    atol alone (0: the eps-relative default, > 0 or < 0: no relative part), atol with
    rtol, per-batch and broadcast tolerances, hermitian (|eigenvalues|), complex, empty."""
    diag = np.diag([4.0, 2.0, 1.0, 1e-8])
    pair = np.stack([diag, diag / 10]).tolist()

    def case(name, dt, atol, rtol=None, x=None, **attrs):
        tdt = dt.replace("complex64", "float32").replace("complex128", "float64")
        inputs = {"x": x or In((2, 4, 4), dt, values=pair),
                  "atol": In(np.shape(atol), tdt, values=atol)}
        if rtol is not None:
            inputs["rtol"] = In(np.shape(rtol), tdt, values=rtol)
        return Case(f"matrix_rank_atol_rtol_{name}", "matrix_rank_atol_rtol", inputs,
                    attrs=attrs)

    cases = [case(f"atol0_{dt}", dt, 0.0) for dt in (*FLOATS, *COMPLEX)]
    cases += [case(f"rtol_{dt}", dt, 0.5, 0.3) for dt in (*FLOATS, *COMPLEX)]
    cases += [
        case("atol_tiny", "float32", 1e-9),
        case("atol_negative", "float32", -1.0),
        case("atol_per_batch", "float64", [1.5, 0.15]),
        case("atol_zero_or_not", "float32", [0.0, 1e-12]),
        case("atol_broadcast", "float64", [[1.5], [0.1]]),
        case("rtol_zero", "float64", 0.5, 0.0),
        case("rtol_per_batch", "float64", 0.0, [0.3, 0.0]),
        case("random", "float64", 0.0, x=In((3, 3, 5), "float64")),
        case("hermitian", "float64", 2.5, x=In((2, 2), "float64", values=[[2, 1], [1, -3]]),
             hermitian=True),
        case("empty_batch", "float64", 0.0, x=In((0, 3, 3), "float64")),
        case("empty_matrix", "float32", 0.0, x=In((2, 0, 3), "float32")),
    ]
    return cases


def _linear_v2() -> list[Case]:
    """linear_v2 (input @ weight, transposed or not, + bias [N], [1] or 0-d) over Paddle's CPU
    dtypes; batched, 1-D and empty input; edge values; a bias of neither N nor 1 elements is
    refused at run time. Paddle 3.3.1's InferShape when the op is appended refuses any weight
    whose out-features dim N is not the dtype's byte size (float32 N = 4, float64 N = 8, not
    -1), whatever the bias ("Bias must be equal (or can be broadcasted) to the last dimension
    of weight"): the cases keep to those N (fluidphi takes any N). No K = 0 case: Paddle
    leaves that output uninitialised (fluidphi gives the bias)."""
    cases = [Case(f"linear_v2_{tag}_{dt}", "linear_v2", {"input": In(xs, dt), "weight": In(ws, dt),
                                                         "bias": In(bs, dt)}, attrs=attrs)
             for dt, n in (("float32", 4), ("float64", 8)) for tag, xs, ws, bs, attrs in (
                 ("plain", (2, 3), (3, n), (n,), {}),
                 ("transpose", (2, 5), (n, 5), (n,), {"transpose_weight": True}),
                 ("batch_bias1", (2, 3, 5), (5, n), (1,), {}),
                 ("vector_bias0d", (5,), (5, n), (), {}),
                 ("empty_rows", (0, 3), (3, n), (n,), {}))]
    return [*cases, Case("linear_v2_edges", "linear_v2", {
        "input": _edges((2, 4), "float32"), "weight": In((4, 4), "float32"),
        "bias": _edges((4,), "float32")}), Case("linear_v2_bad_bias", "linear_v2", {
            "input": In((2, 3), "float32"), "weight": In((3, 4), "float32"),
            "bias": In((3,), "float32")}, raises="Bias must be equal|bias must be")]

CASES = [*_matmuls(), *_products(), *_einsums(), *_decompositions(), *_norms(),
         *_frobenius_norms(), *_spectral(), *_eigs(), *_lstsqs(), *_lu_solves(),
         *_rank_cases(), *_linear_v2()]
