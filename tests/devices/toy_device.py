"""A device plug-in written as a user would, outside fluidphi's packages.

`toy` keeps its memory in `ToyArray`s (NumPy arrays of a type of their own, so a test
can tell device memory from host memory), counts its copies, and has kernels for one
op only, `relu`, in both forms; every other op of a program placed on it runs on CPU
with transfers in and out. `register()` is what an entry point in the
``fluidphi.devices`` group (or a module named in FLUIDPHI_DEVICE_PLUGINS) would call.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from phi.backends.devices import DeviceType, register_device
from phi.common import DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel


class ToyArray(np.ndarray):
    """Toy device memory: a NumPy array subclass, so copies in and out are visible."""


COPIES = {"to_device": 0, "to_host": 0}


def to_device(host: Any, device_id: int) -> ToyArray:
    COPIES["to_device"] += 1
    return np.array(host, copy=True).view(ToyArray)


def to_host(array: Any) -> np.ndarray:
    if not isinstance(array, ToyArray):
        raise TypeError(f"toy device: to_host got {type(array).__name__}, not toy memory")
    COPIES["to_host"] += 1
    return np.array(array, copy=True).view(np.ndarray)


class _ToyNumpy:
    """The toy device's array module: NumPy, with allocations in toy memory."""

    def __getattr__(self, name: str) -> Any:
        return getattr(np, name)

    @staticmethod
    def empty(shape: Any, dtype: Any = float) -> ToyArray:
        return np.empty(shape, dtype).view(ToyArray)


TOY = DeviceType(name="toy", xp=_ToyNumpy(), to_device=to_device, to_host=to_host,
                 description="a test plug-in: NumPy memory of its own type, relu kernels only")


def toy_relu(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    if not isinstance(x.data, ToyArray):
        raise TypeError("toy relu: input is not in toy memory (no transform ran)")
    data = dev_ctx.alloc(out, x.dtype)
    dev_ctx.xp.maximum(x.data, 0, out=data)


class ToyReluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x, out = ctx.input("X"), ctx.output("Out")
        if not isinstance(x.data, ToyArray):
            raise TypeError("toy relu: input is not in toy memory (no transform ran)")
        data = out.mutable_data(ctx.place, x.dtype)
        ctx.xp.maximum(x.data, 0, out=data)


def register() -> None:
    """Register the device type, then its kernels (both forms) for float32."""
    register_device(TOY)
    register_kernel("relu", "toy", DataLayout.ALL_LAYOUT, DataType.FLOAT32)(toy_relu)
    register_op_kernel("relu", "toy", ToyReluKernel, DataType.FLOAT32)
