"""Grads of the loss family.

Elementwise and reduced losses: sigmoid_cross_entropy_with_logits (ignore_index,
normalize, pos_weight), bce_loss (x near 0 and 1: the denominator is held at 1e-12),
nll_loss (2-D and 4-D, weight, ignore_index, reductions; the mean divided by the total
weight), huber_loss (both inputs, residuals at delta), kldiv_loss (reductions, log_target,
targets <= 0), log_loss and hinge_loss (float32 only, as Paddle registers them); float32
and float64 where Paddle has both.

Alignment, tree and sampled losses: warpctc_grad (padded form: export_grads.py feeds no
LoD to it; norm_by_times, an infeasible sequence, blank 2); hierarchical_sigmoid_grad
(default and custom trees, with and without Bias); nce_grad (seeded uniform / log-uniform
/ custom samplers, custom_neg_classes (kept by grad programs), two true classes with
SampleWeight, no Bias; float32 only: Paddle 3.3.1's float64 nce_grad fails reading its
float32-declared SampleLogits).

cvm (use_cvm or not, a LoD X with one CVM row per sequence) and identity_loss (sum, mean,
none, 0-d and empty X): X@GRAD's first two cvm columns are the CVM input's values, as
Paddle's kernel writes them; Paddle makes no CVM@GRAD. float32 and float64."""

from .loss import _TREE, _ctc_padded, _hsigmoid, _nce, _rnnt
from .spec import FLOATS, INF, NAN, Case, GradCase, In, LoDIn

_IGNORED = [[0.0, 1.0, -100.0, 0.5], [-100.0, 0.25, 1.0, -100.0], [0.0, 0.0, 1.0, 1.0]]
_EDGE_X = [NAN, INF, -INF, 0.0, -0.0, 80.0, -80.0, 1e-8]
_EDGE_LABEL = [0.5, 0.0, 1.0, 0.5, 0.5, 0.25, 0.75, 1.0]


def _sce(tag: str, dtype: str, shape: tuple[int, ...], attrs=None, label=None, x=None,
         pos_weight=None) -> GradCase:
    inputs = {"X": x or In(shape, dtype, -6.0, 6.0),
              "Label": label or In(shape, dtype, 0.0, 1.0)}
    if pos_weight is not None:
        inputs["pos_weight"] = pos_weight
    return GradCase(Case(f"sigmoid_cross_entropy_with_logits_{tag}_{dtype}",
                         "sigmoid_cross_entropy_with_logits", inputs, attrs=attrs or {}),
                    ("X",))


_SCE = [
    *(_sce(tag, dtype, shape) for dtype in FLOATS
      for tag, shape in (("4x6", (4, 6)), ("0d", ()), ("3d", (2, 3, 4)))),
    *(_sce("ignore_normalize", dtype, (3, 4), {"normalize": True},
           label=In((3, 4), dtype, values=_IGNORED)) for dtype in FLOATS),
    _sce("ignore_1", "float32", (2, 3), {"ignore_index": 1},
         label=In((2, 3), "float32", values=[[1.0, 0.0, 1.0], [1.5, 0.999, 0.0]])),
    _sce("normalize_all_ignored", "float32", (2, 2), {"normalize": True},
         label=In((2, 2), "float32", values=[[-100.0, -100.0], [-100.0, -100.0]])),
    *(_sce("pos_weight", dtype, (3, 4), pos_weight=In((3, 4), dtype, 0.5, 3.0))
      for dtype in FLOATS),
    _sce("pos_weight_ignore_normalize", "float64", (3, 4), {"normalize": True},
         label=In((3, 4), "float64", values=_IGNORED),
         pos_weight=In((3, 4), "float64", 0.5, 3.0)),
    *(_sce("edges", dtype, (8,), x=In((8,), dtype, values=_EDGE_X),
           label=In((8,), dtype, values=_EDGE_LABEL)) for dtype in FLOATS),
    _sce("pos_weight_edges", "float64", (8,), pos_weight=In((8,), "float64", 0.5, 3.0),
         x=In((8,), "float64", values=_EDGE_X), label=In((8,), "float64", values=_EDGE_LABEL)),
]


def _bce(tag: str, dtype: str, shape: tuple[int, ...], x=None, label=None) -> GradCase:
    return GradCase(Case(f"bce_loss_{tag}_{dtype}", "bce_loss",
                         {"X": x or In(shape, dtype, 0.01, 0.99),
                          "Label": label or In(shape, dtype, 0, 1)}), ("X",))


