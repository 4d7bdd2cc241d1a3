"""unsqueeze: the data is copied into out's dims (set by InferMeta)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import squeeze as sq_funcs
from phi.kernels.impl.dtype_sets import BOOL_INTS_FLOAT_BF16_COMPLEX

# Paddle's CPU unsqueeze kernel has no float16 registration, its GPU one no bfloat16
_GPU_TYPES = [t for t in BOOL_INTS_FLOAT_BF16_COMPLEX if t is not DataType.BFLOAT16] + [
    DataType.FLOAT16]


@register_kernel("unsqueeze", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_BF16_COMPLEX)
@register_kernel("unsqueeze", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def unsqueeze_kernel(dev_ctx: DeviceContext, x: DenseTensor, axes: IntArray,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    sq_funcs.reshape_copy(x.data, data)
