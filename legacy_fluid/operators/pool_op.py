"""pool2d: max or average pooling over 2-D windows (plain, global or adaptive)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import pooling as pool_funcs


class Pool2DOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input image, NCHW or NHWC per data_format")
        self.add_output("Out", "pooled image, same layout as X")
        self.add_attr("ksize", AttrType.INTS, None,
                      "window [kh, kw]; with adaptive, the output size [oh, ow]")
        self.add_attr("strides", AttrType.INTS, [1, 1], "window stride")
        self.add_attr("paddings", AttrType.INTS, [0, 0],
                      "[pad_h, pad_w] or [top, bottom, left, right]")
        self.add_attr("ceil_mode", AttrType.BOOLEAN, False, "round the output size up")
        self.add_attr("exclusive", AttrType.BOOLEAN, True,
                      "avg: divide by the count of real (unpadded) elements")
        self.add_attr("data_format", AttrType.STRING, "NCHW", "NCHW, NHWC or AnyLayout")
        self.add_attr("pooling_type", AttrType.STRING, "", "max or avg")
        self.add_attr("global_pooling", AttrType.BOOLEAN, False,
                      "pool the whole image (ksize and paddings ignored)")
        self.add_attr("adaptive", AttrType.BOOLEAN, False,
                      "ksize is the output size; windows adapt to it")
        self.add_attr("padding_algorithm", AttrType.STRING, "EXPLICIT",
                      "EXPLICIT (use paddings), SAME or VALID")
        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "let cuDNN run it (no effect here)")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference mode", extra=True)
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_quantizer", AttrType.BOOLEAN, False, "quantize (oneDNN)", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)
        self.add_attr("onednn_data_type", AttrType.STRING, "", "oneDNN data type", extra=True)


class Pool2DOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class Pool2DKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        ksize = ctx.attr("ksize")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        ceil_mode = ctx.attr("ceil_mode")
        exclusive = ctx.attr("exclusive")
        data_format = ctx.attr("data_format")
        pooling_type = ctx.attr("pooling_type")
        global_pooling = ctx.attr("global_pooling")
        adaptive = ctx.attr("adaptive")
        padding_algorithm = ctx.attr("padding_algorithm")
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        pool_funcs.pool2d(ctx.xp, xd, ksize, strides, paddings, ceil_mode, exclusive,
                          data_format, pooling_type, global_pooling, adaptive,
                          padding_algorithm, data, ctx.dev_ctx.workspace)


register_operator("pool2d", Pool2DOp, Pool2DOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("pool2d", "CPU", Pool2DKernel, _dtype)
    register_op_kernel("pool2d", "GPU", Pool2DKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [
    {"name": "max 3x3 stride 2 pad 1", "inputs": {"X": (2, 3, 7, 7)},
     "attrs": {"pooling_type": "max", "ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1]}},
    {"name": "avg ceil_mode, padding counted", "inputs": {"X": (2, 3, 7, 6)},
     "attrs": {"pooling_type": "avg", "ksize": [3, 3], "strides": [2, 2], "paddings": [1, 1],
               "ceil_mode": True, "exclusive": False}},
    {"name": "adaptive avg 1x1", "inputs": {"X": (2, 3, 5, 5)},
     "attrs": {"pooling_type": "avg", "ksize": [1, 1], "adaptive": True}},
    {"name": "adaptive max 2x3", "inputs": {"X": (2, 3, 5, 7)},
     "attrs": {"pooling_type": "max", "ksize": [2, 3], "adaptive": True}},
]
