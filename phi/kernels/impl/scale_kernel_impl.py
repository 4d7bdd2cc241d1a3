"""scale: one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import scale as scale_funcs


@register_kernel("scale", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
                  DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
                  DataType.BOOL, DataType.COMPLEX64, DataType.COMPLEX128])
@register_kernel("scale", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.UINT8,
                  DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64])
def scale_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: Scalar, bias: Scalar,
                 bias_after_scale: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    scale_funcs.scale(dev_ctx.xp, x.data, scale.value, bias.value, bias_after_scale, data)
