"""Backward kernels of the *_interp ops (backward.yaml names): nearest_interp_grad,
bilinear_interp_grad, bicubic_interp_grad, linear_interp_grad and trilinear_interp_grad
(`scale` a list), legacy_nearest_interp_grad and legacy_bilinear_interp_grad (`scale` one
float): one body (`_interpolate_grad`) registered from two tables (phi.core.kernel_table);
and interp_antialias_grad (funcs.interp_antialias_grad).

x_grad takes x's dims (x's values are not read); out_size, size_tensor and scale_tensor
are read on the host wherever they live, as in the forward. Math in
phi.kernels.funcs.interpolate_grad and interp_antialias_grad.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import interp_antialias as aa_funcs
from phi.kernels.funcs import interp_antialias_grad as aa_grad_funcs
from phi.kernels.funcs import interpolate as interp_funcs
from phi.kernels.funcs import interpolate_grad as interp_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF_BF16

#: size inputs are read wherever they are
_SIZES = {name: {"backend": Backend.ALL_BACKEND}
          for name in ("out_size", "size_tensor", "scale_tensor")}


def _interpolate_grad(dev_ctx: DeviceContext, x: DenseTensor, out_size: DenseTensor | None,
                      size_tensor: list[DenseTensor], scale_tensor: DenseTensor | None,
                      out_grad: DenseTensor, data_layout: str, out_d: int, out_h: int,
                      out_w: int, scale: float | list[float], interp_method: str,
                      align_corners: bool, align_mode: int, x_grad: OutTensor) -> None:
    req = interp_funcs.request(
        "interpolate_grad", data_layout, out_d, out_h, out_w, scale,
        None if out_size is None else out_size.data, [t.data for t in size_tensor],
        None if scale_tensor is None else scale_tensor.data)
    data = dev_ctx.alloc(x_grad, out_grad.dtype, tuple(x.dims))
    interp_grad_funcs.interpolate_grad(dev_ctx.xp, out_grad.data, interp_method, req,
                                       align_corners, align_mode, data)


def _interp_grad(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor,
                 out_size: DenseTensor | None, size_tensor: list[DenseTensor],
                 scale_tensor: DenseTensor | None, out_grad: DenseTensor, data_layout: str,
                 out_d: int, out_h: int, out_w: int, scale: list[float], interp_method: str,
                 align_corners: bool, align_mode: int, x_grad: OutTensor) -> None:
    """The *_interp grad kernels: `scale` a list."""
    row.func(dev_ctx, x, out_size, size_tensor, scale_tensor, out_grad, data_layout, out_d,
             out_h, out_w, scale, interp_method, align_corners, align_mode, x_grad)


def _interp_v1_grad(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor,
                    out_size: DenseTensor | None, size_tensor: list[DenseTensor],
                    scale_tensor: DenseTensor | None, out_grad: DenseTensor, data_layout: str,
                    out_d: int, out_h: int, out_w: int, scale: float, interp_method: str,
                    align_corners: bool, align_mode: int, x_grad: OutTensor) -> None:
    """The v1 legacy_*_interp grad kernels: `scale` one float."""
    row.func(dev_ctx, x, out_size, size_tensor, scale_tensor, out_grad, data_layout, out_d,
             out_h, out_w, scale, interp_method, align_corners, align_mode, x_grad)


#: (name, the shared body, dtypes: CPU and GPU alike)
# Paddle's CPU dtypes of every *_interp grad kernel (GPU: the same)
register_table(_interp_grad, [
    KernelRow("nearest_interp_grad", _interpolate_grad, FLOAT_HALF_BF16),
    KernelRow("bilinear_interp_grad", _interpolate_grad, FLOAT_HALF_BF16),
    KernelRow("bicubic_interp_grad", _interpolate_grad, FLOAT_HALF_BF16),
    KernelRow("linear_interp_grad", _interpolate_grad, FLOAT_HALF_BF16),
    KernelRow("trilinear_interp_grad", _interpolate_grad, FLOAT_HALF_BF16),
], arg_overrides=_SIZES)

register_table(_interp_v1_grad, [
    KernelRow("legacy_nearest_interp_grad", _interpolate_grad, FLOAT_HALF_BF16),
    KernelRow("legacy_bilinear_interp_grad", _interpolate_grad, FLOAT_HALF_BF16),
], arg_overrides=_SIZES)


@register_kernel("interp_antialias_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16,
                 arg_overrides=_SIZES)
@register_kernel("interp_antialias_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16,
                 arg_overrides=_SIZES)
def interp_antialias_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                                 out_size: DenseTensor | None, size_tensor: list[DenseTensor],
                                 scale_tensor: DenseTensor | None, output_grad: DenseTensor,
                                 data_format: str, out_d: int, out_h: int, out_w: int,
                                 scale: list[float], interp_method: str, align_corners: bool,
                                 align_mode: int, x_grad: OutTensor) -> None:
    req = aa_funcs.antialias_request(
        data_format, out_d, out_h, out_w, scale, None if out_size is None else out_size.data,
        [t.data for t in size_tensor if t is not None],
        None if scale_tensor is None else scale_tensor.data)
    data = dev_ctx.alloc(x_grad, output_grad.dtype)
    aa_grad_funcs.interp_antialias_grad(dev_ctx.xp, output_grad.data, interp_method, req,
                                        align_corners, align_mode, data)
