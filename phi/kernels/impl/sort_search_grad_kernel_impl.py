"""argsort_grad, topk_grad, kthvalue_grad, mode_grad: the output gradient put back where
the forward's indices point along the axis, zero elsewhere."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sort_search_grad as ss_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT

_ARGSORT = [DataType.FLOAT32, DataType.FLOAT64, DataType.INT16, DataType.INT32,
            DataType.INT64, DataType.UINT8, DataType.FLOAT16, DataType.BFLOAT16]
#: indices: int64 whatever the kernel's dtype
_INDICES = {"indices": {"dtype": DataType.INT64}}


@register_kernel("argsort_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _ARGSORT,
                 arg_overrides=_INDICES)
@register_kernel("argsort_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _ARGSORT,
                 arg_overrides=_INDICES)
def argsort_grad_kernel(dev_ctx: DeviceContext, indices: DenseTensor, x: DenseTensor,
                        out_grad: DenseTensor, axis: int, descending: bool, stable: bool,
                        x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    ss_grad_funcs.put_back_grad(dev_ctx.xp, indices.data, out_grad.data, axis, True, data)


@register_kernel("topk_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_INDICES)
@register_kernel("topk_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_INDICES)
def topk_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor,
                     out_grad: DenseTensor, k: Scalar, axis: int, largest: bool, sorted: bool,
                     x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    ss_grad_funcs.put_back_grad(dev_ctx.xp, indices.data, out_grad.data, axis, True, data)


@register_kernel("kthvalue_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_INDICES)
@register_kernel("kthvalue_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_INDICES)
def kthvalue_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor,
                         out_grad: DenseTensor, k: int, axis: int, keepdim: bool,
                         x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    ss_grad_funcs.put_back_grad(dev_ctx.xp, indices.data, out_grad.data, axis, keepdim, data)


@register_kernel("mode_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_INDICES)
@register_kernel("mode_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_INDICES)
def mode_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor,
                     out_grad: DenseTensor, axis: int, keepdim: bool,
                     x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    ss_grad_funcs.put_back_grad(dev_ctx.xp, indices.data, out_grad.data, axis, keepdim, data)
