"""dropout_grad: the gradient through dropout from its Mask, one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import dropout as dropout_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF, FLOAT_HALF_BF16


@register_kernel("dropout_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16)
@register_kernel("dropout_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def dropout_grad_kernel(dev_ctx: DeviceContext, mask: DenseTensor, out_grad: DenseTensor,
                        p: Scalar, is_test: bool, mode: str, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    mask_data = None if is_test else mask.data  # test mode never reads the mask
    dropout_funcs.dropout_grad(dev_ctx.xp, mask_data, out_grad.data, p.to(float), is_test,
                               mode, data)
