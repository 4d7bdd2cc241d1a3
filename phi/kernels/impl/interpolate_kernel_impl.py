"""The *_interp kernels: nearest_interp, bilinear_interp, bicubic_interp, linear_interp and
trilinear_interp (`scale` a list), the v1 legacy_nearest_interp / legacy_bilinear_interp
(`scale` one float): one body (`_interpolate`) registered from two tables
(phi.core.kernel_table); and interp_antialias (funcs.interp_antialias), for every backend.

X's rank and `interp_method` pick the resampling, whatever the kernel's name. out_size,
size_tensor and scale_tensor hold sizes: they are read on the host wherever they live and
never transformed. The kernel sets the output dims itself (they may come from tensor
values). Math in phi.kernels.funcs.interpolate.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import interp_antialias as aa_funcs
from phi.kernels.funcs import interpolate as interp_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF_BF16

# Paddle's CPU dtypes (GPU: the same): bicubic; bilinear, linear, trilinear; nearest, v1 ops
_LINEAR_TYPES = [*FLOAT_HALF_BF16, DataType.UINT8]
_ALL_TYPES = [*FLOAT_HALF_BF16, DataType.UINT8, DataType.INT32, DataType.INT64]
#: size inputs are read wherever they are
_SIZES = {name: {"backend": Backend.ALL_BACKEND}
          for name in ("out_size", "size_tensor", "scale_tensor")}


def _interpolate(dev_ctx: DeviceContext, x: DenseTensor, out_size: DenseTensor | None,
                 size_tensor: list[DenseTensor], scale_tensor: DenseTensor | None,
                 data_layout: str, out_d: int, out_h: int, out_w: int,
                 scale: float | list[float], interp_method: str, align_corners: bool,
                 align_mode: int, out: OutTensor) -> None:
    req = interp_funcs.request(
        "interpolate", data_layout, out_d, out_h, out_w, scale,
        None if out_size is None else out_size.data, [t.data for t in size_tensor],
        None if scale_tensor is None else scale_tensor.data)
    data = dev_ctx.alloc(out, x.dtype, req.plan(x.dims)[0])
    interp_funcs.interpolate(dev_ctx.xp, x.data, interp_method, req, align_corners, align_mode,
                             data)


def _interp(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor,
            out_size: DenseTensor | None, size_tensor: list[DenseTensor],
            scale_tensor: DenseTensor | None, data_layout: str, out_d: int, out_h: int,
            out_w: int, scale: list[float], interp_method: str, align_corners: bool,
            align_mode: int, out: OutTensor) -> None:
    """The *_interp kernels: `scale` a list."""
    row.func(dev_ctx, x, out_size, size_tensor, scale_tensor, data_layout, out_d, out_h,
             out_w, scale, interp_method, align_corners, align_mode, out)


def _interp_v1(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor,
               out_size: DenseTensor | None, size_tensor: list[DenseTensor],
               scale_tensor: DenseTensor | None, data_layout: str, out_d: int, out_h: int,
               out_w: int, scale: float, interp_method: str, align_corners: bool,
               align_mode: int, out: OutTensor) -> None:
    """The v1 legacy_*_interp kernels: `scale` one float."""
    row.func(dev_ctx, x, out_size, size_tensor, scale_tensor, data_layout, out_d, out_h,
             out_w, scale, interp_method, align_corners, align_mode, out)


#: (name, the shared body, dtypes: CPU and GPU alike)
register_table(_interp, [
    KernelRow("nearest_interp", _interpolate, _ALL_TYPES),
    KernelRow("bilinear_interp", _interpolate, _LINEAR_TYPES),
    KernelRow("bicubic_interp", _interpolate, FLOAT_HALF_BF16),
    KernelRow("linear_interp", _interpolate, _LINEAR_TYPES),
    KernelRow("trilinear_interp", _interpolate, _LINEAR_TYPES),
], arg_overrides=_SIZES)

register_table(_interp_v1, [
    KernelRow("legacy_nearest_interp", _interpolate, _ALL_TYPES),
    KernelRow("legacy_bilinear_interp", _interpolate, _ALL_TYPES),
], arg_overrides=_SIZES)

@register_kernel("interp_antialias", Backend.CPU, DataLayout.ALL_LAYOUT, _LINEAR_TYPES,
                 arg_overrides=_SIZES)
@register_kernel("interp_antialias", Backend.GPU, DataLayout.ALL_LAYOUT, _LINEAR_TYPES,
                 arg_overrides=_SIZES)
def interp_antialias_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                            out_size: DenseTensor | None, size_tensor: list[DenseTensor],
                            scale_tensor: DenseTensor | None, data_format: str, out_d: int,
                            out_h: int, out_w: int, scale: list[float], interp_method: str,
                            align_corners: bool, align_mode: int, output: OutTensor) -> None:
    req = aa_funcs.antialias_request(
        data_format, out_d, out_h, out_w, scale, None if out_size is None else out_size.data,
        [t.data for t in size_tensor], None if scale_tensor is None else scale_tensor.data)
    data = dev_ctx.alloc(output, x.dtype, req.plan(x.dims)[0])
    aa_funcs.interp_antialias(dev_ctx.xp, x.data, interp_method, req, align_corners,
                              align_mode, data)
