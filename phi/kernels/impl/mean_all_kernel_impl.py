"""mean_all (the legacy `mean` op): one body for every backend (math in
phi.kernels.funcs.reduce)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs

_CPU = [DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16, DataType.COMPLEX64,
        DataType.COMPLEX128]
_GPU = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.COMPLEX64,
        DataType.COMPLEX128]


@register_kernel("mean_all", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU)
@register_kernel("mean_all", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU)
def mean_all_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    reduce_funcs.mean_all(dev_ctx.xp, x.data, data)
