"""Diagonals and triangles: tril_triu, diag_v2, diag_embed, diagonal.

diag_v2 builds a matrix from a vector (0-D counts as one element; off-diagonal elements are
`padding_value`, cast to the element type) or takes a matrix's diagonal; diagonal and
diag_embed follow NumPy's diagonal / torch's diag_embed for any pair of axes and offset.
"""

from ._inputs import data
from .spec import Case, In


def _tril_triu() -> list[Case]:
    dtypes = ("bool", "int32", "int64", "float16", "float32", "float64", "complex64",
              "complex128")
    cases = [Case(f"tril_triu_{d}_{'lower' if lower else 'upper'}", "tril_triu",
                  {"X": data((4, 5), d)}, attrs={"diagonal": 1, "lower": lower})
             for d in dtypes for lower in (True, False)]
    return [
        *cases,
        Case("tril_triu_batched_neg_diagonal", "tril_triu", {"X": data((2, 3, 4), "float32")},
             attrs={"diagonal": -2, "lower": True}),
        Case("tril_triu_far_diagonal", "tril_triu", {"X": data((3, 4), "int64")},
             attrs={"diagonal": 7, "lower": False}),
        Case("tril_triu_far_negative", "tril_triu", {"X": data((3, 4), "float64")},
             attrs={"diagonal": -9, "lower": False}),
        Case("tril_triu_empty", "tril_triu", {"X": In((0, 3), "float32")},
             attrs={"diagonal": 0, "lower": True}),
    ]


def _diag_v2() -> list[Case]:
    dtypes = ("int32", "int64", "float16", "float32", "float64", "complex64", "complex128")
    cases = [Case(f"diag_v2_vector_{d}", "diag_v2", {"X": data((3,), d)},
                  attrs={"offset": -1, "padding_value": 2.5}) for d in dtypes]
    cases += [Case(f"diag_v2_matrix_{d}", "diag_v2", {"X": data((3, 4), d)},
                   attrs={"offset": 1}) for d in dtypes]
    return [
        *cases,
        Case("diag_v2_api", "diag_v2", {"X": data((4,), "float32")}, api="paddle.diag",
             api_kwargs={"offset": 2, "padding_value": -1.0}),
        Case("diag_v2_0d", "diag_v2", {"X": In((), "float32", values=3.0)},
             attrs={"offset": 1, "padding_value": -1.0}),
        Case("diag_v2_int_padding_truncates", "diag_v2", {"X": data((3,), "int32")},
             attrs={"padding_value": -2.7}),
        Case("diag_v2_matrix_far_offset", "diag_v2", {"X": data((3, 4), "float32")},
             attrs={"offset": 5}),
        Case("diag_v2_matrix_negative_offset", "diag_v2", {"X": data((3, 4), "int64")},
             attrs={"offset": -2}),
        Case("diag_v2_empty_vector", "diag_v2", {"X": In((0,), "float32")},
             attrs={"offset": 1}),
    ]


def _diag_embed() -> list[Case]:
    cases = [Case(f"diag_embed_{d}", "diag_embed", {"Input": data((2, 3), d)})
             for d in ("int32", "int64", "float32", "float64")]
    return [
        *cases,
        Case("diag_embed_api", "diag_embed", {"Input": data((2, 3), "float32")},
             api="paddle.diag_embed", api_kwargs={"offset": 1, "dim1": 0, "dim2": 2}),
        Case("diag_embed_neg_offset_swapped", "diag_embed", {"Input": data((2, 3), "float64")},
             attrs={"offset": -1, "dim1": 2, "dim2": 0}),
        Case("diag_embed_negative_dims", "diag_embed", {"Input": data((3,), "int64")},
             attrs={"offset": 1, "dim1": -1, "dim2": 0}),
    ]


def _diagonal() -> list[Case]:
    dtypes = ("bool", "int32", "int64", "float32", "float64", "complex64", "complex128")
    cases = [Case(f"diagonal_{d}", "diagonal", {"Input": data((3, 4), d)}) for d in dtypes]
    return [
        *cases,
        Case("diagonal_offset_axes", "diagonal", {"Input": data((2, 3, 4), "float32")},
             attrs={"offset": 1, "axis1": 2, "axis2": 0}),
        Case("diagonal_negative_axes", "diagonal", {"Input": data((2, 3, 4), "int64")},
             attrs={"offset": -1, "axis1": -1, "axis2": 1}),
        Case("diagonal_far_offset", "diagonal", {"Input": data((2, 3, 4), "float32")},
             attrs={"offset": -5, "axis1": -1, "axis2": 1}),
    ]


CASES = [*_tril_triu(), *_diag_v2(), *_diag_embed(), *_diagonal()]
