"""Grads of the random family: gaussian_inplace_grad, uniform_inplace_grad, poisson_grad,
random_grad (zero), gumbel_softmax_grad, shuffle_batch_grad; one body each for every
backend (math in phi.kernels.funcs.random_grad). CPU dtypes are Paddle 3.3.1's."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random_grad as random_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_COMPLEX, FLOAT_HALF_BF16, FLOAT_INT


@register_kernel("gaussian_inplace_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("gaussian_inplace_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def gaussian_inplace_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, mean: float,
                                 std: float, seed: int, x_grad: OutTensor) -> None:
    random_grad_funcs.zero_grad(dev_ctx.xp, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("uniform_inplace_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("uniform_inplace_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def uniform_inplace_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, min: float,
                                max: float, seed: int, x_grad: OutTensor) -> None:
    random_grad_funcs.zero_grad(dev_ctx.xp, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("poisson_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("poisson_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def poisson_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor,
                        x_grad: OutTensor) -> None:
    random_grad_funcs.zero_grad(dev_ctx.xp, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("random_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16)
@register_kernel("random_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16)
def random_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, from_: int, to: int,
                       x_grad: OutTensor) -> None:
    random_grad_funcs.zero_grad(dev_ctx.xp, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("gumbel_softmax_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("gumbel_softmax_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def gumbel_softmax_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                               axis: int, x_grad: OutTensor) -> None:
    random_grad_funcs.gumbel_softmax_grad(dev_ctx.xp, out.data, out_grad.data, axis,
                                          dev_ctx.alloc(x_grad, out.dtype))


@register_kernel("shuffle_batch_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("shuffle_batch_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def shuffle_batch_grad_kernel(dev_ctx: DeviceContext, shuffle_idx: DenseTensor,
                              out_grad: DenseTensor, startup_seed: int,
                              x_grad: OutTensor) -> None:
    random_grad_funcs.shuffle_batch_grad(dev_ctx.xp, shuffle_idx.data, out_grad.data,
                                         dev_ctx.alloc(x_grad, out_grad.dtype))
