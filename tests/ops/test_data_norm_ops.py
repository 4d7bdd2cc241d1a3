"""data_norm: inputs Paddle cannot be checked on (its kernel reads past the statistics, or
its build refuses them), statistics that inference leaves as they are, and the CTR fixture
program off the planned path."""

from __future__ import annotations

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from compat.single_op import run_single_op
from phi.core.dense_tensor import DenseTensor
from tests.conformance.paddle_reference import (
    FIXTURES_ROOT,
    assert_outputs_match,
    fixture_feeds,
    load_npz,
)

_OUT = ("Y", "Means", "Scales")


def _inputs(c: int, dtype: str = "float32", **extra: np.ndarray) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    return {"X": rng.standard_normal((3, c)).astype(dtype),
            "BatchSize": np.full((c,), 10.0, dtype), "BatchSum": np.zeros((c,), dtype),
            "BatchSquareSum": np.full((c,), 40.0, dtype), **extra}


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize(("inputs", "attrs", "match"), [
    (_inputs(5), {"slot_dim": 2}, r"slot_dim 2 does not divide X's 5 columns"),
    (_inputs(4), {"enable_scale_and_shift": True}, r"needs the scale_w and bias inputs"),
    ({**_inputs(4), "BatchSum": np.zeros((3,), np.float32)}, {},
     r"1-D of X's 4 columns, got dims \[3\]"),
    ({**_inputs(4), "X": np.zeros((0, 4), np.float32)}, {}, r"should be greater than 0"),
], ids=["slot_dim not dividing", "scale without inputs", "stats size", "empty batch"])
def test_bad_inputs_raise(inputs: dict, attrs: dict, match: str, mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op("data_norm", inputs, attrs, _OUT, mode)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_statistics_are_inputs_only(mode: str) -> None:
    """Inference never updates BatchSize / BatchSum / BatchSquareSum (persistables)."""
    inputs = _inputs(4, "float64")
    before = {k: v.copy() for k, v in inputs.items()}
    out, trace = run_single_op("data_norm", inputs, {}, _OUT, mode)
    assert trace.path == mode
    np.testing.assert_array_equal(out["Means"][0], np.zeros(4))
    np.testing.assert_allclose(out["Y"][0], before["X"] * 0.5, rtol=1e-15)
    for k, v in before.items():
        np.testing.assert_array_equal(inputs[k], v)


@pytest.mark.parametrize(("path", "planned", "passes"),
                         [("auto", False, False), ("phi", False, False), ("auto", True, False),
                          ("legacy", False, False)])
def test_ctr_program_unplanned(path: str, planned: bool, passes: bool) -> None:
    """The CTR recommender (LoD slots -> lookup_table -> sequence_pool -> cvm -> data_norm ->
    fc stack) matches Paddle 2.6.2 unplanned and planned without the inference passes too
    (test_models runs it planned with passes); b4 holds an empty sequence, whose slot
    data_norm keeps at zero."""
    model_dir = FIXTURES_ROOT / "models_v2" / "ctr_v2"
    model = load_model(str(model_dir / "model"))
    for batch in ("b1", "b4"):
        feeds = fixture_feeds(model_dir, batch)
        assert all(isinstance(feeds[s], DenseTensor) and feeds[s].lod
                   for s in ("slot_user", "slot_item", "slot_ctx"))
        result = run_model(model, feeds, path=path, planned=planned, passes=passes)
        assert_outputs_match(result.outputs, load_npz(model_dir / f"outputs_{batch}.npz"),
                             f"ctr_v2/{batch}/{path} planned={planned} passes={passes}")
        assert {r.type for r in result.trace} >= {"data_norm", "cvm", "sequence_pool"}
    assert [0, 3, 4, 4, 6] in fixture_feeds(model_dir, "b4")["slot_user"].lod


@pytest.mark.parametrize("slot_dim", [-1, 2])
def test_scale_w_and_bias_grads_do_not_need_x_grad(slot_dim: int) -> None:
    """scale_w@GRAD and bias@GRAD are written whether or not X@GRAD is asked for (they were
    left unwritten without it: whatever the buffer held came out)."""
    from phi.kernels.funcs.data_norm import data_norm_grad

    rng = np.random.default_rng(0)
    x = rng.standard_normal((5, 4)).astype(np.float32)
    x[:, 0] = np.abs(x[:, 0]) + 1  # the slots' shows
    x[:, 2] = np.abs(x[:, 2]) + 1
    y_grad = rng.standard_normal((5, 4)).astype(np.float32)
    means, scales = np.full(4, 0.1, np.float32), np.full(4, 2.0, np.float32)
    scale_w = rng.standard_normal(4).astype(np.float32)

    def grads(with_x: bool) -> tuple[np.ndarray, np.ndarray]:
        sw, b = np.full(4, np.nan, np.float32), np.full(4, np.nan, np.float32)
        stats = [np.empty(4, np.float32) for _ in range(3)]
        data_norm_grad(np, x, y_grad, means, scales, scale_w, 1e-4, slot_dim, True, "NCHW",
                       np.empty_like(x) if with_x else None, sw, b, *stats)
        return sw, b

    (sw, b), (sw_alone, b_alone) = grads(True), grads(False)
    assert np.isfinite(sw_alone).all() and np.isfinite(b_alone).all()
    np.testing.assert_array_equal(sw_alone, sw)
    np.testing.assert_array_equal(b_alone, b)
