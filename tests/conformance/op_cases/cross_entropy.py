"""cross_entropy (v1: hard and soft labels) and cross_entropy2: probabilities at labels (2-D
and 3-D), ignore_index, a zero probability (Paddle clips the infinite loss to 1e20), float32
and float64; labels out of range raise. XShape carries no data (not compared)."""

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
