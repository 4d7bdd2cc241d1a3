"""cross_entropy (v1: hard or soft labels) and cross_entropy2 (hard labels) with their grad
ops (cross_entropy_grad, and cross_entropy_grad2 as Paddle names it): the loss of
probabilities X, classes on the last axis. See phi.kernels.funcs.cross_entropy.

Paddle registers float and double CPU kernels for these; fluidphi gives both forms.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import cross_entropy as ce_funcs
from phi.kernels.funcs import shape_grad as shape_grad_funcs


class CrossEntropyOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class CrossEntropyGradOp(GradOp):
    """X@GRAD is like X (the default rule)."""


class CrossEntropyKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.output("Y")
        data = y.mutable_data(ctx.place, x.dtype)
        ce_funcs.cross_entropy(ctx.xp, x.data, ctx.input("Label").data, ctx.attr("soft_label"),
                               ctx.attr("ignore_index"), data)


class CrossEntropyGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        y_grad = ctx.input("Y@GRAD")
        data = ctx.output("X@GRAD").mutable_data(ctx.place, y_grad.dtype)
        ce_funcs.cross_entropy_grad(ctx.xp, ctx.input("X").data, ctx.input("Label").data,
                                    y_grad.data, ctx.attr("soft_label"),
                                    ctx.attr("ignore_index"), data)


class CrossEntropy2OpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "probabilities, classes on the last axis")
        self.add_input("Label", "class ids (int64), X's dims with 1 class")
        self.add_output("Y", "-log(X at the label), 0 where the label is ignore_index")
        self.add_output("XShape", "[0, *X.dims], no data (for the grad op)")
        self.add_output("MatchX", "X at the label, 0 where the label is ignore_index")
        self.add_attr("ignore_index", AttrType.INT, -100, "a label that contributes nothing")


class CrossEntropy2Op(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class CrossEntropyGrad2Op(GradOp):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = shape_grad_funcs.x_dims_from_xshape(ctx.get_input_dim("XShape"))
        ctx.set_output_dim("X@GRAD", dims)
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("Y@GRAD"))


class CrossEntropy2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        label = ctx.input("Label")
        y = ctx.output("Y")
        xshape = ctx.output("XShape")
        match_x = ctx.output("MatchX")
        ignore_index = ctx.attr("ignore_index")
        yd = y.mutable_data(ctx.place, x.dtype)
        md = match_x.mutable_data(ctx.place, x.dtype)
        if xshape is not None:
            xshape.mutable_data(ctx.place, x.dtype)
        ce_funcs.cross_entropy2(ctx.xp, x.data, label.data, ignore_index, yd, md)


class CrossEntropyGrad2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        label = ctx.input("Label")
        match_x = ctx.input("MatchX")
        y_grad = ctx.input("Y@GRAD")
        x_grad = ctx.output("X@GRAD")
        ignore_index = ctx.attr("ignore_index")
        data = x_grad.mutable_data(ctx.place, y_grad.dtype)
        ce_funcs.cross_entropy2_grad(ctx.xp, label.data, match_x.data, y_grad.data,
                                     ignore_index, data)


def _labels(dtype, rng):
    return rng.integers(0, 4, size=(3, 1)).astype("int64")


def _probabilities(dtype, rng):
    p = rng.random((3, 4)) + 0.1
    return (p / p.sum(axis=-1, keepdims=True)).astype(dtype.to_numpy())


def _soft_labels(dtype, rng):
    return _probabilities(dtype, rng)


VERIFY_CASES = {
    "cross_entropy": [{"name": "hard labels", "inputs": {"X": _probabilities, "Label": _labels}},
                      {"name": "soft labels", "inputs": {"X": _probabilities,
                                                         "Label": _soft_labels},
                       "attrs": {"soft_label": True}}],
    "cross_entropy2": [{"name": "3 rows of 4 classes",
                        "inputs": {"X": _probabilities, "Label": _labels},
                        "outputs": ["Y", "XShape", "MatchX"]}],
    "cross_entropy_grad2": [{"name": "3 rows of 4 classes",
                             "inputs": {"Label": _labels, "MatchX": {"shape": (3, 1),
                                                                     "low": 0.1, "high": 1},
                                        "XShape": {"shape": (0, 3, 4)}, "Y@GRAD": (3, 1)}}],
}

register_operator("cross_entropy", CrossEntropyOp)
register_operator("cross_entropy_grad", CrossEntropyGradOp)
register_operator("cross_entropy2", CrossEntropy2Op, CrossEntropy2OpMaker)
register_operator("cross_entropy_grad2", CrossEntropyGrad2Op)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _place in ("CPU", "GPU"):
        register_op_kernel("cross_entropy", _place, CrossEntropyKernel, _dtype)
        register_op_kernel("cross_entropy_grad", _place, CrossEntropyGradKernel, _dtype)
        register_op_kernel("cross_entropy2", _place, CrossEntropy2Kernel, _dtype)
        register_op_kernel("cross_entropy_grad2", _place, CrossEntropyGrad2Kernel, _dtype)
