"""Finite-difference cases of the graph_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them). Random
values: MAX / MIN have no ties."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import Spec

_SRC = lambda rng: np.array([0, 1, 2, 0, 3, 1, 4])  # noqa: E731
_DST = lambda rng: np.array([1, 2, 1, 0, 1, 4, 1])  # noqa: E731

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "send_u_recv_grad": [
        ({"x": (5, 3), "src_index": _SRC, "dst_index": _DST}, {"reduce_op": r})
        for r in ("SUM", "MEAN", "MAX", "MIN")],
    "send_ue_recv_grad": [
        ({"x": (5, 3), "y": (7, 3), "src_index": _SRC, "dst_index": _DST},
         {"message_op": m, "reduce_op": r})
        for m, r in (("ADD", "SUM"), ("MUL", "MEAN"), ("MUL", "MAX"), ("ADD", "MIN"))]
    + [({"x": (5, 3), "y": (7, 1), "src_index": _SRC, "dst_index": _DST},
        {"message_op": "MUL", "reduce_op": "SUM"})],
    "send_uv_grad": [
        ({"x": (5, 3), "y": (5, 3), "src_index": _SRC, "dst_index": _DST},
         {"message_op": m}) for m in ("ADD", "MUL")]
    + [({"x": (5, 1, 3), "y": (5, 2, 1), "src_index": _SRC, "dst_index": _DST},
        {"message_op": "MUL"})],
}
