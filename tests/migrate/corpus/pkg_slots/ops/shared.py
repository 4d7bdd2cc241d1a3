# ruff: noqa: F405
from ..core import *  # noqa: F403


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class AffineMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "x")
        self.add_output("Out", "out")
        self.add_attr("alpha", AttrType.FLOAT, 2.0, "slope")
        self.add_attr("beta", AttrType.FLOAT, 0.5, "offset")
