"""loss family inputs Paddle cannot export as fixtures: refusals (Paddle refuses them while
the program is built, or reads out of bounds) on both paths."""

from __future__ import annotations

import numpy as np
import pytest

from phi.kernels.funcs import loss_sampled as sampled_funcs
from phi.kernels.funcs import random as random_funcs
from tests.ops.op_helpers import assert_refused, rand, run_both

_HSIGMOID_OUT = ("Out", "PreOut", "W_Out")


def test_hierarchical_sigmoid_refuses_labels_outside_the_tree() -> None:
    inputs = {"X": rand((3, 4), 1), "W": rand((5, 4), 2),
              "Label": np.array([[0], [6], [2]], np.int64)}
    assert_refused("hierarchical_sigmoid", inputs, {"num_classes": 6}, _HSIGMOID_OUT,
                   r"Label must hold classes in \[0, 6\), got 6")


def test_hierarchical_sigmoid_refuses_a_path_past_w() -> None:
    inputs = {"X": rand((2, 3), 1), "W": rand((3, 3), 2), "Label": np.zeros((2, 1), np.int64),
              "PathTable": np.array([[0, 1, -1], [0, 4, 2]], np.int64),
              "PathCode": np.array([[1, 0, 0], [0, 1, 1]], np.int64)}
    assert_refused("hierarchical_sigmoid", inputs, {"num_classes": 6}, _HSIGMOID_OUT,
                   "PathTable names node 4, but W has 3 rows")


def test_hierarchical_sigmoid_refuses_a_path_table_without_codes() -> None:
    inputs = {"X": rand((2, 3), 1), "W": rand((3, 3), 2), "Label": np.zeros((2, 1), np.int64),
              "PathTable": np.array([[0, 1], [0, 2]], np.int64)}
    assert_refused("hierarchical_sigmoid", inputs, {}, _HSIGMOID_OUT,
                   "PathCode must be given with PathTable's dims")


def _ctc_inputs(label: list[list[int]], lengths: list[int]) -> dict[str, np.ndarray]:
    return {"Logits": rand((5, 2, 4), 3), "Label": np.array(label, np.int32),
            "LogitsLength": np.array(lengths, np.int64),
            "LabelLength": np.array([2, 1], np.int64)}


def test_warpctc_refuses_a_blank_outside_the_classes() -> None:
    assert_refused("warpctc", _ctc_inputs([[1, 2], [3, 0]], [5, 4]), {"blank": 4},
                   ("Loss", "WarpCTCGrad"), r"Attr\(blank\) should be in interval \[0, 4\)")


def test_warpctc_refuses_labels_outside_the_classes() -> None:
    assert_refused("warpctc", _ctc_inputs([[1, 7], [3, 0]], [5, 4]), {},
                   ("Loss", "WarpCTCGrad"), r"Label values must lie in \[0, 4\), got 7")


def test_warpctc_refuses_empty_or_too_long_sequences() -> None:
    for lengths in ([5, 0], [6, 4]):
        assert_refused("warpctc", _ctc_inputs([[1, 2], [3, 0]], lengths), {},
                       ("Loss", "WarpCTCGrad"), r"LogitsLength must lie in \[1, 5\]")


def _rnnt_inputs(label: list[list[int]], lengths: list[int]) -> dict[str, np.ndarray]:
    return {"input": -np.abs(rand((2, 4, 3, 5), 4)), "label": np.array(label, np.int32),
            "input_lengths": np.array(lengths, np.int32),
            "label_lengths": np.array([2, 1], np.int32)}


def test_warprnnt_refuses_labels_outside_the_classes() -> None:
    assert_refused("warprnnt", _rnnt_inputs([[1, 5], [3, 0]], [4, 3]), {},
                   ("loss", "warprnntgrad"), r"label values must lie in \[0, 5\), got 5")


def test_warprnnt_refuses_lengths_past_the_input() -> None:
    assert_refused("warprnnt", _rnnt_inputs([[1, 2], [3, 0]], [5, 3]), {},
                   ("loss", "warprnntgrad"), r"input_lengths must lie in \[1, 4\]")


def test_warprnnt_grad_refuses_a_loss_grad_not_one_per_sequence() -> None:
    inputs = {"input": rand((2, 4, 3, 5), 4), "input_lengths": np.array([4, 3], np.int32),
              "warprnntgrad": rand((2, 4, 3, 5), 5), "loss@GRAD": rand((3,), 6)}
    assert_refused("warprnnt_grad", inputs, {}, ("input@GRAD",),
                   r"loss@GRAD needs one value per sequence \(2\), got shape \(3,\)")


