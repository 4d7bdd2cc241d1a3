"""Grads of the random family: gaussian_inplace_grad, uniform_inplace_grad, poisson_grad,
random_grad (zero), gumbel_softmax_grad, shuffle_batch_grad; one body each for every
backend (math in phi.kernels.funcs.random_grad). CPU dtypes are Paddle 3.3.1's."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random_grad as random_grad_funcs

_FLOATS = [DataType.FLOAT32, DataType.FLOAT64]
_GAUSSIAN = [*_FLOATS, DataType.COMPLEX64, DataType.COMPLEX128]
_RANDOM = [*_FLOATS, DataType.FLOAT16, DataType.BFLOAT16]
_SHUFFLE = [*_FLOATS, DataType.INT32, DataType.INT64]


@register_kernel("gaussian_inplace_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _GAUSSIAN)
@register_kernel("gaussian_inplace_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _GAUSSIAN)
def gaussian_inplace_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, mean: float,
                                 std: float, seed: int, x_grad: OutTensor) -> None:
    random_grad_funcs.zero_grad(dev_ctx.xp, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("uniform_inplace_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOATS)
@register_kernel("uniform_inplace_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOATS)
def uniform_inplace_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, min: float,
                                max: float, seed: int, x_grad: OutTensor) -> None:
    random_grad_funcs.zero_grad(dev_ctx.xp, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("poisson_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOATS)
@register_kernel("poisson_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOATS)
def poisson_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor,
                        x_grad: OutTensor) -> None:
    random_grad_funcs.zero_grad(dev_ctx.xp, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("random_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _RANDOM)
@register_kernel("random_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _RANDOM)
def random_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, from_: int, to: int,
                       x_grad: OutTensor) -> None:
    random_grad_funcs.zero_grad(dev_ctx.xp, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("gumbel_softmax_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOATS)
@register_kernel("gumbel_softmax_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOATS)
def gumbel_softmax_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                               axis: int, x_grad: OutTensor) -> None:
    random_grad_funcs.gumbel_softmax_grad(dev_ctx.xp, out.data, out_grad.data, axis,
                                          dev_ctx.alloc(x_grad, out.dtype))


@register_kernel("shuffle_batch_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _SHUFFLE)
@register_kernel("shuffle_batch_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _SHUFFLE)
def shuffle_batch_grad_kernel(dev_ctx: DeviceContext, shuffle_idx: DenseTensor,
                              out_grad: DenseTensor, startup_seed: int,
                              x_grad: OutTensor) -> None:
    random_grad_funcs.shuffle_batch_grad(dev_ctx.xp, shuffle_idx.data, out_grad.data,
                                         dev_ctx.alloc(x_grad, out_grad.dtype))
