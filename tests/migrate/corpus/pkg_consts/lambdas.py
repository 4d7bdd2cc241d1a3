"""Kernels on a template base calling `self.fn`, bound as `staticmethod(lambda ...)`."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .shared import ModeMaker, SameShapeOp


class MapBase(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = self.fn(ctx.xp, x.data)


class NegKernel(MapBase):
    fn = staticmethod(lambda xp, x: -x)


class HalfAbsKernel(MapBase):
    fn = staticmethod(lambda xp, x: xp.abs(x) / 2)


class ShiftKernel(MapBase):
    """The lambda's default reads the class body's SHIFT."""

    SHIFT = 1.5
    fn = staticmethod(lambda xp, x, by=SHIFT: x + by)


for _op, _kernel in (("ks_neg", NegKernel), ("ks_half_abs", HalfAbsKernel),
                     ("ks_shift", ShiftKernel)):
    register_operator(_op, SameShapeOp, ModeMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
