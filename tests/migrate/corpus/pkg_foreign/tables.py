"""Kernels registered through an aliased helper module, in a loop over an inline dict, and
in nested loops skipping a pair with `continue`."""

import pkg_foreign.shared.kinds as kk
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from pkg_foreign.shared import book as bk
from pkg_foreign.shared.kinds import HALF_T, I32_T, I64_T, WIDE_T


class PlusKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 1


class MinusKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - 1


class NegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class SignKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.sign(x.data)


class AbsKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.abs(x.data)


class HalfKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.scale() * x.data

    def scale(self):
        return 0.5


class QuarterKernel(HalfKernel):
    def scale(self):
        return 0.25


for _name, _cls in {"ff_plus": PlusKernel, "ff_minus": MinusKernel}.items():
    bk.declare(_name, bk.SameShape, bk.SameMaker)
    bk.enroll(_name, _cls, kk.ALL_KINDS)

bk.declare("ff_neg", bk.SameShape, bk.SameMaker)
bk.enroll("ff_neg", NegKernel, kk.REAL_KINDS)

bk.declare("ff_sign", bk.SameShape, bk.SameMaker)
for place in ["CPU", "GPU"]:
    for t in [HALF_T, WIDE_T, I32_T, I64_T]:
        if place == "GPU" and t == I32_T:
            continue
        register_op_kernel("ff_sign", place, SignKernel, t)

bk.declare("ff_abs", bk.SameShape, bk.SameMaker)
for place in ["CPU", "GPU"]:
    for t in [HALF_T, WIDE_T]:
        if place == "GPU" and len(bk.ACCEL_SHIFTING) < 2:
            continue
        register_op_kernel("ff_abs", place, AbsKernel, t)

bk.declare("ff_half", bk.SameShape, bk.SameMaker)
for _name, _cls in {"ff_half": HalfKernel}.items():
    bk.HOOKS["enroll"](_name, _cls, kk.REAL_KINDS)

bk.declare("ff_quarter", bk.SameShape, bk.SameMaker)
register_op_kernel("ff_quarter", "CPU", QuarterKernel, HALF_T)
