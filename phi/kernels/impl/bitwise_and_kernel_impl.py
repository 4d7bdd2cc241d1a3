"""bitwise_and: out = x & y (logical and for bool), y broadcast against x NumPy-style
(`fluidphi migrate` output of legacy_fluid/operators/bitwise_op.py)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import elementwise as ew_funcs

_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64]


@register_kernel("bitwise_and", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("bitwise_and", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def bitwise_and_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                       out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    ew_funcs.bitwise_and(dev_ctx.xp, x.data, y.data, -1, data)
