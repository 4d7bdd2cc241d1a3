"""Every committed Paddle 3.3.1 fixture runs through fluidphi and matches Paddle's outputs.

Tolerance (fp32): max|got - ref| <= 1e-5 * max(1, max|ref|) per fetched tensor
(a normwise bound; see tests/conformance/README.md for why not elementwise).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.predictor import load_model, run_model

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "models"
MODELS = sorted(p.name for p in FIXTURES.iterdir() if (p / "model.pdmodel").is_file())
RTOL_NORMWISE = 1e-5


def assert_close_to_paddle(got: np.ndarray, ref: np.ndarray, what: str) -> None:
    assert got.shape == ref.shape, f"{what}: shape {got.shape} != Paddle's {ref.shape}"
    assert got.dtype == ref.dtype, f"{what}: dtype {got.dtype} != Paddle's {ref.dtype}"
    bound = RTOL_NORMWISE * max(1.0, float(np.abs(ref).max()))
    err = float(np.abs(got.astype(np.float64) - ref.astype(np.float64)).max())
    assert err <= bound, f"{what}: max abs error {err:.3e} > {bound:.3e}"


def test_fixtures_present() -> None:
    assert {"mlp", "lenet", "resnet18_small", "mobilenetv2", "transformer"} <= set(MODELS)


@pytest.mark.parametrize("path", ["auto", "legacy", "phi"])
@pytest.mark.parametrize("batch", ["b1", "b4"])
@pytest.mark.parametrize("name", MODELS)
def test_model_matches_paddle(name: str, batch: str, path: str) -> None:
    model_dir = FIXTURES / name
    model = load_model(str(model_dir / "model"))
    with np.load(model_dir / f"inputs_{batch}.npz") as npz:
        feeds = {k: npz[k] for k in npz.files}
    with np.load(model_dir / f"outputs_{batch}.npz") as npz:
        expected = {k: npz[k] for k in npz.files}
    result = run_model(model, feeds, path=path)
    assert set(result.outputs) == set(expected)
    for fetch, ref in expected.items():
        assert_close_to_paddle(result.outputs[fetch], ref, f"{name}/{batch}/{path}/{fetch}")
    paths = {rec.path for rec in result.trace}
    if path == "legacy":
        assert paths == {"legacy"}
    elif path == "phi":
        assert paths == {"phi"}
