"""Grads of cross_entropy2 (Paddle's grad op cross_entropy_grad2), cross_entropy v1
(cross_entropy_grad, hard and soft labels) and softmax_with_cross_entropy (with and without
the softmax): 2-D and 3-D, ignore_index, a class axis other than the last, float32 and
float64."""

from .spec import FLOATS, Case, GradCase, In


def _case(tag: str, x: tuple[int, ...], dtype: str, attrs=None,
          op: str = "cross_entropy2") -> GradCase:
    soft = bool((attrs or {}).get("soft_label"))
    label = (In(x, dtype, 0.0, 1.0) if soft
             else In((*x[:-1], 1), "int64", low=0, high=x[-1]))
    return GradCase(Case(f"{op}_{tag}_{dtype}", op, {"X": In(x, dtype, 0.05, 1.0),
                                                     "Label": label},
                         attrs=attrs or {}), ("X",), of=("Y",))


GRAD_CASES = [
    *(_case("2d", (5, 4), dtype) for dtype in ("float32", "float64")),
    _case("3d", (2, 3, 5), "float32"),
    _case("ignore", (6, 3), "float32", {"ignore_index": 1}),
    *(_case("2d", (5, 4), dtype, op="cross_entropy") for dtype in ("float32", "float64")),
    _case("3d", (2, 3, 5), "float32", op="cross_entropy"),
    _case("ignore", (6, 3), "float32", {"ignore_index": 1}, op="cross_entropy"),
    *(_case("soft_2d", (5, 4), dtype, {"soft_label": True}, op="cross_entropy")
      for dtype in ("float32", "float64")),
    _case("soft_3d", (2, 3, 5), "float32", {"soft_label": True}, op="cross_entropy"),
]


def _swce(tag: str, logits: In, label: In, attrs: dict) -> GradCase:
    return GradCase(Case(f"softmax_with_cross_entropy_{tag}", "softmax_with_cross_entropy",
                         {"Logits": logits, "Label": label}, attrs=attrs),
                    ("Logits",), of=("Loss",))


def _swce_softmax(dtype: str) -> list[GradCase]:
    """softmax_with_cross_entropy with its softmax: hard and soft labels, ignore_index, a
    class axis other than the last."""
    hard = (In((5, 4), dtype), In((5, 1), "int64", low=0, high=4))
    soft = (In((5, 4), dtype), In((5, 4), dtype, low=0.0, high=1.0))
    axis1 = (In((3, 4, 2), dtype), In((3, 1, 2), "int64", low=0, high=4))
    cases = {"hard": (hard, {}), "soft": (soft, {"soft_label": True}),
             "ignore": (hard, {"ignore_index": 2}), "axis1": (axis1, {"axis": 1})}
    return [_swce(f"{tag}_{dtype}", logits, label, attrs)
            for tag, ((logits, label), attrs) in cases.items()]


GRAD_CASES += [case for dtype in FLOATS for case in _swce_softmax(dtype)]
# softmax_with_cross_entropy without softmax: Logits are probabilities, hard and soft
# labels, ignore_index, a class axis other than the last.
GRAD_CASES += [
    *(_swce(f"nosoftmax_{dtype}", In((5, 4), dtype, 0.05, 1.0),
            In((5, 1), "int64", low=0, high=4), {"use_softmax": False})
      for dtype in ("float32", "float64")),
    _swce("nosoftmax_soft_float32", In((5, 4), "float32", 0.05, 1.0),
          In((5, 4), "float32", 0.0, 1.0), {"use_softmax": False, "soft_label": True}),
    _swce("nosoftmax_ignore_float32", In((5, 4), "float32", 0.05, 1.0),
          In((5, 1), "int64", values=[[0], [2], [1], [2], [3]]),
          {"use_softmax": False, "ignore_index": 2}),
    _swce("nosoftmax_axis1_float32", In((3, 4, 2), "float32", 0.05, 1.0),
          In((3, 1, 2), "int64", low=0, high=4), {"use_softmax": False, "axis": 1}),
]
