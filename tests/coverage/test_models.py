"""Per-model paths on CPU and on GPU (the emulated device here), static prediction, verdicts."""

from __future__ import annotations

import numpy as np

from compat.coverage.models import OpRecord, summarize, trace_place, verdict
from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import OP_INFOS, register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from phi.backends.devices import gpu_or_stand_in
from phi.common import DataType


class _BoomMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X")
        self.add_output("Out")


class _BoomOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _BoomKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        raise ValueError("boom")


if not OP_INFOS.has("coverage_test_boom"):
    register_operator("coverage_test_boom", _BoomOp, _BoomMaker)
    register_op_kernel("coverage_test_boom", "CPU", _BoomKernel, DataType.FLOAT32)


def _scale_program(*types: str) -> ProgramDesc:
    program = ProgramDesc()
    block = program.global_block()
    names = ["x"] + [f"t{i}" for i in range(len(types))]
    for n in names:
        block.var(n, shape=[-1, 3])
    for i, t in enumerate(types):
        block.append_op(t, {"X": [names[i]]}, {"Out": [names[i + 1]]}, {"scale": 2.0})
    return program


def test_trace_on_cpu_and_gpu() -> None:
    program = _scale_program("scale", "scale")
    feeds = {"x": np.ones((1, 3), np.float32)}
    cpu, err = trace_place(program, Scope(), feeds, "cpu")
    assert err is None
    assert [(r.path, r.source, r.transforms) for r in cpu] == [("phi", "trace", [])] * 2
    gpu, err = trace_place(program, Scope(), feeds, "gpu")
    assert err is None
    assert [r.path for r in gpu] == ["phi", "phi"]
    device = gpu_or_stand_in()  # the emulated device where CuPy sees no CUDA device
    assert gpu[0].transforms == [f"place Place(cpu)->{device}"]
    assert device.kind.upper() in (gpu[0].key or "")
    summary = summarize(gpu)["scale"]
    assert summary["path"] == "phi" and summary["paths"] == {"phi": 2}
    assert summary["transforms"] == {f"place Place(cpu)->{device}": 1}


def test_missing_operator_predicts_the_rest_statically() -> None:
    program = _scale_program("scale", "no_such_op_xyz", "scale")
    records, err = trace_place(program, Scope(), {"x": np.ones((1, 3), np.float32)}, "gpu")
    assert err is None
    assert [r.path for r in records] == ["phi", "missing", "phi"]
    assert {r.source for r in records} == {"static"}
    assert records[1].detail == "no operator"


def _row(op_type: str, cpu: list[OpRecord], gpu: list[OpRecord]) -> dict:
    return {"op_type": op_type, "count": len(cpu), "cpu": summarize(cpu)[op_type],
            "gpu": summarize(gpu)[op_type]}


def _rec(t: str, path: str, detail: str | None = None) -> OpRecord:
    return OpRecord(0, t, path, detail or path)


def test_verdicts() -> None:
    phi = _row("scale", [_rec("scale", "phi")], [_rec("scale", "phi")])
    assert verdict([phi], {"cpu": None, "gpu": None})["text"] == "runs fully on PHI"
    legacy = _row("pool2d", [_rec("pool2d", "legacy")], [_rec("pool2d", "phi")])
    fb = _row("relu", [_rec("relu", "phi")],
              [_rec("relu", "cpu-fallback", "phi-cpu-fallback")])
    v = verdict([phi, legacy, fb], {"cpu": None, "gpu": None})
    assert v["status"] == "partly-legacy"
    assert v["text"] == "1 op still legacy: pool2d (CPU only); on GPU 1 fall back to CPU: relu"
    missing = _row("conv2d", [_rec("conv2d", "missing", "no operator")],
                   [_rec("conv2d", "missing", "no operator")])
    v = verdict([phi, missing, legacy], {"cpu": None, "gpu": None})
    assert v["text"] == "cannot run: missing conv2d" and v["missing"] == ["conv2d"]
    v = verdict([phi], {"cpu": "op #0 'scale' failed: ValueError: x", "gpu": None})
    assert v["status"] == "cannot-run" and v["text"].startswith("cannot run: on CPU op #0")


def test_failing_op_is_recorded_and_the_rest_predicted() -> None:
    program = _scale_program("scale", "coverage_test_boom", "scale")
    feeds = {"x": np.ones((1, 3), np.float32)}
    for place, failed_path in (("cpu", "legacy"), ("gpu", "cpu-fallback")):
        records, err = trace_place(program, Scope(), feeds, place)
        assert err == "op #1 'coverage_test_boom' failed: ValueError: boom"
        assert [(r.path, r.source) for r in records] == [
            ("phi", "trace"), (failed_path, "trace"), ("phi", "static")]
        assert records[1].error == "ValueError: boom"
