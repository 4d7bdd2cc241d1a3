"""Grads of the loss family: warpctc_grad (padded form: export_grads.py feeds no LoD;
norm_by_times, an infeasible sequence, blank 2); hierarchical_sigmoid_grad (default and
custom trees, with and without Bias); nce_grad (seeded uniform / log-uniform / custom
samplers, custom_neg_classes (kept by grad programs), two true classes with SampleWeight,
no Bias; float32 only: Paddle 3.3.1's
float64 nce_grad fails reading its float32-declared SampleLogits)."""

from .loss import _TREE, _ctc_padded, _hsigmoid, _nce
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

GRAD_CASES += [
    GradCase(_nce("grad_uniform", "float32", 5, 12, seed=7, num_neg_samples=4),
             ("Input", "Weight", "Bias"), of=("Cost",)),
    GradCase(_nce("grad_two_true_weighted", "float32", 3, 6, true=2, sample_weight=True,
                  seed=3, num_neg_samples=2), ("Input", "Weight", "Bias"), of=("Cost",)),
    GradCase(_nce("grad_log_uniform_no_bias", "float32", 4, 10, bias=False, sampler=1, seed=11,
                  num_neg_samples=3), ("Input", "Weight"), of=("Cost",)),
    GradCase(_nce("grad_custom_neg", "float32", 4, 8, custom_neg_classes=[1, 3, 6],
                  num_neg_samples=3), ("Input", "Weight", "Bias"), of=("Cost",)),
    GradCase(_nce("grad_dist", "float32", 4, 4, sampler=2, seed=5, num_neg_samples=3),
             ("Input", "Weight", "Bias"), of=("Cost",)),
]
