"""cross_entropy (v1: hard and soft labels), cross_entropy2 and softmax_with_cross_entropy:
probabilities at labels (2-D and 3-D), ignore_index, a zero probability (Paddle clips the
infinite loss to 1e20), float32 and float64; labels out of range raise. XShape carries no
data (not compared). softmax and log_softmax at logit spreads beyond 64."""

from .spec import Case, In

_P = {"low": 0.05, "high": 1.0}


def _case(tag: str, x: tuple[int, ...], dtype: str, attrs=None, label=None, x_values=None,
          raises=None, op: str = "cross_entropy2") -> Case:
    classes = x[-1]
    soft = bool((attrs or {}).get("soft_label"))
    lab = label or (In(x, dtype, 0.0, 1.0) if soft
                    else In((*x[:-1], 1), "int64", low=0, high=classes))
    xin = In(x, dtype, values=x_values) if x_values else In(x, dtype, **_P)
    fetch = ("Y", "MatchX") if op == "cross_entropy2" else None
    return Case(f"{op}_{tag}_{dtype}", op, {"X": xin, "Label": lab}, attrs=attrs or {},
                fetch=None if raises else fetch, raises=raises)


_ZERO = {"x_values": [[0.5, 0.0, 0.5], [0.2, 0.3, 0.5]],
         "label": In((2, 1), "int64", values=[[1], [2]])}
_BAD = {"label": In((2, 1), "int64", values=[[0], [3]]), "raises": "out of range|label|Label"}
_IGNORED = In((6, 1), "int64", values=[[0], [1], [2], [1], [0], [2]])

CASES = [
    *(_case(tag, x, dtype, op=op) for op in ("cross_entropy2", "cross_entropy")
      for tag, x in (("2d", (5, 4)), ("3d", (2, 3, 5))) for dtype in ("float32", "float64")),
    *(_case("ignore", (6, 3), "float32", {"ignore_index": 1}, _IGNORED, op=op)
      for op in ("cross_entropy2", "cross_entropy")),
    *(_case("zero_prob", (2, 3), "float32", op=op, **_ZERO)
      for op in ("cross_entropy2", "cross_entropy")),
    *(_case("bad_label", (2, 3), "float32", op=op, **_BAD)
      for op in ("cross_entropy2", "cross_entropy")),
    *(_case(f"soft_{tag}", x, dtype, {"soft_label": True}, op="cross_entropy")
      for tag, x in (("2d", (5, 4)), ("3d", (2, 3, 5))) for dtype in ("float32", "float64")),
    _case("soft_zero_prob", (2, 3), "float32", {"soft_label": True}, op="cross_entropy",
          x_values=[[0.5, 0.0, 0.5], [0.2, 0.3, 0.5]],
          label=In((2, 3), "float32", values=[[0.5, 0.0, 0.5], [0.0, 0.5, 0.5]])),
]


def _swce(tag: str, logits: In, label: In, attrs: dict) -> Case:
    return Case(f"softmax_with_cross_entropy_{tag}", "softmax_with_cross_entropy",
                {"Logits": logits, "Label": label}, attrs=attrs)


_PROBS = [[0.5, 0.0, 0.5], [0.2, 0.3, 0.5]]
_HARD = In((5, 1), "int64", low=0, high=4)

