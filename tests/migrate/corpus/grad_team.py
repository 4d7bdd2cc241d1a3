"""Team G: forward ops with their grad ops, PHI grad kernels named by base-name calls.

Habits: terse local names (`dy`, `g`), a grad base class holding the dtype list, the
forward's maker reused for shape only, grads written only when the program asks for them,
an `AttrType` imported under another name. The grads follow phi/backward.yaml's entries
(matmul_grad, mean_grad, relu_grad, add_grad, cross_entropy_with_softmax_grad); some do so
faithfully (relu_grad also when its output is the cotangent's buffer), some read what the
entry lacks or treat an output as optional where the entry does not.
"""

from compat.arg_mapping import register_base_kernel_name
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType as A
from phi.common import DataType

F32 = DataType.FLOAT32


class MmMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "left")
        self.add_input("Y", "right")
        self.add_output("Out", "x @ y")
        self.add_attr("trans_x", A.BOOLEAN, False, "transpose x")
        self.add_attr("trans_y", A.BOOLEAN, False, "transpose y")


class MmGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "left")
        self.add_input("Y", "right")
        self.add_input("Out@GRAD", "d out")
        self.add_output("X@GRAD", "d x", dispensable=True)
        self.add_output("Y@GRAD", "d y", dispensable=True)
        self.add_attr("trans_x", A.BOOLEAN, False, "transpose x")
        self.add_attr("trans_y", A.BOOLEAN, False, "transpose y")


class MmOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        a, b = ctx.get_input_dim("X"), ctx.get_input_dim("Y")
        ctx.set_output_dim("Out", [*a[:-1], b[-1]])
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class GradShapes(OperatorWithKernel):
    """Each S@GRAD output is shaped like input S."""

    def infer_shape(self, ctx):
        for slot in ("X", "Y"):
            if ctx.has_output(slot + "@GRAD"):
                ctx.set_output_dim(slot + "@GRAD", ctx.get_input_dim(slot))
                ctx.set_output_dtype(slot + "@GRAD", ctx.get_input_dtype(slot))


class MmKernel(OpKernel):
    def compute(self, ctx):
        x, y = ctx.input("X").data, ctx.input("Y").data
        if ctx.attr("trans_x"):
            x = x.swapaxes(-1, -2)
        if ctx.attr("trans_y"):
            y = y.swapaxes(-1, -2)
        o = ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)
        o[...] = ctx.xp.matmul(x, y)


class MmGradKernel(OpKernel):
    def compute(self, ctx):
        xp = ctx.xp
        x, y, g = ctx.input("X"), ctx.input("Y"), ctx.input("Out@GRAD")
        dx, dy = ctx.output("X@GRAD"), ctx.output("Y@GRAD")
        if ctx.attr("trans_x") or ctx.attr("trans_y"):
            raise ValueError("team_matmul_grad: transposed operands are not supported")
        if dx is not None:
            dx.mutable_data(ctx.place, x.dtype)[...] = xp.matmul(g.data, y.data.swapaxes(-1, -2))
        if dy is not None:
            dy.mutable_data(ctx.place, y.dtype)[...] = xp.matmul(x.data.swapaxes(-1, -2), g.data)


class MeanMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "mean over dim")
        self.add_attr("dim", A.INTS, [0], "axes")
        self.add_attr("keep_dim", A.BOOLEAN, False, "keep reduced axes")
        self.add_attr("reduce_all", A.BOOLEAN, False, "over every axis")


class MeanGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input (its dims)")
        self.add_input("Out@GRAD", "d out")
        self.add_output("X@GRAD", "d x")
        self.add_attr("dim", A.INTS, [0], "axes")
        self.add_attr("keep_dim", A.BOOLEAN, False, "keep reduced axes")
        self.add_attr("reduce_all", A.BOOLEAN, False, "over every axis")


def _axes(rank, dim, every):
    return tuple(range(rank)) if every else tuple(d % rank for d in dim)


class MeanOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        dims = ctx.get_input_dim("X")
        axes = _axes(len(dims), ctx.attr("dim"), ctx.attr("reduce_all"))
        keep = ctx.attr("keep_dim")
        out = [1 if i in axes else d for i, d in enumerate(dims) if keep or i not in axes]
        ctx.set_output_dim("Out", out)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class MeanKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        axes = _axes(len(x.dims), ctx.attr("dim"), ctx.attr("reduce_all"))
        o = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        o[...] = ctx.xp.mean(x.data, axis=axes, keepdims=ctx.attr("keep_dim"))


class MeanGradKernel(OpKernel):
    """d x = d out spread evenly over the reduced axes."""

    def compute(self, ctx):
        x, g = ctx.input("X"), ctx.input("Out@GRAD")
        axes = _axes(len(x.dims), ctx.attr("dim"), ctx.attr("reduce_all"))
        count = 1
        for a in axes:
            count *= x.dims[a]
        kept = g.data if ctx.attr("keep_dim") else ctx.xp.expand_dims(g.data, axes)
        dx = ctx.output("X@GRAD").mutable_data(ctx.place, g.dtype)
        dx[...] = ctx.xp.broadcast_to(kept, dx.shape) / count


class ReluGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Out", "relu's output")
        self.add_input("Out@GRAD", "d out")
        self.add_output("X@GRAD", "d x")


class ReluGradOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("X@GRAD", ctx.get_input_dim("Out"))
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("Out"))


class ReluGradKernel(OpKernel):
    """One pass, so d x may be d out's own buffer (backward.yaml lets relu_grad run in place)."""

    def compute(self, ctx):
        out, g = ctx.input("Out"), ctx.input("Out@GRAD")
        dx = ctx.output("X@GRAD").mutable_data(ctx.place, g.dtype)
        ctx.xp.multiply(g.data, out.data > 0, out=dx)


class AddGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "left")
        self.add_input("Y", "right")
        self.add_input("Out", "the forward's sum")
        self.add_input("Out@GRAD", "d out")
        self.add_output("X@GRAD", "d x", dispensable=True)
        self.add_output("Y@GRAD", "d y", dispensable=True)
        self.add_attr("axis", A.INT, -1, "broadcast axis")


class AddGradKernel(OpKernel):
    def compute(self, ctx):
        g = ctx.input("Out@GRAD")
        if ctx.input("Out").dims != g.dims:
            raise ValueError("team_add_grad: Out and Out@GRAD differ in shape")
        dx, dy = ctx.output("X@GRAD"), ctx.output("Y@GRAD")
        if dx is not None:
            dx.mutable_data(ctx.place, g.dtype)[...] = g.data
        if dy is not None:
            dy.mutable_data(ctx.place, g.dtype)[...] = g.data


class CeMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Logits", "scores")
        self.add_input("Label", "hard labels")
        self.add_output("Softmax", "softmax of the scores")
        self.add_output("Loss", "loss")
        self.add_attr("soft_label", A.BOOLEAN, False, "soft labels")
        self.add_attr("use_softmax", A.BOOLEAN, True, "apply softmax")
        self.add_attr("numeric_stable_mode", A.BOOLEAN, True, "stable")
        self.add_attr("ignore_index", A.INT, -100, "ignored label")
        self.add_attr("axis", A.INT, -1, "class axis")


class CeOp(OperatorWithKernel):
    """Registered for its proto (the grad's slots are named after it); no kernel here."""

    def infer_shape(self, ctx):
        ctx.share_dim("Logits", "Softmax")
        ctx.set_output_dtype("Softmax", ctx.get_input_dtype("Logits"))


class CeGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Label", "hard labels")
        self.add_input("Softmax", "softmax of the scores")
        self.add_input("Loss@GRAD", "d loss")
        self.add_output("Logits@GRAD", "d logits", dispensable=True)
        self.add_attr("soft_label", A.BOOLEAN, False, "soft labels")
        self.add_attr("use_softmax", A.BOOLEAN, True, "apply softmax")
        self.add_attr("numeric_stable_mode", A.BOOLEAN, True, "stable")
        self.add_attr("ignore_index", A.INT, -100, "ignored label")
        self.add_attr("axis", A.INT, -1, "class axis")


class CeGradKernel(OpKernel):
    """Skips the work when nobody asked for d logits (backward.yaml makes it required)."""

    def compute(self, ctx):
        d = ctx.output("Logits@GRAD")
        if d is None:
            return
        sm, g = ctx.input("Softmax"), ctx.input("Loss@GRAD")
        label = ctx.input("Label").data
        out = d.mutable_data(ctx.place, sm.dtype)
        out[...] = sm.data
        rows = ctx.xp.arange(label.shape[0])
        out[rows, label[:, 0]] -= 1
        out *= g.data


VERIFY_CASES = {
    "team_matmul": [{"name": "batched", "inputs": {"X": (2, 3, 4), "Y": (2, 4, 5)}}],
    "team_mean": [{"name": "axis 1", "inputs": {"X": (3, 4)}, "attrs": {"dim": [1]}}],
}

register_base_kernel_name("team_matmul_grad", "matmul_grad")
register_base_kernel_name("team_mean_grad", "mean_grad")
register_base_kernel_name("team_relu_grad", "relu_grad")
register_base_kernel_name("team_add_grad", "add_grad")
register_base_kernel_name("team_ce_grad", "cross_entropy_with_softmax_grad")
register_operator("team_matmul", MmOp, MmMaker)
register_operator("team_matmul_grad", GradShapes, MmGradMaker)
register_operator("team_mean", MeanOp, MeanMaker)
register_operator("team_mean_grad", GradShapes, MeanGradMaker)
register_operator("team_relu_grad", ReluGradOp, ReluGradMaker)
register_operator("team_add_grad", GradShapes, AddGradMaker)
register_operator("team_ce", CeOp, CeMaker)
register_operator("team_ce_grad", GradShapes, CeGradMaker)
for op, kernel in (("team_matmul", MmKernel), ("team_matmul_grad", MmGradKernel),
                   ("team_mean", MeanKernel), ("team_mean_grad", MeanGradKernel),
                   ("team_relu_grad", ReluGradKernel), ("team_add_grad", AddGradKernel),
                   ("team_ce_grad", CeGradKernel)):
    register_op_kernel(op, "CPU", kernel, F32)
