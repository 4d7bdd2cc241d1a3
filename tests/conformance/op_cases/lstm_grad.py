"""lstm_grad: fluid's LoD `lstm` (rnn.py's LSTM cases) differentiated by Paddle 3.3.1 with
respect to Input, H0, C0, Weight and Bias (peepholes included), Hidden seeded; the training
forward's workspaces BatchGate (the activated gates c~, i, f, o in batch order, with the
batch LoD) and BatchCellPreAct (act_cell(c)) are fetched and compared too.

Directions, initial states (none, C0 alone, both), activations, float32 / float64 (Paddle's
CPU dtypes), one sequence, an empty sequence. Pinned: Paddle's grad op has no Cell@GRAD
input, so a seeded Cell adds nothing (`cell_seeded`); the peephole gradients W_ic / W_fc
skip the first step without C0. An empty sequence with H0 or a differentiated C0 has no
case: Paddle then reads rows past the first batch (H0@GRAD, Weight@GRAD) or leaves C0@GRAD
rows unwritten. D = 3 keeps Paddle on its plain C++ path (float32 with D a multiple of 8
takes its AVX kernels, whose backward drops the Hidden -> Cell gradient).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .rnn import _LOD_EMPTY, lstm_case
from .spec import GradCase

#: The training forward's workspaces, fetched with the gradients (export_grads.py).
FORWARD_FETCHES = {"lstm": ("BatchGate", "BatchCellPreAct")}

_PARAMS = ("Input", "Weight", "Bias")


def _grad(name: str, wrt: tuple[str, ...] | None = None, of: tuple[str, ...] = ("Hidden",),
          **kwargs: Any) -> GradCase:
    """A training lstm case differentiated for `wrt` (default: Input, Weight, Bias and the
    initial states it has)."""
    forward = lstm_case(f"grad_{name}", **kwargs)
    if wrt is None:
        wrt = _PARAMS + tuple(s for s in ("H0", "C0") if kwargs.get(s.lower()))
    return GradCase(dataclasses.replace(forward, attrs={**forward.attrs, "is_test": False}),
                    wrt, of=of)


GRAD_CASES = [
    _grad("float32"),
    _grad("float64", dtype="float64"),
    _grad("h0_c0_float32", h0=True, c0=True),
    _grad("reverse_h0_c0_float64", is_reverse=True, h0=True, c0=True, dtype="float64"),
    _grad("no_peepholes_c0", peepholes=False, c0=True),
    _grad("c0_only_float64", c0=True, dtype="float64"),
    _grad("one_sequence_reverse", lod=((0, 4),), is_reverse=True, h0=True, c0=True),
    _grad("activations", gate_activation="tanh", cell_activation="relu",
          candidate_activation="identity", dtype="float64", c0=True),
    _grad("relu_gates", gate_activation="relu", cell_activation="identity",
          candidate_activation="sigmoid", peepholes=False, h0=True, c0=True),
    _grad("cell_seeded", of=("Hidden", "Cell"), h0=True, c0=True, dtype="float64"),
    # C0 given but not differentiated: Paddle leaves an empty sequence's C0@GRAD unwritten
    _grad("empty_sequence_c0", wrt=_PARAMS, lod=_LOD_EMPTY, c0=True, dtype="float64"),
    _grad("empty_sequence_reverse", lod=_LOD_EMPTY, is_reverse=True),
]
