"""Logical kernels: logical_and / logical_or / logical_xor (NumPy broadcasting) and
logical_not.

out is bool; nonzero elements read as true.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import compare as compare_funcs

_CPU_TYPES = [DataType.BOOL, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [DataType.BOOL, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
              DataType.COMPLEX128]


@register_kernel("logical_and", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("logical_and", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def logical_and_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                       out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.logical_and(dev_ctx.xp, x.data, y.data, data)


@register_kernel("logical_or", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("logical_or", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def logical_or_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.logical_or(dev_ctx.xp, x.data, y.data, data)


@register_kernel("logical_xor", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("logical_xor", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def logical_xor_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                       out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.logical_xor(dev_ctx.xp, x.data, y.data, data)


@register_kernel("logical_not", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("logical_not", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def logical_not_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.logical_not(dev_ctx.xp, x.data, data)
