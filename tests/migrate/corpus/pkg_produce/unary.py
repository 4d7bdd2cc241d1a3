"""Team W's one-input maps, written through `produce` (imported by name)."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .kit import MapMaker, SameShapeOp, produce, quiet_fp


class NegKernel(OpKernel):
    """Out = -X."""

    def compute(self, ctx):
        x = ctx.input("X")
        with produce(ctx, "Out", like=x) as out:
            out[...] = -x.data


class LogAbsKernel(OpKernel):
    """Out = log|X| (the LoD of X kept), warnings off."""

    def compute(self, ctx):
        x = ctx.input("X")
        with quiet_fp(ctx.xp), produce(ctx, "Out", like=x, keep_lod=True) as out:
            out[...] = ctx.xp.log(ctx.xp.abs(x.data))


class ScaleWideKernel(OpKernel):
    """Out = X * scale, always float64 (a dtype override)."""

    def compute(self, ctx):
        x = ctx.input("X")
        scale = ctx.attr("scale")
        with produce(ctx, slot="Out", dtype=DataType.FLOAT64) as wide:
            wide[...] = x.data.astype("float64") * scale


class StampedKernel(OpKernel):
    """Out = X + 1, the output given a LoD of its own after the block."""

    def compute(self, ctx):
        x = ctx.input("X")
        with produce(ctx, "Out", like=x, lod=[[0, 1, 3]]) as out:
            out[...] = x.data + 1


for _op, _kernel in (("pw_neg", NegKernel), ("pw_log_abs", LogAbsKernel),
                     ("pw_scale_wide", ScaleWideKernel), ("pw_stamped", StampedKernel)):
    register_operator(_op, SameShapeOp, MapMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
