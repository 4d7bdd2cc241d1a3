"""accuracy (top-k classification accuracy), shared by PHI and legacy kernels.

Semantics are Paddle 3.3.1's CPU kernel's (tests/fixtures/ops/v1): a row counts as correct
when its Label is among its k Indices; Accuracy = correct / rows in float32, Correct and
Total int32, all 0-D. An empty batch gives 0, 0 and 0 (Paddle leaves the counts unwritten).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def accuracy_dims(indices_dims: Sequence[int], label_dims: Sequence[int]) -> tuple[int, ...]:
    """Accuracy / Correct / Total dims (0-D); Indices [N, k] and Label [N, 1] checked."""
    if len(indices_dims) != 2:
        raise ValueError(f"accuracy: Indices must be 2-D [N, k], got {list(indices_dims)}")
    if len(label_dims) != 2 or label_dims[1] != 1 or label_dims[0] != indices_dims[0]:
        raise ValueError(f"accuracy: Label must be [N, 1] with Indices' N {indices_dims[0]}, "
                         f"got {list(label_dims)}")
    return ()


def accuracy(xp: Any, indices: Any, label: Any, accuracy_out: Any, correct: Any,
             total: Any) -> None:
    rows = int(indices.shape[0])
    hits = int(xp.any(indices == label.reshape(rows, 1), axis=1).sum()) if rows else 0
    correct[...] = hits
    total[...] = rows
    accuracy_out[...] = np.float32(hits) / np.float32(rows) if rows else np.float32(0)
