"""argmax: one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs


@register_kernel("argmax", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT16, DataType.INT32,
                  DataType.INT64, DataType.UINT8])
@register_kernel("argmax", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT16, DataType.INT32,
                  DataType.INT64, DataType.UINT8, DataType.FLOAT16])
def argmax_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: Scalar, keepdims: bool,
                  flatten: bool, dtype: DataType, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, reduce_funcs.argmax_dtype(dtype))
    reduce_funcs.argmax(dev_ctx.xp, x.data, axis.to(int), flatten, data)
