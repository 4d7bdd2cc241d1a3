"""Elementwise and reduced losses: sigmoid_cross_entropy_with_logits (ignore_index,
normalize, pos_weight), bce_loss, nll_loss (weight, ignore_index, reduction), kldiv_loss
(reduction, log_target), huber_loss, hinge_loss, log_loss.

sigmoid_cross_entropy_with_logits: per element max(x, 0) - x * label + log(1 + exp(-|x|))
(the log term times pos_weight when given); a label whose int truncation is ignore_index
gives 0; normalize divides by the number of labels not within 1e-6 of ignore_index (an
integer count: none left gives 0 / 0).

bce_loss: -(label * log(x) + (1 - label) * log(1 - x)) with each log clipped at -100; an X
outside [0, 1] (NaN too) raises.

nll_loss: X [N, C] with Label [N], or [N, C, H, W] with [N, H, W] (int64 class ids);
optional per-class Weight; ignore_index gives 0; reduction none / sum / mean (the sum
divided by the total weight, unless that is 0); Total_weight is the weight sum.

kldiv_loss: target * (log(target) - x) (0 where target <= 0), or exp(target) * (target - x)
with log_target; reduction none / sum / mean / batchmean (sum over dims[0]).

huber_loss: r = Y - X (Residual), 0.5 r^2 where |r| <= delta, else delta (|r| - delta / 2).
hinge_loss: max(0, 1 - Logits * (2 Labels - 1)); log_loss: -Labels log(Predicted + epsilon)
- (1 - Labels) log(1 - Predicted + epsilon); both on [N, 1], float32 only.
cvm: use_cvm: X's columns 0 and 1 become log(x0 + 1) and log(x1 + 1) - log(x0 + 1); else
they are dropped (CVM is read by the gradient only). An empty X kills Paddle's process
(SIGFPE): no empty case. identity_loss: sum (0), mean (1) or none (2).
"""

from .spec import FLOATS, INF, NAN, Case, In, LoDIn


def _sce(tag: str, dtype: str, shape: tuple[int, ...], attrs=None, label=None, x=None,
         pos_weight=None) -> Case:
    inputs = {"X": x or In(shape, dtype, -6.0, 6.0),
              "Label": label or In(shape, dtype, 0.0, 1.0)}
    if pos_weight is not None:
        inputs["pos_weight"] = pos_weight
    return Case(f"sigmoid_cross_entropy_with_logits_{tag}_{dtype}",
                "sigmoid_cross_entropy_with_logits", inputs, attrs=attrs or {})


_IGNORED = [[0.0, 1.0, -100.0, 0.5], [-100.0, 0.25, 1.0, -100.0], [0.0, 0.0, 1.0, 1.0]]

_SCE = [
    *(_sce(tag, dtype, shape) for dtype in FLOATS
      for tag, shape in (("4x6", (4, 6)), ("0d", ()), ("empty", (0, 3)), ("3d", (2, 3, 4)))),
    *(_sce("ignore_default", dtype, (3, 4), label=In((3, 4), dtype, values=_IGNORED))
      for dtype in FLOATS),
    *(_sce("normalize", dtype, (3, 4), {"normalize": True},
           label=In((3, 4), dtype, values=_IGNORED)) for dtype in FLOATS),
    _sce("ignore_1_normalize", "float32", (2, 3), {"ignore_index": 1, "normalize": True},
         label=In((2, 3), "float32", values=[[1.0, 0.0, 1.0], [1.5, 0.999, 0.0]])),
    _sce("ignore_truncates", "float64", (1, 4), {"ignore_index": -1},
         label=In((1, 4), "float64", values=[[-1.0, -1.7, -0.5, 0.3]])),
    _sce("normalize_all_ignored", "float32", (2, 2), {"normalize": True},
         label=In((2, 2), "float32", values=[[-100.0, -100.0], [-100.0, -100.0]])),
    _sce("normalize_no_label_ignored", "float64", (2, 3), {"normalize": True}),
    *(_sce("pos_weight", dtype, (3, 4), pos_weight=In((3, 4), dtype, 0.5, 3.0))
      for dtype in FLOATS),
    _sce("pos_weight_ignore_normalize", "float32", (3, 4), {"normalize": True},
         label=In((3, 4), "float32", values=_IGNORED),
         pos_weight=In((3, 4), "float32", 0.5, 3.0)),
    *(_sce("edges", dtype, (8,),
           x=In((8,), dtype, values=[NAN, INF, -INF, 0.0, -0.0, 80.0, -80.0, 1e-8]),
           label=In((8,), dtype, values=[0.5, 0.0, 1.0, 0.5, 0.5, 0.25, 0.75, 1.0]))
      for dtype in FLOATS),
    _sce("pos_weight_edges", "float64", (8,), pos_weight=In((8,), "float64", 0.5, 3.0),
         x=In((8,), "float64", values=[NAN, INF, -INF, 0.0, -0.0, 80.0, -80.0, -1e-8]),
         label=In((8,), "float64", values=[0.5, 0.0, 1.0, 0.5, 0.5, 0.25, 0.75, 1.0])),
]


