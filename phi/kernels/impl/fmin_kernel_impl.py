"""fmin: out = min(x, y) skipping a NaN operand, y on ties (+-0); integers through float32 /
float64; y broadcast against x NumPy-style (`fluidphi migrate` output of
legacy_fluid/operators/elementwise_op.py, fluid's elementwise_fmin)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import elementwise as ew_funcs

_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64]


@register_kernel("fmin", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("fmin", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def fmin_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    ew_funcs.fmin(dev_ctx.xp, x.data, y.data, -1, data)
