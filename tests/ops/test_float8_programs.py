"""Legacy programs computing on float8 tensors, exported by Paddle 3.3.1
(tests/conformance/export_float8.py: fed float32 / int64 / bool, cast to float8 and back
for the fetch), run through fluidphi on every path: each fetch has Paddle's dtype and dims
and the same values bit for bit (NaN where Paddle has NaN): casts round and saturate as
Paddle's, copies keep the bits."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from tests.conformance.paddle_reference import assert_close_to_paddle

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "float8"
PROGRAMS = json.loads((FIXTURES / "programs.json").read_text())["programs"]
PATHS = ("legacy", "phi", "auto")


@pytest.fixture(scope="module")
def arrays() -> dict[str, np.ndarray]:
    with np.load(FIXTURES / "arrays.npz") as z:
        return {k: z[k] for k in z.files}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_float8_program_matches_paddle(name: str, arrays: dict[str, np.ndarray]) -> None:
    entry = PROGRAMS[name]
    model = load_model(FIXTURES / name)
    feeds = {feed: arrays[f"{name}/in/{feed}"] for feed in entry["feeds"]}
    float8_ops = {op for op in entry["ops"] if op not in ("feed", "fetch")}
    for path in PATHS:
        result = run_model(model, feeds, path=path)
        assert set(result.outputs) == set(entry["fetches"])
        for fetch in entry["fetches"]:
            assert_close_to_paddle(np.asarray(result.outputs[fetch]),
                                   arrays[f"{name}/out/{fetch}"], f"{name} {fetch} [{path}]",
                                   tol=0.0, zero_sign=True)
        ran = {rec.type for rec in result.trace if rec.type in float8_ops}
        assert ran == float8_ops, f"{name} [{path}]: ran {sorted(ran)}"


def test_every_float8_kernel_has_a_program() -> None:
    """The programs cover every op given a float8 CPU kernel (for both float8 types)."""
    covered = {op for entry in PROGRAMS.values() for op in entry["ops"]}
    assert {"cast", "concat", "reshape2", "assign", "fill_any", "empty", "transfer_layout",
            "view_shape", "view_slice", "check_numerics", "concat_grad",
            "reshape2_grad", "fill_constant", "transpose", "transpose2"} <= covered
    assert {"cast_e4m3fn", "cast_e5m2", "ops_e4m3fn", "ops_e5m2"} == set(PROGRAMS)
