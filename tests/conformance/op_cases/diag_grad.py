"""Grads of the diagonal and triangle ops (forward cases in diag.py): tril_triu (lower and
upper, diagonals inside and past the matrix, batched, empty), diag_v2 (vector and 0-D X
onto a diagonal: X@GRAD is Out@GRAD's diagonal, padding_value has none; a matrix X: its
diagonal's gradient scattered back, offsets past the matrix give 0) and diagonal (any pair
of axes, offsets inside and past the planes), over float32 / float64 / float16 / complex.
Integer and bool grads (registered as Paddle registers them) are not exported: Paddle
appends no grad op for them.
"""

from .spec import Case, GradCase, In

_DTYPES = ("float32", "float64", "complex64", "complex128")


def _g(name: str, op: str, slot: str, x: In, **attrs: object) -> GradCase:
    return GradCase(Case(name, op, {slot: x}, attrs=attrs), (slot,))


GRAD_CASES = [
    *(_g(f"tril_triu_grad_{d}_{'lower' if lower else 'upper'}", "tril_triu", "X",
         In((4, 5), d), diagonal=1, lower=lower) for d in _DTYPES for lower in (True, False)),
    _g("tril_triu_grad_float16", "tril_triu", "X", In((3, 4), "float16"), diagonal=0,
       lower=True),
    _g("tril_triu_grad_batched_neg", "tril_triu", "X", In((2, 3, 4), "float32"), diagonal=-2,
       lower=True),
    _g("tril_triu_grad_far", "tril_triu", "X", In((3, 4), "float64"), diagonal=7, lower=False),
    _g("tril_triu_grad_far_negative", "tril_triu", "X", In((3, 4), "float64"), diagonal=-9,
       lower=False),
    _g("tril_triu_grad_empty", "tril_triu", "X", In((0, 3), "float32"), diagonal=0, lower=True),
    *(_g(f"diag_v2_grad_vector_{d}", "diag_v2", "X", In((3,), d), offset=-1, padding_value=2.5)
      for d in _DTYPES),
    *(_g(f"diag_v2_grad_matrix_{d}", "diag_v2", "X", In((3, 4), d), offset=1) for d in _DTYPES),
    _g("diag_v2_grad_float16", "diag_v2", "X", In((4,), "float16"), offset=2),
    _g("diag_v2_grad_0d", "diag_v2", "X", In((), "float32"), offset=1, padding_value=-1.0),
    _g("diag_v2_grad_matrix_far", "diag_v2", "X", In((3, 4), "float32"), offset=5),
    _g("diag_v2_grad_matrix_negative", "diag_v2", "X", In((4, 3), "float64"), offset=-2),
    *(_g(f"diagonal_grad_{d}", "diagonal", "Input", In((3, 4), d)) for d in _DTYPES),
    _g("diagonal_grad_axes_3d", "diagonal", "Input", In((2, 3, 4), "float64"), offset=1,
       axis1=2, axis2=0),
    _g("diagonal_grad_axes_neg", "diagonal", "Input", In((2, 3, 3, 2), "float32"), offset=-1,
       axis1=-1, axis2=1),
    _g("diagonal_grad_offset_out", "diagonal", "Input", In((3, 4), "float32"), offset=6),
]
