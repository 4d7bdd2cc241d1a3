"""Team E: ops with rules of their own, and no VERIFY_CASES.

`team_one_hot` needs a positive `depth` (its default, -1, means "set me"); `team_pick`
has an attribute without a default; `team_cumsum1d` takes 1-D input only; `team_pairwise`
makes one output per input of its duplicable `Xs`; `team_matvec` takes a matrix and a
vector as long as its rows; `team_pad` needs a before and an after padding per axis.
"""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class OneHotMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "indices")
        self.add_output("Out", "one-hot rows")
        self.add_attr("depth", AttrType.INT, -1, "classes")


class OneHotOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        depth = ctx.attr("depth")
        if depth <= 0:
            raise ValueError(f"team_one_hot: depth must be positive, not {depth}")
        ctx.set_output_dim("Out", (*ctx.get_input_dim("X"), depth))
        ctx.set_output_dtype("Out", DataType.FLOAT32)


class OneHotKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        depth = ctx.attr("depth")
        xp = ctx.xp
        out = ctx.output("Out").mutable_data(ctx.place, DataType.FLOAT32)
        out[...] = (x.data[..., None] == xp.arange(depth)).astype(out.dtype)


class PickMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "one column")
        self.add_attr("column", AttrType.INT, None, "which column (required)")


class PickOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X")[:-1])
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class PickKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data[..., ctx.attr("column")]


class Cumsum1dMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "a vector")
        self.add_output("Out", "running sums")


class Cumsum1dOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        dims = ctx.get_input_dim("X")
        if len(dims) != 1:
            raise ValueError(f"team_cumsum1d takes a vector, not dims {list(dims)}")
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class Cumsum1dKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.cumsum(x.data)


class PairwiseMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Xs", "inputs", duplicable=True)
        self.add_output("Outs", "one per input", duplicable=True)


class PairwiseOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        dims = ctx.get_inputs_dim("Xs")
        if ctx.output_size("Outs") != len(dims):
            raise ValueError("team_pairwise makes one output per input")
        ctx.set_outputs_dim("Outs", dims)
        ctx.set_outputs_dtype("Outs", ctx.get_input_dtype("Xs"))


class PairwiseKernel(OpKernel):
    def compute(self, ctx):
        xs = ctx.multi_input("Xs")
        outs = ctx.multi_output("Outs")
        for x, out in zip(xs, outs):
            out.mutable_data(ctx.place, x.dtype)[...] = x.data * 2


class MatvecMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "matrix")
        self.add_input("Vec", "vector, one value per column of X")
        self.add_output("Out", "X @ Vec")


class MatvecOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        dims, vec = ctx.get_input_dim("X"), ctx.get_input_dim("Vec")
        if len(dims) != 2 or list(vec) != [dims[1]]:
            raise ValueError(f"team_matvec: X must be 2-D and Vec [{dims[-1]}], got "
                             f"{list(dims)} and {list(vec)}")
        ctx.set_output_dim("Out", [dims[0]])
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class MatvecKernel(OpKernel):
    def compute(self, ctx):
        x, vec = ctx.input("X"), ctx.input("Vec")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data @ vec.data


class PadMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "padded")
        self.add_attr("paddings", AttrType.INTS, [], "before and after, per axis")


class PadOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        dims, pads = ctx.get_input_dim("X"), ctx.attr("paddings")
        if len(pads) != 2 * len(dims):
            raise ValueError(f"team_pad: paddings needs {2 * len(dims)} values, got "
                             f"{len(pads)}")
        ctx.set_output_dim("Out", [d + pads[2 * i] + pads[2 * i + 1]
                                   for i, d in enumerate(dims)])
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class PadKernel(OpKernel):
    def compute(self, ctx):
        x, pads = ctx.input("X"), ctx.attr("paddings")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.pad(x.data, [(pads[2 * i], pads[2 * i + 1])
                                       for i in range(x.data.ndim)])


register_operator("team_one_hot", OneHotOp, OneHotMaker)
register_op_kernel("team_one_hot", "CPU", OneHotKernel, DataType.INT64)
register_operator("team_pick", PickOp, PickMaker)
register_op_kernel("team_pick", "CPU", PickKernel, DataType.FLOAT32)
register_operator("team_cumsum1d", Cumsum1dOp, Cumsum1dMaker)
register_op_kernel("team_cumsum1d", "CPU", Cumsum1dKernel, DataType.FLOAT32, DataType.FLOAT64)
register_operator("team_pairwise", PairwiseOp, PairwiseMaker)
register_op_kernel("team_pairwise", "CPU", PairwiseKernel, DataType.FLOAT32)
register_operator("team_matvec", MatvecOp, MatvecMaker)
register_op_kernel("team_matvec", "CPU", MatvecKernel, DataType.FLOAT32)
register_operator("team_pad", PadOp, PadMaker)
register_op_kernel("team_pad", "CPU", PadKernel, DataType.FLOAT32)
