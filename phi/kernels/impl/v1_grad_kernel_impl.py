"""Grads of the v1 family (Paddle 1.x / 2.x ops): mean_all_grad (the legacy mean_grad),
topk_v1_grad (top_k_grad), legacy_expand_grad (the v1 expand_grad) and crop_grad
(crop_tensor_grad); one body each for every backend (math in phi.kernels.funcs.reduce,
sort_search, expand_grad and crop)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import crop as crop_funcs
from phi.kernels.funcs import expand_grad as expand_grad_funcs
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.funcs import sort_search as ss_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT

_MEAN_CPU = [DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16, DataType.COMPLEX64,
             DataType.COMPLEX128]
_MEAN_GPU = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.COMPLEX64,
             DataType.COMPLEX128]


@register_kernel("mean_all_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _MEAN_CPU)
@register_kernel("mean_all_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _MEAN_GPU)
def mean_all_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                         x_grad: OutTensor) -> None:
    x_grad.resize(tuple(x.dims))
    reduce_funcs.mean_all_grad(dev_ctx.xp, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("topk_v1_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("topk_v1_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def topk_v1_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor,
                        out_grad: DenseTensor, k: Scalar, x_grad: OutTensor) -> None:
    x_grad.resize(tuple(x.dims))
    ss_funcs.topk_grad(dev_ctx.xp, indices.data, out_grad.data, -1,
                       dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("legacy_expand_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("legacy_expand_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def legacy_expand_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                              expand_times: IntArray, x_grad: OutTensor) -> None:
    x_grad.resize(tuple(x.dims))
    expand_grad_funcs.tile_grad(dev_ctx.xp, tuple(x.dims), out_grad.data,
                                dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("crop_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("crop_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def crop_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                     offsets: IntArray, x_grad: OutTensor) -> None:
    crop_funcs.crop_grad(dev_ctx.xp, out_grad.data, offsets.get_data(),
                         dev_ctx.alloc(x_grad, out_grad.dtype, tuple(x.dims)))
