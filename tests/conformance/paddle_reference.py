"""Committed Paddle fixtures and the comparison every conformance test applies.

Tolerance: floating outputs must satisfy max|got - ref| <= 1e-5 * max(1, max|ref|)
per fetched tensor (a normwise bound; see tests/conformance/README.md for why not
elementwise); integer and bool outputs must match exactly. Shapes and dtypes always
match exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import numpy as np

from compat.predictor import load_model, run_model
from phi.common import Place

FIXTURES_ROOT = Path(__file__).resolve().parent.parent / "fixtures"
RTOL_NORMWISE = 1e-5


def fixture_models(folder: str) -> list[str]:
    """Model names under tests/fixtures/<folder> (each a model.pdmodel directory)."""
    root = FIXTURES_ROOT / folder
    return sorted(p.name for p in root.iterdir() if (p / "model.pdmodel").is_file())


def load_npz(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as npz:
        return {k: npz[k] for k in npz.files}


def assert_close_to_paddle(got: np.ndarray, ref: np.ndarray, what: str) -> None:
    assert (got.shape, got.dtype) == (ref.shape, ref.dtype), \
        f"{what}: {got.dtype}{list(got.shape)} != Paddle's {ref.dtype}{list(ref.shape)}"
    if ref.dtype.kind in "iub":
        np.testing.assert_array_equal(got, ref, err_msg=what)
        return
    bound = RTOL_NORMWISE * max(1.0, float(np.abs(ref).max()))
    err = float(np.abs(got.astype(np.float64) - ref.astype(np.float64)).max())
    assert err <= bound, f"{what}: max abs error {err:.3e} > {bound:.3e}"


def assert_outputs_match(outputs: Mapping[str, np.ndarray], expected: Mapping[str, np.ndarray],
                         what: str) -> None:
    assert set(outputs) == set(expected), f"{what}: fetched {sorted(outputs)}"
    for fetch, ref in expected.items():
        assert_close_to_paddle(outputs[fetch], ref, f"{what}/{fetch}")


def run_fixture(model_dir: Path, batch: str, path: str, place: Place | None = None):
    """Run one fixture batch; returns (result, Paddle's outputs)."""
    model = load_model(str(model_dir / "model"))
    feeds = load_npz(model_dir / f"inputs_{batch}.npz")
    expected = load_npz(model_dir / f"outputs_{batch}.npz")
    return run_model(model, feeds, place=place, path=path), expected


def check_fixture(model_dir: Path, batch: str, path: str) -> None:
    """Outputs within tolerance of Paddle's, and a forced path used for every op."""
    result, expected = run_fixture(model_dir, batch, path)
    assert_outputs_match(result.outputs, expected, f"{model_dir.name}/{batch}/{path}")
    paths = {rec.path for rec in result.trace}
    if path in ("legacy", "phi"):
        assert paths == {path}
