"""Grads of the loss family: warpctc_grad (padded form: export_grads.py feeds no LoD;
norm_by_times, an infeasible sequence, blank 2); hierarchical_sigmoid_grad (default and
custom trees, with and without Bias)."""

from .loss import _TREE, _ctc_padded, _hsigmoid
from .spec import FLOATS, GradCase

_CTC_LABELS = [[1, 2, 3], [4, 4, 0], [2, 0, 0]]

GRAD_CASES = [
    *(GradCase(_ctc_padded("grad_padded", dtype, [7, 5, 6], _CTC_LABELS, [3, 2, 1]),
               ("Logits",), of=("Loss",)) for dtype in FLOATS),
    GradCase(_ctc_padded("grad_norm_by_times", "float32", [7, 5, 6], _CTC_LABELS, [3, 2, 1],
                         norm_by_times=True), ("Logits",), of=("Loss",)),
    GradCase(_ctc_padded("grad_infeasible_blank2", "float64", [3, 4, 6], [[1, 1, 3],
                                                                          [3, 3, 3], [1, 3, 0]],
                         [3, 3, 2], blank=2, norm_by_times=True), ("Logits",), of=("Loss",)),
]

GRAD_CASES += [
    *(GradCase(_hsigmoid(f"grad_classes{c}", dtype, 5, 4, c), ("X", "W", "Bias"), of=("Out",))
      for dtype in FLOATS for c in (6, 8)),
    GradCase(_hsigmoid("grad_no_bias", "float32", 4, 3, 5, bias=False), ("X", "W"),
             of=("Out",)),
    *(GradCase(_hsigmoid("grad_custom", dtype, 5, 3, 6, tree=_TREE), ("X", "W", "Bias"),
               of=("Out",)) for dtype in FLOATS),
]
