"""sum_grad, mean_grad, max_grad, min_grad, prod_grad, amax_grad, amin_grad, logsumexp_grad:
gradients of the reductions, one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.funcs import reduce_grad as reduce_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_INT, FLOAT_INT_COMPLEX

#: Paddle 3.3.1's CPU dtypes of sum_grad / mean_grad proved by fixtures
_SUM_MEAN = [*FLOAT_INT, DataType.COMPLEX64, DataType.COMPLEX128, DataType.BOOL]
_SUM = [*_SUM_MEAN, DataType.INT16, DataType.FLOAT16, DataType.BFLOAT16]


@register_kernel("sum_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _SUM)
@register_kernel("sum_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _SUM)
def sum_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                    axis: IntArray, keepdim: bool, reduce_all: bool, x_grad: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis.get_data(), reduce_all)
    data = dev_ctx.alloc(x_grad, x.dtype)
    reduce_grad_funcs.reduce_sum_grad(dev_ctx.xp, tuple(x.dims), out_grad.data, axes, data)


@register_kernel("max_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("max_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("min_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("min_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def extreme_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                        out_grad: DenseTensor, axis: IntArray, keepdim: bool, reduce_all: bool,
                        x_grad: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis.get_data(), reduce_all)
    data = dev_ctx.alloc(x_grad, x.dtype)
    reduce_grad_funcs.reduce_extreme_grad(dev_ctx.xp, x.data, out.data, out_grad.data, axes,
                                          data)


# prod_grad's complex kernels: out_grad * out / x, not conjugated (Paddle 3.3.1's CPU answer)
@register_kernel("prod_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("prod_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
def prod_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                     out_grad: DenseTensor, axis: IntArray, keepdim: bool, reduce_all: bool,
                     x_grad: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis.get_data(), reduce_all)
    data = dev_ctx.alloc(x_grad, x.dtype)
    reduce_grad_funcs.reduce_prod_grad(dev_ctx.xp, x.data, out.data, out_grad.data, axes, data)


@register_kernel("mean_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _SUM_MEAN)
@register_kernel("mean_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _SUM_MEAN)
def mean_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                     axis: IntArray, keepdim: bool, reduce_all: bool,
                     x_grad: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis.get_data(), reduce_all)
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    reduce_funcs.reduce_mean_grad(dev_ctx.xp, x.data, out_grad.data, axes, data)


@register_kernel("amax_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("amax_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def amax_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                     out_grad: DenseTensor, axis: list[int], keepdim: bool, reduce_all: bool,
                     x_grad: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis, reduce_all)
    data = dev_ctx.alloc(x_grad, x.dtype)
    reduce_grad_funcs.reduce_extreme_grad(dev_ctx.xp, x.data, out.data, out_grad.data, axes,
                                          data)


@register_kernel("amin_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("amin_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def amin_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                     out_grad: DenseTensor, axis: list[int], keepdim: bool, reduce_all: bool,
                     x_grad: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis, reduce_all)
    data = dev_ctx.alloc(x_grad, x.dtype)
    reduce_grad_funcs.reduce_extreme_grad(dev_ctx.xp, x.data, out.data, out_grad.data, axes,
                                          data)


@register_kernel("logsumexp_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("logsumexp_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def logsumexp_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                          out_grad: DenseTensor, axis: list[int], keepdim: bool,
                          reduce_all: bool, x_grad: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis, reduce_all)
    data = dev_ctx.alloc(x_grad, x.dtype)
    reduce_grad_funcs.logsumexp_grad(dev_ctx.xp, x.data, out.data, out_grad.data, axes, data)
