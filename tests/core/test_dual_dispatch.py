"""Dual dispatch: PHI first, legacy next, CPU fallback last; transforms recorded in the trace.

A NumPy-backed stand-in for the GPU context lets the place logic (fallbacks,
transfers in and out) run on machines without CUDA.
"""

from __future__ import annotations

import numpy as np
import pytest

from compat.dual_dispatch import DualDispatchRunner, NoKernelError
from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.executor import Executor
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from phi.common import Backend, DataLayout, DataType, Place
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel


# A test-only op with a CPU-only PHI kernel and a CPU-only legacy kernel.
class _TwiceMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X")
        self.add_output("Out")


class _TwiceOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _TwiceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        out.mutable_data(ctx.place, x.dtype)[...] = x.data * 2


@register_kernel("test_twice", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def _twice_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    dev_ctx.alloc(out, x.dtype)[...] = x.data * 2


# A test-only op with a legacy kernel only, whose dtype input is never cast.
class _LegacyOnlyOp(_TwiceOp):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(DataType.FLOAT64, ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType:
        return OpKernelType(tensor.dtype, tensor.place, tensor.layout)


register_operator("test_twice", _TwiceOp, _TwiceMaker)
register_op_kernel("test_twice", "CPU", _TwiceKernel, DataType.FLOAT32)
register_operator("test_legacy_only", _LegacyOnlyOp, _TwiceMaker)
register_op_kernel("test_legacy_only", "CPU", _TwiceKernel, DataType.FLOAT64)


def _program(*ops: str) -> ProgramDesc:
    program = ProgramDesc()
    block = program.global_block()
    names = ["x"] + [f"t{i}" for i in range(len(ops))]
    for n in names:
        block.var(n)
    for i, op in enumerate(ops):
        block.append_op(op, {"X": [names[i]]}, {"Out": [names[i + 1]]},
                        {"scale": 3.0} if op == "scale" else {})
    return program


def _run(program: ProgramDesc, place: Place, mode: str, x: np.ndarray) -> tuple[np.ndarray, list]:
    ex = Executor(place, DualDispatchRunner(mode))
    last = f"t{len(program.global_block().ops) - 1}"
    out = ex.run(program, Scope(), {"x": x}, fetch_list=[last])
    return out[0].numpy(), ex.last_trace


X = np.arange(6, dtype=np.float32).reshape(2, 3)


def test_auto_prefers_phi_and_legacy_mode_forces_legacy() -> None:
    program = _program("test_twice", "scale")
    out_auto, trace_auto = _run(program, Place(), "auto", X)
    out_legacy, trace_legacy = _run(program, Place(), "legacy", X)
    np.testing.assert_array_equal(out_auto, X * 6)
    np.testing.assert_array_equal(out_auto, out_legacy)
    assert [t.path for t in trace_auto] == ["phi", "phi"]
    assert [t.path for t in trace_legacy] == ["legacy", "legacy"]
    assert trace_auto[0].kernel == "test_twice" and trace_legacy[0].kernel == "_TwiceKernel"


def test_legacy_when_no_phi_kernel_and_dtype_transform_recorded() -> None:
    out, trace = _run(_program("test_legacy_only"), Place(), "auto", X)
    assert trace[0].path == "legacy"
    assert trace[0].transforms == ["x: dtype float32->float64"]
    assert out.dtype == np.float64
    np.testing.assert_array_equal(out, X.astype(np.float64) * 2)


def test_phi_mode_refuses_op_without_phi_kernel() -> None:
    with pytest.raises(Exception, match="no kernel can run it") as info:
        _run(_program("test_legacy_only"), Place(), "phi", X)
    assert isinstance(info.value.__cause__, NoKernelError)


def test_device_place_uses_gpu_kernel_and_falls_back_to_cpu(emulated: Place) -> None:
    program = _program("scale", "test_twice", "scale")
    out, trace = _run(program, emulated, "auto", X)
    np.testing.assert_array_equal(out, X * 18)
    assert [t.path for t in trace] == ["phi", "phi-cpu-fallback", "phi"]
    assert trace[0].transforms == ["x: place Place(cpu)->Place(emulated:0)"]
    assert trace[1].transforms == ["t0: place Place(emulated:0)->Place(cpu)"]
    assert trace[2].transforms == ["t1: place Place(cpu)->Place(emulated:0)"]
    assert "CPU" in trace[1].key and "EMULATED" in trace[0].key


def test_legacy_cpu_fallback(emulated: Place) -> None:
    out, trace = _run(_program("test_twice"), emulated, "legacy", X)
    assert trace[0].path == "legacy-cpu-fallback"
    np.testing.assert_array_equal(out, X * 2)


def test_choice_is_made_once_and_reused() -> None:
    program = _program("scale")
    runner = DualDispatchRunner("auto")
    ex = Executor(Place(), runner)
    ex.run(program, Scope(), {"x": X}, fetch_list=["t0"])
    (op,) = ex.prepare(program)
    first = runner.choice_for(op)
    assert first is not None and first.path == "phi"
    ex.run(program, Scope(), {"x": X * 2}, fetch_list=["t0"])
    assert runner.choice_for(op) is first


def test_choices_do_not_outlive_their_operators() -> None:
    """A runner reused across programs keeps no choice for a freed operator, so a
    later operator can never inherit one (as it could through a reused id())."""
    import gc

    runner = DualDispatchRunner("auto")
    ex = Executor(Place(), runner)
    ex.run(_program("scale"), Scope(), {"x": X}, fetch_list=["t0"])
    ex._prepared.clear()
    gc.collect()
    assert len(runner._choices) == 0
    out = ex.run(_program("test_twice"), Scope(), {"x": X}, fetch_list=["t0"])
    assert ex.last_trace[0].type == "test_twice" and ex.last_trace[0].kernel != "scale"
    np.testing.assert_array_equal(out[0].numpy(), X * 2)


# A test-only op with a PHI kernel only, as `fluidphi migrate --write` leaves a migrated op.
register_operator("test_phi_only", _TwiceOp, _TwiceMaker)


@register_kernel("test_phi_only", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def _phi_only_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    dev_ctx.alloc(out, x.dtype)[...] = x.data * 2


def test_legacy_mode_names_the_phi_kernel_a_migrated_op_runs_on() -> None:
    with pytest.raises(Exception, match="no kernel can run it") as info:
        _run(_program("test_phi_only"), Place(), "legacy", X)
    assert "PHI kernel 'test_phi_only' runs it on the default path (auto)" in str(info.value)
    out, _ = _run(_program("test_phi_only"), Place(), "auto", X)
    np.testing.assert_array_equal(out, X * 2)


def test_legacy_mode_without_phi_kernel_has_no_hint() -> None:
    with pytest.raises(Exception, match="no kernel can run it") as info:
        _run(_program("test_twice"), Place(), "legacy", X.astype(np.int64))
    assert "default path" not in str(info.value)
