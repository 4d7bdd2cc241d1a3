"""Models on a device place: the GPU kernel registrations, fallbacks and place transfers.

`emulated` runs everywhere: the emulated device runs the GPU kernels' bodies on NumPy
memory of its own (which refuses silent mixing with host arrays), so selection (GPU
kernels, CPU fallback), the transfers between places and the GPU-registered kernel
bodies are exercised against Paddle's outputs. `cuda` runs the same on a real device
with CuPy and is skipped where none exists.
"""

from __future__ import annotations

import pytest

from phi.common import GPUPlace, Place
from tests.conformance.paddle_reference import (
    FIXTURES_ROOT,
    assert_outputs_match,
    fixture_models,
    run_fixture,
)

MODELS = fixture_models("models")


@pytest.mark.parametrize("path", ["auto", "legacy"])
@pytest.mark.parametrize("name", MODELS)
def test_emulated_device_matches_paddle(name: str, path: str, emulated: Place) -> None:
    result, expected = run_fixture(FIXTURES_ROOT / "models" / name, "b4", path, emulated)
    assert_outputs_match(result.outputs, expected, f"{name}/emulated/{path}")
    trace = result.trace
    paths = {rec.path for rec in trace}
    assert paths <= {"phi", "legacy", "phi-cpu-fallback", "legacy-cpu-fallback", "framework"}
    keys = " ".join(rec.key for rec in trace if rec.type not in ("feed", "fetch"))
    assert "EMULATED" in keys or "emulated" in keys
    transfers = [t for rec in trace for t in rec.transforms if "place" in t]
    # parameters are loaded into host memory: a device run moves them (a loop body's
    # transfers are not in the top-level trace; feeds are copied to the device by `feed`)
    has_params = (FIXTURES_ROOT / "models" / name / "model.pdiparams").is_file()
    if "framework" not in paths and has_params:
        assert transfers, "host parameters must be moved to the device"


@pytest.mark.gpu
@pytest.mark.parametrize("name", MODELS)
def test_cuda_matches_paddle(name: str) -> None:
    result, expected = run_fixture(FIXTURES_ROOT / "models" / name, "b4", "auto", GPUPlace(0))
    assert_outputs_match(result.outputs, expected, f"{name}/cuda")