def _bce(tag: str, dtype: str, shape: tuple[int, ...], x=None, label=None,
         raises=None) -> Case:
    return Case(f"bce_loss_{tag}_{dtype}", "bce_loss",
                {"X": x or In(shape, dtype, 0.01, 0.99), "Label": label or In(shape, dtype, 0, 1)},
                raises=raises)


_BCE_X = [0.0, 1.0, 0.0, 1.0, 1e-45, 0.5, 1e-30, 0.9999999]
_BCE_LABEL = [0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.5, 0.5]

_BCE = [
    *(_bce(tag, dtype, shape) for dtype in FLOATS
      for tag, shape in (("4x6", (4, 6)), ("0d", ()), ("empty", (0, 3)), ("3d", (2, 3, 4)))),
    *(_bce("clipped_logs", dtype, (8,), x=In((8,), dtype, values=_BCE_X),
           label=In((8,), dtype, values=_BCE_LABEL)) for dtype in FLOATS),
    _bce("hard_labels", "float32", (3, 5), label=In((3, 5), "float32", values=[
        [0.0, 1.0, 1.0, 0.0, 1.0], [1.0, 1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 1.0, 0.0]])),
    _bce("label_nan", "float64", (3,), x=In((3,), "float64", values=[0.25, 0.5, 0.75]),
         label=In((3,), "float64", values=[NAN, 0.5, INF])),
    _bce("x_above_one", "float32", (3,), x=In((3,), "float32", values=[0.5, 1.5, 0.2]),
         raises="less than or equal to 1|\\[0, 1\\]"),
    _bce("x_negative", "float64", (3,), x=In((3,), "float64", values=[0.5, -0.1, 0.2]),
         raises="greater than +or equal to 0|\\[0, 1\\]"),
    _bce("x_nan", "float32", (2,), x=In((2,), "float32", values=[0.5, NAN]),
         raises="greater than +or equal to 0|\\[0, 1\\]"),
]


def _nll(tag: str, dtype: str, x: tuple[int, ...], attrs=None, label=None, weight=None,
         raises=None) -> Case:
    classes = x[1]
    lab = label or In((x[0], *x[2:]), "int64", 0, classes)
    inputs = {"X": In(x, dtype, -3.0, 0.0), "Label": lab}
    if weight is not None:
        inputs["Weight"] = weight
    return Case(f"nll_loss_{tag}_{dtype}", "nll_loss", inputs, attrs=attrs or {},
                raises=raises)


_NLL_IGNORED = In((6,), "int64", values=[0, 2, 1, 2, 3, 2])

