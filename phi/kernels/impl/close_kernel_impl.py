"""allclose, isclose and equal_all: one body for every backend (math in
phi.kernels.funcs.compare)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import compare as compare_funcs
from phi.kernels.impl.dtype_sets import BOOL_INT_FLOAT, FLOAT_COMPLEX


@register_kernel("allclose", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT)
@register_kernel("allclose", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT)
def allclose_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, rtol: Scalar,
                    atol: Scalar, equal_nan: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.allclose(dev_ctx.xp, x.data, y.data, rtol.to(float), atol.to(float),
                           equal_nan, data)


@register_kernel("isclose", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("isclose", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def isclose_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, rtol: Scalar,
                   atol: Scalar, equal_nan: bool, out: OutTensor) -> None:
    if x.numel():
        compare_funcs.check_tolerance_dtype("isclose", "Atol", atol.dtype.to_numpy())
        compare_funcs.check_tolerance_dtype("isclose", "Rtol", rtol.dtype.to_numpy())
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.isclose(dev_ctx.xp, x.data, y.data, rtol.to(float), atol.to(float),
                          equal_nan, data)


@register_kernel("equal_all", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT)
@register_kernel("equal_all", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT)
def equal_all_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.equal_all(dev_ctx.xp, x.data, y.data, data)
