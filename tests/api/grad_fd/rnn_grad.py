"""Finite-difference cases of the rnn op, fluid's LoD lstm / gru (sequences from the input's
LoD) and one-step gru_unit: backward op -> [(forward inputs, attributes shared by forward
and backward)] (tests/api/test_grad_fd.py runs them)."""

from __future__ import annotations

from typing import Any

from tests.api.grad_fd.specs import (
    Seq,
    Spec,
    rnn_case,
)

GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "rnn_grad": [rnn_case("LSTM", layers=2, bidirec=True), rnn_case("LSTM", lengths=[3, 1]),
                 rnn_case("GRU", layers=2, lengths=[2, 3]), rnn_case("GRU", bidirec=True),
                 rnn_case("RNN_TANH", bidirec=True), rnn_case("RNN_RELU", layers=2),
                 # a seeded dropout mask: every forward of the FD run draws the same one
                 rnn_case("LSTM", layers=2, dropout_prob=0.4, seed=5)],
    # fluid's LoD lstm: Hidden's gradient (Paddle's lstm_grad takes none of Cell)
    "lstm_grad": [
        ({"input": Seq((6, 12), ((0, 2, 5, 6),)), "h0": (3, 3), "c0": (3, 3), "weight": (3, 12),
          "bias": (1, 21)}, {}),
        ({"input": Seq((6, 12), ((0, 3, 3, 4, 6),)), "h0": None, "c0": (4, 3),
          "weight": (3, 12), "bias": (1, 12)},
         {"use_peepholes": False, "is_reverse": True, "cell_activation": "identity",
          "gate_activation": "tanh"}),
    ],

    "gru_grad": [
        ({"input": Seq((6, 9), ((0, 2, 2, 5, 6),)), "h0": (4, 3), "weight": (3, 9),
          "bias": (1, 9)}, {}),
        ({"input": Seq((5, 6), ((0, 3, 5),)), "h0": None, "weight": (2, 6), "bias": None},
         {"is_reverse": True, "origin_mode": True, "activation": "identity"}),
    ],
    "gru_unit_grad": [
        ({"input": (3, 9), "hidden_prev": (3, 3), "weight": (3, 9), "bias": (1, 9)}, {}),
        ({"input": (2, 6), "hidden_prev": (2, 2), "weight": (2, 6), "bias": None},
         {"origin_mode": True, "activation": 0, "gate_activation": 2}),
    ],
}