# softmax_with_cross_entropy over its options: soft labels, ignore_index, axis and
# use_softmax=False (Logits are then probabilities; a zero one at the label).
CASES += [
    _swce(f"hard_{dtype}", In((5, 4), dtype), _HARD, {}) for dtype in ("float32", "float64")
] + [
    _swce("soft_float32", In((5, 4), "float32"), In((5, 4), "float32", 0.0, 1.0),
          {"soft_label": True}),
    _swce("ignore_float32", In((5, 4), "float32"), In((5, 1), "int64", values=[[0], [2], [1],
                                                                                [2], [3]]),
          {"ignore_index": 2}),
    _swce("axis1_float32", In((3, 4, 2), "float32"), In((3, 1, 2), "int64", low=0, high=4),
          {"axis": 1}),
    _swce("nosoftmax_float32", In((5, 4), "float32", **_P), _HARD, {"use_softmax": False}),
    _swce("nosoftmax_soft_float32", In((5, 4), "float32", **_P),
          In((5, 4), "float32", 0.0, 1.0), {"use_softmax": False, "soft_label": True}),
    _swce("nosoftmax_axis0_float64", In((4, 3), "float64", **_P),
          In((1, 3), "int64", low=0, high=4), {"use_softmax": False, "axis": 0}),
    _swce("nosoftmax_zero_prob_float32", In((2, 3), "float32", values=_PROBS),
          In((2, 1), "int64", values=[[1], [2]]), {"use_softmax": False}),
    _swce("nosoftmax_soft_zero_prob_float32", In((2, 3), "float32", values=_PROBS),
          In((2, 3), "float32", values=[[0.5, 0.0, 0.5], [0.0, 0.5, 0.5]]),
          {"use_softmax": False, "soft_label": True}),
]

# Logits far apart: Paddle clips the shifted logits at -64 (losses 64.69 and 64, not 200).
_FAR = [[0.0, -200.0, 0.0], [100.0, -100.0, 0.0]]
CASES += [
    _swce(f"extreme_{dtype}", In((2, 3), dtype, values=_FAR),
          In((2, 1), "int64", values=[[1], [1]]), {}) for dtype in ("float32", "float64")
] + [
    _swce("extreme_soft_float32", In((2, 3), "float32", values=_FAR),
          In((2, 3), "float32", values=[[0.5, 0.5, 0.0], [0.0, 0.5, 0.5]]),
          {"soft_label": True}),
]

# Paddle's softmax and log_softmax share the clip of x - max at -64 (a -inf logit gives
# e^-64 / C, not 0).
_SPREAD = [[0.0, -200.0, 0.0, 5.0], [100.0, -100.0, 0.0, float("-inf")]]
CASES += [
    Case(f"{op}_extreme_{dtype}", op, {"X": In((2, 4), dtype, values=_SPREAD)},
         attrs={"axis": -1})
    for op in ("softmax", "log_softmax") for dtype in ("float32", "float64")
]

# Hard labels without the class axis (Paddle's InferShape accepts Label of X's dims minus the
# last one; Y then has Label's dims, MatchX still X's with 1 class). cross_entropy (v1) needs
# X of rank >= 2 at run time; softmax_with_cross_entropy refuses such labels when it runs.
_NO_CLASS_AXIS = {"2d": ((5, 4), (5,)), "3d": ((2, 3, 5), (2, 3)), "empty": ((0, 4), (0,))}
CASES += [
    _case(f"label_no_class_axis_{tag}", x, dtype, op=op,
          label=In(lab, "int64", low=0, high=x[-1]))
    for op in ("cross_entropy2", "cross_entropy") for tag, (x, lab) in _NO_CLASS_AXIS.items()
    for dtype in ("float32", "float64")
] + [
    *(_case("label_no_class_axis_ignore", (6, 3), "float32", {"ignore_index": 1},
            In((6,), "int64", values=[0, 1, 2, 1, 0, 2]), op=op)
      for op in ("cross_entropy2", "cross_entropy")),
    *(_case("label_no_class_axis_zero_prob", (2, 3), "float32", op=op,
            x_values=[[0.5, 0.0, 0.5], [0.2, 0.3, 0.5]], label=In((2,), "int64", values=[1, 2]))
      for op in ("cross_entropy2", "cross_entropy")),
    _case("label_0d", (4,), "float32", label=In((), "int64", values=2)),
    _case("label_0d", (4,), "float32", label=In((), "int64", values=2), op="cross_entropy",
          raises="rank|matri"),
    Case("softmax_with_cross_entropy_label_no_class_axis_float32", "softmax_with_cross_entropy",
         {"Logits": In((5, 4), "float32"), "Label": In((5,), "int64", low=0, high=4)},
         raises="Label"),
]