_NCE_OUT = ("Cost", "SampleLogits", "SampleLabels")


def _nce_inputs() -> dict[str, np.ndarray]:
    return {"Input": rand((3, 4), 5), "Label": np.array([[1], [4], [0]], np.int64),
            "Weight": rand((6, 4), 6), "Bias": rand((6, 1), 7)}


def test_nce_custom_neg_classes_are_every_row_s_negatives() -> None:
    """custom_neg_classes (an extra attribute saved programs drop, so no Paddle fixture):
    the negatives of every row; Cost against the formula in float64."""
    inputs = _nce_inputs()
    got = run_both("nce", inputs, {"num_total_classes": 6, "num_neg_samples": 3,
                                   "custom_neg_classes": [2, 5, 2]}, _NCE_OUT)
    samples = got["SampleLabels"][0]
    assert samples.dtype == np.int64
    np.testing.assert_array_equal(samples, [[1, 2, 5, 2], [4, 2, 5, 2], [0, 2, 5, 2]])
    x, w, b = (inputs[k].astype(np.float64) for k in ("Input", "Weight", "Bias"))
    o = 1 / (1 + np.exp(-(np.einsum("nd,nsd->ns", x, w[samples]) + b[samples, 0])))
    noise = np.float64(np.float32(1 / 6) * np.float32(3))
    cost = -np.log(o[:, :1] / (o[:, :1] + noise)).sum(1) - np.log(
        noise / (o[:, 1:] + noise)).sum(1)
    np.testing.assert_allclose(got["SampleLogits"][0], o, rtol=1e-6)
    np.testing.assert_allclose(got["Cost"][0][:, 0], cost, rtol=1e-5)


def test_nce_refuses_custom_neg_classes_of_another_count() -> None:
    assert_refused("nce", _nce_inputs(), {"num_total_classes": 6, "num_neg_samples": 2,
                                          "custom_neg_classes": [1]}, _NCE_OUT,
                   "custom_neg_classes must hold num_neg_samples = 2 classes, got 1")


def test_nce_refuses_samples_past_weight() -> None:
    inputs = {**_nce_inputs(), "Label": np.array([[1], [6], [0]], np.int64)}
    assert_refused("nce", inputs, {"num_total_classes": 6, "seed": 3}, _NCE_OUT,
                   "sample label 6 is past Weight's 6 rows")


_ALIAS = (np.array([0.1, 0.2, 0.3, 0.4], np.float32), np.array([3, 2, -1, -1], np.int32),
          np.array([0.4, 0.8, 1.0, 1.0], np.float32))


@pytest.mark.parametrize("sampler", list(sampled_funcs.NCESampler))
def test_nce_unseeded_samplers_draw_their_distribution(sampler) -> None:
    """seed 0 draws from fluidphi's process-wide generator (Paddle's own global engine's
    state is unknowable): the frequencies of 200000 draws match the sampler's
    probabilities (log-uniform never draws the top class, though its probability reports
    one: its draws cover [0, classes - 1), whose probabilities sum to 1)."""
    classes = 4 if sampler is sampled_funcs.NCESampler.CUSTOM_DIST else 8
    random_funcs.seed_all(2024)
    draws = sampled_funcs.nce_negatives(sampler, classes, 0, 200_000, _ALIAS)
    freq = np.bincount(draws, minlength=classes) / draws.size
    probs = sampled_funcs.nce_probability(sampler, classes, np.arange(classes), _ALIAS)
    if sampler is sampled_funcs.NCESampler.LOG_UNIFORM:
        probs[-1] = 0.0
    np.testing.assert_allclose(freq, probs, atol=4e-3)


def test_warpctc_grad_lod_form_matches_the_padded_form() -> None:
    """The LoD form (no Paddle grad fixture: export_grads feeds no LoD) scatters each
    sequence's steps back to its rows, scaled as the padded form scales them."""
    from phi.kernels.funcs import loss_alignment

    grad = rand((4, 3, 5), 8)
    loss_grad = rand((3, 1), 9)
    offsets = [0, 4, 6, 9]
    lens = np.diff(offsets)
    padded = np.zeros_like(grad)
    loss_alignment.warpctc_grad(np, grad, loss_grad, lens, None, 0, True, padded)
    lod = np.zeros((9, 5), grad.dtype)
    loss_alignment.warpctc_grad(np, grad, loss_grad, None, [offsets], 9, True, lod)
    for b in range(3):
        np.testing.assert_allclose(lod[offsets[b]:offsets[b + 1]], padded[:lens[b], b],
                                   rtol=1e-6)
