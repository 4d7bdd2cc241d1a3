"""RoI pooling: roi_align and roi_pool.

X [N, C, H, W] and ROIs [R, 4] (x1, y1, x2, y2 in input pixels, scaled by spatial_scale);
each RoI's image comes from RoisNum [N] or from the ROIs' LoD. Out [R, C, pooled_height,
pooled_width]: roi_align averages bilinear samples (sampling_ratio per bin side, or
ceil(bin size) when <= 0; `aligned` shifts by half a pixel); roi_pool takes each bin's
maximum (Argmax: its flat index in the H x W map, -1 for an empty bin).
Math: phi.kernels.funcs.roi.

Their grads (slots as Paddle's grad OpDescs): roi_align_grad (X for its dims, ROIs, RoisNum,
Out@GRAD -> X@GRAD) and roi_pool_grad (the same and the forward's Argmax); math in
phi.kernels.funcs.roi_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import roi as roi_funcs
from phi.kernels.funcs import roi_grad as roi_grad_funcs


class RoiAlignOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class RoiPoolOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class RoiAlignKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        rois = ctx.input("ROIs")
        rois_num = ctx.input("RoisNum")
        out = ctx.output("Out")
        batch = roi_funcs.batch_ids("roi_align", rois.dims[0], x.dims[0],
                                    None if rois_num is None else rois_num.data, rois.lod)
        roi_funcs.roi_align(ctx.xp, x.data, rois.data, batch, ctx.attr("pooled_height"),
                            ctx.attr("pooled_width"), ctx.attr("spatial_scale"),
                            ctx.attr("sampling_ratio"), ctx.attr("aligned"),
                            out.mutable_data(ctx.place, x.dtype))


class RoiPoolKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        rois = ctx.input("ROIs")
        rois_num = ctx.input("RoisNum")
        out = ctx.output("Out")
        argmax = ctx.output("Argmax")
        batch = roi_funcs.batch_ids("roi_pool", rois.dims[0], x.dims[0],
                                    None if rois_num is None else rois_num.data, rois.lod)
        roi_funcs.roi_pool(ctx.xp, x.data, rois.data, batch, ctx.attr("pooled_height"),
                           ctx.attr("pooled_width"), ctx.attr("spatial_scale"),
                           out.mutable_data(ctx.place, x.dtype),
                           argmax.mutable_data(ctx.place, DataType.INT64))


class RoiAlignGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        rois = ctx.input("ROIs")
        rois_num = ctx.input("RoisNum")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        batch = roi_funcs.batch_ids("roi_align_grad", rois.dims[0], x.dims[0],
                                    None if rois_num is None else rois_num.data, rois.lod)
        roi_grad_funcs.roi_align_grad(ctx.xp, tuple(x.dims), rois.data, out_grad.data, batch,
                                      ctx.attr("pooled_height"), ctx.attr("pooled_width"),
                                      ctx.attr("spatial_scale"), ctx.attr("sampling_ratio"),
                                      ctx.attr("aligned"),
                                      x_grad.mutable_data(ctx.place, out_grad.dtype))


class RoiPoolGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        rois = ctx.input("ROIs")
        rois_num = ctx.input("RoisNum")
        argmax = ctx.input("Argmax")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        batch = roi_funcs.batch_ids("roi_pool_grad", rois.dims[0], x.dims[0],
                                    None if rois_num is None else rois_num.data, rois.lod)
        roi_grad_funcs.roi_pool_grad(ctx.xp, tuple(x.dims), argmax.data, out_grad.data, batch,
                                     x_grad.mutable_data(ctx.place, out_grad.dtype))


_ROI_INPUTS = {"X": (2, 3, 6, 8),
               "ROIs": {"value": [[0.5, 0.5, 4.0, 3.0], [1.0, 2.0, 7.5, 5.5],
                                  [2.0, 0.0, 3.0, 4.0]]},
               "RoisNum": {"value": [2, 1], "dtype": "int32"}}
VERIFY_CASES = {
    "roi_align": [{"name": "2x2 bins, adaptive grid", "inputs": _ROI_INPUTS,
                   "attrs": {"pooled_height": 2, "pooled_width": 2, "spatial_scale": 0.9}}],
    "roi_pool": [{"name": "2x3 bins", "inputs": _ROI_INPUTS,
                  "attrs": {"pooled_height": 2, "pooled_width": 3}}],
    "roi_align_grad": [{"name": "2x2 bins, adaptive grid",
                        "inputs": {**_ROI_INPUTS, "Out@GRAD": (3, 3, 2, 2)},
                        "attrs": {"pooled_height": 2, "pooled_width": 2,
                                  "spatial_scale": 0.9}}],
    "roi_pool_grad": [{"name": "2x3 bins", "inputs": {
        **_ROI_INPUTS, "Out@GRAD": (3, 3, 2, 3),
        "Argmax": {"shape": (3, 3, 2, 3), "dtype": "int64", "low": -1, "high": 48}},
        "attrs": {"pooled_height": 2, "pooled_width": 3}}],
}

register_operator("roi_align", RoiAlignOp)
register_operator("roi_pool", RoiPoolOp)
register_operator("roi_align_grad", GradOp)
register_operator("roi_pool_grad", GradOp)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("roi_align", _backend, RoiAlignKernel, _dtype)
        register_op_kernel("roi_align_grad", _backend, RoiAlignGradKernel, _dtype)
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32):
        register_op_kernel("roi_pool", _backend, RoiPoolKernel, _dtype)
        register_op_kernel("roi_pool_grad", _backend, RoiPoolGradKernel, _dtype)
# int32 roi_align: Paddle 3.3.1's CPU kernels only (integer arithmetic, phi.kernels.funcs.roi)
register_op_kernel("roi_align", "CPU", RoiAlignKernel, DataType.INT32)
register_op_kernel("roi_align_grad", "CPU", RoiAlignGradKernel, DataType.INT32)
