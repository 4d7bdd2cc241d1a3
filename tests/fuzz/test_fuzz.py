"""Seeded mutation fuzzing of model files: no traceback, no signal, no hang, no wrong answer.

A few hundred mutants of the small fixture models, programs and params, each
through `check`, `run` and `inspect` (and some through `coverage`). The long
run is `python -m tests.fuzz.run` (tests/fuzz/README.md).
"""

from __future__ import annotations

import pytest

from tests.fuzz.harness import SMALL_MODELS, Outcome, Request, plan, run_mutants
from tests.fuzz.mutate import mutate_params, mutate_program
from tests.fuzz.oracle import used_digest
from tests.fuzz.worker import mutant_rng

#: one long test (started first: tests/conftest.py)
pytestmark = pytest.mark.heavy

SEED = 12
MUTANTS = 300


def test_mutants_never_crash_hang_or_answer_wrongly() -> None:
    summary = run_mutants(plan(MUTANTS, SEED, SMALL_MODELS, coverage_every=50), jobs=2)
    assert summary.mutants == MUTANTS
    assert not summary.failures, "\n".join(f.replay()[:2000] for f in summary.failures[:5])
    # both sides were exercised: mutants that still run and mutants refused cleanly
    assert summary.codes["run exit 0"] >= 30 and summary.codes["run exit 2"] >= 30
    assert summary.codes["check exit 2"] >= 30 and summary.codes["coverage exit 0"] >= 1
    assert summary.codes["run outputs compared with the original's"] >= 20  # the oracle bit


def test_the_harness_sees_hangs_and_signals() -> None:
    model = str(SMALL_MODELS[0])
    hung = run_mutants([Request(0, model, "program", 0, SEED, ("_hang",))], timeout=2.0)
    assert [f.outcome for f in hung.failures] == [Outcome.HANG]
    requests = [Request(1, model, "program", 1, SEED, ("_abort",)),
                Request(2, model, "program", 2, SEED, ("inspect",))]
    summary = run_mutants(requests, jobs=1)
    assert [f.outcome for f in summary.failures] == [Outcome.SIGNAL]
    assert summary.mutants == 2 and sum(summary.codes.values()) == 1  # the next one ran


def test_mutants_are_reproducible_from_their_seed() -> None:
    model = SMALL_MODELS[1]
    program = (model / "model.pdmodel").read_bytes()
    params = (model / "model.pdiparams").read_bytes()
    for i in range(20):
        assert mutate_program(program, mutant_rng(SEED, str(model), "program", i)) == \
            mutate_program(program, mutant_rng(SEED, str(model), "program", i))
        assert mutate_params(params, mutant_rng(SEED, str(model), "params", i)) == \
            mutate_params(params, mutant_rng(SEED, str(model), "params", i))


def test_digest_ignores_what_no_run_uses_and_sees_what_it_does() -> None:
    from legacy_fluid.proto import framework_pb2 as pb

    original = (SMALL_MODELS[0] / "model.pdmodel").read_bytes()
    base = used_digest(original)

    def edited(edit) -> bytes | None:
        msg = pb.ProgramDesc.FromString(original)
        edit(msg)
        return used_digest(msg.SerializeToString())

    inert = [lambda m: setattr(m.version, "version", 7),
             lambda m: next(a for a in m.blocks[0].ops[1].attrs
                            if a.name == "op_namescope").__setattr__("s", "/other"),
             lambda m: m.blocks[0].vars.add(name="unused").type.__setattr__("type", 7),
             lambda m: setattr(m.blocks[0].vars[0], "stop_gradient", True)]
    used = [lambda m: setattr(m.blocks[0].ops[3], "type", "sigmoid"),
            lambda m: m.blocks[0].vars[0].type.lod_tensor.tensor.dims.append(1),
            lambda m: next(a for a in m.blocks[0].ops[9].attrs
                           if a.name == "axis").__setattr__("i", 0)]
    assert all(edited(e) == base for e in inert)
    assert all(edited(e) != base for e in used)
    assert used_digest(b"\xff\xff\xff") is None
