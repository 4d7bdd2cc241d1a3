"""batch_norm: per-channel normalization with running (inference) or batch statistics.

With running statistics (is_test without trainable_statistics, or
use_global_stats) MeanOut / VarianceOut receive Mean / Variance unchanged
(they are normally the same variables); SavedMean / SavedVariance are left
unwritten (batch statistics only exist in training).
MomentumTensor is accepted but not read (as in Paddle's current kernels).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import batch_norm as bn_funcs


class BatchNormOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input, channels at axis 1 (NCHW) or last (NHWC)")
        self.add_input("Scale", "per-channel gamma [C]", dispensable=True)
        self.add_input("Bias", "per-channel beta [C]", dispensable=True)
        self.add_input("Mean", "running mean [C]")
        self.add_input("Variance", "running variance [C]")
        self.add_input("MomentumTensor", "1-element momentum (unused)", dispensable=True)
        self.add_output("Y", "normalized X")
        self.add_output("MeanOut", "updated running mean (shares Mean's variable)")
        self.add_output("VarianceOut", "updated running variance (shares Variance's variable)")
        self.add_output("SavedMean", "batch mean (training)")
        self.add_output("SavedVariance", "batch 1 / sqrt(var + epsilon) (training)")
        self.add_output("ReserveSpace", "cuDNN workspace", dispensable=True, extra=True)
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference mode")
        self.add_attr("momentum", AttrType.FLOAT, 0.9, "running statistics momentum")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-5, "added to the variance")
        self.add_attr("data_layout", AttrType.STRING, "NCHW", "NCHW, NHWC or AnyLayout")
        self.add_attr("use_global_stats", AttrType.BOOLEAN, False,
                      "normalize with the running statistics even in training")
        self.add_attr("trainable_statistics", AttrType.BOOLEAN, False,
                      "use batch statistics even when is_test")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("fuse_with_relu", AttrType.BOOLEAN, False, "oneDNN fused relu",
                      extra=True)


class BatchNormOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        for slot in ("Y", "MeanOut", "VarianceOut"):
            if not ctx.has_output(slot):
                raise ValueError(f"batch_norm: output {slot} is required")
        x_dims = ctx.get_input_dim("X")
        layout = ctx.attr("data_layout")
        c = bn_funcs.num_channels(x_dims, layout)
        for slot in ("Scale", "Bias", "Mean", "Variance"):
            if ctx.has_input(slot):
                n = 1
                for d in ctx.get_input_dim(slot):
                    n *= d
                if n != c:
                    raise ValueError(f"batch_norm: {slot} holds {n} values, X has {c} "
                                     f"channels ({layout})")
        ctx.set_output_dim("Y", x_dims)
        ctx.set_output_dtype("Y", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Y")
        stat_dtype = ctx.get_input_dtype("Mean")
        slots = ["MeanOut", "VarianceOut"]
        if not bn_funcs.uses_global_stats(ctx.attr("is_test"), ctx.attr("use_global_stats"),
                                          ctx.attr("trainable_statistics")):
            slots += ["SavedMean", "SavedVariance"]  # batch statistics exist in training only
        for slot in slots:
            ctx.set_output_dim(slot, (c,))
            ctx.set_output_dtype(slot, stat_dtype)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's dtype; parameters are float32 for half inputs, else X's dtype."""
        dtype = self.indicate_var_data_type(ctx, "X")
        want = DataType.FLOAT32 if dtype in (DataType.FLOAT16, DataType.BFLOAT16) else dtype
        for slot in ("Scale", "Bias", "Mean", "Variance"):
            t = ctx.input(slot)
            if t is not None and t.dtype != want:
                raise TypeError(f"batch_norm: {slot} must be {want} for X of {dtype}, "
                                f"got {t.dtype}")
        return OpKernelType(dtype, ctx.place)


class BatchNormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale = ctx.input("Scale")
        bias = ctx.input("Bias")
        mean = ctx.input("Mean")
        variance = ctx.input("Variance")
        y = ctx.output("Y")
        mean_out = ctx.output("MeanOut")
        variance_out = ctx.output("VarianceOut")
        saved_mean = ctx.output("SavedMean")
        saved_variance = ctx.output("SavedVariance")
        is_test = ctx.attr("is_test")
        momentum = ctx.attr("momentum")
        epsilon = ctx.attr("epsilon")
        data_layout = ctx.attr("data_layout")
        use_global_stats = ctx.attr("use_global_stats")
        trainable_statistics = ctx.attr("trainable_statistics")
        xd, md, vd = x.data, mean.data, variance.data
        sd = None if scale is None else scale.data
        bd = None if bias is None else bias.data
        y_data = y.mutable_data(ctx.place, x.dtype)
        if bn_funcs.uses_global_stats(is_test, use_global_stats, trainable_statistics):
            bn_funcs.batch_norm_infer(ctx.xp, xd, md, vd, sd, bd, epsilon, data_layout, y_data)
            mo = mean_out.mutable_data(ctx.place, mean.dtype)
            if mo is not md:
                mo[...] = md
            vo = variance_out.mutable_data(ctx.place, variance.dtype)
            if vo is not vd:
                vo[...] = vd
            return
        mo = mean_out.mutable_data(ctx.place, mean.dtype)
        vo = variance_out.mutable_data(ctx.place, variance.dtype)
        sm = None if saved_mean is None else saved_mean.mutable_data(ctx.place, mean.dtype)
        sv = None if saved_variance is None else saved_variance.mutable_data(ctx.place,
                                                                             mean.dtype)
        bn_funcs.batch_norm_train(ctx.xp, xd, md, vd, sd, bd, momentum, epsilon, data_layout,
                                  y_data, mo, vo, sm, sv)


register_operator("batch_norm", BatchNormOp, BatchNormOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("batch_norm", "CPU", BatchNormKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("batch_norm", "GPU", BatchNormKernel, _dtype)


def _bn_param(low: float, high: float):
    """Random [3] statistics / affine parameters: float32 for half inputs, else X's dtype."""
    def make(dtype: DataType, rng):
        want = DataType.FLOAT32 if dtype in (DataType.FLOAT16, DataType.BFLOAT16) else dtype
        return rng.uniform(low, high, (3,)).astype(want.to_numpy())
    return make


#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [
    {"name": "inference (running statistics)",
     "inputs": {"X": (2, 3, 4, 4), "Scale": _bn_param(-1, 1), "Bias": _bn_param(-1, 1),
                "Mean": _bn_param(-1, 1), "Variance": _bn_param(0.5, 2)},
     "attrs": {"is_test": True, "use_global_stats": True},
     "outputs": ["Y", "MeanOut", "VarianceOut"]},
    {"name": "training (batch statistics)",
     "inputs": {"X": (4, 3, 2, 2), "Scale": _bn_param(-1, 1), "Bias": _bn_param(-1, 1),
                "Mean": _bn_param(-1, 1), "Variance": _bn_param(0.5, 2)},
     "attrs": {"is_test": False},
     "outputs": ["Y", "MeanOut", "VarianceOut", "SavedMean", "SavedVariance"]},
]
