"""Team S: kernels running another kernel held in a class attribute (`_impl = K()`), on
the kernel, on its base, and one the module swaps after the class (left legacy)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class ScaleMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("scale", AttrType.FLOAT, 3.0, "factor")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("scale")


class _Delegating(OpKernel):
    _impl = ScaleKernel()

    def compute(self, ctx):
        self._impl.compute(ctx)


class AliasScaleKernel(_Delegating):
    pass


class CheckedScaleKernel(OpKernel):
    _impl = ScaleKernel()

    def compute(self, ctx):
        if ctx.input("X").data.size == 0:
            return
        self._impl.compute(ctx)


class SwappedScaleKernel(OpKernel):
    _swap = ScaleKernel()

    def compute(self, ctx):
        self._swap.compute(ctx)


SwappedScaleKernel._swap = ScaleKernel()

register_operator("team_cscale", SameOp, ScaleMaker)
register_op_kernel("team_cscale", "CPU", ScaleKernel, DataType.FLOAT32)
register_operator("team_alias_scale", SameOp, ScaleMaker)
register_op_kernel("team_alias_scale", "CPU", AliasScaleKernel, DataType.FLOAT32)
register_operator("team_checked_scale", SameOp, ScaleMaker)
register_op_kernel("team_checked_scale", "CPU", CheckedScaleKernel, DataType.FLOAT32)
register_operator("team_swapped_scale", SameOp, ScaleMaker)
register_op_kernel("team_swapped_scale", "CPU", SwappedScaleKernel, DataType.FLOAT32)
