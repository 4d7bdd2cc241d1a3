"""Places and backends of plug-in devices; kernel selection for a stand-in device."""

from __future__ import annotations

import copy
import pickle

import pytest

from legacy_fluid.framework.op_kernel import OP_KERNELS
from legacy_fluid.framework.op_kernel_type import OpKernelType
from phi.backends.devices import device_type
from phi.common import Backend, CPUPlace, CustomPlace, DataLayout, DataType, GPUPlace, Place
from phi.common.backend import NUM_BACKENDS, CustomBackend, backend_named, custom_backend
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_factory import KERNELS
from phi.core.kernel_key import KernelKey
from phi.core.kernel_registry import register_kernel

EMU = CustomPlace("emulated", 0)
F32 = DataType.FLOAT32


def test_parse_and_print() -> None:
    assert Place.parse("emulated") == EMU == Place.parse("EMULATED:0")
    assert Place.parse("gpu:1") == GPUPlace(1) and Place.parse("cpu") == CPUPlace()
    assert str(CustomPlace("emulated", 2)) == "Place(emulated:2)"
    assert [p.kind for p in (CPUPlace(), GPUPlace(), EMU)] == ["cpu", "gpu", "emulated"]
    with pytest.raises(ValueError, match="device id"):
        Place.parse("emulated:x")
    with pytest.raises(ValueError, match="unknown place"):
        Place.parse("my-device")


def test_custom_backends_are_numbered_after_the_builtin_ones() -> None:
    device_type("emulated")  # registers the built-in device types
    emu = custom_backend("emulated")
    assert isinstance(emu, CustomBackend) and int(emu) >= NUM_BACKENDS
    assert all(int(emu) != int(b) for b in Backend)
    assert str(emu) == "EMULATED" and backend_named("emulated") is emu
    assert EMU.to_backend() is emu and Place.from_backend(emu, 3) == CustomPlace("emulated", 3)
    assert copy.deepcopy(emu) is emu and pickle.loads(pickle.dumps(emu)) is emu
    assert emu.stands_in_for is Backend.GPU and EMU.is_gpu_like and not EMU.is_gpu


def _k(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor, out: OutTensor) -> None: ...


def _own(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor, out: OutTensor) -> None: ...


def test_a_stand_in_device_runs_the_gpu_kernel_relabelled() -> None:
    emu = backend_named("emulated")
    with KERNELS.scoped():
        register_kernel("k", Backend.GPU, DataLayout.ALL_LAYOUT, F32,
                        arg_overrides={"scale": {"backend": Backend.CPU}})(_k)
        kernel = KERNELS.select("k", KernelKey(emu, DataLayout.NCHW, F32))
        assert kernel is not None and kernel.fn is _k and kernel.key.backend is emu
        x, scale = kernel.args_def.inputs
        assert x.backend is emu and scale.backend is Backend.CPU  # a pinned arg stays
        assert KERNELS.select("k", KernelKey(emu, DataLayout.NCHW, F32),
                              exact_backend=True) is None
        register_kernel("k", "emulated", DataLayout.ALL_LAYOUT, F32)(_own)
        assert KERNELS.select("k", KernelKey(emu, DataLayout.NCHW, F32)).fn is _own


def test_legacy_kernels_of_the_stood_in_device_serve_it() -> None:
    key = OpKernelType(F32, CustomPlace("emulated", 1))
    gpu_cls = OP_KERNELS.find("relu", OpKernelType(F32, GPUPlace(0)))
    assert gpu_cls is not None and OP_KERNELS.find("relu", key) is gpu_cls
