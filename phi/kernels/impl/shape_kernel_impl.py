"""shape: the output lives on the host whatever the backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import shape as shape_funcs

#: Paddle's CPU shape kernel has no float16 / bfloat16 / int16 registration
_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT32, DataType.INT64,
              DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [*_CPU_TYPES, DataType.INT16, DataType.FLOAT16, DataType.BFLOAT16]


@register_kernel("shape", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES,
                 arg_overrides={"out": {"backend": Backend.CPU}})
@register_kernel("shape", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES,
                 arg_overrides={"out": {"backend": Backend.CPU}})
def shape_kernel(dev_ctx: DeviceContext, input: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.host_alloc(out, DataType.INT32)
    shape_funcs.shape(input.dims, data)
