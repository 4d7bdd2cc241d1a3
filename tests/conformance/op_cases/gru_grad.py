"""gru_grad and gru_unit_grad: fluid's LoD `gru` and one-step `gru_unit` differentiated by
Paddle 3.3.1 (the forward cases of rnn.py; Hidden seeded). gru: wrt Input, H0, Weight and
Bias; sequences from Input's LoD (an empty one, ties in length, one sequence), is_reverse,
origin_mode, the activations, float32 and float64. The training forward's workspaces
BatchGate, BatchResetHiddenPrev and BatchHidden (what gru_grad reads) are fetched and
compared too. `h0_not_differentiated` pins Paddle's quirk: with H0 given but no H0@GRAD,
the first step's reset-gate gradient is zero and its weight terms are left out.
gru_unit: wrt Input, HiddenPrev, Weight and Bias, both modes, the activations by number, an
empty batch (zero Weight and Bias gradients).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .rnn import gru_case, gru_unit_case
from .spec import GradCase

_WORKSPACES = ("BatchGate", "BatchResetHiddenPrev", "BatchHidden")
#: The training forward's workspaces are fetched too (export_grads.py).
FORWARD_FETCHES = {"gru": _WORKSPACES}


def _gru(name: str, wrt: tuple[str, ...] = ("Input", "Weight", "Bias"),
         **kwargs: Any) -> GradCase:
    forward = gru_case(f"grad_{name}", **kwargs)
    return GradCase(dataclasses.replace(forward, outputs=_WORKSPACES), wrt, of=("Hidden",))


_ALL = ("Input", "H0", "Weight", "Bias")

GRU = [
    _gru("float32"),
    _gru("float64_h0", _ALL, dtype="float64", h0=True),
    _gru("h0_not_differentiated", h0=True),
    _gru("origin_mode_reverse_h0", _ALL, origin_mode=True, is_reverse=True, h0=True),
    _gru("reverse_no_bias", ("Input", "Weight"), is_reverse=True, bias=False,
         dtype="float64"),
    _gru("empty_sequence_h0", _ALL, lod=((0, 3, 3, 4, 6),), h0=True),
    _gru("ties_h0", _ALL, lod=((0, 3, 6, 8, 11),), h0=True, dtype="float64"),
    _gru("one_sequence", _ALL, lod=((0, 4),), is_reverse=True, h0=True, origin_mode=True),
    _gru("relu_tanh", _ALL, activation="relu", gate_activation="tanh", h0=True,
         dtype="float64"),
    _gru("identity_sigmoid", activation="identity", gate_activation="sigmoid"),
    _gru("weight_only", ("Weight",), h0=True),
]


def _unit(name: str, wrt: tuple[str, ...] = ("Input", "HiddenPrev", "Weight", "Bias"),
          **kwargs: Any) -> GradCase:
    return GradCase(gru_unit_case(f"grad_{name}", **kwargs), wrt, of=("Hidden",))


GRU_UNIT = [
    _unit("float32"),
    _unit("float64", dtype="float64"),
    _unit("origin_mode_no_bias", ("Input", "HiddenPrev", "Weight"), origin_mode=True,
          bias=False),
    _unit("batch1_float64", batch=1, dtype="float64", origin_mode=True),
    _unit("identity_relu", activation=0, gate_activation=3, dtype="float64"),
    _unit("tanh_gates", activation=1, gate_activation=2),
    _unit("input_only", ("Input",)),
    _unit("empty_batch", batch=0),
]

GRAD_CASES = GRU + GRU_UNIT