_NLL = [
    *(_nll(f"{tag}_{red}", dtype, x, {"reduction": red}) for dtype in FLOATS
      for tag, x in (("2d", (5, 4)), ("4d", (2, 3, 2, 3))) for red in ("none", "sum", "mean")),
    *(_nll(f"weight_{red}", "float32", (6, 4), {"reduction": red},
           weight=In((4,), "float32", 0.1, 2.0)) for red in ("none", "sum", "mean")),
    _nll("weight_4d_mean", "float64", (2, 3, 2, 2), weight=In((3,), "float64", 0.1, 2.0)),
    *(_nll(f"ignore_{red}", "float32", (6, 4), {"ignore_index": 2, "reduction": red},
           label=_NLL_IGNORED, weight=In((4,), "float32", 0.5, 2.0))
      for red in ("none", "mean")),
    _nll("all_ignored_mean", "float64", (3, 4), {"ignore_index": 1},
         label=In((3,), "int64", values=[1, 1, 1])),
    _nll("zero_weight_mean", "float32", (3, 4), weight=In((4,), "float32",
                                                          values=[0.0, 0.0, 1.0, 1.0]),
         label=In((3,), "int64", values=[0, 1, 0])),
    _nll("label_out_of_range", "float32", (3, 4), label=In((3,), "int64", values=[0, 4, 1]),
         raises="out of range|out of bounds"),
    _nll("label_negative_none", "float64", (3, 4), {"reduction": "none"},
         label=In((3,), "int64", values=[0, -1, 1]), raises="out of range|out of bounds"),
]


def _kldiv(tag: str, dtype: str, shape: tuple[int, ...], attrs=None, target=None) -> Case:
    log_target = (attrs or {}).get("log_target", False)
    tgt = target or (In(shape, dtype, -3.0, 0.0) if log_target else In(shape, dtype, 0.0, 1.0))
    return Case(f"kldiv_loss_{tag}_{dtype}", "kldiv_loss",
                {"X": In(shape, dtype, -3.0, 0.0), "Target": tgt}, attrs=attrs or {})


_REDUCTIONS = ("none", "sum", "mean", "batchmean")

_KLDIV = [
    *(_kldiv(red, dtype, (4, 5), {"reduction": red}) for dtype in FLOATS
      for red in _REDUCTIONS),
    *(_kldiv(f"log_target_{red}", dtype, (3, 4), {"reduction": red, "log_target": True})
      for dtype in FLOATS for red in ("none", "batchmean")),
    _kldiv("3d_mean", "float32", (2, 3, 4)),
    _kldiv("0d_none", "float32", (), {"reduction": "none"}),
    _kldiv("0d_sum", "float64", (), {"reduction": "sum"}),
    _kldiv("0d_batchmean", "float32", (), {"reduction": "batchmean"}),
    _kldiv("empty_mean", "float32", (0, 3), {"reduction": "mean"}),
    _kldiv("empty_none", "float32", (0, 3), {"reduction": "none"}),
    _kldiv("empty_batchmean", "float64", (0, 3), {"reduction": "batchmean"}),
    _kldiv("target_edges_none", "float64", (8,), {"reduction": "none"},
           target=In((8,), "float64", values=[0.0, -0.0, -1.0, 1.0, NAN, INF, 1e-300, 0.5])),
]


def _huber(tag: str, dtype: str, shape: tuple[int, ...], delta: float, x=None, y=None) -> Case:
    return Case(f"huber_loss_{tag}_{dtype}", "huber_loss",
                {"X": x or In(shape, dtype), "Y": y or In(shape, dtype)}, attrs={"delta": delta},
                fetch=("Out", "Residual"))


_HUBER = [
    *(_huber(tag, dtype, shape, 1.0) for dtype in FLOATS
      for tag, shape in (("4x1", (4, 1)), ("3x5", (3, 5)), ("0d", ()), ("empty", (0, 1)))),
    _huber("delta_0_5", "float32", (6, 3), 0.5),
    _huber("delta_0", "float64", (4, 3), 0.0),
    *(_huber("at_delta", dtype, (6,), 2.0, x=In((6,), dtype, values=[0.0] * 6),
             y=In((6,), dtype, values=[2.0, -2.0, 1.999, 2.001, NAN, INF])) for dtype in FLOATS),
]

