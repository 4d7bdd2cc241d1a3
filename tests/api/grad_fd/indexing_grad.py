"""Finite-difference cases of the indexing_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import Spec, int_labels


def _ids(*values: Any, dtype: type = np.int64) -> Any:
    return lambda rng: np.array(values, dtype)


def _mask(*rows: list[bool]) -> Any:
    return lambda rng: np.array(rows, bool)


GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "index_select_grad": [({"x": (4, 3), "index": _ids(3, 0, 0, -1)}, {}),
                          ({"x": (2, 5, 3), "index": _ids(2, 2, -3, dtype=np.int32)},
                           {"dim": -1})],
    "gather_nd_grad": [({"x": (3, 4, 2), "index": _ids([0, 1], [2, -1], [0, 1])}, {}),
                       ({"x": (2, 3), "index": lambda rng: np.zeros((2, 0), np.int64)}, {})],
    # overwrite without repeated ids: with repeats, Updates@GRAD is out@GRAD's row for every
    # one of them (Paddle 3.3.1's, fixtures in tests/fixtures/grads/indexing_grad), while the
    # derivative is 0 for the updates a later one overwrote
    "scatter_grad": [({"x": (5, 3), "ids": _ids(1, 3, 4, -3, 0), "updates": (5, 3)}, {}),
                     ({"x": (5, 3), "ids": _ids(1, 3, 1, 0), "updates": (4, 3)},
                      {"overwrite": False}),
                     ({"x": (4, 3), "ids": lambda rng: np.array(2), "updates": (3,)}, {})],
    "take_along_axis_grad": [({"input": (4, 5), "index": int_labels((2, 3), 4)}, {"axis": 0}),
                             ({"input": (2, 3), "index": int_labels((2, 5), 3)}, {"axis": 1})],
    # repeated targets with distinct values (Paddle's amin / amax share the gradient among
    # ties, a choice finite differences cannot check)
    "put_along_axis_grad": [
        ({"input": (3, 4), "index": _ids([0, 2, 0], [1, 1, 3], [3, 0, 3]), "value": (3, 3)},
         {"axis": 1, "reduce": reduce, "include_self": keep})
        for reduce in ("assign", "add", "mul", "mean", "amin", "amax") for keep in (True, False)],
    "index_sample_grad": [({"x": (3, 5), "index": int_labels((3, 4), 5)}, {})],
    "masked_select_grad": [({"x": (3, 4), "mask": _mask([1, 0, 1, 1], [0, 0, 0, 0],
                                                        [1, 1, 0, 1])}, {}),
                           ({"x": (2, 3, 4), "mask": _mask([1], [0], [1])}, {})],
    "masked_fill_grad": [({"x": (3, 4), "mask": _mask([1, 0, 1, 1], [0, 0, 0, 0],
                                                      [1, 1, 0, 1]),
                           "value": lambda rng: rng.standard_normal(())}, {}),
                         ({"x": (2, 3, 4), "mask": _mask([1], [0], [1]), "value": (1,)}, {})],
}
