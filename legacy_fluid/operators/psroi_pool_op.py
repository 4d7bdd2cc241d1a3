"""psroi_pool: position-sensitive RoI average pooling (R-FCN): each bin of each class reads
its own input channel; math and shape rules in phi.kernels.funcs.roi.

psroi_pool_grad (slots as Paddle's grad OpDesc: X for its dims, ROIs, RoisNum, Out@GRAD ->
X@GRAD): each bin's gradient spread evenly over the bin; math in
phi.kernels.funcs.roi_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import roi as roi_funcs
from phi.kernels.funcs import roi_grad as roi_grad_funcs


class PsroiPoolKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        rois = ctx.input("ROIs")
        rois_num = ctx.input("RoisNum")
        out = ctx.output("Out")
        batch = roi_funcs.batch_ids("psroi_pool", rois.dims[0], x.dims[0],
                                    None if rois_num is None else rois_num.data, rois.lod)
        roi_funcs.psroi_pool(ctx.xp, x.data, rois.data, batch, ctx.attr("pooled_height"),
                             ctx.attr("pooled_width"), ctx.attr("output_channels"),
                             ctx.attr("spatial_scale"), out.mutable_data(ctx.place, x.dtype))


class PsroiPoolGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        rois = ctx.input("ROIs")
        rois_num = ctx.input("RoisNum")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        batch = roi_funcs.batch_ids("psroi_pool_grad", rois.dims[0], x.dims[0],
                                    None if rois_num is None else rois_num.data, rois.lod)
        roi_grad_funcs.psroi_pool_grad(ctx.xp, tuple(x.dims), rois.data, out_grad.data, batch,
                                       ctx.attr("pooled_height"), ctx.attr("pooled_width"),
                                       ctx.attr("output_channels"), ctx.attr("spatial_scale"),
                                       x_grad.mutable_data(ctx.place, out_grad.dtype))


register_operator("psroi_pool", OperatorWithKernel)
register_operator("psroi_pool_grad", GradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("psroi_pool", "CPU", PsroiPoolKernel, _dtype)
    register_op_kernel("psroi_pool", "GPU", PsroiPoolKernel, _dtype)
    register_op_kernel("psroi_pool_grad", "CPU", PsroiPoolGradKernel, _dtype)
    register_op_kernel("psroi_pool_grad", "GPU", PsroiPoolGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
_PSROI_INPUTS = {"X": (2, 8, 6, 6),
                 "ROIs": {"value": [[0, 0, 8, 8], [2, 3, 11, 9], [1, 1, 5, 4]]},
                 "RoisNum": {"value": [2, 1], "dtype": "int32"}}
_PSROI_ATTRS = {"pooled_height": 2, "pooled_width": 2, "output_channels": 2,
                "spatial_scale": 0.5}
VERIFY_CASES = {
    "psroi_pool": [{"name": "2 classes, 2x2 bins", "attrs": _PSROI_ATTRS,
                    "inputs": _PSROI_INPUTS}],
    "psroi_pool_grad": [{"name": "2 classes, 2x2 bins", "attrs": _PSROI_ATTRS,
                         "inputs": {**_PSROI_INPUTS, "Out@GRAD": (3, 2, 2, 2)}}],
}
