"""Grads of the graph message-passing ops (forward cases in graph.py).

graph_send_recv: X@GRAD over SUM, MEAN (divided by Dst_count), MAX and MIN (the gradient
goes to every edge whose message equals Out's row: tied edges each get all of it), rows
receiving nothing (out_size past X's rows), [E, 1] int32 indices, 3-D X.
graph_send_ue_recv: X@GRAD and Y@GRAD for ADD / MUL messages over SUM, MEAN and MAX, Y
broadcast along the features ([E, 1]). graph_send_uv: x@GRAD and y@GRAD for ADD / MUL,
y broadcast. float32 and float64 (Paddle also registers int32 / int64, whose gradients no
program differentiates).
"""

from __future__ import annotations

from .graph import _recv, _uv
from .spec import FLOATS, GradCase, In

#: rows 0 and 3 equal: edges 0 and 4 (both to row 1) tie under MAX / MIN
_TIED = [[1.0, -2.0], [0.5, 3.0], [2.0, 2.0], [1.0, -2.0], [-1.0, 0.0]]


def _recv_grad(name: str, reduce_op: str, x: In, **kw) -> GradCase:
    return GradCase(_recv(f"grad_{name}", reduce_op, x, **kw), ("X",), of=("Out",))


def _ue_grad(name: str, reduce_op: str, message_op: str, x: In, y: In) -> GradCase:
    return GradCase(_recv(f"grad_{name}", reduce_op, x, y=y, message_op=message_op),
                    ("X", "Y"), of=("Out",))


GRAD_CASES = [
    *(_recv_grad(f"{r.lower()}_{d}", r, In((5, 3), d)) for d in FLOATS
      for r in ("SUM", "MEAN", "MAX", "MIN")),
    *(_recv_grad(f"ties_{r.lower()}", r, In((5, 2), "float64", values=_TIED))
      for r in ("MAX", "MIN")),
    _recv_grad("out_size_mean", "MEAN", In((5, 2), "float32"), out_size=7),
    _recv_grad("column_int32_sum", "SUM", In((5, 2, 2), "float64"), index_dtype="int32",
               column=True),
    *(_ue_grad(f"{m.lower()}_{r.lower()}_{d}", r, m, In((5, 3), d), In((7, 3), d))
      for d in FLOATS for m in ("ADD", "MUL") for r in ("SUM", "MEAN", "MAX")),
    _ue_grad("mul_sum_bcast", "SUM", "MUL", In((5, 3), "float64"), In((7, 1), "float64")),
    _ue_grad("add_min_bcast", "MIN", "ADD", In((5, 1), "float32"), In((7, 4), "float32")),
    *(GradCase(_uv(f"grad_{m.lower()}_{d}", m, In((5, 3), d), In((5, 3), d)), ("x", "y"))
      for d in FLOATS for m in ("ADD", "MUL")),
    GradCase(_uv("grad_mul_bcast", "MUL", In((5, 1, 3), "float64"), In((5, 2, 1), "float64")),
             ("x", "y")),
]
