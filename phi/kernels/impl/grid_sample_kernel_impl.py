"""affine_grid and grid_sample (`fluidphi migrate` output of
legacy_fluid/operators/grid_sample_op.py). Math in phi.kernels.funcs.grid_sample."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import grid_sample as grid_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("affine_grid", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("affine_grid", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def affine_grid_kernel(dev_ctx: DeviceContext, theta: DenseTensor, output_shape: IntArray,
                       align_corners: bool, output: OutTensor) -> None:
    data = dev_ctx.alloc(output, theta.dtype)
    grid_funcs.affine_grid(dev_ctx.xp, theta.data, output_shape.get_data(), align_corners, data)


@register_kernel("grid_sample", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("grid_sample", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def grid_sample_kernel(dev_ctx: DeviceContext, x: DenseTensor, grid: DenseTensor, mode: str,
                       padding_mode: str, align_corners: bool, output: OutTensor) -> None:
    data = dev_ctx.alloc(output, x.dtype)
    grid_funcs.grid_sample(dev_ctx.xp, x.data, grid.data, mode, padding_mode, align_corners,
                           data)
