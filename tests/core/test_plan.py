"""Planned execution: bit-identical to per-run dispatch, kernels chosen once, shapes kept right."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

import compat.plan as plan_mod
from compat.plan import PlannedExecutor, TransferStep
from compat.predictor import load_model, run_model
from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import OP_INFOS, register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import VarType
from phi.common import Backend, DataLayout, DataType, Place
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_factory import KERNELS
from phi.core.kernel_registry import register_kernel
from phi.core.registry import scoped
from tests.conformance.paddle_reference import (
    FIXTURES_ROOT,
    fixture_models,
    load_feeds,
    load_npz,
)

X = np.arange(6, dtype=np.float32).reshape(2, 3)

MODELS = [("models", m) for m in fixture_models("models")] + [
    ("models_v2", m) for m in fixture_models("models_v2")]


def _perturbed(feeds: dict[str, np.ndarray], seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {k: (v + rng.standard_normal(v.shape).astype(v.dtype)
                if isinstance(v, np.ndarray) and v.dtype.kind == "f" else v)
            for k, v in feeds.items()}


@pytest.mark.parametrize(("folder", "name"), MODELS)
@pytest.mark.parametrize("path", ["auto", "phi"])
def test_planned_runs_equal_unplanned_bit_for_bit(folder: str, name: str, path: str) -> None:
    model_dir = FIXTURES_ROOT / folder / name
    model = load_model(str(model_dir / "model"))
    runs = [load_feeds(model_dir, "b1"), load_feeds(model_dir, "b4")]
    runs += [_perturbed(runs[1], 1), runs[0], _perturbed(runs[0], 2)]
    executor = PlannedExecutor(Place(), path, passes=False)
    for i, feeds in enumerate(runs):  # plans for b1 and b4, each reused
        planned = run_model(model, feeds, path=path, executor=executor)
        unplanned = run_model(model, feeds, path=path, planned=False)
        for fetch, ref in unplanned.outputs.items():
            got = planned.outputs[fetch]
            assert got.dtype == ref.dtype and got.shape == ref.shape, (i, fetch)
            assert got.tobytes() == ref.tobytes(), f"run {i}: {fetch} differs"
        assert [(t.type, t.path, t.kernel) for t in planned.trace] == \
            [(t.type, t.path, t.kernel) for t in unplanned.trace]


def _mlp() -> tuple[object, dict[str, np.ndarray]]:
    model_dir = FIXTURES_ROOT / "models" / "mlp"
    return load_model(str(model_dir / "model")), load_npz(model_dir / "inputs_b4.npz")


def test_a_plan_chooses_kernels_and_infers_meta_once(monkeypatch: pytest.MonkeyPatch) -> None:
    model, feeds = _mlp()
    first = run_model(model, feeds).outputs
    infers = []
    for step in model.extra["executors"][(Place(), "auto", True, True)].last_plan.steps:
        if isinstance(step, plan_mod.KernelStep) and not step.bound.dynamic:
            original = step.bound.infer
            object.__setattr__(step.bound, "infer",
                               lambda original=original: infers.append(1) or original())

    def no_choosing(*args: object, **kwargs: object) -> None:
        raise AssertionError("a planned run chose a kernel")

    monkeypatch.setattr(plan_mod, "choose_kernel", no_choosing)
    second = run_model(model, feeds).outputs
    assert infers == []
    for k in first:
        np.testing.assert_array_equal(first[k], second[k])


def test_a_new_feed_shape_gets_its_own_plan_and_both_are_kept() -> None:
    model, feeds = _mlp()
    ex = PlannedExecutor(Place())
    b4 = ex.run(model.program, model.scope, feeds)
    plan_b4 = ex.last_plan
    one = {k: v[:1] for k, v in feeds.items()}
    b1 = ex.run(model.program, model.scope, one)
    assert ex.last_plan is not plan_b4
    again = ex.run(model.program, model.scope, feeds)
    assert ex.last_plan is plan_b4
    np.testing.assert_array_equal(again[0].numpy(), b4[0].numpy())
    np.testing.assert_allclose(b1[0].numpy(), b4[0].numpy()[:1], rtol=1e-5)  # BLAS blocking


def _program(*ops: tuple[str, dict, dict, dict]) -> ProgramDesc:
    program = ProgramDesc()
    block = program.global_block()
    for _, ins, outs, _ in ops:
        for names in (*ins.values(), *outs.values()):
            for n in names:
                block.var(n)
    for op_type, ins, outs, attrs in ops:
        block.append_op(op_type, ins, outs, attrs)
    return program


def test_data_dependent_shapes_reinfer_the_ops_after_them() -> None:
    """reshape2 takes its shape from a fed tensor: the same feed shapes, other values, so
    its output (and everything after it) changes dims from one run to the next."""
    program = _program(
        ("reshape2", {"X": ["x"], "Shape": ["s"]}, {"Out": ["r"], "XShape": ["xs"]}, {}),
        ("relu", {"X": ["r"]}, {"Out": ["y"]}, {}),
        ("scale", {"X": ["y"]}, {"Out": ["z"]}, {"scale": 2.0}),
    )
    ex = PlannedExecutor(Place())
    x = np.arange(-6, 6, dtype=np.float32)
    for shape in ([3, 4], [4, 3], [2, 6], [3, 4]):
        feed = {"x": x, "s": np.array(shape, np.int32)}
        (z,) = ex.run(program, Scope(), feed, fetch_list=["z"])
        np.testing.assert_array_equal(z.numpy(), np.maximum(x, 0).reshape(shape) * 2)


class _TwiceMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X")
        self.add_output("Out")


class _TwiceOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def _twice_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    dev_ctx.alloc(out, x.dtype)[...] = x.data * 2


@pytest.fixture
def cpu_only_op() -> Iterator[str]:
    """A test op with a CPU-only PHI kernel, registered in scoped registries only."""
    with scoped(KERNELS, OP_INFOS, inherit=True):
        register_operator("plan_test_twice", _TwiceOp, _TwiceMaker)
        register_kernel("plan_test_twice", Backend.CPU, DataLayout.ALL_LAYOUT,
                        [DataType.FLOAT32])(_twice_kernel)
        yield "plan_test_twice"


def test_transfers_are_explicit_and_deduplicated(emulated: Place, cpu_only_op: str) -> None:
    """Two GPU ops read the output of a CPU-only op: one transfer step serves both."""
    program = _program(
        (cpu_only_op, {"X": ["x"]}, {"Out": ["t"]}, {}),
        ("scale", {"X": ["t"]}, {"Out": ["a"]}, {"scale": 3.0}),
        ("scale", {"X": ["t"]}, {"Out": ["b"]}, {"scale": 5.0}),
    )
    ex = PlannedExecutor(emulated)
    scope = Scope()
    for i in range(3):
        a, b = ex.run(program, scope, {"x": X * i}, fetch_list=["a", "b"])
        np.testing.assert_array_equal(a.numpy(), X * i * 6)
        np.testing.assert_array_equal(b.numpy(), X * i * 10)
    moves = [s for s in ex.last_plan.steps if isinstance(s, TransferStep)]
    assert [(m.name, m.kinds) for m in moves] == [("t", ["place"])]
    assert [str(t.path) for t in ex.last_trace] == ["phi-cpu-fallback", "phi", "phi"]
    assert [t.transforms for t in ex.last_trace] == [
        [], ["t: place Place(cpu)->Place(emulated:0)"], []]


def test_fetched_tensors_are_not_the_plan_s_own_buffers() -> None:
    program = _program(("scale", {"X": ["x"]}, {"Out": ["y"]}, {"scale": 2.0}))
    ex = PlannedExecutor(Place())
    scope = Scope()
    (first,) = ex.run(program, scope, {"x": np.ones(3, np.float32)}, fetch_list=["y"])
    ex.run(program, scope, {"x": np.full(3, 7, np.float32)}, fetch_list=["y"])
    np.testing.assert_array_equal(first.numpy(), [2, 2, 2])


def test_describe_lists_every_step() -> None:
    model, feeds = _mlp()
    ex = PlannedExecutor(Place(), passes=False)
    ex.run(model.program, model.scope, feeds)
    rows = ex.last_plan.describe()
    kernel_rows = [r for r in rows if r["step"] != "transfer"]
    assert len(kernel_rows) == len(model.program.global_block().ops)
    assert all(r["kernel"] and r["key"] for r in kernel_rows)
    assert any("float32" in r["outputs"] for r in kernel_rows)
    assert DataType.FLOAT32 is not None and VarType.FETCH_LIST is not None
