"""Shifts, through a relative alias, a module imported from its package and the module's
full dotted name; two kernels whose helpers keep ctx (left legacy)."""

from __future__ import annotations

import pkg_alias.base.tensors
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from pkg_alias.base import SameShapeOp, ShiftMaker, tensors

from ..base import tensors as tz


class ShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = tensors.new_out(ctx, "Out", x)
        out[...] = x.data + x.data.dtype.type(tensors.shift_of(ctx))


class ShiftSquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        xp = pkg_alias.base.tensors.xp_of(ctx)
        out = tz.new_out(ctx, "Out", x, x.dtype)
        out[...] = xp.square(x.data + x.data.dtype.type(tz.shift_of(ctx, "shift")))


class RememberKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = tz.new_out(ctx, "Out", x)
        out[...] = x.data + tz.remember(ctx)


class RecordKernel(OpKernel):
    def compute(self, ctx):
        tz.record(ctx)
        x = ctx.input("X")
        tz.new_out(ctx, "Out", x)[...] = x.data


for _op, _kernel in (("ax_shift", ShiftKernel), ("ax_shift_square", ShiftSquareKernel),
                     ("ax_remember", RememberKernel), ("ax_record", RecordKernel)):
    register_operator(_op, SameShapeOp, ShiftMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
