"""CRF decoders beyond the Paddle fixtures: CPU-only inside an emulated-device program, the
LoD form of crf_decoding, and the errors."""

from __future__ import annotations

import numpy as np
import pytest

from compat.dual_dispatch import DualDispatchRunner
from compat.plan import PlannedExecutor
from compat.single_op import run_single_op
from legacy_fluid.framework.executor import Executor
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from phi.common import CPUPlace, Place
from phi.core.dense_tensor import DenseTensor

RNG = np.random.default_rng(7)
X = RNG.uniform(-2, 2, (3, 5, 4)).astype(np.float32)
TRANS = RNG.uniform(-1, 1, (4, 4)).astype(np.float32)
CRF_TRANS = RNG.uniform(-1, 1, (6, 4)).astype(np.float32)
LENGTHS = np.array([5, 2, 4], np.int64)


def _device_program() -> ProgramDesc:
    """scale (device) -> viterbi_decode and crf_decoding (CPU only) -> scale (device)."""
    program = ProgramDesc()
    block = program.global_block()
    for name in ("x", "trans", "crf_trans", "lengths", "t0", "scores", "path", "vpath", "out"):
        block.var(name)
    block.append_op("scale", {"X": ["x"]}, {"Out": ["t0"]}, {"scale": 2.0})
    block.append_op("viterbi_decode", {"Input": ["t0"], "Transition": ["trans"],
                                       "Length": ["lengths"]},
                    {"Scores": ["scores"], "Path": ["path"]}, {"include_bos_eos_tag": True})
    block.append_op("crf_decoding", {"Emission": ["t0"], "Transition": ["crf_trans"],
                                     "Length": ["lengths"]}, {"ViterbiPath": ["vpath"]}, {})
    block.append_op("scale", {"X": ["scores"]}, {"Out": ["out"]}, {"scale": 0.5})
    return program


FEED = {"x": X, "trans": TRANS, "crf_trans": CRF_TRANS, "lengths": LENGTHS}
FETCH = ["out", "path", "vpath"]


def _run(place: Place, mode: str, planned: bool) -> tuple[list[np.ndarray], list]:
    ex = PlannedExecutor(place, mode, passes=False) if planned else \
        Executor(place, DualDispatchRunner(mode))
    got = ex.run(_device_program(), Scope(), FEED, fetch_list=FETCH)
    return [t.numpy() for t in got], ex.last_trace


@pytest.mark.parametrize(("mode", "planned"), [("auto", True), ("phi", False),
                                               ("legacy", False)])
def test_cpu_only_decoders_inside_a_device_program(emulated: Place, mode: str,
                                                   planned: bool) -> None:
    ref, _ = _run(CPUPlace(), mode, planned)
    got, trace = _run(emulated, mode, planned)
    for a, b in zip(ref, got):
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes()
    scale_in, viterbi, crf, scale_out = trace
    assert "emulated" in scale_in.key.lower() and "emulated" in scale_out.key.lower()
    # viterbi_decode has no device kernel: a CPU kernel runs, with transfers in and out
    assert viterbi.path.is_fallback and viterbi.note_kind == "cpu-only"
    assert "no kernel for Place(emulated:0)" in viterbi.note
    assert any(t.startswith("t0: place Place(emulated:0)->Place(cpu)")
               for t in viterbi.transforms)
    assert "scores: place Place(cpu)->Place(emulated:0)" in scale_out.transforms
    # crf_decoding asks for CPU itself (as Paddle's): no fallback, the same transfers
    assert not crf.path.is_fallback and "cpu" in crf.key.lower()
    assert any("Place(emulated:0)->Place(cpu)" in t for t in crf.transforms) or planned


def _lod_emission() -> DenseTensor:
    rows = np.concatenate([X[b, :n] for b, n in enumerate(LENGTHS)])
    offsets = np.concatenate([[0], np.cumsum(LENGTHS)]).tolist()
    return DenseTensor(rows, lod=[offsets])


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_crf_decoding_by_lod_equals_the_padded_form(mode: str) -> None:
    padded, _ = run_single_op("crf_decoding", {"Emission": X, "Transition": CRF_TRANS,
                                               "Length": LENGTHS}, {}, ["ViterbiPath"], mode)
    by_lod, _ = run_single_op("crf_decoding", {"Emission": _lod_emission(),
                                               "Transition": CRF_TRANS}, {},
                              ["ViterbiPath"], mode)
    want = np.concatenate([padded["ViterbiPath"][0][b, :n] for b, n in enumerate(LENGTHS)])
    np.testing.assert_array_equal(by_lod["ViterbiPath"][0][:, 0], want)
    label = DenseTensor(want.reshape(-1, 1).copy(), lod=_lod_emission().lod)
    label.data[0, 0] = (label.data[0, 0] + 1) % 4
    hits, _ = run_single_op("crf_decoding", {"Emission": _lod_emission(),
                                             "Transition": CRF_TRANS, "Label": label}, {},
                            ["ViterbiPath"], mode)
    assert hits["ViterbiPath"][0][:, 0].tolist() == [0] + [1] * (len(want) - 1)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize(("op", "inputs", "error"), [
    ("viterbi_decode", {"Input": X, "Transition": TRANS, "Length": LENGTHS.astype(np.int32)},
     "Length must be int64"),
    ("viterbi_decode", {"Input": X, "Transition": TRANS, "Length": np.zeros(3, np.int64)},
     "every Length is 0"),
    ("viterbi_decode", {"Input": X[0], "Transition": TRANS, "Length": LENGTHS},
     "must be 3-D"),
    ("crf_decoding", {"Emission": X, "Transition": TRANS, "Length": LENGTHS},
     r"Transition must be \[tags \+ 2, tags\]"),
    ("crf_decoding", {"Emission": X[0], "Transition": CRF_TRANS}, "lod level 1"),
])
def test_bad_input_is_a_clear_error(mode: str, op: str, inputs: dict, error: str) -> None:
    outputs = ["Scores", "Path"] if op == "viterbi_decode" else ["ViterbiPath"]
    with pytest.raises(Exception, match=error):
        run_single_op(op, inputs, {}, outputs, mode)
