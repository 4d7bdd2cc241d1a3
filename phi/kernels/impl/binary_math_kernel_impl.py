"""Binary and ternary element-wise kernels (`fluidphi migrate` output of
legacy_fluid/operators/binary_math_op.py): atan2 (x2 read flat; integers give float64),
lerp (x + weight * (y - x)), copysign and nextafter. Math in phi.kernels.funcs.binary_math.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import binary_math
from phi.kernels.impl.dtype_sets import BOOL_INTS_HALF_BF16_FLOAT, FLOAT, FLOAT_HALF_INT
from phi.kernels.impl.elementwise_templates import binary_same_dtype


@register_kernel("atan2", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT)
@register_kernel("atan2", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT)
def atan2_kernel(dev_ctx: DeviceContext, x1: DenseTensor, x2: DenseTensor,
                 out: OutTensor) -> None:
    data = dev_ctx.alloc(out, binary_math.atan2_out_dtype(x1.dtype))
    binary_math.atan2(dev_ctx.xp, x1.data, x2.data, data)


@register_kernel("lerp", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("lerp", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def lerp_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, weight: DenseTensor,
                out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    binary_math.lerp(dev_ctx.xp, x.data, y.data, weight.data, data)


#: (name, funcs function, dtypes)
register_table(binary_same_dtype, [
    KernelRow("copysign", binary_math.copysign, BOOL_INTS_HALF_BF16_FLOAT),
    KernelRow("nextafter", binary_math.nextafter, FLOAT),
])
