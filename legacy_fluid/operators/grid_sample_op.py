"""affine_grid (sampling grids from affine matrices; the OutputShape tensor, when fed,
replaces the `output_shape` attribute) and grid_sampler (bilinear / nearest sampling of a
4-D or 5-D input at grid points, padding zeros / border / reflection). Math in
phi.kernels.funcs.grid_sample.

Their grads (slots as Paddle's grad OpDescs): affine_grid_grad (Theta for its dims,
OutputShape, Output@GRAD -> Theta@GRAD) and grid_sampler_grad (X, Grid, Output@GRAD ->
X@GRAD, Grid@GRAD); math in phi.kernels.funcs.grid_sample_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import grid_sample as grid_funcs
from phi.kernels.funcs import grid_sample_grad as grid_grad_funcs

_TYPES = (DataType.FLOAT32, DataType.FLOAT64)


class AffineGridOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Theta"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "OutputShape":
            return None  # read on the host as it is
        return super().get_kernel_type_for_var(slot, tensor, expected)


class GridSamplerOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class AffineGridKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        theta = ctx.input("Theta")
        output = ctx.output("Output")
        output_shape = ctx.attr("output_shape")
        if ctx.has_input("OutputShape"):
            output_shape = [int(v) for v in ctx.input("OutputShape").numpy().reshape(-1)]
        align_corners = ctx.attr("align_corners")
        data = output.mutable_data(ctx.place, theta.dtype)
        grid_funcs.affine_grid(ctx.xp, theta.data, output_shape, align_corners, data)


class GridSamplerKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        grid = ctx.input("Grid")
        output = ctx.output("Output")
        mode = ctx.attr("mode")
        padding_mode = ctx.attr("padding_mode")
        align_corners = ctx.attr("align_corners")
        data = output.mutable_data(ctx.place, x.dtype)
        grid_funcs.grid_sample(ctx.xp, x.data, grid.data, mode, padding_mode, align_corners,
                               data)


class AffineGridGradOp(GradOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "OutputShape":
            return None  # read on the host as it is
        return super().get_kernel_type_for_var(slot, tensor, expected)


class AffineGridGradKernel(OpKernel):
    """Theta@GRAD from Output@GRAD (Theta gives its dims)."""

    def compute(self, ctx: ExecutionContext) -> None:
        theta = ctx.input("Theta")
        output_grad = ctx.input("Output@GRAD")
        theta_grad = ctx.output("Theta@GRAD")
        output_shape = ctx.attr("output_shape")
        if ctx.has_input("OutputShape"):
            output_shape = [int(v) for v in ctx.input("OutputShape").numpy().reshape(-1)]
        align_corners = ctx.attr("align_corners")
        theta_grad.resize(tuple(theta.dims))
        data = theta_grad.mutable_data(ctx.place, output_grad.dtype)
        grid_grad_funcs.affine_grid_grad(ctx.xp, output_grad.data, output_shape, align_corners,
                                         data)


class GridSamplerGradKernel(OpKernel):
    """X@GRAD and Grid@GRAD (either may be left out)."""

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        grid = ctx.input("Grid")
        output_grad = ctx.input("Output@GRAD")
        x_grad = ctx.output("X@GRAD")
        grid_grad = ctx.output("Grid@GRAD")
        mode = ctx.attr("mode")
        padding_mode = ctx.attr("padding_mode")
        align_corners = ctx.attr("align_corners")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype)
        dg = None if grid_grad is None else grid_grad.mutable_data(ctx.place, grid.dtype)
        grid_grad_funcs.grid_sample_grad(ctx.xp, x.data, grid.data, output_grad.data, mode,
                                         padding_mode, align_corners, dx, dg)


register_operator("affine_grid", AffineGridOp)
register_operator("grid_sampler", GridSamplerOp)
register_operator("affine_grid_grad", AffineGridGradOp)
register_operator("grid_sampler_grad", GradOp)
for _dtype in _TYPES:
    for _place in ("CPU", "GPU"):
        register_op_kernel("affine_grid", _place, AffineGridKernel, _dtype)
        register_op_kernel("grid_sampler", _place, GridSamplerKernel, _dtype)
        register_op_kernel("affine_grid_grad", _place, AffineGridGradKernel, _dtype)
        register_op_kernel("grid_sampler_grad", _place, GridSamplerGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "affine_grid": [
        {"name": "2-D", "inputs": {"Theta": (2, 2, 3)},
         "attrs": {"output_shape": [2, 3, 4, 5], "align_corners": False}},
        {"name": "3-D", "inputs": {"Theta": (1, 3, 4)}, "attrs": {"output_shape": [1, 2, 3, 4, 2]}},
    ],
    "grid_sampler": [
        {"name": "bilinear reflection", "inputs": {"X": (2, 3, 4, 5), "Grid": (2, 3, 6, 2)},
         "attrs": {"padding_mode": "reflection", "align_corners": False}},
        {"name": "nearest border 5-D", "inputs": {"X": (1, 2, 3, 4, 5),
                                                  "Grid": (1, 2, 3, 4, 3)},
         "attrs": {"mode": "nearest", "padding_mode": "border"}},
    ],
    "affine_grid_grad": [
        {"name": "2-D", "inputs": {"Theta": (2, 2, 3), "OutputShape": None,
                                   "Output@GRAD": (2, 4, 5, 2)},
         "attrs": {"output_shape": [2, 3, 4, 5], "align_corners": False}},
    ],
    "grid_sampler_grad": [
        {"name": "bilinear reflection", "inputs": {"X": (2, 3, 4, 5), "Grid": (2, 3, 6, 2),
                                                   "Output@GRAD": (2, 3, 3, 6)},
         "attrs": {"padding_mode": "reflection", "align_corners": False},
         "outputs": ["X@GRAD", "Grid@GRAD"]},
    ],
}
