"""correlation (FlowNet): per displacement within max_displacement, the channel- and
window-mean of Input1 times the displaced Input2. Paddle's CPU kernel refuses every input;
the GPU kernel computes. Math: phi.kernels.funcs.correlation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import correlation as corr_funcs


class CorrelationOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input1", "first feature map [N, C, H, W]")
        self.add_input("Input2", "second feature map, Input1's dims")
        self.add_output("Output", "correlations [N, displacements, OH, OW]")
        self.add_attr("pad_size", AttrType.INT, None, "zero padding of H and W")
        self.add_attr("kernel_size", AttrType.INT, None, "odd window size")
        self.add_attr("max_displacement", AttrType.INT, None, "largest displacement")
        self.add_attr("stride1", AttrType.INT, None, "stride over Input1")
        self.add_attr("stride2", AttrType.INT, None, "stride between displacements")
        self.add_attr("corr_type_multiply", AttrType.INT, 1, "multiplicative correlation")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "framework knob", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "framework knob", extra=True)


class CorrelationOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class CorrelationCPUKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        corr_funcs.refuse_on_cpu()


class CorrelationKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input1 = ctx.input("Input1")
        input2 = ctx.input("Input2")
        output = ctx.output("Output")
        pad_size = ctx.attr("pad_size")
        kernel_size = ctx.attr("kernel_size")
        max_displacement = ctx.attr("max_displacement")
        stride1 = ctx.attr("stride1")
        stride2 = ctx.attr("stride2")
        output.resize(corr_funcs.correlation_dims(input1.dims, input2.dims, pad_size,
                                                  kernel_size, max_displacement, stride1,
                                                  stride2))
        corr_funcs.correlation(ctx.xp, input1.data, input2.data, pad_size, kernel_size,
                               max_displacement, stride1, stride2,
                               output.mutable_data(ctx.place, input1.dtype))


register_operator("correlation", CorrelationOp, CorrelationOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("correlation", "CPU", CorrelationCPUKernel, _dtype)
    register_op_kernel("correlation", "GPU", CorrelationKernel, _dtype)
