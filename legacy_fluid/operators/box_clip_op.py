"""box_clip: each image's boxes (Input's LoD) clipped to its ImInfo size; math and shape
rules in phi.kernels.funcs.detection."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import detection as det_funcs


class BoxClipKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        im_info = ctx.input("ImInfo")
        output = ctx.output("Output")
        offsets = det_funcs.box_clip_offsets("box_clip", input_.lod, input_.dims[0],
                                             im_info.dims[0])
        data = output.mutable_data(ctx.place, input_.dtype)
        det_funcs.box_clip(ctx.xp, input_.data, im_info.data, offsets, data)


register_operator("box_clip", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("box_clip", "CPU", BoxClipKernel, _dtype)
    register_op_kernel("box_clip", "GPU", BoxClipKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "2 images", "inputs": {
    "Input": {"shape": (5, 4), "low": -5.0, "high": 30.0, "lod": [[0, 2, 5]]},
    "ImInfo": {"value": [[20.0, 24.0, 1.0], [30.0, 16.0, 2.0]]}}}]
