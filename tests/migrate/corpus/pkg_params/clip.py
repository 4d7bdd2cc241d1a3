"""Team P: clip-like kernels, each reading min/max (and slope) through a parameter record.

Records come from `params` (by name, and through the module as `P`) or are local
(`_Band`); `SpecBandKernel`'s and `WindowClipKernel`'s records are built by classmethods
that compute (lifted as helpers, reading helpers of `params`). The four kernels before them
are the ones review flagged: one keeps its record on the
kernel, one hands it to a helper, two use records `params` keeps for them.
"""

from dataclasses import dataclass

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

from . import params as P  # noqa: N812 (the team's habit)
from .params import CheckedClipParams, ClipParams, WideningParams

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class RangeMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("min", AttrType.FLOAT, -0.5, "lower bound")
        self.add_attr("max", AttrType.FLOAT, 0.5, "upper bound")
        self.add_attr("slope", AttrType.FLOAT, 0.1, "negative slope")


class RangeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


@dataclass(frozen=True)
class _Band:
    lo: float
    hi: float

    @classmethod
    def from_ctx(cls, context):
        return cls(context.attr("min"), context.attr("max"))


def _clipped(xp, data, prm):
    return xp.clip(data, prm.lo, prm.hi)


class DecayedClipKernel(OpKernel):
    def compute(self, ctx):
        p = P.DecayParams.from_ctx(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, p.lo, p.hi) * (1.0 - p.decay)


class ClipKernel(OpKernel):
    def compute(self, ctx):
        p = ClipParams.from_ctx(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, p.lo, p.hi)


class BandKernel(OpKernel):
    def compute(self, context):
        band = _Band.from_ctx(context)
        x = context.input("X")
        out = context.output("Out").mutable_data(context.place, x.dtype)
        inside = (x.data >= band.lo) & (x.data <= band.hi)
        out[...] = context.xp.where(inside, x.data, 0.0)


class LeakyKernel(OpKernel):
    def compute(self, ctx):
        prm = P.LeakyParams.of(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.where(x.data > 0, x.data, x.data * prm.slope) * prm.scale


class StashedClipKernel(OpKernel):
    def compute(self, ctx):
        self.last = ClipParams.from_ctx(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, self.last.lo, self.last.hi)


class HandedClipKernel(OpKernel):
    def compute(self, ctx):
        p = ClipParams.from_ctx(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = _clipped(ctx.xp, x.data, p)


class CheckedClipKernel(OpKernel):
    def compute(self, ctx):
        p = CheckedClipParams.from_ctx(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, p.lo, p.hi)


class SpecBandKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        spec = P.BandSpec.from_ctx(ctx, len(x.dims))
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, spec.lo, spec.hi) * len(spec.axes)


class WideningClipKernel(OpKernel):
    def compute(self, ctx):
        p = WideningParams.from_ctx(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, p.lo, p.hi)


class WindowClipKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        spec = P.WindowSpec.from_ctx(ctx, len(x.dims))
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, spec.lo, spec.hi) * spec.span + spec.width


_KERNELS = {
    "pp_clip": ClipKernel,
    "pp_decayed_clip": DecayedClipKernel,
    "pp_band": BandKernel,
    "pp_leaky": LeakyKernel,
    "pp_stashed_clip": StashedClipKernel,
    "pp_handed_clip": HandedClipKernel,
    "pp_checked_clip": CheckedClipKernel,
    "pp_widening_clip": WideningClipKernel,
    "pp_spec_band": SpecBandKernel,
    "pp_window_clip": WindowClipKernel,
}
for _op in _KERNELS:
    register_operator(_op, RangeOp, RangeMaker)
for _dt in FLOATS:
    register_op_kernel("pp_clip", "CPU", ClipKernel, _dt)
    register_op_kernel("pp_decayed_clip", "CPU", DecayedClipKernel, _dt)
    register_op_kernel("pp_band", "CPU", BandKernel, _dt)
    register_op_kernel("pp_leaky", "CPU", LeakyKernel, _dt)
    register_op_kernel("pp_stashed_clip", "CPU", StashedClipKernel, _dt)
    register_op_kernel("pp_handed_clip", "CPU", HandedClipKernel, _dt)
    register_op_kernel("pp_checked_clip", "CPU", CheckedClipKernel, _dt)
    register_op_kernel("pp_widening_clip", "CPU", WideningClipKernel, _dt)
    register_op_kernel("pp_spec_band", "CPU", SpecBandKernel, _dt)
    register_op_kernel("pp_window_clip", "CPU", WindowClipKernel, _dt)
