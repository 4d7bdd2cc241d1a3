"""fill (fluid's fill_any): x's dims and type filled with one value; one body for every
backend (math in phi.kernels.funcs.creation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import creation as creation_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES, WIDE_UNSIGNED_TYPES

_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [t for t in _CPU_TYPES if t is not DataType.BFLOAT16]


@register_kernel("fill", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [*_CPU_TYPES, *WIDE_UNSIGNED_TYPES, *FLOAT8_TYPES])
@register_kernel("fill", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def fill_kernel(dev_ctx: DeviceContext, x: DenseTensor, value: Scalar, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    creation_funcs.fill(dev_ctx.xp, value.to(float), data)
