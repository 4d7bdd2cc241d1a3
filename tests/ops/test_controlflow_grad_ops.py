"""while_grad, conditional_block_grad and the tensor-array grads beyond the Paddle-made
training fixtures (tests/fixtures/train/while_*, cond_branches_sgd): a parameter's gradient
summed over the steps of a loop, a loop of no step, zero gradients when the condition does
not hold, step scopes kept only for a while_grad, tensor_array_to_tensor_grad,
read_from_array as write_to_array's grad, an array gradient right on every run, errors."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.dual_dispatch import DualDispatchRunner
from compat.plan import PlannedExecutor
from legacy_fluid.framework.executor import Executor, OpRunError
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import Place

EXECUTORS = [lambda: Executor(Place(), DualDispatchRunner("auto")),
             lambda: PlannedExecutor(Place())]


def _power_loop(with_grad: bool = True) -> ProgramDesc:
    """h = h0; while (i < n) { h = h * w; i += 1 } as paddle.static.nn.while_loop writes it
    (the carried h assigned back in place), then, with_grad, its while_grad from h@GRAD:
    h@GRAD = g * w^n, w@GRAD = g * n * w^(n-1) * h0 (each step's own h: the step scopes)."""
    program = ProgramDesc()
    main = program.global_block()
    for name in ("h", "i", "n", "c", "h@GRAD", "w@GRAD"):
        main.var(name)
    main.var("w", is_parameter=True, persistable=True)
    main.var("steps", type=VarType.STEP_SCOPES)
    main.append_op("fill_constant", {}, {"Out": ["i"]}, {"shape": [1], "dtype": 3, "value": 0.0})
    main.append_op("less_than", {"X": ["i"], "Y": ["n"]}, {"Out": ["c"]}, {"axis": -1})
    body = program.append_block(main)
    for name in ("hw", "i1", "c1"):
        body.var(name)
    body.append_op("elementwise_mul", {"X": ["h"], "Y": ["w"]}, {"Out": ["hw"]}, {"axis": -1})
    body.append_op("scale", {"X": ["i"]}, {"Out": ["i1"]}, {"scale": 1.0, "bias": 1.0})
    body.append_op("less_than", {"X": ["i1"], "Y": ["n"]}, {"Out": ["c1"]}, {"axis": -1})
    for src, dst in (("hw", "h"), ("i1", "i"), ("c1", "c")):
        body.append_op("assign", {"X": [src]}, {"Out": [dst]}, {})
    loop = main.append_op("while", {"X": ["h", "w", "i", "n"], "Condition": ["c"]},
                          {"Out": ["h", "i", "c"], "StepScopes": ["steps"]}, {"is_test": False})
    loop.set_attr("sub_block", body.idx, AttrType.BLOCK)
    if with_grad:
        grad = program.append_block(main)
        grad.forward_block_idx = body.idx
        for name in ("hw@GRAD", "w@GRAD"):
            grad.var(name)
        grad.append_op("assign", {"X": ["h@GRAD"]}, {"Out": ["hw@GRAD"]}, {})
        grad.append_op("elementwise_mul_grad",
                       {"X": ["h"], "Y": ["w"], "Out@GRAD": ["hw@GRAD"]},
                       {"X@GRAD": ["h@GRAD"], "Y@GRAD": ["w@GRAD"]}, {"axis": -1})
        back = main.append_op(
            "while_grad", {"X": ["h", "w", "i", "n"], "Out": ["h", "i", "c"],
                           "Out@GRAD": ["h@GRAD"], "StepScopes": ["steps"]},
            {"X@GRAD": ["h@GRAD", "w@GRAD", "@EMPTY@", "@EMPTY@"]},
            {"is_test": False, "original_output_grad": ["h@GRAD"]})
        back.set_attr("sub_block", grad.idx, AttrType.BLOCK)
    return program


def _loop_feed(n: int) -> dict[str, np.ndarray]:
    return {"h": np.array([1.0, -2.0, 0.5, 3.0], np.float32),
            "n": np.array([n], np.int64),
            "h@GRAD": np.array([0.5, 1.0, -1.0, 2.0], np.float32)}


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("n", [3, 1, 0])
def test_while_grad_sums_a_parameters_gradient_over_the_steps(executor, n: int) -> None:
    w = np.array([1.5, -0.5, 2.0, 0.8], np.float32)
    scope = Scope()
    scope.var("w").get_tensor().set_array(w.copy())
    feed = _loop_feed(n)
    h, hg, wg = (t.numpy() for t in executor().run(
        _power_loop(), scope, feed, fetch_list=["h", "h@GRAD", "w@GRAD"]))
    h0, g = feed["h"], feed["h@GRAD"]
    np.testing.assert_allclose(h, h0 * w ** n, rtol=1e-6)
    np.testing.assert_allclose(hg, g * w ** n, rtol=1e-6)
    # a loop of no step: the carried gradient passes through, the parameter's is zeros
    np.testing.assert_allclose(wg, g * n * w ** max(n - 1, 0) * h0, rtol=1e-6)
    assert wg.shape == w.shape


def test_step_scopes_are_kept_only_for_a_while_grad_and_used_up_by_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[Scope] = []
    new_scope = Scope.new_scope

    def recorded(self: Scope) -> Scope:
        made.append(new_scope(self))
        return made[-1]

    monkeypatch.setattr(Scope, "new_scope", recorded)
    for with_grad in (False, True):
        made.clear()
        scope = Scope()
        scope.var("w").get_tensor().set_array(np.ones(4, np.float32))
        Executor(Place(), DualDispatchRunner("auto")).run(
            _power_loop(with_grad), scope, _loop_feed(3), fetch_list=["h"])
        run_scope, *steps = made
        assert len(steps) == 3 and all(s.parent is run_scope for s in steps)
        # kept: each step holds its loop inputs as they were when it began, but w (a
        # parameter), as Paddle keeps them; not kept: the steps hold nothing of them
        assert [sorted(n for n in ("h", "w", "i", "n") if s.find_local_var(n))
                for s in steps] == [["h", "i", "n"] if with_grad else []] * 3
        assert run_scope.kids == []  # dropped by the loop, or used up by while_grad
        holder = run_scope.find_var("steps").value
        assert holder == [] if with_grad else holder is None


def test_while_grad_without_its_forward_names_the_step_scopes() -> None:
    program = _power_loop()
    main = program.global_block()
    main.ops = [op for op in main.ops if op.type != "while"]
    scope = Scope()
    scope.var("w").get_tensor().set_array(np.ones(4, np.float32))
    with pytest.raises(OpRunError, match=r"StepScopes \('steps'\) holds no step scopes"):
        Executor(Place(), DualDispatchRunner("auto")).run(program, scope, _loop_feed(2),
                                                          fetch_list=["w@GRAD"])


def _branch(empty_grad: bool = False) -> ProgramDesc:
    """if c { y = x * w }, and its conditional_block_grad from y@GRAD; x's gradient is not
    wanted when empty_grad (@EMPTY@), and b (an input the block does not use) gets none
    from the grad block."""
    program = ProgramDesc()
    main = program.global_block()
    for name in ("c", "x", "b", "y", "y@GRAD", "x@GRAD", "w@GRAD", "b@GRAD"):
        main.var(name)
    main.var("w", is_parameter=True, persistable=True)
    main.var("scope", type=VarType.STEP_SCOPES)
    body = program.append_block(main)
    body.append_op("elementwise_mul", {"X": ["x"], "Y": ["w"]}, {"Out": ["y"]}, {"axis": -1})
    main.append_op("conditional_block", {"Cond": ["c"], "Input": ["x", "w", "b"]},
                   {"Out": ["y"], "Scope": ["scope"]},
                   {"sub_block": body.idx, "is_scalar_condition": True})
    grad = program.append_block(main)
    grad.forward_block_idx = body.idx
    for name in ("x@GRAD", "w@GRAD"):
        grad.var(name)
    grad.append_op("elementwise_mul_grad", {"X": ["x"], "Y": ["w"], "Out@GRAD": ["y@GRAD"]},
                   {"X@GRAD": ["x@GRAD"], "Y@GRAD": ["w@GRAD"]}, {"axis": -1})
    main.append_op("conditional_block_grad",
                   {"Cond": ["c"], "Input": ["x", "w", "b"], "Out": ["y"],
                    "Out@GRAD": ["y@GRAD"], "Scope": ["scope"]},
                   {"Input@GRAD": ["@EMPTY@" if empty_grad else "x@GRAD", "w@GRAD", "b@GRAD"]},
                   {"sub_block": grad.idx, "is_scalar_condition": True})
    return program


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("holds", [True, False])
def test_conditional_block_grad_copies_out_or_gives_zeros(executor, holds: bool) -> None:
    w = np.array([2.0, -1.0, 0.5], np.float32)
    scope = Scope()
    scope.var("w").get_tensor().set_array(w.copy())
    x = np.array([1.0, 3.0, -2.0], np.float32)
    g = np.array([0.5, -1.0, 4.0], np.float32)
    b = np.array([[7.0, 8.0]], np.float32)
    xg, wg, bg = (t.numpy() for t in executor().run(
        _branch(), scope, {"c": np.array([holds]), "x": x, "b": b, "y@GRAD": g},
        fetch_list=["x@GRAD", "w@GRAD", "b@GRAD"]))
    np.testing.assert_allclose(xg, g * w if holds else np.zeros_like(x))
    np.testing.assert_allclose(wg, g * x if holds else np.zeros_like(w))
    # an input the grad block wrote no gradient for: zeros like it either way
    np.testing.assert_array_equal(bg, np.zeros_like(b))
    assert xg.dtype == wg.dtype == bg.dtype == np.float32


def test_conditional_block_grad_leaves_an_unwanted_gradient_alone() -> None:
    scope = Scope()
    scope.var("w").get_tensor().set_array(np.ones(3, np.float32))
    feed = {"c": np.array([False]), "x": np.ones(3, np.float32),
            "b": np.ones(2, np.float32), "y@GRAD": np.ones(3, np.float32)}
    xg, wg = Executor(Place(), DualDispatchRunner("auto")).run(
        _branch(empty_grad=True), scope, feed, fetch_list=["x@GRAD", "w@GRAD"])
    assert not xg.initialized()
    np.testing.assert_array_equal(wg.numpy(), np.zeros(3, np.float32))


def test_conditional_block_grad_without_its_forward_scope_says_so() -> None:
    program = _branch()
    main = program.global_block()
    main.ops = [op for op in main.ops if op.type != "conditional_block"]
    scope = Scope()
    scope.var("w").get_tensor().set_array(np.ones(3, np.float32))
    feed = {"c": np.array([True]), "x": np.ones(3, np.float32),
            "b": np.ones(2, np.float32), "y@GRAD": np.ones(3, np.float32)}
    with pytest.raises(OpRunError, match=r"Scope \('scope'\) holds no scope"):
        Executor(Place(), DualDispatchRunner("auto")).run(program, scope, feed,
                                                          fetch_list=["w@GRAD"])


@pytest.mark.parametrize("stack", [False, True])
def test_tensor_array_to_tensor_grad_cuts_the_gradient_back_into_the_entries(stack) -> None:
    program = ProgramDesc()
    main = program.global_block()
    main.var("arr", type=VarType.LOD_TENSOR_ARRAY)
    main.var("arr@GRAD", type=VarType.LOD_TENSOR_ARRAY)
    for name in ("a", "b", "i", "j", "out", "idx", "g", "ga", "gb"):
        main.var(name)
    main.append_op("write_to_array", {"X": ["a"], "I": ["i"]}, {"Out": ["arr"]}, {})
    main.append_op("write_to_array", {"X": ["b"], "I": ["j"]}, {"Out": ["arr"]}, {})
    attrs = {"axis": 1, "use_stack": stack}
    main.append_op("tensor_array_to_tensor", {"X": ["arr"]},
                   {"Out": ["out"], "OutIndex": ["idx"]}, attrs)
    main.append_op("tensor_array_to_tensor_grad", {"X": ["arr"], "Out@GRAD": ["g"]},
                   {"X@GRAD": ["arr@GRAD"]}, attrs)
    for k, name in enumerate(("ga", "gb")):  # write_to_array's grad reads the entries
        main.append_op("read_from_array", {"X": ["arr@GRAD"], "I": ["i" if k == 0 else "j"]},
                       {"Out": [name]}, {})
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = a + 10 if stack else np.arange(4, dtype=np.float32).reshape(2, 2)
    g = np.arange(12 if stack else 10, dtype=np.float32).reshape((2, 2, 3) if stack else (2, 5))
    ga, gb = _run_plain(program, {"a": a, "b": b, "i": np.array([0], np.int64),
                                  "j": np.array([1], np.int64), "g": g}, ["ga", "gb"])
    np.testing.assert_array_equal(ga, g[:, 0] if stack else g[:, :3])
    np.testing.assert_array_equal(gb, g[:, 1] if stack else g[:, 3:])


def test_read_from_array_as_write_to_arrays_grad_gives_zeros_where_nothing_flowed_back() -> None:
    program = ProgramDesc()
    main = program.global_block()
    main.var("arr", type=VarType.LOD_TENSOR_ARRAY)
    for name in ("x", "w", "i", "j", "out"):
        main.var(name)
    main.append_op("write_to_array", {"X": ["x"], "I": ["i"]}, {"Out": ["arr"]}, {})
    main.append_op("read_from_array", {"X": ["arr"], "I": ["j"], "X_W": ["w"]},
                   {"Out": ["out"]}, {})
    x, w = np.ones(2, np.float32), np.ones((3, 2), np.float64)
    out, = _run_plain(program, {"x": x, "w": w, "i": np.array([0], np.int64),
                                "j": np.array([4], np.int64)}, ["out"])
    assert out.dtype == np.float64 and out.shape == (3, 2) and not out.any()
    out, = _run_plain(program, {"x": x, "w": w, "i": np.array([0], np.int64),
                                "j": np.array([0], np.int64)}, ["out"])
    np.testing.assert_array_equal(out, x)


def _run_plain(program: ProgramDesc, feed: dict, fetch: list[str]) -> list[np.ndarray]:
    return [t.numpy() for t in Executor(Place(), DualDispatchRunner("auto")).run(
        program, Scope(), feed, fetch_list=fetch)]


def _rnn_embed_loss(params: dict[str, np.ndarray], feed: dict[str, np.ndarray]) -> float:
    """The loss of tests/fixtures/train/while_rnn_embed_sgd in float64 NumPy."""
    p = {k: v.astype(np.float64) for k, v in params.items()}
    h, outs = np.zeros((feed["x0"].shape[0], 5)), []
    for t in range(3):
        x = feed[f"x{t}"] @ p["linear_0.w_0"] + p["linear_0.b_0"]
        h = np.tanh(x @ p["linear_1.w_0"] + p["linear_1.b_0"] + h @ p["linear_2.w_0"])
        outs.append(h)
    z = np.concatenate(outs, 1) @ p["linear_3.w_0"] + p["linear_3.b_0"]
    z -= z.max(1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(1, keepdims=True))
    return float(-logp[np.arange(len(z)), feed["y"].ravel()].mean())


def test_the_gradient_of_an_array_the_loop_reads_is_right_on_every_run() -> None:
    """while_rnn_embed_sgd's Paddle fixture holds one step (Paddle 3.3.1's later runs give
    garbage there); on later runs fluidphi's gradient of the embedding Linear, which flows
    back through the array the loop reads (summed over the steps by while_grad), matches
    central differences of the loss."""
    from compat.training import open_session

    folder = Path(__file__).resolve().parent.parent / "fixtures" / "train" / "while_rnn_embed_sgd"
    session = open_session(folder / "state.pdmodel", [folder / "state.pdparams",
                                                      folder / "state.pdopt"], path="auto")
    with np.load(folder / "steps.npz") as steps:
        feed = {k.split("/", 1)[1]: steps[k] for k in steps.files}
    for _ in range(3):
        params = {k: v for k, v in session.persistables().items() if k.startswith("linear")}
        got = session.step(feed, ["linear_0.w_0@GRAD"])["linear_0.w_0@GRAD"]
        want = np.zeros(params["linear_0.w_0"].shape)
        for idx in np.ndindex(*want.shape):
            for sign in (1, -1):
                moved = {k: v.astype(np.float64) for k, v in params.items()}
                moved["linear_0.w_0"][idx] += sign * 1e-6
                want[idx] += sign * _rnn_embed_loss(moved, feed) / 2e-6
        np.testing.assert_allclose(got, want, atol=2e-5)
