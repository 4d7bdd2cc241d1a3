"""sigmoid: 1 / (1 + exp(-x))."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs

_CPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64]
_GPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16]


@register_kernel("sigmoid", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("sigmoid", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def sigmoid_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    xd = x.data
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.sigmoid(dev_ctx.xp, xd, data)
