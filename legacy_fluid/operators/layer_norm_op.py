"""layer_norm: normalize over the dims from begin_norm_axis on, then scale and shift."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import layer_norm as ln_funcs


class LayerNormOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_input("Scale", "per-element scale, [prod(dims[begin_norm_axis:])]",
                       dispensable=True)
        self.add_input("Bias", "per-element shift, [prod(dims[begin_norm_axis:])]",
                       dispensable=True)
        self.add_output("Y", "normalized tensor, X's dims")
        self.add_output("Mean", "row means, dims[:begin_norm_axis]")
        self.add_output("Variance", "row (biased) variances, dims[:begin_norm_axis]")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-5, "added to the variance")
        self.add_attr("begin_norm_axis", AttrType.INT, 1,
                      "the first of the dims normalized together")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference mode", extra=True)
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


class LayerNormOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class LayerNormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale = ctx.input("Scale")
        bias = ctx.input("Bias")
        y = ctx.output("Y")
        mean = ctx.output("Mean")
        variance = ctx.output("Variance")
        epsilon = ctx.attr("epsilon")
        begin_norm_axis = ctx.attr("begin_norm_axis")
        stats = ln_funcs.stats_dtype(x.dtype)
        y_data = y.mutable_data(ctx.place, x.dtype)
        mean_data = mean.mutable_data(ctx.place, stats) if mean is not None else None
        var_data = variance.mutable_data(ctx.place, stats) if variance is not None else None
        ln_funcs.layer_norm(ctx.xp, x.data, None if scale is None else scale.data,
                            None if bias is None else bias.data, epsilon, begin_norm_axis,
                            y_data, mean_data, var_data)


register_operator("layer_norm", LayerNormOp, LayerNormOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("layer_norm", "CPU", LayerNormKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("layer_norm", "GPU", LayerNormKernel, _dtype)
