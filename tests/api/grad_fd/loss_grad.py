"""Finite-difference cases of the losses (CTC over 2 sequences of T 5 and 4, labels [1, 2] and
[3]; RNN-T likewise): backward op -> [(forward inputs, attributes shared by forward and
backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.api.grad_fd.specs import (
    NCE_ALIAS,
    Spec,
    int_labels,
    positive,
    probabilities,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    # -- loss family: CTC over 2 sequences (T 5 and 4, labels [1, 2] and [3])
    "warpctc_grad": [
        ({"logits": (5, 2, 4), "label": lambda rng: np.array([[1, 2], [3, 0]], np.int32),
          "logits_length": lambda rng: np.array([5, 4], np.int64),
          "label_length": lambda rng: np.array([2, 1], np.int64)}, {}),
    ],
    # RNN-T over 2 sequences (T 4 and 3, labels [1, 2] and [3]; log-probabilities as given)
    "warprnnt_grad": [
        ({"input": lambda rng: rng.uniform(-4.0, 0.0, (2, 4, 3, 5)),
          "label": lambda rng: np.array([[1, 2], [3, 0]], np.int32),
          "input_lengths": lambda rng: np.array([4, 3], np.int32),
          "label_lengths": lambda rng: np.array([2, 1], np.int32)}, {}),
    ],
    "hsigmoid_loss_grad": [
        ({"x": (4, 3), "w": (5, 3), "label": int_labels((4, 1), 6), "bias": (5, 1)},
         {"num_classes": 6}),
        ({"x": (3, 2), "w": (4, 2), "label": lambda rng: np.zeros((3, 1), np.int64),
          "path_table": lambda rng: np.array([[0, 1, -1], [0, 2, 3], [1, -1, -1]], np.int64),
          "path_code": lambda rng: np.array([[1, 0, 0], [0, 1, 1], [1, 0, 0]], np.int64)}, {}),
    ],
    "nce_grad": [
        ({"input": (3, 4), "label": int_labels((3, 1), 4), "weight": (4, 4), "bias": (4, 1),
          "sample_weight": positive((3, 1)), **NCE_ALIAS},
         {"num_total_classes": 4, "num_neg_samples": 2, "seed": 9}),
        ({"input": (2, 3), "label": int_labels((2, 2), 4), "weight": (4, 3), "bias": (4, 1),
          "sample_weight": positive((2, 1)), **NCE_ALIAS},
         {"num_total_classes": 4, "num_neg_samples": 3, "sampler": 2,
          "custom_neg_classes": [3, 0, 2]}),
    ],
    "cross_entropy_grad": [
        ({"x": probabilities((4, 5)), "label": int_labels((4, 1), 5)}, {}),
        ({"x": probabilities((2, 3, 4)), "label": int_labels((2, 3, 1), 4)},
         {"ignore_index": 1}),
        ({"x": probabilities((3, 4)), "label": probabilities((3, 4))}, {"soft_label": True}),
    ],
    "cross_entropy2_grad": [
        ({"x": probabilities((4, 5)), "label": int_labels((4, 1), 5)}, {}),
        ({"x": probabilities((2, 3, 4)), "label": int_labels((2, 3, 1), 4)},
         {"ignore_index": 1}),
    ],
    "sigmoid_cross_entropy_with_logits_grad": [
        ({"x": (3, 4), "label": positive((3, 4))}, {}),
        ({"x": (3, 4), "label": lambda rng: rng.uniform(0.0, 1.0, (3, 4)),
          "pos_weight": positive((3, 4))}, {"normalize": True}),
        ({"x": (2, 3), "label": lambda rng: np.array([[1.0, 0.0, 0.25], [0.0, 1.0, 0.5]])},
         {"ignore_index": 1}),
    ],
    "bce_loss_grad": [({"input": lambda rng: rng.uniform(0.1, 0.9, (3, 4)),
                       "label": lambda rng: rng.uniform(0.0, 1.0, (3, 4))}, {})],
    "nll_loss_grad": [
        ({"input": (5, 4), "label": int_labels((5,), 4), "weight": positive((4,))}, {}),
        ({"input": (2, 3, 2, 2), "label": int_labels((2, 2, 2), 3)}, {"reduction": "none"}),
        ({"input": (4, 3), "label": lambda rng: np.array([0, 2, 1, 2])},
         {"reduction": "sum", "ignore_index": 2}),
    ],
    "kldiv_loss_grad": [
        ({"x": (3, 4), "label": lambda rng: rng.uniform(0.1, 1.0, (3, 4))},
         {"reduction": "batchmean"}),
        ({"x": (3, 4), "label": (3, 4)}, {"reduction": "none", "log_target": True}),
    ],
    "huber_loss_grad": [({"input": (3, 4), "label": (3, 4)}, {"delta": 0.7})],
    "hinge_loss_grad": [({"logits": lambda rng: np.array(
        [[0.5], [-2.0], [0.25], [2.0], [-0.5]], np.float32),
        "labels": lambda rng: np.array([[1.0], [0.0], [0.0], [1.0], [1.0]], np.float32)}, {})],
    "log_loss_grad": [({"input": lambda rng: rng.uniform(0.2, 0.8, (4, 1)).astype(np.float32),
                       "label": lambda rng: rng.uniform(0.0, 1.0, (4, 1)).astype(np.float32)},
                      {"epsilon": 1e-4})],
    # X@GRAD's first two columns are CVM's values, not derivatives: with use_cvm off Y does
    # not depend on them, so a zero CVM makes them the derivative (0)
    "cvm_grad": [({"x": (4, 5), "cvm": lambda rng: np.zeros((4, 2))}, {"use_cvm": False})],
    "identity_loss_grad": [({"x": (3, 4)}, {"reduction": r}) for r in (0, 1, 2)],
}


#: backward ops whose forward Paddle registers for float32 only: (step, rtol, atol)
FLOAT32_FD = {"hinge_loss_grad": (1e-2, 1e-3, 1e-4), "log_loss_grad": (1e-3, 1e-2, 1e-3)}