_BCE = [
    *(_bce(tag, dtype, shape) for dtype in FLOATS
      for tag, shape in (("4x6", (4, 6)), ("0d", ()), ("3d", (2, 3, 4)))),
    *(_bce("clipped", dtype, (8,),
           x=In((8,), dtype, values=[0.0, 1.0, 0.0, 1.0, 1e-30, 0.5, 1e-7, 0.9999999]),
           label=In((8,), dtype, values=[0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.5, 0.5]))
      for dtype in FLOATS),
]


def _nll(tag: str, dtype: str, x: tuple[int, ...], attrs=None, label=None,
         weight=None) -> GradCase:
    inputs = {"X": In(x, dtype, -3.0, 0.0),
              "Label": label or In((x[0], *x[2:]), "int64", 0, x[1])}
    if weight is not None:
        inputs["Weight"] = weight
    return GradCase(Case(f"nll_loss_{tag}_{dtype}", "nll_loss", inputs, attrs=attrs or {}),
                    ("X",), of=("Out",))


_NLL = [
    *(_nll(f"{tag}_{red}", dtype, x, {"reduction": red}) for dtype in FLOATS
      for tag, x in (("2d", (5, 4)), ("4d", (2, 3, 2, 3))) for red in ("none", "sum", "mean")),
    *(_nll(f"weight_{red}", "float32", (6, 4), {"reduction": red},
           weight=In((4,), "float32", 0.1, 2.0)) for red in ("none", "mean")),
    _nll("weight_4d_mean", "float64", (2, 3, 2, 2), weight=In((3,), "float64", 0.1, 2.0)),
    *(_nll(f"ignore_{red}", "float32", (6, 4), {"ignore_index": 2, "reduction": red},
           label=In((6,), "int64", values=[0, 2, 1, 2, 3, 2]),
           weight=In((4,), "float32", 0.5, 2.0)) for red in ("none", "mean")),
]


def _kldiv(tag: str, dtype: str, shape: tuple[int, ...], attrs=None, target=None) -> GradCase:
    log_target = (attrs or {}).get("log_target", False)
    tgt = target or (In(shape, dtype, -3.0, 0.0) if log_target else In(shape, dtype, -0.2, 1.0))
    return GradCase(Case(f"kldiv_loss_{tag}_{dtype}", "kldiv_loss",
                         {"X": In(shape, dtype, -3.0, 0.0), "Target": tgt}, attrs=attrs or {}),
                    ("X",))


_KLDIV = [
    *(_kldiv(red, dtype, (4, 5), {"reduction": red}) for dtype in FLOATS
      for red in ("none", "sum", "mean", "batchmean")),
    *(_kldiv(f"log_target_{red}", dtype, (3, 4), {"reduction": red, "log_target": True})
      for dtype in FLOATS for red in ("none", "batchmean")),
    _kldiv("3d_mean", "float32", (2, 3, 4)),
    _kldiv("0d_none", "float32", (), {"reduction": "none"}),
    _kldiv("target_edges_none", "float64", (8,), {"reduction": "none"},
           target=In((8,), "float64", values=[0.0, -0.0, -1.0, 1.0, NAN, INF, 1e-300, 0.5])),
]


def _huber(tag: str, dtype: str, shape: tuple[int, ...], delta: float, x=None,
           y=None) -> GradCase:
    return GradCase(Case(f"huber_loss_{tag}_{dtype}", "huber_loss",
                         {"X": x or In(shape, dtype), "Y": y or In(shape, dtype)},
                         attrs={"delta": delta}), ("X", "Y"), of=("Out",))


_HUBER = [
    *(_huber(tag, dtype, shape, 1.0) for dtype in FLOATS
      for tag, shape in (("4x1", (4, 1)), ("3x5", (3, 5)))),
    _huber("delta_0_5", "float32", (6, 3), 0.5),
    *(_huber("at_delta", dtype, (6,), 0.5, x=In((6,), dtype, values=[0.0] * 6),
             y=In((6,), dtype, values=[0.5, -0.5, 0.499, 0.501, -2.0, 0.0]))
      for dtype in FLOATS),
]

