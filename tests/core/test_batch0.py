"""Batch 0 (issue 21): every fixture model run with its batch feeds cut to 0 rows, on the
planned auto path (passes on), auto with --no-passes, phi and legacy. Paths agree with each
other; where Paddle 3.3.1 runs the model at batch 0 (tests/conformance/check_batch0.py,
committed as tests/fixtures/models/batch0.json), the outputs have Paddle's dims and dtypes.
A fused op that fails names the program's ops it stands for."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from legacy_fluid.framework.executor import OpRunError

MODELS = Path(__file__).resolve().parent.parent / "fixtures" / "models"
PADDLE = json.loads((MODELS / "batch0.json").read_text())
NAMES = sorted(p.name for p in MODELS.iterdir() if (p / "meta.json").is_file())
PATHS = {"auto": {"path": "auto"}, "auto --no-passes": {"path": "auto", "passes": False},
         "phi": {"path": "phi"}, "legacy": {"path": "legacy"}}


def _batch0_feeds(name: str) -> dict[str, np.ndarray]:
    """inputs_b1.npz, every feed declared [-1, ...] cut to 0 rows (as check_batch0.py)."""
    meta = json.loads((MODELS / name / "meta.json").read_text())
    declared = {v["name"]: v["shape"] for v in meta["feeds"]}
    with np.load(MODELS / name / "inputs_b1.npz") as npz:
        return {k: npz[k][:0] if declared.get(k, [None])[:1] == [-1] else npz[k]
                for k in npz.files}


def _outcome(name: str, options: dict) -> dict[str, tuple] | str:
    try:
        out = run_model(load_model(MODELS / name / "model"), _batch0_feeds(name),
                        **options).outputs
    except OpRunError as e:  # a clean, named failure; anything else fails the test
        return f"op #{e.index} '{e.op.type}' failed"
    return {k: (v.shape, str(v.dtype)) for k, v in out.items()}


def test_paddle_was_asked_about_every_model() -> None:
    assert PADDLE["paddle_version"] == "3.3.1"
    assert sorted(PADDLE["models"]) == NAMES, "rerun tests/conformance/check_batch0.py"
    accepted = {n for n, m in PADDLE["models"].items() if m["accepted"]}
    # what Paddle 3.3.1 does at batch 0 (the rest: batch_norm refuses a 0 dim, rnn dies
    # of SIGFPE, ...): the models below must run here too
    assert {"lenet", "mlp", "vision_stn"} <= accepted


@pytest.mark.parametrize("name", NAMES)
def test_batch_0_agrees_on_every_path_and_with_paddle(name: str) -> None:
    outcomes = {path: _outcome(name, options) for path, options in PATHS.items()}
    assert len({json.dumps(o, sort_keys=True, default=str) for o in outcomes.values()}) == 1, \
        outcomes
    paddle = PADDLE["models"][name]
    if paddle["accepted"]:
        got = outcomes["auto"]
        assert isinstance(got, dict), got
        want = {k: (tuple(v["dims"]), v["dtype"]) for k, v in paddle["fetches"].items()}
        assert got == want
        assert any(0 in dims for dims, _ in got.values())


def test_a_failing_fused_op_names_the_ops_it_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    from phi.kernels.funcs import fused

    def broken(*args: object, **kw: object) -> None:
        raise ValueError("broken on purpose")

    monkeypatch.setattr(fused, "fc", broken)
    model = load_model(MODELS / "mlp" / "model")
    with pytest.raises(OpRunError) as info:
        run_model(model, {"x": np.ones((2, 16), np.float32)}, path="auto")
    text = str(info.value)
    assert "fused 'fc'" in text and "#1 'matmul_v2', #2 'elementwise_add', #3 'relu'" in text
    assert "--no-passes" in text and "broken on purpose" in text
    out = run_model(load_model(MODELS / "mlp" / "model"), {"x": np.ones((2, 16), np.float32)},
                    path="auto", passes=False)
    assert out.outputs["softmax_0.tmp_0"].shape == (2, 10)


def test_kernels_that_flatten_rows_take_0_rows() -> None:
    """The kernels whose `reshape(rows, -1)` failed on 0 rows (numpy cannot infer -1 there)
    now give empty results of the right dims."""
    from phi.kernels.funcs import detection, fused, proposal, sort_search

    x = np.zeros((0, 3, 4), np.float32)
    out = np.empty((0, 3, 5), np.float32)
    fused.fc(np, x, np.ones((4, 5), np.float32), np.ones(5, np.float32), 2, "relu", out)
    head = np.zeros((0, 2 * 7, 3, 3), np.float32)  # 2 anchors, 2 classes
    boxes, scores = np.empty((0, 18, 4), np.float32), np.empty((0, 18, 2), np.float32)
    detection.yolo_box(np, head, np.zeros((0, 2), np.int32), [10, 13, 16, 30], 2, 0.01, 32,
                       True, 1.0, False, 0.5, boxes, scores)
    found = np.empty((0, 2), np.int64)
    sort_search.searchsorted(np, np.zeros((0, 5), np.float32), np.zeros((0, 2), np.float32),
                             False, found)
    rois, probs, counts = proposal.generate_proposals(
        np, np.zeros((0, 3, 2, 2), np.float32), np.zeros((0, 12, 2, 2), np.float32),
        np.zeros((0, 2), np.float32), np.zeros((2, 2, 3, 4), np.float32),
        np.ones((2, 2, 3, 4), np.float32), 10, 5, 0.7, 0.0, 1.0, True)
    assert rois.shape[1:] == (4,) and len(counts) == 0 and len(probs) == len(rois) == 0
