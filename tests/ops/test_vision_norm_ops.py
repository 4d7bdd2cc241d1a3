"""The vision_norm family beyond the Paddle fixtures (tests/fixtures/ops/vision_norm):
errors Paddle raises while building a program, instance_norm's SavedMean / SavedVariance,
which save_inference_model strips from saved programs, and spectral_norm converging to the
largest singular value."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

_RNG = np.random.default_rng(11)
PATHS = ("legacy", "phi")


def _x(*shape: int) -> np.ndarray:
    return _RNG.normal(0, 1, shape).astype(np.float32)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("op", "inputs", "attrs", "match"), [
    ("group_norm", {"X": _x(2, 4, 3)}, {}, r"groups \(-1\) must be in \[1, 4\]"),
    ("group_norm", {"X": _x(2, 4, 3)}, {"groups": 3}, "divide the 4 channels"),
    ("group_norm", {"X": _x(2, 4, 3)}, {"groups": 8}, r"must be in \[1, 4\]"),
    ("group_norm", {"X": _x(4)}, {"groups": 1}, "at least 2 dims"),
    ("group_norm", {"X": _x(2, 4, 3), "Scale": _x(3)}, {"groups": 2},
     "Scale must be a 1-D tensor of the 4 channels"),
    ("group_norm", {"X": _x(2, 4, 3)}, {"groups": 2, "data_layout": "NCL"},
     "unknown data_layout 'NCL'"),
    ("instance_norm", {"X": _x(1, 2, 1, 1, 1, 2)}, {}, "2 to 5 dims"),
    ("instance_norm", {"X": _x(2, 3, 4), "Bias": _x(2)}, {},
     "Bias must be a 1-D tensor of the 3 channels"),
], ids=["default groups", "groups not dividing", "groups > C", "rank 1", "scale dims",
        "layout", "rank 6", "bias dims"])
def test_bad_inputs_raise(op: str, inputs: dict, attrs: dict, match: str, mode: str) -> None:
    outputs = {"Y": 1, "Mean": 1, "Variance": 1} if op == "group_norm" else {"Y": 1}
    with pytest.raises(Exception, match=match):
        run_single_op(op, inputs, attrs, outputs, mode)


@pytest.mark.parametrize("mode", PATHS)
def test_instance_norm_saved_statistics(mode: str) -> None:
    """SavedMean is the per-(sample, channel) mean, SavedVariance 1 / sqrt(var + eps)."""
    x, scale, bias = _x(2, 3, 4, 5), _x(3), _x(3)
    got, _ = run_single_op("instance_norm", {"X": x, "Scale": scale, "Bias": bias},
                           {"epsilon": 1e-3}, {"Y": 1, "SavedMean": 1, "SavedVariance": 1},
                           mode)
    rows = x.reshape(6, -1).astype(np.float64)
    inv = 1 / np.sqrt(rows.var(axis=1) + 1e-3)
    np.testing.assert_allclose(got["SavedMean"][0], rows.mean(axis=1), rtol=0, atol=1e-6)
    np.testing.assert_allclose(got["SavedVariance"][0], inv, rtol=1e-6)
    want = ((rows - rows.mean(axis=1, keepdims=True)) * inv[:, None]).reshape(x.shape)
    want = want * scale[None, :, None, None] + bias[None, :, None, None]
    np.testing.assert_allclose(got["Y"][0], want, rtol=0, atol=1e-5)


@pytest.mark.parametrize("mode", PATHS)
def test_instance_norm_empty_input_zero_statistics(mode: str) -> None:
    got, _ = run_single_op("instance_norm", {"X": _x(2, 3, 0)}, {},
                           {"Y": 1, "SavedMean": 1, "SavedVariance": 1}, mode)
    assert got["Y"][0].shape == (2, 3, 0)
    for slot in ("SavedMean", "SavedVariance"):
        np.testing.assert_array_equal(got[slot][0], np.zeros(6, np.float32))


@pytest.mark.parametrize("mode", PATHS)
def test_group_norm_nhwc_matches_nchw_transposed(mode: str) -> None:
    x, scale, bias = _x(2, 6, 3, 5), _x(6), _x(6)
    outs = {"Y": 1, "Mean": 1, "Variance": 1}
    nchw, _ = run_single_op("group_norm", {"X": x, "Scale": scale, "Bias": bias},
                            {"groups": 3}, outs, mode)
    nhwc, _ = run_single_op("group_norm", {"X": x.transpose(0, 2, 3, 1).copy(),
                                           "Scale": scale, "Bias": bias},
                            {"groups": 3, "data_layout": "NHWC"}, outs, mode)
    np.testing.assert_allclose(nhwc["Y"][0].transpose(0, 3, 1, 2), nchw["Y"][0], atol=1e-5)
    np.testing.assert_allclose(nhwc["Mean"][0], nchw["Mean"][0], atol=1e-6)


@pytest.mark.parametrize("mode", PATHS)
@pytest.mark.parametrize(("op", "inputs", "attrs", "match"), [
    ("affine_channel", {"X": _x(2, 3, 4), "Scale": _x(3), "Bias": _x(3)}, {},
     "Scale must be a 1-D tensor of the 4 channels"),
    ("affine_channel", {"X": _x(2, 3, 4), "Scale": _x(3), "Bias": _x(4)},
     {"data_layout": "NCHW"}, "Bias must be a 1-D tensor of the 3 channels"),
    ("lrn", {"X": _x(1, 3, 2, 2)}, {"n": 4}, "n must be a positive odd number, got 4"),
    ("lrn", {"X": _x(1, 3, 2)}, {}, r"X must be 4-D, got dims \[1, 3, 2\]"),
    ("spectral_norm", {"Weight": _x(3, 4), "U": _x(3), "V": _x(4)}, {"dim": 2},
     "dim must be 0 or 1, got 2"),
    ("spectral_norm", {"Weight": _x(3, 4), "U": _x(4), "V": _x(3)}, {},
     r"U must be 1-D of size 3, got dims \[4\]"),
    ("spectral_norm", {"Weight": _x(6), "U": _x(6), "V": _x(1)}, {}, "2 to 5 dims"),
], ids=["affine scale (channel-last default)", "affine bias", "lrn even n", "lrn rank",
        "spectral dim", "spectral U", "spectral rank"])
def test_bad_inputs_raise_other_ops(op: str, inputs: dict, attrs: dict, match: str,
                                    mode: str) -> None:
    outputs = {"Out": 1, "MidOut": 1} if op == "lrn" else {"Out": 1}
    with pytest.raises(Exception, match=match):
        run_single_op(op, inputs, attrs, outputs, mode)


@pytest.mark.parametrize("mode", PATHS)
def test_spectral_norm_many_iterations_reach_the_largest_singular_value(mode: str) -> None:
    weight = _RNG.normal(0, 1, (5, 3, 2))
    out, _ = run_single_op("spectral_norm", {"Weight": weight, "U": _RNG.normal(0, 1, 3),
                                             "V": _RNG.normal(0, 1, 10)},
                           {"dim": 1, "power_iters": 200}, {"Out": 1}, mode)
    sigma = np.linalg.svd(np.moveaxis(weight, 1, 0).reshape(3, 10), compute_uv=False)[0]
    np.testing.assert_allclose(out["Out"][0], weight / sigma, rtol=1e-9)