_HINGE = [
    Case("hinge_loss_float32", "hinge_loss",
         {"Logits": In((6, 1), "float32", -2.0, 2.0), "Labels": In((6, 1), "float32",
                                                                   values=[[0.0], [1.0], [1.0],
                                                                           [0.0], [1.0], [0.0]])}),
    Case("hinge_loss_edges_float32", "hinge_loss",
         {"Logits": In((6, 1), "float32", values=[[1.0], [-1.0], [0.0], [NAN], [INF], [-INF]]),
          "Labels": In((6, 1), "float32", values=[[1.0], [0.0], [0.5], [1.0], [0.0], [0.0]])}),
    Case("hinge_loss_empty_float32", "hinge_loss",
         {"Logits": In((0, 1), "float32"), "Labels": In((0, 1), "float32")}),
]

_LOG_LOSS = [
    Case("log_loss_float32", "log_loss", {"Predicted": In((6, 1), "float32", 0.01, 0.99),
                                          "Labels": In((6, 1), "float32", 0.0, 1.0)},
         attrs={"epsilon": 1e-4}),
    Case("log_loss_edges_float32", "log_loss",
         {"Predicted": In((5, 1), "float32", values=[[0.0], [1.0], [0.5], [1.0], [0.0]]),
          "Labels": In((5, 1), "float32", values=[[1.0], [0.0], [0.5], [1.0], [0.0]])},
         attrs={"epsilon": 1e-7}),
    Case("log_loss_zero_epsilon_float32", "log_loss",
         {"Predicted": In((3, 1), "float32", values=[[0.0], [0.25], [1.0]]),
          "Labels": In((3, 1), "float32", values=[[1.0], [0.5], [0.0]])},
         attrs={"epsilon": 0.0}),
]


def _cvm(tag: str, dtype: str, rows: int, width: int, x: In | None = None, **attrs) -> Case:
    return Case(f"cvm_{tag}_{dtype}", "cvm",
                {"X": x or In((rows, width), dtype, 0.0, 20.0),
                 "CVM": In((rows, 2), dtype, 0.0, 20.0)}, attrs=attrs)


_CVM = [
    *(_cvm("use_cvm", dtype, 4, 6) for dtype in FLOATS),
    *(_cvm("no_cvm", dtype, 4, 6, use_cvm=False) for dtype in FLOATS),
    _cvm("width2", "float32", 3, 2),
    _cvm("width2_no_cvm", "float32", 3, 2, use_cvm=False),
    _cvm("edges", "float32", 4, 3, x=In((4, 3), "float32", values=[
        [-1.0, 0.0, NAN], [-2.0, -1.0, INF], [INF, INF, -0.0], [0.0, NAN, 1.0]])),
]

_IDENTITY = [
    *(Case(f"identity_loss_{name}_{dtype}", "identity_loss", {"X": In(shape, dtype)},
           attrs={"reduction": reduction})
      for dtype in FLOATS for name, shape, reduction in (
          ("sum", (3, 4), 0), ("mean", (3, 4), 1), ("none", (3, 4), 2), ("mean_0d", (), 1),
          ("sum_3d", (2, 3, 2), 0))),
    Case("identity_loss_empty_sum_float32", "identity_loss", {"X": In((0, 3), "float32")},
         attrs={"reduction": 0}),
    Case("identity_loss_empty_mean_float64", "identity_loss", {"X": In((0, 3), "float64")},
         attrs={"reduction": 1}),
    Case("identity_loss_edges_mean_float32", "identity_loss",
         {"X": In((4,), "float32", values=[1.0, INF, -2.0, 0.5])}, attrs={"reduction": 1}),
    Case("identity_loss_edges_none_float32", "identity_loss",
         {"X": In((3,), "float32", values=[NAN, -0.0, INF])}, attrs={"reduction": 2}),
]



