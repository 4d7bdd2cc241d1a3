"""Models on a GPU place: the GPU kernel registrations, fallbacks and place transfers.

`simulated` runs everywhere: a NumPy-backed context stands in for gpu:0, so
selection (GPU kernels, CPU fallback), the transfers between places and the
GPU-registered kernel bodies are exercised against Paddle's outputs. `cuda`
runs the same on a real device with CuPy and is skipped where none exists.
"""

from __future__ import annotations

import pytest

from compat.coverage.simgpu import simulated_gpu
from phi.common import GPUPlace
from tests.conformance.paddle_reference import (
    FIXTURES_ROOT,
    assert_outputs_match,
    fixture_models,
    run_fixture,
)

MODELS = fixture_models("models")


@pytest.mark.parametrize("path", ["auto", "legacy"])
@pytest.mark.parametrize("name", MODELS)
def test_simulated_gpu_matches_paddle(name: str, path: str) -> None:
    with simulated_gpu():
        result, expected = run_fixture(FIXTURES_ROOT / "models" / name, "b4", path, GPUPlace(0))
    assert_outputs_match(result.outputs, expected, f"{name}/gpu-sim/{path}")
    trace = result.trace
    paths = {rec.path for rec in trace}
    assert paths <= {"phi", "legacy", "phi-cpu-fallback", "legacy-cpu-fallback", "framework"}
    keys = " ".join(rec.key for rec in trace if rec.type not in ("feed", "fetch"))
    assert "GPU" in keys or "gpu" in keys
    transfers = [t for rec in trace for t in rec.transforms if "place" in t]
    if "framework" not in paths:  # a loop body's transfers are not in the top-level trace
        assert transfers, "fed host arrays must be moved to the GPU place"


@pytest.mark.gpu
@pytest.mark.parametrize("name", MODELS)
def test_cuda_matches_paddle(name: str) -> None:
    result, expected = run_fixture(FIXTURES_ROOT / "models" / name, "b4", "auto", GPUPlace(0))
    assert_outputs_match(result.outputs, expected, f"{name}/cuda")