_HINGE = [
    GradCase(Case("hinge_loss_float32", "hinge_loss",
                  {"Logits": In((6, 1), "float32", -2.0, 2.0),
                   "Labels": In((6, 1), "float32",
                                values=[[0.0], [1.0], [1.0], [0.0], [1.0], [0.0]])}),
             ("Logits",)),
    GradCase(Case("hinge_loss_edges_float32", "hinge_loss",
                  {"Logits": In((6, 1), "float32", values=[[1.0], [-1.0], [0.0], [0.5], [2.0],
                                                           [-0.25]]),
                   "Labels": In((6, 1), "float32",
                                values=[[1.0], [0.0], [0.5], [1.0], [0.0], [0.0]])}),
             ("Logits",)),
]

_LOG_LOSS = [
    GradCase(Case("log_loss_float32", "log_loss",
                  {"Predicted": In((6, 1), "float32", 0.01, 0.99),
                   "Labels": In((6, 1), "float32", 0.0, 1.0)}, attrs={"epsilon": 1e-4}),
             ("Predicted",)),
    GradCase(Case("log_loss_edges_float32", "log_loss",
                  {"Predicted": In((5, 1), "float32", values=[[0.0], [1.0], [0.5], [1.0], [0.0]]),
                   "Labels": In((5, 1), "float32", values=[[1.0], [0.0], [0.5], [1.0], [0.0]])},
                  attrs={"epsilon": 1e-7}), ("Predicted",)),
]

GRAD_CASES = [*_SCE, *_BCE, *_NLL, *_KLDIV, *_HUBER, *_HINGE, *_LOG_LOSS]



_CTC_LABELS = [[1, 2, 3], [4, 4, 0], [2, 0, 0]]

GRAD_CASES += [
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

GRAD_CASES += [
    *(GradCase(_rnnt("grad_basic", dtype, [4, 3, 5], [[1, 2, 3], [4, 4, 0], [2, 0, 0]],
                     [3, 2, 1]), ("input",), of=("loss",)) for dtype in FLOATS),
    *(GradCase(_rnnt("grad_fastemit", dtype, [4, 3], [[1, 2], [3, 3]], [2, 1],
                     fastemit_lambda=0.5), ("input",), of=("loss",)) for dtype in FLOATS),
    GradCase(_rnnt("grad_blank_last", "float64", [3, 5], [[0, 1], [2, 3]], [2, 2], blank=4),
             ("input",), of=("loss",)),
    GradCase(_rnnt("grad_empty_label", "float32", [3, 2], [[1, 2], [0, 0]], [2, 0]),
             ("input",), of=("loss",)),
]


def _cvm(tag: str, dtype: str, x: In, cvm_rows: int, **attrs) -> GradCase:
    return GradCase(Case(f"cvm_grad_{tag}_{dtype}", "cvm",
                         {"X": x, "CVM": In((cvm_rows, 2), dtype, 0.0, 20.0)}, attrs=attrs),
                    ("X",))


GRAD_CASES += [
    *(_cvm("use_cvm", dtype, In((4, 6), dtype, 0.0, 20.0), 4) for dtype in FLOATS),
    *(_cvm("no_cvm", dtype, In((4, 6), dtype, 0.0, 20.0), 4, use_cvm=False)
      for dtype in FLOATS),
    _cvm("width2", "float32", In((3, 2), "float32", 0.0, 20.0), 3),
    _cvm("lod", "float64", LoDIn((5, 4), "float64", 0.0, 20.0, lod=((0, 2, 5),)), 2),
    _cvm("lod_no_cvm", "float32", LoDIn((5, 4), "float32", 0.0, 20.0, lod=((0, 1, 1, 5),)),
         3, use_cvm=False),
    *(GradCase(Case(f"identity_loss_grad_{name}_{dtype}", "identity_loss",
                    {"X": In(shape, dtype)}, attrs={"reduction": reduction}), ("X",))
      for dtype in FLOATS for name, shape, reduction in (
          ("sum", (3, 4), 0), ("mean", (3, 4), 1), ("none", (3, 4), 2), ("mean_0d", (), 1),
          ("sum_3d", (2, 3, 2), 0))),
    GradCase(Case("identity_loss_grad_empty_sum_float32", "identity_loss",
                  {"X": In((0, 3), "float32")}, attrs={"reduction": 0}), ("X",)),
]