def _hsigmoid(tag: str, dtype: str, n: int, d: int, classes: int, bias: bool = True,
              label=None, x=None, tree=None, **attrs) -> Case:
    """hierarchical_sigmoid on the default tree of `classes` leaves, or on a custom one
    (`tree`: (PathTable, PathCode) rows per sample, -1 ends a path; W has a row per node)."""
    nodes = classes - 1 if tree is None else 1 + max(max(row) for row in tree[0])
    inputs = {"X": x or In((n, d), dtype, -2.0, 2.0),
              "W": In((nodes, d), dtype, -1.0, 1.0),
              "Label": label or In((n, 1), "int64", 0, classes)}
    if tree is not None:
        inputs["PathTable"] = In((n, len(tree[0][0])), "int64", values=tree[0])
        inputs["PathCode"] = In((n, len(tree[0][0])), "int64", values=tree[1])
    if bias:
        inputs["Bias"] = In((nodes, 1), dtype, -1.0, 1.0)
    return Case(f"hierarchical_sigmoid_{tag}_{dtype}", "hierarchical_sigmoid", inputs,
                attrs={"num_classes": classes, **attrs}, fetch=("Out", "PreOut"))


_TREE = ([[0, 1, 3, -1], [0, 2, -1, -1], [0, 1, 4, 5], [0, 2, -1, -1], [0, -1, -1, -1]],
         [[1, 0, 1, 0], [0, 1, 1, 1], [1, 1, 0, 1], [0, 0, 0, 0], [1, 1, 1, 1]])

_HSIGMOID = [
    *(_hsigmoid(f"classes{c}", dtype, 5, 4, c) for dtype in FLOATS for c in (6, 8)),
    _hsigmoid("no_bias", "float32", 4, 3, 5, bias=False),
    _hsigmoid("classes2", "float64", 3, 4, 2),
    _hsigmoid("classes9_sparse", "float32", 6, 2, 9, is_sparse=True),
    _hsigmoid("label_1d", "float32", 4, 3, 7, label=In((4,), "int64", 0, 7)),
    _hsigmoid("empty", "float32", 0, 3, 4),
    _hsigmoid("clipped", "float64", 3, 4, 4, label=In((3, 1), "int64", values=[[0], [3], [2]]),
              x=In((3, 4), "float64", values=[[30.0, 30.0, -30.0, 25.0],
                                              [-50.0, 40.0, 60.0, -20.0],
                                              [INF, 0.5, 0.25, 0.0]])),
    *(_hsigmoid("custom", dtype, 5, 3, 6, tree=_TREE) for dtype in FLOATS),
    _hsigmoid("custom_no_bias", "float32", 5, 4, 6, bias=False, tree=_TREE),
]



def _ctc_padded(tag: str, dtype: str, lengths: list[int], labels: list[list[int]],
                label_lengths: list[int], classes: int = 5, logits=None,
                **attrs) -> Case:
    """warpctc, padded form: Logits [T, B, classes], Label [B, Lmax] int32, int64 lengths."""
    shape = (max(lengths), len(lengths), classes)
    return Case(f"warpctc_{tag}_{dtype}", "warpctc", {
        "Logits": logits or In(shape, dtype, -3.0, 3.0),
        "Label": In((len(labels), len(labels[0])), "int32", values=labels),
        "LogitsLength": In((len(lengths),), "int64", values=lengths),
        "LabelLength": In((len(lengths),), "int64", values=label_lengths)},
        attrs=attrs, fetch=("Loss", "WarpCTCGrad"))


