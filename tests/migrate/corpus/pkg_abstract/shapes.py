"""The maker and operator every module of team Q shares, and the abstract kernel bases."""

import abc
from abc import ABC, abstractmethod

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel


class PlainMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ElementwiseStep(OpKernel, ABC):
    """Out = step(X), the step left to subclasses."""

    @abstractmethod
    def step(self, xp, values):
        """The elementwise function."""

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.step(ctx.xp, x.data)


class TwoStage(OpKernel, metaclass=abc.ABCMeta):
    """Out = after(before(X)), both stages abstract."""

    @abc.abstractmethod
    def before(self, xp, values): ...

    @abc.abstractmethod
    def after(self, xp, values): ...

    def compute(self, ctx):
        x = ctx.input("X")
        staged = self.after(ctx.xp, self.before(ctx.xp, x.data))
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = staged
