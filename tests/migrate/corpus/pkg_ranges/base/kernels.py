"""A template base reading the attributes its subclass's NAMES lists (X -> Out, float
attributes `lo` and `hi`). Registers nothing."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class RangeMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "result")
        self.add_attr("lo", AttrType.FLOAT, -1.0, "lower bound")
        self.add_attr("hi", AttrType.FLOAT, 1.0, "upper bound")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class RangeKernelBase(OpKernel):
    NAMES: tuple = ()

    def collect(self, ctx: ExecutionContext) -> dict:
        return {key: ctx.attr(key) for key in self.NAMES}

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        result = self.apply(ctx.xp, x.data, **self.collect(ctx))
        data[...] = result

    def apply(self, xp, x, **attrs):
        raise NotImplementedError
