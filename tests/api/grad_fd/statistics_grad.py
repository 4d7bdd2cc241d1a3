"""Finite-difference cases of the statistics_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    Spec,
)


def _ids(values: list[int]) -> Spec:
    return lambda rng: np.array(values, np.int64)


GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "nanmedian_grad": [
        ({"x": (3, 4)}, {"axis": [1]}),
        ({"x": (3, 4)}, {"axis": [0], "mode": "min", "keepdim": False}),
        ({"x": (2, 3, 5)}, {}),
    ],
    "median_grad": [
        ({"x": (3, 4)}, {"axis": [1]}),
        ({"x": (3, 5)}, {"axis": [0], "mode": "min", "keepdim": False}),
        ({"x": (2, 3, 4)}, {"axis": [0, 2]}),
    ],
    "std_grad": [({"x": (3, 4)}, {"axis": [1]}),
                 ({"x": (2, 3, 4)}, {"axis": [0, 2], "keepdim": True, "correction": 0.0})],
    "var_grad": [({"x": (3, 4)}, {"axis": [0]}),
                 ({"x": (2, 3, 4)}, {"correction": 2.5})],
    "nansum_grad": [({"x": (3, 4)}, {"axis": [1]}),
                    ({"x": (2, 3, 4)}, {"axis": [0, 2], "keepdim": True})],
    "cummax_grad": [({"x": (3, 5)}, {"axis": 1}), ({"x": (4, 3)}, {"axis": 0}),
                    ({"x": ()}, {})],
    "cummin_grad": [({"x": (3, 5)}, {"axis": -1}), ({"x": (2, 3, 4)}, {"axis": 1})],
    "reduce_as_grad": [({"x": (2, 3, 4), "target": (3, 1)}, {}),
                       ({"x": (4, 3), "target": ()}, {})],
    "segment_pool_grad": [
        ({"x": (6, 3), "segment_ids": _ids([0, 0, 1, 3, 3, 3])}, {"pooltype": pooltype})
        for pooltype in ("SUM", "MEAN", "MAX", "MIN")],
}
