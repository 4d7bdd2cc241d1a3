"""Backward kernels of grid_sample (x_grad, grid_grad: either may be left out) and
affine_grid (theta_grad; theta's values are not read). Math in
phi.kernels.funcs.grid_sample_grad."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import grid_sample_grad as grid_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


# Paddle 3.3.1's CPU dtypes of both grad kernels (GPU: the same)
@register_kernel("grid_sample_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("grid_sample_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def grid_sample_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, grid: DenseTensor,
                            output_grad: DenseTensor, mode: str, padding_mode: str,
                            align_corners: bool, x_grad: OptionalOutTensor,
                            grid_grad: OptionalOutTensor) -> None:
    """X@GRAD and Grid@GRAD (either may be left out)."""
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype)
    dg = None if grid_grad is None else dev_ctx.alloc(grid_grad, grid.dtype)
    grid_grad_funcs.grid_sample_grad(dev_ctx.xp, x.data, grid.data, output_grad.data, mode,
                                     padding_mode, align_corners, dx, dg)


@register_kernel("affine_grid_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("affine_grid_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def affine_grid_grad_kernel(dev_ctx: DeviceContext, theta: DenseTensor,
                            output_grad: DenseTensor, output_shape: IntArray,
                            align_corners: bool, theta_grad: OutTensor) -> None:
    data = dev_ctx.alloc(theta_grad, output_grad.dtype, tuple(theta.dims))
    grid_grad_funcs.affine_grid_grad(dev_ctx.xp, output_grad.data, output_shape.get_data(),
                                     align_corners, data)