def _ctc_lod(tag: str, dtype: str, lod: tuple[int, ...], labels: list[int],
             label_lod: tuple[int, ...], classes: int = 4, **attrs) -> Case:
    """warpctc, LoD form: Logits [T_total, classes] and Label [L_total, 1] int32 with LoDs."""
    return Case(f"warpctc_{tag}_{dtype}", "warpctc", {
        "Logits": LoDIn((lod[-1], classes), dtype, -3.0, 3.0, lod=(lod,)),
        "Label": LoDIn((len(labels), 1), "int32", values=[[v] for v in labels],
                       lod=(label_lod,))}, attrs=attrs, fetch=("Loss", "WarpCTCGrad"))


_CTC_LABELS = [[1, 2, 3], [4, 4, 0], [2, 0, 0]]

_WARPCTC = [
    *(_ctc_padded("padded", dtype, [7, 5, 6], _CTC_LABELS, [3, 2, 1]) for dtype in FLOATS),
    _ctc_padded("norm_by_times", "float32", [7, 5, 6], _CTC_LABELS, [3, 2, 1],
                norm_by_times=True),
    _ctc_padded("blank_last", "float64", [6, 6], [[0, 1, 1], [3, 2, 0]], [3, 2], blank=4),
    _ctc_padded("blank2", "float32", [5, 4, 8], [[1, 3], [4, 1], [3, 3]], [2, 2, 2], blank=2),
    _ctc_padded("empty_label", "float64", [4, 3], [[1, 2], [0, 0]], [2, 0]),
    _ctc_padded("infeasible", "float32", [3, 4, 2], [[1, 1, 2], [3, 3, 3], [1, 2, 0]],
                [3, 3, 2]),
    _ctc_padded("tight_repeats", "float64", [3, 5], [[2, 2, 0], [1, 1, 1]], [2, 3]),
    _ctc_padded("batch1", "float32", [9], [[1, 2, 1, 2]], [4], classes=3),
    _ctc_padded("extreme", "float64", [4, 4], [[1, 2], [3, 0]], [2, 1], classes=4,
                logits=In((4, 2, 4), "float64", values=[
                    [[50.0, -50.0, 0.0, 1.0], [-INF, 0.0, 1.0, 2.0]],
                    [[0.0, 80.0, -80.0, 0.0], [1.0, 2.0, 3.0, 4.0]],
                    [[-30.0, 0.0, 30.0, 1.0], [0.0, 0.0, -INF, 0.0]],
                    [[1.0, 1.0, 1.0, 1.0], [2.0, 1.0, 0.0, 5.0]]])),
    *(_ctc_lod("lod", dtype, (0, 4, 9, 12), [1, 2, 3, 3, 1, 2], (0, 2, 4, 6))
      for dtype in FLOATS),
    _ctc_lod("lod_blank3", "float32", (0, 6, 8), [0, 1, 2, 1], (0, 3, 4), blank=3),
]



def _rnnt(tag: str, dtype: str, lengths: list[int], labels: list[list[int]],
          label_lengths: list[int], classes: int = 5, acts=None, **attrs) -> Case:
    """warprnnt: input [B, T, U + 1, V] log-probabilities (warprnnt takes them as given),
    label [B, U] int32, int32 lengths."""
    shape = (len(lengths), max(lengths), len(labels[0]) + 1, classes)
    return Case(f"warprnnt_{tag}_{dtype}", "warprnnt", {
        "input": acts or In(shape, dtype, -4.0, 0.0),
        "label": In((len(labels), len(labels[0])), "int32", values=labels),
        "input_lengths": In((len(lengths),), "int32", values=lengths),
        "label_lengths": In((len(lengths),), "int32", values=label_lengths)},
        attrs=attrs, fetch=("loss", "warprnntgrad"))


_WARPRNNT = [
    *(_rnnt("basic", dtype, [4, 3, 5], [[1, 2, 3], [4, 4, 0], [2, 0, 0]], [3, 2, 1])
      for dtype in FLOATS),
    *(_rnnt("fastemit", dtype, [4, 3], [[1, 2], [3, 3]], [2, 1], fastemit_lambda=0.5)
      for dtype in FLOATS),
    _rnnt("blank_last", "float64", [3, 5], [[0, 1], [2, 3]], [2, 2], blank=4),
    _rnnt("empty_label", "float32", [3, 2], [[1, 2], [0, 0]], [2, 0]),
    _rnnt("batch1_t1", "float64", [1], [[3, 1, 2]], [3]),
    _rnnt("wide_range", "float32", [4, 4], [[1, 2], [3, 1]], [2, 2],
          acts=In((2, 4, 3, 5), "float32", -40.0, 5.0)),
]



