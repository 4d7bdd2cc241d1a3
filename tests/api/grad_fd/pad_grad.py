"""Finite-difference cases of the pad_grad family: backward op -> [(forward inputs,
attributes shared by forward and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import Spec

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "pad_grad": [({"x": (2, 3)}, {"paddings": [1, 0, 2, 1], "pad_value": 1.5})],
    "pad3d_grad": [
        *(({"x": (1, 2, 2, 3, 3)}, {"paddings": [1, 2, 0, 1, 1, -1], "mode": mode})
          for mode in ("constant", "reflect", "replicate", "circular")),
        ({"x": (1, 2, 3, 2, 1)}, {"paddings": [0, 0, 2, 1, 4, 0], "mode": "circular",
                                  "data_format": "NDHWC"}),
    ],
}
