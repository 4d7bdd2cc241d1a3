"""add_n: out = inputs[0] + inputs[1] + ... (fluid's `sum` op); one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import add_n as add_n_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF_INT_COMPLEX

_CPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
              DataType.INT32, DataType.INT64, DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("add_n", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("add_n", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
def add_n_kernel(dev_ctx: DeviceContext, inputs: list[DenseTensor], out: OutTensor) -> None:
    tensors = [t for t in inputs if t is not None and t.initialized()]
    data = dev_ctx.alloc(out, tensors[0].dtype)
    add_n_funcs.add_n(dev_ctx.xp, [t.data for t in tensors], data)
