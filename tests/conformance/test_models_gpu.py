"""Models on a GPU place: the GPU kernel registrations, fallbacks and place transfers.

`simulated` runs everywhere: a NumPy-backed context stands in for gpu:0, so
selection (GPU kernels, CPU fallback), the transfers between places and the
GPU-registered kernel bodies are exercised against Paddle's outputs. `cuda`
runs the same on a real device with CuPy and is skipped where none exists.
"""

from __future__ import annotations

import numpy as np
import pytest

from compat.coverage.simgpu import simulated_gpu
from compat.predictor import load_model, run_model
from phi.common import GPUPlace
from tests.conformance.test_models import FIXTURES, MODELS, assert_close_to_paddle


def _run(name: str, path: str) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray], list]:
    model = load_model(str(FIXTURES / name / "model"))
    with np.load(FIXTURES / name / "inputs_b4.npz") as npz:
        feeds = {k: npz[k] for k in npz.files}
    with np.load(FIXTURES / name / "outputs_b4.npz") as npz:
        expected = {k: npz[k] for k in npz.files}
    result = run_model(model, feeds, place=GPUPlace(0), path=path)
    return result.outputs, expected, result.trace


@pytest.mark.parametrize("path", ["auto", "legacy"])
@pytest.mark.parametrize("name", MODELS)
def test_simulated_gpu_matches_paddle(name: str, path: str) -> None:
    with simulated_gpu():
        outputs, expected, trace = _run(name, path)
    for fetch, ref in expected.items():
        assert_close_to_paddle(outputs[fetch], ref, f"{name}/gpu-sim/{path}/{fetch}")
    paths = {rec.path for rec in trace}
    assert paths <= {"phi", "legacy", "phi-cpu-fallback", "legacy-cpu-fallback"}
    keys = " ".join(rec.key for rec in trace if rec.type not in ("feed", "fetch"))
    assert "GPU" in keys or "gpu" in keys
    transfers = [t for rec in trace for t in rec.transforms if "place" in t]
    assert transfers, "fed host arrays must be moved to the GPU place"


@pytest.mark.gpu
@pytest.mark.parametrize("name", MODELS)
def test_cuda_matches_paddle(name: str) -> None:
    outputs, expected, _ = _run(name, "auto")
    for fetch, ref in expected.items():
        assert_close_to_paddle(outputs[fetch], ref, f"{name}/cuda/{fetch}")
