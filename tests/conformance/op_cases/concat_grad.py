"""Grads of concat and stack (PHI concat_grad, stack_grad): two and three inputs, first,
middle and negative axes, unequal sizes along concat's axis, a 0-size piece; float32 and float64;
float16 concat and float16 / bfloat16 stack. (split's gradient is a concat op; export_grads
cannot build split's list output yet.)"""

from .spec import FLOATS, Case, GradCase, In

#: tag -> (op, input dims, attrs)
_CASES = {
    "concat_axis0": ("concat", [(2, 3), (4, 3)], {"axis": 0}),
    "concat_axis1_three": ("concat", [(2, 1, 4), (2, 3, 4), (2, 2, 4)], {"axis": 1}),
    "concat_neg": ("concat", [(3, 2), (3, 5)], {"axis": -1}),
    "concat_empty_piece": ("concat", [(2, 0), (2, 3)], {"axis": 1}),
    "stack_axis0": ("stack", [(2, 3), (2, 3)], {"axis": 0}),
    "stack_axis1_three": ("stack", [(2, 3), (2, 3), (2, 3)], {"axis": 1}),
    "stack_neg": ("stack", [(3, 2), (3, 2)], {"axis": -1}),
}


def _cases(dtype: str) -> list[GradCase]:
    cases = [GradCase(Case(f"{tag}_{dtype}", op, {"X": [In(d, dtype) for d in dims]},
                           attrs=attrs), ("X",)) for tag, (op, dims, attrs) in _CASES.items()]
    return cases


GRAD_CASES = [case for dtype in FLOATS for case in _cases(dtype)]

#: the half dtypes Paddle 3.3.1's CPU grad kernels add: float16 for concat_grad, float16 and
#: bfloat16 for stack_grad
GRAD_CASES += [
    *(GradCase(Case(f"{tag}_float16", "concat", {"X": [In(d, "float16") for d in dims]},
                    attrs=attrs), ("X",))
      for tag, (_, dims, attrs) in _CASES.items() if tag in ("concat_axis0", "concat_neg")),
    *(GradCase(Case(f"{tag}_{dtype}", "stack", {"X": [In(d, dtype) for d in dims]},
                    attrs=attrs), ("X",))
      for dtype in ("float16", "bfloat16") for tag, (_, dims, attrs) in _CASES.items()
      if tag in ("stack_axis0", "stack_neg")),
]
