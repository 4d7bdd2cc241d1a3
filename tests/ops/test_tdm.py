"""tdm_sampler with seed 0: Paddle seeds each layer's engine from std::random_device, so its
draws cannot be reproduced; fluidphi draws the seed from its own generator
(`phi.kernels.funcs.random.seed_all`). Checked: what every draw must satisfy and that the
negatives cover the layer evenly. Seeded draws are bit-exact against Paddle's fixtures
(tests/conformance/op_cases/tdm.py); docs/random.md."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from phi.kernels.funcs.random import seed_all

TRAVEL = np.array([[1 + i // 2, 5 + i] for i in range(8)], np.int32)
LAYER = np.arange(1, 13, dtype=np.int32).reshape(-1, 1)


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_unseeded_negatives_are_distinct_layer_nodes(path: str) -> None:
    seed_all(5)
    x = np.tile(np.arange(8, dtype=np.int64), 300).reshape(-1, 1)
    result, _ = run_single_op("tdm_sampler", {"X": x, "Travel": TRAVEL, "Layer": LAYER},
                              {"neg_samples_num_list": [2, 3], "layer_offset": [0, 4, 12],
                               "seed": 0, "dtype": 2}, ["Out", "Labels", "Mask"], path)
    out, labels, mask = (result[s][0] for s in ("Out", "Labels", "Mask"))
    assert out.shape == (2400, 7) and out.dtype == np.int32 and (mask == 1).all()
    assert (labels == [[1, 0, 0, 1, 0, 0, 0]]).all()
    assert (out[:, 0] == TRAVEL[x[:, 0], 0]).all() and (out[:, 3] == TRAVEL[x[:, 0], 1]).all()
    first, second = out[:, 1:3], out[:, 4:7]
    assert ((first >= 1) & (first <= 4)).all() and ((second >= 5) & (second <= 12)).all()
    assert (first[:, 0] != first[:, 1]).all() and (first != out[:, :1]).all()
    assert all(len(set(row)) == 4 for row in out[:, 3:7].tolist())
    counts = np.bincount(second.ravel(), minlength=13)[5:]
    expected = second.size / 8  # each of the 8 nodes is a negative equally often overall
    assert ((counts - expected) ** 2 / expected).sum() < 24.32  # chi-square 7 dof, 0.1 %
