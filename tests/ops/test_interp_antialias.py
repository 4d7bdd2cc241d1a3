"""interp_antialias inputs Paddle cannot be exported with: "nearest" (Paddle's kernel leaves
the output unwritten) and a one-value `scale` (its InferMeta reads past the list while the
program is built). fluidphi refuses both on every path; the values are checked against
Paddle's fixtures (tests/conformance/op_cases/interpolate.py)."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op


@pytest.mark.parametrize("path", ["legacy", "phi"])
@pytest.mark.parametrize(("attrs", "match"), [
    ({"interp_method": "nearest"}, "'bilinear' or 'bicubic'"),
    ({"scale": [0.5]}, "must hold 2 values"),
])
def test_refusals(path: str, attrs: dict, match: str) -> None:
    x = np.ones((1, 1, 6, 6), np.float32)
    with pytest.raises(Exception, match=match):
        run_single_op("interp_antialias", {"x": x}, {"out_h": 3, "out_w": 3, **attrs},
                      ["output"], path)
