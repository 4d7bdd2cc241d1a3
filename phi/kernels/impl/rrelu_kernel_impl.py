"""rrelu and rrelu_grad: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("rrelu", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
@register_kernel("rrelu", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def rrelu_kernel(dev_ctx: DeviceContext, x: DenseTensor, lower: float, upper: float,
                 is_test: bool, out: OutTensor, noise: OptionalOutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    noise_data = None if noise is None else dev_ctx.alloc(noise, x.dtype)
    random_funcs.rrelu(dev_ctx.xp, x.data, lower, upper, is_test, data, noise_data)


# Paddle 3.3.1's CPU rrelu_grad has no float16 (its forward does)
@register_kernel("rrelu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("rrelu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def rrelu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, noise: DenseTensor,
                      out_grad: DenseTensor, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    random_funcs.rrelu_grad(dev_ctx.xp, noise.data, out_grad.data, data)
