"""Control flow and tensor arrays beyond the Paddle-made programs (tests/fixtures/models/
while_loop, tests/fixtures/models_v2/cond_v2): loop limits, Ctrl-C, conditions on
non-scalar tensors, select_output, array errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from compat.dual_dispatch import DualDispatchRunner
from compat.plan import PlannedExecutor
from fluidphi.cli import app
from legacy_fluid.framework import block_runner
from legacy_fluid.framework.block_runner import LoopLimitError, loop_limit
from legacy_fluid.framework.executor import Executor, OpRunError
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import AttrType, VarType
from legacy_fluid.io import save_inference_model
from phi.common import Place


def _endless() -> ProgramDesc:
    """x -> while (c stays true) { y = x * 2 } -> y."""
    program = ProgramDesc()
    main = program.global_block()
    for name in ("x", "c", "y"):
        main.var(name)
    main.append_op("fill_constant", {}, {"Out": ["c"]},
                   {"shape": [1], "dtype": 0, "value": 1.0})
    body = program.append_block(main)
    body.append_op("scale", {"X": ["x"]}, {"Out": ["y"]}, {"scale": 2.0})
    loop = main.append_op("while", {"X": ["x"], "Condition": ["c"]},
                          {"Out": ["y"], "StepScopes": []}, {"is_test": True})
    loop.set_attr("sub_block", body.idx, AttrType.BLOCK)
    return program


@pytest.mark.parametrize("executor", [lambda: Executor(Place(), DualDispatchRunner("auto")),
                                      lambda: PlannedExecutor(Place())])
def test_a_loop_that_never_ends_stops_at_the_limit(executor) -> None:
    with loop_limit(7), pytest.raises(OpRunError) as info:
        executor().run(_endless(), Scope(), {"x": np.ones(3, np.float32)}, fetch_list=["y"])
    assert isinstance(info.value.cause, LoopLimitError)
    assert "ran 7 iterations" in str(info.value) and "'c' never became false" in str(info.value)


def test_cli_max_loop_iters_and_ctrl_c(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    program = _endless()
    program.global_block().var("x").shape = [3]
    prefix = tmp_path / "endless"
    save_inference_model(prefix, program, ["x"], ["y"], Scope())
    np.save(tmp_path / "x.npy", np.ones(3, np.float32))
    runner = CliRunner()
    res = runner.invoke(app, ["run", str(prefix), "-i", str(tmp_path / "x.npy"),
                              "--max-loop-iters", "5"])
    assert res.exit_code == 1 and "ran 5 iterations" in res.output
    assert "Traceback" not in res.output
    monkeypatch.setattr(block_runner, "DEFAULT_MAX_LOOP_ITERS", 40)  # 1,000,000 really
    res = runner.invoke(app, ["run", str(prefix), "-i", str(tmp_path / "x.npy")])
    assert res.exit_code == 1 and "ran 40 iterations, the default limit of 40 " \
        "(--max-loop-iters sets another)" in " ".join(res.output.split())

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("compat.predictor.run_model", interrupted)
    res = runner.invoke(app, ["run", str(prefix), "-i", str(tmp_path / "x.npy")])
    assert res.exit_code == 130 and "interrupted" in res.output
    assert "Traceback" not in res.output


def _run(program: ProgramDesc, feed: dict, fetch: list[str]) -> list[np.ndarray]:
    ex = Executor(Place(), DualDispatchRunner("auto"))
    return [t.numpy() for t in ex.run(program, Scope(), feed, fetch_list=fetch)]


def test_conditional_block_on_tensor_emptiness_and_select_output() -> None:
    program = ProgramDesc()
    main = program.global_block()
    for name in ("c", "x", "m", "a", "b", "y"):
        main.var(name)
    body = program.append_block(main)
    body.append_op("scale", {"X": ["x"]}, {"Out": ["y"]}, {"scale": 3.0})
    main.append_op("conditional_block", {"Cond": ["c"], "Input": ["x"]},
                   {"Out": ["y"], "Scope": []},
                   {"sub_block": body.idx, "is_scalar_condition": False})
    main.append_op("select_output", {"X": ["y"], "Mask": ["m"]}, {"Out": ["a", "b"]}, {})
    x = np.arange(3, dtype=np.float32)
    a, = _run(program, {"c": np.zeros(2, np.float32), "x": x, "m": np.array([0], np.int32)},
              ["a"])
    np.testing.assert_array_equal(a, x * 3)
    with pytest.raises(OpRunError, match="Mask 2 is out of range for 2 outputs"):
        _run(program, {"c": np.zeros(1, np.float32), "x": x, "m": np.array([2], np.int32)},
             ["a"])
    with pytest.raises(OpRunError, match=r"input X \('y'\) holds no tensor"):  # skipped
        _run(program, {"c": np.zeros(0, np.float32), "x": x, "m": np.array([0], np.int32)},
             ["a"])


def test_reading_past_the_end_of_an_array_names_it() -> None:
    program = ProgramDesc()
    main = program.global_block()
    main.var("arr", type=VarType.LOD_TENSOR_ARRAY)
    for name in ("x", "i", "j", "y"):
        main.var(name)
    main.append_op("write_to_array", {"X": ["x"], "I": ["i"]}, {"Out": ["arr"]}, {})
    main.append_op("read_from_array", {"X": ["arr"], "I": ["j"]}, {"Out": ["y"]}, {})
    x = np.ones(2, np.float32)
    y, = _run(program, {"x": x, "i": np.array([2], np.int64), "j": np.array([2], np.int64)},
              ["y"])
    np.testing.assert_array_equal(y, x)
    with pytest.raises(OpRunError, match="position 0 of 'arr' holds no tensor"):
        _run(program, {"x": x, "i": np.array([2], np.int64), "j": np.array([0], np.int64)},
             ["y"])


def _cond_infer(scalar: bool) -> ProgramDesc:
    """y = x; conditional_block_infer (Cond c) { y = 3x } -> y, as inference programs hold it."""
    program = ProgramDesc()
    main = program.global_block()
    for name in ("c", "x", "y"):
        main.var(name)
    main.append_op("assign", {"X": ["x"]}, {"Out": ["y"]}, {})
    body = program.append_block(main)
    body.append_op("scale", {"X": ["x"]}, {"Out": ["y"]}, {"scale": 3.0})
    main.append_op("conditional_block_infer", {"Cond": ["c"], "Input": ["x"]},
                   {"Out": ["y"], "Scope": []},
                   {"sub_block": body.idx, "is_scalar_condition": scalar})
    return program


@pytest.mark.parametrize("executor", [lambda: Executor(Place(), DualDispatchRunner("auto")),
                                      lambda: PlannedExecutor(Place())])
def test_conditional_block_infer_runs_its_block_when_the_condition_holds(executor) -> None:
    # Paddle 3.3.1 (a program built through the block desc, run by its executor): [0, 3, 6]
    # for c = [True], [0, 1, 2] for c = [False]
    x = np.arange(3, dtype=np.float32)
    for c, want in ((True, x * 3), (False, x)):
        y, = executor().run(_cond_infer(True), Scope(), {"c": np.array([c]), "x": x},
                            fetch_list=["y"])
        np.testing.assert_array_equal(y.numpy(), want)
    for c, want in ((np.zeros(2, np.float32), x * 3), (np.zeros(0, np.float32), x)):
        y, = executor().run(_cond_infer(False), Scope(), {"c": c, "x": x}, fetch_list=["y"])
        np.testing.assert_array_equal(y.numpy(), want)
    with pytest.raises(OpRunError, match=r"conditional_block_infer.*one element"):
        executor().run(_cond_infer(True), Scope(), {"c": np.array([True, False]), "x": x},
                       fetch_list=["y"])


def test_conditional_block_infer_proto_is_paddles() -> None:
    from legacy_fluid.framework.op_registry import OP_INFOS

    proto = OP_INFOS.info("conditional_block_infer").proto
    # Paddle 3.3.1's registered proto (core OpProto): slots in order with their flags, attrs
    # with defaults (sub_block has none); no extra attributes
    assert [(v.name, v.duplicable, v.dispensable) for v in proto.inputs] == \
        [("Cond", True, False), ("Input", True, False)]
    assert [(v.name, v.duplicable, v.dispensable) for v in proto.outputs] == \
        [("Out", True, False), ("Scope", False, False)]
    own = [(a.name, a.type, a.default, a.extra) for a in proto.attrs if not a.generated]
    assert own == [("sub_block", AttrType.BLOCK, None, False),
                   ("is_scalar_condition", AttrType.BOOLEAN, False, False)]


@pytest.mark.parametrize("executor", [lambda: Executor(Place(), DualDispatchRunner("auto")),
                                      lambda: PlannedExecutor(Place())])
def test_each_run_starts_with_empty_arrays(executor) -> None:
    """An array written at position i has i + 1 entries, whatever earlier runs of the same
    executor and scope wrote (a planned run reuses its scope; its third run is compiled)."""
    program = ProgramDesc()
    main = program.global_block()
    main.var("arr", type=VarType.LOD_TENSOR_ARRAY)
    for name in ("x", "i", "n"):
        main.var(name)
    main.append_op("write_to_array", {"X": ["x"], "I": ["i"]}, {"Out": ["arr"]}, {})
    main.append_op("lod_array_length", {"X": ["arr"]}, {"Out": ["n"]}, {})
    ex, scope = executor(), Scope()
    for i in (3, 1, 0, 5, 2):
        n, = ex.run(program, scope, {"x": np.ones(2, np.float32), "i": np.array([i], np.int64)},
                    fetch_list=["n"])
        assert n.numpy().tolist() == [i + 1]
