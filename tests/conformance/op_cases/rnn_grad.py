"""rnn_grad: the fused rnn op differentiated by Paddle 3.3.1 with respect to Input,
PreState and WeightList, Out and State seeded (the training forward: is_test false, so
Reserve and DropoutState are what the forward saved).

Modes LSTM / GRU / RNN_TANH / RNN_RELU, stacked, bidirectional, SequenceLength (initial
states are random and non-zero, so a reverse direction with padding pins Paddle's use of
the padded step's Out, zero, as the previous hidden state), inter-layer dropout with
dropout_prob 1 (the only deterministic mask: every element dropped), float64.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .rnn import rnn_case
from .spec import GradCase

#: Output slot -> the input slot whose tensor count it has (State: one per PreState).
OUTPUT_COUNTS = {"rnn": {"State": "PreState"}}

_WRT = ("Input", "PreState", "WeightList")
_OF = ("Out", "State")


def _grad(name: str, mode: str, **kwargs: Any) -> GradCase:
    forward = rnn_case(f"grad_{name}", mode, **kwargs)
    return GradCase(dataclasses.replace(forward, outputs=("DropoutState",)), _WRT, of=_OF)


GRAD_CASES = [
    _grad("lstm", "LSTM"),
    _grad("lstm_bidir_2layers", "LSTM", layers=2, bidirec=True, steps=4),
    _grad("lstm_bidir_2layers_lengths", "LSTM", layers=2, bidirec=True, lengths=[5, 2, 0]),
    _grad("lstm_lengths_int32", "LSTM", steps=4, lengths=[1, 4, 3], len_dtype="int32"),
    _grad("lstm_dropout_all", "LSTM", layers=2, dropout_prob=1.0),
    _grad("lstm_float64", "LSTM", layers=2, bidirec=True, dtype="float64", lengths=[4, 5, 1]),
    _grad("gru", "GRU"),
    _grad("gru_bidir_2layers", "GRU", layers=2, bidirec=True),
    _grad("gru_bidir_lengths", "GRU", bidirec=True, lengths=[2, 5, 3]),
    _grad("gru_float64", "GRU", layers=2, dtype="float64", lengths=[5, 0, 3]),
    _grad("rnn_tanh_bidir_2layers_lengths", "RNN_TANH", layers=2, bidirec=True,
          lengths=[3, 1, 5]),
    _grad("rnn_relu", "RNN_RELU", layers=2),
    _grad("rnn_relu_bidir_lengths_float64", "RNN_RELU", bidirec=True, lengths=[5, 4, 2],
          dtype="float64"),
]
