"""Team P: a kernel the sibling `reuse.py` imports (and `__all__` lists), and a private
dtype constant only a migratable kernel registers with, which the sibling imports too."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

__all__ = ["SoftsignKernel", "SoftsignOp"]

_CUBE_TYPES = (DataType.FLOAT32,)


class SoftsignMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SoftsignOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class SoftsignKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data / (1 + ctx.xp.abs(x.data))


class CubeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data ** 3


register_operator("team_pkg_softsign", SoftsignOp, SoftsignMaker)
register_op_kernel("team_pkg_softsign", "CPU", SoftsignKernel, DataType.FLOAT32)
register_operator("team_pkg_cube", SoftsignOp, SoftsignMaker)
register_op_kernel("team_pkg_cube", "CPU", CubeKernel, *_CUBE_TYPES)
