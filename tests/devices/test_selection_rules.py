"""kernel_selection.md on a device: CPU-only ops run on CPU with transfers in and out, ops
forced to CPU do the same, and use_cudnn / use_mkldnn pick a library kernel where one is
registered and the plain one otherwise; the trace says which and why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from compat.single_op import run_single_op
from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OP_KERNELS, OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import LibraryType
from legacy_fluid.operators.softmax_op import SoftmaxKernel
from phi.common import Backend, CPUPlace, DataLayout, DataType, Place
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_factory import KERNELS
from phi.core.kernel_registry import register_kernel
from phi.core.registry import scoped
from phi.kernels.impl.softmax_kernel_impl import softmax_kernel

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "mlp"
X = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
CALLS: list[str] = []


def _mlp() -> tuple[object, dict[str, np.ndarray]]:
    model = load_model(EXAMPLE / "model")
    return model, {model.feed_names[0]: np.load(EXAMPLE / "x.npy")}


@pytest.mark.parametrize(("path", "planned"), [("auto", True), ("phi", False),
                                               ("legacy", False)])
def test_ops_forced_to_cpu_run_there_with_transfers(emulated: Place, path: str,
                                                    planned: bool) -> None:
    model, feeds = _mlp()
    ref = run_model(model, feeds, path=path, passes=False)
    got = run_model(model, feeds, place=emulated, path=path, planned=planned, passes=False,
                    cpu_ops={"relu"})
    for name, want in ref.outputs.items():
        np.testing.assert_array_equal(got.outputs[name], want)
    for rec in got.trace:
        if rec.type == "relu":
            assert rec.note_kind == "forced-cpu" and "forced to CPU" in rec.note
            assert "cpu" in rec.key.lower() and not rec.path.is_fallback
            assert rec.transforms and all("Place(emulated:0)->Place(cpu)" in t
                                          for t in rec.transforms)
            after = got.trace[rec.index + 1]
            assert any("Place(cpu)->Place(emulated:0)" in t for t in after.transforms)
        elif rec.type not in ("feed", "fetch"):
            assert "EMULATED" in rec.key or "emulated" in rec.key
            if rec.type == "softmax":  # use_cudnn defaults True (as Paddle); no GPUDNN kernel
                assert rec.note_kind == "library-fallback" and "GPUDNN" in rec.note
            else:
                assert rec.note_kind is None


def test_cpu_ops_is_ignored_on_cpu() -> None:
    model, feeds = _mlp()
    got = run_model(model, feeds, passes=False, cpu_ops={"relu"})
    assert all(r.note_kind is None for r in got.trace)


# -- library choice ------------------------------------------------------------------------
def _gpudnn_softmax(dev_ctx: DeviceContext, x: DenseTensor, axis: int, out: OutTensor) -> None:
    CALLS.append("phi GPUDNN")
    softmax_kernel(dev_ctx, x, axis, out)


class _OneDnnSoftmax(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        CALLS.append("legacy ONEDNN")
        SoftmaxKernel().compute(ctx)


@pytest.fixture
def library_kernels() -> Iterator[None]:
    with scoped(KERNELS, OP_KERNELS, inherit=True):
        register_kernel("softmax", Backend.GPUDNN, DataLayout.ALL_LAYOUT,
                        DataType.FLOAT32)(_gpudnn_softmax)
        register_op_kernel("softmax", "CPU", _OneDnnSoftmax, DataType.FLOAT32,
                           library=LibraryType.MKLDNN)
        CALLS.clear()
        yield


def test_use_cudnn_picks_a_registered_gpudnn_kernel(emulated: Place,
                                                    library_kernels: None) -> None:
    ref, _ = run_single_op("softmax", {"X": X}, {"axis": -1}, ["Out"], "phi")
    out, trace = run_single_op("softmax", {"X": X}, {"axis": -1, "use_cudnn": True}, ["Out"],
                               "phi", place=emulated)
    assert CALLS == ["phi GPUDNN"] and "GPUDNN" in trace.key and trace.note_kind is None
    np.testing.assert_array_equal(out["Out"][0], ref["Out"][0])
    # legacy has no cuDNN softmax: the plain GPU kernel runs (on the device), noted
    _, trace = run_single_op("softmax", {"X": X}, {"axis": -1, "use_cudnn": True}, ["Out"],
                             "legacy", place=emulated)
    assert trace.path == "legacy" and "PLAIN" in trace.key and "emulated" in trace.key
    assert trace.note_kind == "library-fallback" and "use_cudnn" in trace.note


def test_use_mkldnn_picks_a_registered_onednn_kernel_on_cpu(library_kernels: None) -> None:
    _, trace = run_single_op("softmax", {"X": X}, {"axis": -1, "use_mkldnn": True}, ["Out"],
                             "legacy")
    assert CALLS == ["legacy ONEDNN"] and "MKLDNN" in trace.key and trace.note_kind is None
    _, trace = run_single_op("softmax", {"X": X}, {"axis": -1, "use_mkldnn": True}, ["Out"],
                             "phi")
    assert trace.path == "phi" and "CPU" in trace.key
    assert trace.note_kind == "library-fallback" and "ONEDNN" in trace.note


def test_library_attributes_apply_only_where_the_library_runs(emulated: Place,
                                                              library_kernels: None) -> None:
    _, on_cpu = run_single_op("softmax", {"X": X}, {"axis": -1, "use_cudnn": True}, ["Out"],
                              "phi", place=CPUPlace())
    # use_cudnn off explicitly (it defaults True, as Paddle's): only use_mkldnn is asked for
    _, on_dev = run_single_op("softmax", {"X": X},
                              {"axis": -1, "use_mkldnn": True, "use_cudnn": False}, ["Out"],
                              "phi", place=emulated)
    assert CALLS == [] and on_cpu.note_kind is None and on_dev.note_kind is None
