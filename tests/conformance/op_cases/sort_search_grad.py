"""Grads of the sorting ops (Paddle 3.3.1's argsort_grad, top_k_v2_grad, kthvalue_grad,
mode_grad): zeros but the output gradient put back where the forward's Indices point
along the axis (Out@GRAD and Indices unsqueezed there first without `keepdim`); a 0-d X
takes Out@GRAD itself.

Only Out is differentiated (Indices are int64). The gradient follows the forward's
Indices, so cases stay where fluidphi's forward indices are Paddle's (sort_search.py): no
ties except under argsort's `stable` and in mode's short rows (its last occurrence), and
top_k_v2 with `sorted` only where the k come out sorted (Paddle's `sorted` false order is
introselect's arrangement).

kthvalue and mode of a 0-d X get no fixture: Paddle 3.3.1's grad there is 1 whatever
Out@GRAD is (argsort's and top_k_v2's pass Out@GRAD on); fluidphi passes Out@GRAD on for
all four (tests/api/grad_fd/sort_search_grad.py checks it by finite differences).
"""

from .spec import FLOATS, INF, NAN, Case, GradCase, In

#: rows of 6 with ties (argsort stable keeps them in index order), NaN and infinities
_TIE_ROWS = [[1.0, 3.0, 3.0, 2.0, 3.0, 1.0], [NAN, 1.0, NAN, -INF, INF, 1.0],
             [2.0, 2.0, 2.0, 2.0, 2.0, 2.0], [-INF, INF, 5.0, 0.5, -INF, INF]]
#: mode rows (short: Paddle's pick among equal counts is the smallest value, its last index)
_MODE_ROWS = [[1.0, 3.0, 3.0, 2.0, 3.0, 1.0], [0.5, 2.0, 2.0, 0.5, 4.0, 4.0],
              [7.0, 7.0, 7.0, 7.0, 7.0, 7.0], [-1.0, 2.0, -3.0, 4.0, -5.0, 6.0]]


def _g(name: str, op: str, x: In, extra: dict | None = None, **attrs) -> GradCase:
    return GradCase(Case(name, op, {"X": x, **(extra or {})}, attrs=attrs), ("X",),
                    of=("Out",))


def _argsort(dtype: str) -> list[GradCase]:
    return [
        _g(f"argsort_{dtype}", "argsort", In((4, 6), dtype)),
        _g(f"argsort_axis0_desc_{dtype}", "argsort", In((5, 3), dtype), axis=0,
           descending=True),
        _g(f"argsort_3d_axis1_{dtype}", "argsort", In((2, 4, 3), dtype), axis=1),
        _g(f"argsort_stable_ties_{dtype}", "argsort", In((4, 6), dtype, values=_TIE_ROWS),
           stable=True),
        _g(f"argsort_stable_ties_desc_{dtype}", "argsort", In((4, 6), dtype,
                                                             values=_TIE_ROWS),
           stable=True, descending=True),
    ]


def _topk(dtype: str) -> list[GradCase]:
    return [
        _g(f"top_k_v2_k3_{dtype}", "top_k_v2", In((4, 6), dtype), k=3),
        _g(f"top_k_v2_smallest_axis0_{dtype}", "top_k_v2", In((5, 3), dtype), k=2, axis=0,
           largest=False),
        _g(f"top_k_v2_k_all_{dtype}", "top_k_v2", In((3, 5), dtype), k=5),
    ]


def _kthvalue(dtype: str) -> list[GradCase]:
    return [
        _g(f"kthvalue_k2_{dtype}", "kthvalue", In((4, 6), dtype), k=2),
        _g(f"kthvalue_axis0_keepdim_{dtype}", "kthvalue", In((5, 3), dtype), k=3, axis=0,
           keepdim=True),
        _g(f"kthvalue_3d_axis1_{dtype}", "kthvalue", In((2, 5, 3), dtype), k=1, axis=1),
    ]


def _mode(dtype: str) -> list[GradCase]:
    return [
        _g(f"mode_rows_{dtype}", "mode", In((4, 6), dtype, values=_MODE_ROWS)),
        _g(f"mode_axis0_keepdim_{dtype}", "mode", In((6, 4), dtype, values=[
            list(r) for r in zip(*_MODE_ROWS)]), axis=0, keepdim=True),
        _g(f"mode_distinct_{dtype}", "mode", In((3, 5), dtype)),
    ]


GRAD_CASES = [
    *(c for dtype in FLOATS for make in (_argsort, _topk, _kthvalue, _mode)
      for c in make(dtype)),
    _g("top_k_v2_k_tensor_float32", "top_k_v2", In((3, 6), "float32"),
       {"K": In((1,), "int32", values=[2])}, k=5),
    _g("top_k_v2_nan_float32", "top_k_v2", In((2, 6), "float32", values=[
        [NAN, 1.0, INF, -INF, 0.5, -2.0], [-1.0, -INF, 3.0, 2.0, NAN, 0.0]]), k=3),
    *(_g(f"{op}_0d_float32", op, In((), "float32"), **attrs)
      for op, attrs in (("argsort", {}), ("top_k_v2", {"k": 1}))),
    _g("argsort_empty_float32", "argsort", In((0, 3), "float32")),
]
