"""Kernels of team P, each refusing inputs of two dtypes before the template computes."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .base import PairMaker, PairOp, _PairTemplate, _ReleasingTemplate, _ShiftedTemplate

INTS = (DataType.INT32, DataType.INT64)


class PairOrKernel(_PairTemplate):
    FUNC = "bitwise_or"

    def compute(self, ctx):
        if ctx.input("X").dtype != ctx.input("Y").dtype:
            raise TypeError("pr_or: X and Y differ in dtype")
        super().compute(ctx)


class PairXorKernel(_PairTemplate):
    FUNC = "bitwise_xor"

    def compute(self, ctx):
        if ctx.input("X").dtype != ctx.input("Y").dtype:
            raise TypeError("pr_xor: X and Y differ in dtype")
        super().compute(ctx)


class ShiftedAndKernel(_ShiftedTemplate):
    FUNC = "bitwise_and"

    def compute(self, ctx):
        if ctx.input("X").dtype != ctx.input("Y").dtype:
            raise TypeError("pr_and1: X and Y differ in dtype")
        super().compute(ctx)


class ReleasedAndKernel(_ReleasingTemplate):
    FUNC = "bitwise_and"

    def compute(self, ctx):
        if ctx.input("X").dtype != ctx.input("Y").dtype:
            raise TypeError("pr_and2: X and Y differ in dtype")
        super().compute(ctx)


for _op, _kernel in (("pr_or", PairOrKernel), ("pr_xor", PairXorKernel),
                     ("pr_and1", ShiftedAndKernel),
                     ("pr_and2", ReleasedAndKernel)):
    register_operator(_op, PairOp, PairMaker)
    for _dt in INTS:
        register_op_kernel(_op, "CPU", _kernel, _dt)
