"""legacy_reshape (fluid's reshape v1): reshape without an xshape output."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reshape as reshape_funcs


@register_kernel("legacy_reshape", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.ALL_DTYPE)
@register_kernel("legacy_reshape", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.ALL_DTYPE)
def legacy_reshape_kernel(dev_ctx: DeviceContext, x: DenseTensor, shape: IntArray,
                          out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    reshape_funcs.reshape(dev_ctx.xp, x.data, data)
