"""cumsum_grad: the output gradient summed from the other end (the forward's axis, flatten
and exclusive), in x's dims."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import cumsum as cumsum_funcs

_CPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.UINT8, DataType.INT8,
              DataType.INT16, DataType.INT32, DataType.INT64, DataType.COMPLEX64,
              DataType.COMPLEX128]
_GPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.UINT8,
              DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("cumsum_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("cumsum_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def cumsum_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                       axis: Scalar, flatten: bool, exclusive: bool, reverse: bool,
                       x_grad: OutTensor) -> None:
    axis = axis.to(int)
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    cumsum_funcs.cumsum_grad(dev_ctx.xp, out_grad.data, axis, flatten, exclusive, reverse, data)
