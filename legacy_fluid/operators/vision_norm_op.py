"""group_norm and instance_norm: normalise per (sample, channel group) / (sample, channel),
then scale and shift per channel. Math and shape rules: phi.kernels.funcs.vision_norm."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import vision_norm as norm_funcs


def _param_dims(ctx: InferShapeContext, slot: str) -> tuple[int, ...] | None:
    return ctx.get_input_dim(slot) if ctx.has_input(slot) else None


class GroupNormOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input, channels at axis 1 (NCHW) or last (any other layout)")
        self.add_input("Scale", "per-channel scale, [C]", dispensable=True)
        self.add_input("Bias", "per-channel shift, [C]", dispensable=True)
        self.add_output("Y", "normalised X, X's dims")
        self.add_output("Mean", "mean per (sample, group), [N, groups]")
        self.add_output("Variance", "biased variance per (sample, group), [N, groups]")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-5, "added to the variance")
        self.add_attr("groups", AttrType.INT, -1, "number of channel groups (must be set)")
        self.add_attr("data_layout", AttrType.STRING, "NCHW",
                      "NCHW: channels at axis 1; NHWC and the other layouts: last axis")


class GroupNormOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        y_dims, stat_dims = norm_funcs.group_norm_dims(
            ctx.get_input_dim("X"), _param_dims(ctx, "Scale"), _param_dims(ctx, "Bias"),
            ctx.attr("groups"), ctx.attr("data_layout"))
        dtype = ctx.get_input_dtype("X")
        ctx.set_output_dim("Y", y_dims)
        ctx.set_output_dtype("Y", dtype)
        ctx.share_lod("X", "Y")
        for slot in ("Mean", "Variance"):
            ctx.set_output_dim(slot, stat_dims)
            ctx.set_output_dtype(slot, dtype)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class GroupNormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale = ctx.input("Scale")
        bias = ctx.input("Bias")
        y = ctx.output("Y")
        mean = ctx.output("Mean")
        variance = ctx.output("Variance")
        epsilon = ctx.attr("epsilon")
        groups = ctx.attr("groups")
        data_layout = ctx.attr("data_layout")
        y_data = y.mutable_data(ctx.place, x.dtype)
        mean_data = mean.mutable_data(ctx.place, x.dtype) if mean is not None else None
        var_data = variance.mutable_data(ctx.place, x.dtype) if variance is not None else None
        norm_funcs.group_norm(ctx.xp, x.data, None if scale is None else scale.data,
                              None if bias is None else bias.data, epsilon, groups,
                              data_layout, y_data, mean_data, var_data)


class InstanceNormOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input, [N, C, ...] (2-D to 5-D)")
        self.add_input("Scale", "per-channel scale, [C]", dispensable=True)
        self.add_input("Bias", "per-channel shift, [C]", dispensable=True)
        self.add_output("Y", "normalised X, X's dims")
        self.add_output("SavedMean", "mean per (sample, channel), [N * C]", extra=True)
        self.add_output("SavedVariance", "1 / sqrt(var + epsilon) per (sample, channel), "
                        "[N * C]", extra=True)
        self.add_attr("epsilon", AttrType.FLOAT, 1e-5, "added to the variance")


class InstanceNormOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        y_dims, stat_dims = norm_funcs.instance_norm_dims(
            ctx.get_input_dim("X"), _param_dims(ctx, "Scale"), _param_dims(ctx, "Bias"))
        dtype = ctx.get_input_dtype("X")
        ctx.set_output_dim("Y", y_dims)
        ctx.set_output_dtype("Y", dtype)
        ctx.share_lod("X", "Y")
        for slot in ("SavedMean", "SavedVariance"):
            ctx.set_output_dim(slot, stat_dims)
            ctx.set_output_dtype(slot, dtype)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class InstanceNormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale = ctx.input("Scale")
        bias = ctx.input("Bias")
        y = ctx.output("Y")
        saved_mean = ctx.output("SavedMean")
        saved_variance = ctx.output("SavedVariance")
        epsilon = ctx.attr("epsilon")
        y_data = y.mutable_data(ctx.place, x.dtype)
        mean_data = (saved_mean.mutable_data(ctx.place, x.dtype)
                     if saved_mean is not None else None)
        var_data = (saved_variance.mutable_data(ctx.place, x.dtype)
                    if saved_variance is not None else None)
        norm_funcs.instance_norm(ctx.xp, x.data, None if scale is None else scale.data,
                                 None if bias is None else bias.data, epsilon, y_data,
                                 mean_data, var_data)


register_operator("group_norm", GroupNormOp, GroupNormOpMaker)
register_operator("instance_norm", InstanceNormOp, InstanceNormOpMaker)
for _op, _kernel in (("group_norm", GroupNormKernel), ("instance_norm", InstanceNormKernel)):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "group_norm": [
        {"name": "NCHW groups 2", "inputs": {"X": (2, 4, 3, 3), "Scale": (4,), "Bias": (4,)},
         "attrs": {"groups": 2}},
        {"name": "NHWC groups 3, no Scale/Bias", "inputs": {"X": (2, 3, 2, 6), "Scale": None,
                                                            "Bias": None},
         "attrs": {"groups": 3, "data_layout": "NHWC"}},
    ],
    "instance_norm": [
        {"name": "NCHW", "inputs": {"X": (2, 3, 4, 4), "Scale": (3,), "Bias": (3,)},
         "outputs": {"SavedMean": 1, "SavedVariance": 1}},
        {"name": "3-D, no Scale/Bias", "inputs": {"X": (2, 3, 5), "Scale": None, "Bias": None}},
    ],
}
