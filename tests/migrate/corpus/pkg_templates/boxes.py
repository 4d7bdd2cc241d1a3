"""tp_box_clip: boxes [R, 4] with a LoD of one sequence per image, clipped to each image's
ImInfo row (height, width, scale)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel


class BoxClipOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Input", "boxes [R, 4], one LoD sequence per image")
        self.add_input("ImInfo", "[B, 3]: height, width, scale")
        self.add_output("Output", "the boxes clipped")


class BoxClipOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        dims = ctx.get_input_dim("Input")
        info = ctx.get_input_dim("ImInfo")
        if dims[-1] != 4 or len(info) != 2 or info[1] != 3:
            raise ValueError("tp_box_clip: Input must be [R, 4] and ImInfo [B, 3]")
        ctx.set_output_dim("Output", dims)
        ctx.set_output_dtype("Output", ctx.get_input_dtype("Input"))
        ctx.share_lod("Input", "Output")


class BoxClipKernel(OpKernel):
    def compute(self, ctx):
        boxes = ctx.input("Input")
        info = ctx.input("ImInfo").data
        if not boxes.lod:
            raise ValueError("tp_box_clip: Input needs a LoD (one sequence per image)")
        offsets = boxes.lod[-1]
        if len(offsets) - 1 != info.shape[0]:
            raise ValueError("tp_box_clip: one ImInfo row per image")
        out = ctx.output("Output").mutable_data(ctx.place, boxes.dtype)
        data = boxes.data
        for i in range(len(offsets) - 1):
            start, end = offsets[i], offsets[i + 1]
            h = info[i, 0] / info[i, 2] - 1
            w = info[i, 1] / info[i, 2] - 1
            ctx.xp.clip(data[start:end, 0::2], 0, w, out=out[start:end, 0::2])
            ctx.xp.clip(data[start:end, 1::2], 0, h, out=out[start:end, 1::2])


register_operator("tp_box_clip", BoxClipOp, BoxClipOpMaker)
register_op_kernel("tp_box_clip", "CPU", BoxClipKernel, "float32", "float64")
