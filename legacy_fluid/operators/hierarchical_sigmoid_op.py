"""hierarchical_sigmoid (PHI hsigmoid_loss): the sigmoid cross entropy along each sample's
path in a binary tree of classes (the default complete tree of num_classes leaves, or a
custom one from PathTable / PathCode); math in phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import loss_sampled as sampled_funcs

#: the inputs the forward op and its grad op share: (slot, what it is, dispensable)
_TREE_INPUTS = (
    ("X", "features [N, D]", False),
    ("W", "one row of weights per non-leaf node [nodes, D]", False),
    ("Label", "class ids [N, 1] (default tree)", False),
    ("PathTable", "custom tree: node ids per sample, -1 ends", True),
    ("PathCode", "custom tree: branch bits per sample", True),
    ("Bias", "one bias per non-leaf node [nodes, 1]", True),
)


def _add_tree_inputs(maker: OpProtoAndCheckerMaker) -> None:
    for slot, what, dispensable in _TREE_INPUTS:
        maker.add_input(slot, what, dispensable=dispensable)


def _add_attrs(maker: OpProtoAndCheckerMaker) -> None:
    maker.add_attr("num_classes", AttrType.INT, 2, "leaves of the default tree")
    maker.add_attr("trainer_id", AttrType.INT, 0, "distributed training only")
    maker.add_attr("height_sections", AttrType.LONGS, [], "distributed training only")
    maker.add_attr("epmap", AttrType.STRINGS, [], "distributed training only")
    maker.add_attr("table_names", AttrType.STRINGS, [], "distributed training only")
    maker.add_attr("is_sparse", AttrType.BOOLEAN, False, "W's gradient as SelectedRows")


class HierarchicalSigmoidOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        _add_tree_inputs(self)
        self.add_output("Out", "the loss [N, 1]")
        self.add_output("PreOut", "softplus of the clipped node scores (Paddle: intermediate)")
        self.add_output("W_Out", "W (for parameter-server programs)")
        _add_attrs(self)


class HierarchicalSigmoidOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class HierarchicalSigmoidKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        w = ctx.input("W")
        label = ctx.input("Label")
        path_table = ctx.input("PathTable")
        path_code = ctx.input("PathCode")
        bias = ctx.input("Bias")
        out = ctx.output("Out")
        pre_out = ctx.output("PreOut")
        w_out = ctx.output("W_Out")
        num_classes = ctx.attr("num_classes")
        is_sparse = ctx.attr("is_sparse")
        sampled_funcs.hsigmoid_loss(
            ctx.xp, x.data, w.data, label.data,
            None if path_table is None else path_table.data,
            None if path_code is None else path_code.data,
            None if bias is None else bias.data, num_classes, is_sparse,
            out.mutable_data(ctx.place, x.dtype), pre_out.mutable_data(ctx.place, x.dtype))
        w_out.mutable_data(ctx.place, w.dtype)[...] = w.data


register_operator("hierarchical_sigmoid", HierarchicalSigmoidOp, HierarchicalSigmoidOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("hierarchical_sigmoid", "CPU", HierarchicalSigmoidKernel, _dtype)
    register_op_kernel("hierarchical_sigmoid", "GPU", HierarchicalSigmoidKernel, _dtype)



class HierarchicalSigmoidGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        _add_tree_inputs(self)
        self.add_input("PreOut", "the forward's PreOut")
        self.add_input("Out@GRAD", "gradient of Out [N, 1]")
        self.add_output("X@GRAD", "gradient of X")
        self.add_output("W@GRAD", "gradient of W (dense, also for is_sparse)")
        self.add_output("Bias@GRAD", "gradient of Bias")
        _add_attrs(self)


class HierarchicalSigmoidGradOp(GradOp):
    """X@GRAD, W@GRAD, Bias@GRAD: their forward inputs' meta."""


class HierarchicalSigmoidGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        w = ctx.input("W")
        label = ctx.input("Label")
        path_table = ctx.input("PathTable")
        path_code = ctx.input("PathCode")
        pre_out = ctx.input("PreOut")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        w_grad = ctx.output("W@GRAD")
        bias_grad = ctx.output("Bias@GRAD")
        num_classes = ctx.attr("num_classes")
        is_sparse = ctx.attr("is_sparse")
        sampled_funcs.hsigmoid_loss_grad(
            ctx.xp, x.data, w.data, label.data,
            None if path_table is None else path_table.data,
            None if path_code is None else path_code.data, pre_out.data, out_grad.data,
            num_classes, is_sparse,
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if w_grad is None else w_grad.mutable_data(ctx.place, x.dtype),
            None if bias_grad is None else bias_grad.mutable_data(ctx.place, x.dtype))


register_operator("hierarchical_sigmoid_grad", HierarchicalSigmoidGradOp,
                  HierarchicalSigmoidGradOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("hierarchical_sigmoid_grad", "CPU", HierarchicalSigmoidGradKernel, _dtype)
    register_op_kernel("hierarchical_sigmoid_grad", "GPU", HierarchicalSigmoidGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
_FORWARD_CASES = [{"name": "default tree", "attrs": {"num_classes": 6}, "inputs": {
    "X": (4, 3), "W": (5, 3), "Bias": (5, 1),
    "Label": {"shape": (4, 1), "dtype": "int64", "low": 0, "high": 6}}}]
VERIFY_CASES = {"hierarchical_sigmoid": _FORWARD_CASES, "hierarchical_sigmoid_grad": [
    {"name": "default tree", "attrs": {"num_classes": 6}, "inputs": {
        "X": (4, 3), "W": (5, 3), "Bias": (5, 1), "PreOut": {"shape": (4, 3), "low": 0.1,
                                                              "high": 2.0},
        "Out@GRAD": (4, 1), "Label": {"shape": (4, 1), "dtype": "int64", "low": 0, "high": 6}},
     "outputs": {"X@GRAD": 1, "W@GRAD": 1, "Bias@GRAD": 1}}]}
