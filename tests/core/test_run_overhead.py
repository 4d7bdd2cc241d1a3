"""What a run repeats is only what must be: the program's facts are found once per loaded
model, and a run's results do not change for it."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import compat.predictor
from compat.bench_models import model_inputs
from compat.predictor import load_model, run_model

MLP = str(Path(__file__).resolve().parents[1] / "fixtures" / "models" / "mlp" / "model")


def test_array_inputs_are_found_once_per_program(monkeypatch: pytest.MonkeyPatch) -> None:
    model = load_model(MLP)
    feeds = model_inputs(MLP, 1)
    first = run_model(model, feeds).outputs
    calls = []
    real = compat.predictor.array_input_names
    monkeypatch.setattr(compat.predictor, "array_input_names",
                        lambda program: calls.append(program) or real(program))
    model.extra.pop("array_inputs")
    model.extra.pop("feed_specs")  # what check_feeds checks, found from array_inputs too
    for _ in range(3):
        again = run_model(model, feeds).outputs
        assert all(np.array_equal(first[k], again[k]) for k in first)
    assert calls == [model.program]
    model.program = load_model(MLP).program  # another program: found again
    assert model.array_inputs() == []
    assert len(calls) == 2


def test_the_executor_is_found_from_the_arguments_as_given() -> None:
    from compat.dual_dispatch import PathMode
    from compat.predictor import executor_for
    from phi.common import CPUPlace

    model = load_model(MLP)
    feeds = model_inputs(MLP, 1)
    run_model(model, feeds, path="auto")
    run_model(model, feeds, path=PathMode.AUTO)
    run_model(model, feeds, path="phi", cpu_ops=["fc"])  # a list: not remembered
    assert len(model.extra["executors"]) == 2  # auto (either spelling), phi with fc on CPU
    assert all(type(k[4]) in (tuple, frozenset) for k in model.extra["executor_for"])
    auto = executor_for(model, CPUPlace(), "auto", True)
    assert auto is executor_for(model, CPUPlace(), PathMode.AUTO, True)
    assert auto is not executor_for(model, CPUPlace(), "legacy", True)
    with pytest.raises(ValueError, match="PathMode"):
        run_model(model, feeds, path="AUTO")
    with pytest.raises(ValueError, match="PathMode"):
        run_model(model, feeds, path="nope", executor=auto)


def test_plain_feeds_are_checked_as_fully_as_any() -> None:
    """The quick check of the usual feeds (C-contiguous host arrays of the declared dtype
    and dims) gives what the full check gives; anything else still meets the full check."""
    from compat.predictor import ModelInputError, check_feeds

    model = load_model(MLP)
    (name,) = model.feed_names
    x = model_inputs(MLP, 1)[name]
    quick = check_feeds(model, {name: x})
    assert model.extra["feed_specs"][1] is not None  # the quick check ran
    assert quick[name].data is x and quick[name].dims == x.shape
    # a strided view is made contiguous by the full check (a copy, not the view)
    wide = np.repeat(x, 2, axis=1)[:, ::2]
    strided = check_feeds(model, {name: wide})[name]
    assert strided.data.flags.c_contiguous and np.array_equal(strided.data, x)
    bad = {"dtype": {name: x.astype(np.float64)}, "shape": {name: x[:, :3]},
           "missing": {}, "extra": {name: x, "y": x}}
    expected = {"dtype": "expected dtype float32, got float64",
                "shape": "expected shape [-1, 16] (-1 = any), got [1, 3]",
                "missing": f"feed '{name}' was not given", "extra": "unknown feed 'y'"}
    for case, feeds in bad.items():
        with pytest.raises(ModelInputError, match=re.escape(expected[case])):
            check_feeds(model, feeds)


def test_planned_outputs_belong_to_the_caller() -> None:
    """A planned run's outputs are not copied again (the plan's fetch already copies): no
    output shares memory with another run's, and writing one changes no later run."""
    model = load_model(MLP)
    feeds = model_inputs(MLP, 1)
    runs = [run_model(model, feeds).outputs for _ in range(3)]
    (name,) = runs[0]
    expected = runs[0][name].copy()
    assert not np.shares_memory(runs[0][name], runs[1][name])
    assert runs[0][name].flags.writeable and runs[0][name].base is None
    runs[0][name][...] = -1.0
    again = run_model(model, feeds).outputs[name]
    assert np.array_equal(again, expected) and np.array_equal(runs[1][name], expected)
