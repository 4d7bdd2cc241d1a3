"""feed and fetch run alone: the single-op harness binds their holder slots.

Both ops act on the executor's feed/fetch lists, so parity and `migrate --verify`
can only compare their two forms when the one-op program carries real holders.
"""

from __future__ import annotations

import numpy as np
import pytest

import legacy_fluid.operators  # noqa: F401  (registers the ops)
from compat.single_op import run_single_op


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.bool_, np.complex64])
@pytest.mark.parametrize("op", ["feed", "fetch"])
def test_both_forms_copy_the_tensor(op: str, dtype: type) -> None:
    x = (np.arange(12).reshape(3, 4) % 5).astype(dtype)
    outs = {}
    for mode in ("legacy", "phi"):
        result, trace = run_single_op(op, {"X": x}, {"col": 0}, ["Out"], mode)
        assert trace.path == mode
        (got,) = result["Out"]
        np.testing.assert_array_equal(got, x)
        assert got.dtype == x.dtype
        outs[mode] = got
    assert outs["legacy"].tobytes() == outs["phi"].tobytes()

