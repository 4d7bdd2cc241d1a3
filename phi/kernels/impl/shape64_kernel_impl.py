"""shape64: a tensor's dims as int64, always on the host (phi.kernels.funcs.shape)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import shape as shape_funcs

_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT32, DataType.INT64,
          DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64,
          DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("shape64", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES,
                 arg_overrides={"out": {"backend": Backend.CPU}})
@register_kernel("shape64", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES,
                 arg_overrides={"out": {"backend": Backend.CPU}})
def shape64_kernel(dev_ctx: DeviceContext, input: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.host_alloc(out, DataType.INT64)
    shape_funcs.shape(input.dims, data)
