"""bincount inside a program: Out's length is max(X) + 1 (at least minlength), so a planned
run sizes it afresh and re-infers the op after it; one saved model runs several times in a
row on every path. The expected values are NumPy's, computed here."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.predictor import run_model
from phi.common import DataType
from tests.ops.op_helpers import saved_model

FEEDS = [np.int64([0, 1, 1, 2, 2, 2]), np.int64([9, 0, 0, 0, 0, 1]),
         np.int64([0, 0, 0, 0, 0, 0]), np.int64([0, 1, 1, 2, 2, 2])]


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
def test_bincount_length_follows_the_data(tmp_path: Path, path: str) -> None:
    model = saved_model(tmp_path, {"x": (DataType.INT64, [6])}, [
        ("bincount", {"X": ["x"]}, {"Out": ["counts"]}, {"minlength": 2}),
        ("cumsum", {"X": ["counts"]}, {"Out": ["running"]}, {"axis": -1}),
    ], ["counts", "running"])
    for x in FEEDS:
        counts = np.bincount(x, minlength=2)
        result = run_model(model, {"x": x}, path=path)
        np.testing.assert_array_equal(result.outputs["counts"], counts)
        np.testing.assert_array_equal(result.outputs["running"], np.cumsum(counts))
