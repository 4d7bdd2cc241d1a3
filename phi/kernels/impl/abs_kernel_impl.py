"""abs: out = |x|; the modulus for complex x, whose result is real."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import unary_math

_CPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("abs", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("abs", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def abs_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.abs_out_dtype(x.dtype))
    unary_math.abs(dev_ctx.xp, x.data, data)
