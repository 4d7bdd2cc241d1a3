"""gather_grad: the output gradient's slices added back at their ids along the axis."""

from __future__ import annotations

from phi.common import Backend, DataLayout, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import gather as gather_funcs


@register_kernel("gather_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 list(gather_funcs.GATHER_GRAD_TYPES))
@register_kernel("gather_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 list(gather_funcs.GATHER_GRAD_GPU_TYPES))
def gather_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, index: DenseTensor,
                       out_grad: DenseTensor, axis: Scalar, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype, tuple(x.dims))
    gather_funcs.gather_grad(dev_ctx.xp, tuple(x.dims), index.data, out_grad.data,
                             int(axis.to(int)), data)
