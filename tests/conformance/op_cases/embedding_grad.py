"""lookup_table_v2's grad (lookup_table_v2_grad, PHI embedding_grad): dense W@GRAD, repeated
ids summed, padding_idx rows left zero (-1: no padding; a negative id other than -1 never
matches), int64 and int32 ids of rank 1 to 3; float32 and float64; complex64 / complex128 /
float16 / bfloat16 with repeated ids and a padding row.

lookup_table (v1)'s grad (lookup_table_grad): the same with int64 ids shaped [..., 1] (a
negative padding id other than -1 is skipped too), float32 and float64; empty ids give a
zero gradient; bfloat16 (summed in bfloat16 id after id, as Paddle's CPU kernel does). The
v1 op's InferShape leaves Out's dtype to the run, so its cotangents are typed as W
(`COTANGENT_DTYPE_OF`). The refusal of `is_sparse` (a SelectedRows W@GRAD) is checked in
tests/ops/test_embedding_grad_ops.py.
"""

from .spec import FLOATS, Case, GradCase, In

#: tag -> (Ids dims, ids dtype, explicit ids or None, padding_idx)
_IDS = {
    "2d": ((3, 4), "int64", None, -1),
    "repeated": ((6,), "int64", [1, 3, 1, 1, 0, 3], -1),
    "padding0": ((2, 5), "int64", [[0, 2, 0, 4, 5], [1, 0, 0, 2, 2]], 0),
    "padding3": ((4, 3), "int32", None, 3),
    "padding_neg2": ((2, 2, 2), "int64", None, -2),
    "one_id": ((1,), "int32", [7], -1),
}
_VOCAB, _DIM = 8, 5


def _case(tag: str, dtype: str) -> GradCase:
    dims, ids_dtype, values, padding = _IDS[tag]
    ids = In(dims, ids_dtype, 0, _VOCAB, values=values)
    return GradCase(Case(f"lookup_table_v2_{tag}_{dtype}", "lookup_table_v2",
                         {"Ids": ids, "W": In((_VOCAB, _DIM), dtype, -1.0, 1.0)},
                         attrs={"padding_idx": padding}), ("W",))


GRAD_CASES = [_case(tag, dtype) for dtype in FLOATS for tag in _IDS]

#: tag -> (Ids dims, explicit ids or None, padding_idx) of lookup_table (v1, int64 ids)
_V1_IDS = {
    "2d": ((4, 1), None, -1),
    "repeated": ((6, 1), [[1], [3], [1], [1], [0], [3]], -1),
    "3d_padding0": ((2, 5, 1), [[[0], [2], [0], [4], [5]], [[1], [0], [0], [2], [2]]], 0),
    "padding_neg2": ((2, 3, 1), [[[1], [-2], [3]], [[-2], [7], [1]]], -2),
    "empty": ((0, 1), None, -1),
}


def _v1_case(tag: str, dtype: str) -> GradCase:
    dims, values, padding = _V1_IDS[tag]
    ids = In(dims, "int64", 0, _VOCAB, values=values)
    return GradCase(Case(f"lookup_table_{tag}_{dtype}", "lookup_table",
                         {"W": In((_VOCAB, _DIM), dtype, -1.0, 1.0), "Ids": ids},
                         attrs={"padding_idx": padding}), ("W",))


GRAD_CASES += [_v1_case(tag, dtype) for dtype in FLOATS for tag in _V1_IDS]
GRAD_CASES += [_v1_case("repeated", "bfloat16")]

COTANGENT_DTYPE_OF = {"lookup_table": "W"}
#: lookup_table_v2's other CPU grad dtypes in Paddle 3.3.1 (complex and half), repeated ids
#: and a padding row
GRAD_CASES += [_case(tag, dtype) for dtype in ("complex64", "complex128", "float16", "bfloat16")
               for tag in ("repeated", "padding0")]
