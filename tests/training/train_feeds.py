"""The feeds of one step of a training fixture (tests/fixtures/train/NAME): the arrays of
steps.npz, each feed meta.json's `lods` gives a LoD (`{step}/{feed}` -> offsets per level)
as a DenseTensor carrying it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from phi.core.dense_tensor import DenseTensor


def step_feeds(meta: Mapping[str, Any], steps: Mapping[str, np.ndarray],
               step: int) -> dict[str, np.ndarray | DenseTensor]:
    lods = meta.get("lods", {})
    feeds: dict[str, np.ndarray | DenseTensor] = {}
    for name in meta["feeds"]:
        key = f"{step}/{name}"
        feeds[name] = DenseTensor(steps[key], lod=lods[key]) if key in lods else steps[key]
    return feeds
