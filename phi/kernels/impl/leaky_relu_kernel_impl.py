"""leaky_relu: x where x >= 0, negative_slope * x elsewhere."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("leaky_relu", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("leaky_relu", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def leaky_relu_kernel(dev_ctx: DeviceContext, x: DenseTensor, negative_slope: float,
                      out: OutTensor) -> None:
    xd = x.data
    act_funcs.leaky_relu(dev_ctx.xp, xd, negative_slope, dev_ctx.alloc(out, x.dtype))
