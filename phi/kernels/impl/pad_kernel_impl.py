"""Padding kernels (`fluidphi migrate` output of legacy_fluid/operators/pad_op.py): pad3d and
pad. Math in phi.kernels.funcs.pad.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import pad as pad_funcs
from phi.kernels.impl.dtype_sets import INT_FLOAT_COMPLEX

_PAD_TYPES = [DataType.INT16, DataType.INT32, DataType.INT64, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_PAD_GPU_TYPES = [DataType.INT16, DataType.INT32, DataType.INT64, DataType.FLOAT32,
                  DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("pad3d", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
@register_kernel("pad3d", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
def pad3d_kernel(dev_ctx: DeviceContext, x: DenseTensor, paddings: IntArray, mode: str,
                 value: float, data_format: str, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    pad_funcs.pad3d(dev_ctx.xp, x.data, paddings.get_data(), mode, value, data_format, data)


@register_kernel("pad", Backend.CPU, DataLayout.ALL_LAYOUT, _PAD_TYPES)
@register_kernel("pad", Backend.GPU, DataLayout.ALL_LAYOUT, _PAD_GPU_TYPES)
def pad_kernel(dev_ctx: DeviceContext, x: DenseTensor, paddings: list[int], pad_value: float,
               out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    pad_funcs.pad(dev_ctx.xp, x.data, paddings, pad_value, data)
