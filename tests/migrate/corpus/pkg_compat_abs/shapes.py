"""The maker and operator every op of the team shares."""

from pkg_compat_abs._compat import OperatorWithKernel, OpProtoAndCheckerMaker


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")


class UnaryOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
