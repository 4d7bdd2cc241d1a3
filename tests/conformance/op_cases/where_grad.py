"""Grads of where (Paddle 3.3.1's where_grad): X@GRAD is Out@GRAD where Condition holds and
0 elsewhere, Y@GRAD the other way round; either alone; float32, float64 and complex; 0-d
and empty tensors.

where has no forward cases in op_cases (its forward is checked through the models and
tests/ops); its grad family is its own stem's (`where`), not the compare family's.
"""

from .spec import FLOATS, Case, GradCase, In


def _g(tag: str, shape: tuple[int, ...], dtype: str, wrt: tuple[str, ...] = ("X", "Y"),
       ) -> GradCase:
    return GradCase(Case(f"where_{tag}", "where", {"Condition": In(shape, "bool"),
                                                   "X": In(shape, dtype), "Y": In(shape, dtype)}),
                    wrt)


GRAD_CASES = [
    *(_g(f"{dtype}", (3, 4), dtype) for dtype in (*FLOATS, "complex64", "complex128")),
    _g("3d_float64", (2, 3, 4), "float64"),
    _g("x_only_float32", (4, 5), "float32", ("X",)),
    _g("y_only_float64", (4, 5), "float64", ("Y",)),
    _g("0d_float32", (), "float32"),
    _g("empty_float32", (0, 3), "float32"),
]
