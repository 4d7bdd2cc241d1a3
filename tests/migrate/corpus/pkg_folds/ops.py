"""Team F: `_ReduceBase.compute` is the template; each subclass sets `EMPTY_VALUE` (None, 0
or 1: what a negative weight gives instead of an error) and `OP_NAME` (its error messages),
and overrides `reduce`. Inlined for each subclass, the constants leave tests such as
`1 is None and w < 0`, which the codemod folds (issue 23, cm41)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class WeightMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("w", AttrType.FLOAT, 0.5, "weight")


class WeightOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _ReduceBase(OpKernel):
    EMPTY_VALUE = None
    OP_NAME = "cf_reduce"

    def reduce(self, data):
        raise NotImplementedError

    def compute(self, ctx):
        x = ctx.input("X")
        w = ctx.attr("w")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        if self.EMPTY_VALUE is None and w < 0:
            raise ValueError(f"{self.OP_NAME}: negative weight {w}")
        if self.EMPTY_VALUE is not None and w < 0:
            out[...] = self.EMPTY_VALUE
        else:
            out[...] = self.reduce(x.data) * w
        if not self.EMPTY_VALUE and w > 1:
            out[...] += w


class MaxKernel(_ReduceBase):
    OP_NAME = "cf_max"

    def reduce(self, data):
        return data.max()


class SumKernel(_ReduceBase):
    EMPTY_VALUE = 0
    OP_NAME = "cf_sum"

    def reduce(self, data):
        return data.sum()


class ProdKernel(_ReduceBase):
    EMPTY_VALUE = 1
    OP_NAME = "cf_prod"

    def reduce(self, data):
        return data.prod()


register_operator("cf_max", WeightOp, WeightMaker)
register_operator("cf_sum", WeightOp, WeightMaker)
register_operator("cf_prod", WeightOp, WeightMaker)
for _dt in FLOATS:
    register_op_kernel("cf_max", "CPU", MaxKernel, _dt)
    register_op_kernel("cf_sum", "CPU", SumKernel, _dt)
    register_op_kernel("cf_prod", "CPU", ProdKernel, _dt)
