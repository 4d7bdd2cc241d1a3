"""Decorators that do more than record: one hands the class to a function, one returns a
subclass, one stores an attribute the kernel reads. Their kernels stay legacy."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .base import LikeXOp, SlotKernel, make_maker

_SEEN = []


def _note(cls):
    _SEEN.append(cls.__name__)


def noted(cls):
    _note(cls)
    return cls


def wrapped(cls):
    class Wrapped(cls):
        pass

    return Wrapped


def scaled(factor):
    def wrap(cls):
        cls.SCALE = factor
        return cls

    return wrap


@noted
class NegKernel(SlotKernel):
    def compute(self, ctx):
        x = self.inp(ctx, "x")
        self.alloc(ctx, "out", x.dtype)[...] = -x.data


@wrapped
class SquareKernel(SlotKernel):
    def compute(self, ctx):
        x = self.inp(ctx, "x")
        self.alloc(ctx, "out", x.dtype)[...] = x.data * x.data


@scaled(3.0)
class TripleKernel(SlotKernel):
    SCALE = 1.0

    def compute(self, ctx):
        x = self.inp(ctx, "x")
        self.alloc(ctx, "out", x.dtype)[...] = x.data * self.SCALE


for _op, _cls in (("rc_neg", NegKernel), ("rc_square", SquareKernel),
                  ("rc_triple", TripleKernel)):
    register_operator(_op, LikeXOp, make_maker("TwinMaker"))
    register_op_kernel(_op, "CPU", _cls, DataType.FLOAT32)
