"""Legacy training programs exported by Paddle 3.3.1 (tests/conformance/export_train.py) run
step by step on every path and match Paddle's losses and final parameters.

A feed with a LoD (meta.json `lods`) is fed as a DenseTensor carrying it.

Tolerance per step (fp32): max abs diff <= 1e-5 * max(1, max|ref|), as for inference.

A persistable buffer that the startup program's coalesce_tensor fused (meta.json `fused`:
an RNN layer's flat weight) aliases its parameters in Paddle, so Paddle's final value is
their concatenation; the main program never names that link, so fluidphi infers it
(compat.training.rnn_flat_buffers, checked here against what the startup program says) and
reports the buffer as its weights joined.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from compat.training import open_session, rnn_flat_buffers
from tests.training.train_feeds import step_feeds

TRAIN = Path(__file__).resolve().parent.parent / "fixtures" / "train"
PROGRAMS = sorted(p.name for p in TRAIN.iterdir() if (p / "meta.json").is_file())


def _close(got: np.ndarray, ref: np.ndarray, what: str) -> None:
    assert got.shape == ref.shape or got.size == ref.size == 1, what
    bound = 1e-5 * max(1.0, float(np.abs(ref).max()))
    err = float(np.abs(got.reshape(ref.shape).astype(np.float64) - ref).max())
    assert err <= bound, f"{what}: max abs error {err:.3e} > {bound:.3e}"


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_training_matches_paddle_step_by_step(name: str, path: str) -> None:
    folder = TRAIN / name
    meta = json.loads((folder / "meta.json").read_text())
    state = [folder / "state.pdparams", *(
        [folder / "state.pdopt"] if (folder / "state.pdopt").is_file() else [])]
    session = open_session(folder / "state.pdmodel", state, path=path)
    assert session.feed_names == meta["feeds"]
    with np.load(folder / "steps.npz") as steps, np.load(folder / "expected.npz") as expected:
        for step in range(meta["steps"]):
            out = session.step(step_feeds(meta, steps, step), meta["fetches"])
            for fetch in meta["fetches"]:
                _close(out[fetch], expected[f"{step}/{fetch}"], f"{name} step {step} {fetch}")
        final = session.persistables()
        assert rnn_flat_buffers(session.program) == meta.get("fused", {})
        for pname in meta["persistables"]:
            _close(final[pname], expected[f"param:{pname}"], f"{name} final {pname}")
