"""Grads of the control-flow family (controlflow.py; tensor arrays).

- tensor_array_to_tensor: X a tensor array (`ArrayIn`, put into its variable before the
  run), the gradient a tensor array too, its items read back by read_from_array ops after
  the grad op (Paddle and fluidphi fetch tensors; fetched as `X@GRAD@<i>`); Out seeded
  (OutIndex is int32 sizes: no gradient). Concatenated along axis 0 and 1 with items
  of different sizes there (one of size 0), stacked along 0, float32 and float64, one item
  alone. Not exported: a negative axis (Paddle 3.3.1's forward aborts with a double free,
  concatenated or stacked) and two (2, 3) items stacked along 1 (the same abort when the
  items are put into the array variable directly; the same join written by write_to_array
  runs): tests/ops/test_tensor_array_to_tensor_grad.py checks those against finite
  differences.
"""

from __future__ import annotations

from .spec import FLOATS, ArrayIn, Case, GradCase, In

#: tag -> (item dims, axis, use_stack)
_JOINS = {
    "concat_axis0": (((2, 3), (1, 3), (3, 3)), 0, False),
    "concat_axis1": (((2, 3), (2, 1), (2, 4)), 1, False),
    "concat_empty_item": (((2, 3), (0, 3), (1, 3)), 0, False),
    "stack_axis0": (((2, 3), (2, 3), (2, 3)), 0, True),
    "single_item": (((3, 2),), 1, False),
}


def _join(tag: str, dtype: str) -> GradCase:
    dims, axis, use_stack = _JOINS[tag]
    return GradCase(Case(f"tensor_array_to_tensor_{tag}_{dtype}", "tensor_array_to_tensor",
                         {"X": ArrayIn(tuple(In(d, dtype) for d in dims))},
                         attrs={"axis": axis, "use_stack": use_stack}),
                    ("X",), of=("Out",))


GRAD_CASES = [_join(tag, dtype) for dtype in FLOATS for tag in _JOINS
              if dtype == "float32" or tag in ("concat_axis1", "stack_axis0")]
