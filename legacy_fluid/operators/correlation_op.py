"""correlation (FlowNet): per displacement within max_displacement, the channel- and
window-mean of Input1 times the displaced Input2. Paddle's CPU kernel refuses every input;
the GPU kernel computes. Math: phi.kernels.funcs.correlation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import correlation as corr_funcs


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


register_operator("correlation", CorrelationOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("correlation", "CPU", CorrelationCPUKernel, _dtype)
    register_op_kernel("correlation", "GPU", CorrelationKernel, _dtype)

#: Parity / `migrate --verify` inputs: FlowNet's settings (no defaults: a program carries
#: them); the displacement window 2 * max_displacement / stride2 + 1 = 5 gives 25 channels.
VERIFY_CASES = [{"name": "NCHW, displacement 2", "inputs": {"Input1": (2, 3, 6, 7),
                                                           "Input2": (2, 3, 6, 7)},
                 "attrs": {"pad_size": 2, "kernel_size": 1, "max_displacement": 2,
                           "stride1": 1, "stride2": 1}}]

#: Paddle's CPU kernels refuse every input: no parity row (the GPU's compute)
UNREACHABLE_KERNELS = {"correlation": {("cpu", dtype): "Paddle's CPU kernel refuses every input"
                                       for dtype in ("float32", "float64")}}