#: A valid alias table of the distribution [0.1, 0.2, 0.3, 0.4] (Walker's method).
_NCE_DIST = {"CustomDistProbs": In((4,), "float32", values=[0.1, 0.2, 0.3, 0.4]),
             "CustomDistAlias": In((4,), "int32", values=[3, 2, -1, -1]),
             "CustomDistAliasProbs": In((4,), "float32", values=[0.4, 0.8, 1.0, 1.0])}


def _nce(tag: str, dtype: str, rows: int, classes: int, true: int = 1, bias: bool = True,
         sample_weight: bool = False, label=None, raises=None, **attrs) -> Case:
    """nce: Input [rows, 5], Label [rows, true] int64, Weight [classes, 5] (Bias
    [classes, 1]); sampler 2 feeds the alias table of _NCE_DIST (classes 4). A non-zero
    seed makes Paddle's negatives reproducible (saved programs drop the extra attribute
    custom_neg_classes and the extra outputs SampleLogits / SampleLabels: Cost only)."""
    inputs = {"Input": In((rows, 5), dtype, -1.0, 1.0),
              "Label": label or In((rows, true), "int64", 0, classes),
              "Weight": In((classes, 5), dtype, -1.0, 1.0)}
    if bias:
        inputs["Bias"] = In((classes, 1), dtype, -0.5, 0.5)
    if sample_weight:
        inputs["SampleWeight"] = In((rows, 1), dtype, 0.5, 2.0)
    if attrs.get("sampler") == 2:
        inputs.update(_NCE_DIST)
    return Case(f"nce_{tag}_{dtype}", "nce", inputs, attrs={"num_total_classes": classes,
                                                             **attrs},
                fetch=None if raises else ("Cost",), raises=raises)


_NCE = [
    *(_nce("uniform_seeded", dtype, 5, 12, seed=7, num_neg_samples=4) for dtype in FLOATS),
    _nce("two_true_weighted", "float32", 3, 6, true=2, sample_weight=True, seed=3,
         num_neg_samples=2),
    _nce("no_bias", "float64", 3, 5, bias=False, seed=21, num_neg_samples=4),
    *(_nce("log_uniform_seeded", dtype, 6, 20, sampler=1, seed=11, num_neg_samples=5)
      for dtype in FLOATS),
    _nce("dist_seeded", "float32", 5, 4, sampler=2, seed=5, num_neg_samples=3),
    _nce("dist_weighted", "float64", 4, 4, sampler=2, seed=9, sample_weight=True,
         num_neg_samples=6),
    _nce("default_neg_seeded", "float64", 2, 30, seed=123),
    _nce("negative_seed", "float32", 3, 9, seed=-5, num_neg_samples=2),
    _nce("is_test", "float32", 4, 8, is_test=True, seed=17, num_neg_samples=3),
    _nce("empty", "float32", 0, 8, seed=2, num_neg_samples=3),
    _nce("negative_label", "float32", 3, 6, label=In((3, 1), "int64", values=[[1], [-2], [0]]),
         seed=4, num_neg_samples=1, raises="non-negative"),
    _nce("bad_sampler", "float32", 3, 6, sampler=3, seed=1, num_neg_samples=2,
         raises="Unsupported SamplerType"),
]

CASES = [*_SCE, *_BCE, *_NLL, *_KLDIV, *_HUBER, *_HINGE, *_LOG_LOSS, *_CVM, *_IDENTITY,
         *_HSIGMOID, *_WARPCTC, *_WARPRNNT, *_NCE]
