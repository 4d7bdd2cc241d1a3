"""Team P: affine kernels reading alpha/beta through views and settings objects.

`_Gain` is this module's own settings class; `FlippedAffineKernel` runs the template's
compute (its view imported there only); the two `Legacy` kernels read through the
py2-style classes. Flagged in review: the tracing view, the
settings that keep the context, a kernel overriding a view's value, the subclassed view.
The ops whose beta is optional read it through views taking keyword defaults
(`DefaultingView`, `TolerantView`, and `OffsetView`, whose defaults its base copies from
a class table); one names its default by a module constant, one reads a table a hotfix
changes.
"""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

from .template import AffineTemplate
from .views import (
    AffineSettings,
    AttrView,
    DefaultingView,
    KeepingSettings,
    LegacySettings,
    LegacyView,
    OffsetView,
    ScaledView,
    TabledView,
    TolerantView,
    TracingView,
)


class AffineMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("alpha", AttrType.FLOAT, 0.5, "gain")
        self.add_attr("beta", AttrType.FLOAT, 0.25, "offset")


class OptionalBetaMaker(OpProtoAndCheckerMaker):
    """beta is optional: the kernels fall back to their own."""

    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("alpha", AttrType.FLOAT, 0.5, "gain")
        self.add_attr("beta", AttrType.FLOAT, None, "offset, optional")


_OFFSET = 0.125


class AffineOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _Gain:
    """The gain, read once."""

    UNIT = 1.0

    def __init__(self, ctx):
        self.gain = ctx.attr("alpha")

    def doubled(self):
        return self.gain * 2


class ViewAffineKernel(OpKernel):
    def compute(self, ctx):
        a = AttrView(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * a.alpha + a.beta


class SettingsAffineKernel(OpKernel):
    def compute(self, ctx):
        s = AffineSettings(ctx)
        out = ctx.output("Out").mutable_data(ctx.place, s.x.dtype)
        out[...] = s.x.data * s.alpha + s.beta


class GainKernel(OpKernel):
    def compute(self, ctx):
        g = _Gain(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * g.gain


class FlippedAffineKernel(AffineTemplate):
    """beta - alpha * x, as the template computes it."""


class LegacyViewAffineKernel(OpKernel):
    def compute(self, ctx):
        a = LegacyView(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = (x.data - a.beta) * a.alpha


class LegacySettingsAffineKernel(OpKernel):
    def compute(self, ctx):
        s = LegacySettings(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * s.beta + s.alpha


class TracingAffineKernel(OpKernel):
    def compute(self, ctx):
        a = TracingView(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * a.alpha + a.beta


class KeptAffineKernel(OpKernel):
    def compute(self, ctx):
        s = KeepingSettings(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * s.alpha


class OverriddenAffineKernel(OpKernel):
    def compute(self, ctx):
        a = AttrView(ctx)
        a.gamma = 2.0
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * a.alpha * a.gamma + a.beta


class ScaledAffineKernel(OpKernel):
    def compute(self, ctx):
        a = ScaledView(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * a.alpha + a.beta


class DefaultedAffineKernel(OpKernel):
    def compute(self, ctx):
        a = DefaultingView(ctx, beta=0.125)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * a.alpha + a.beta


class TolerantAffineKernel(OpKernel):
    def compute(self, ctx):
        a = TolerantView(ctx, beta=-1.0)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * a.alpha - a.beta


class NamedDefaultAffineKernel(OpKernel):
    def compute(self, ctx):
        a = DefaultingView(ctx, beta=_OFFSET)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * a.alpha + a.beta


class TabledAffineKernel(OpKernel):
    def compute(self, ctx):
        a = OffsetView(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * a.alpha + a.beta


class PatchedOffsetView(TabledView):
    DEFAULTS = {"beta": 0.5}


PatchedOffsetView.DEFAULTS["beta"] = -0.5  # a hotfix nobody removed


class PatchedAffineKernel(OpKernel):
    def compute(self, ctx):
        a = PatchedOffsetView(ctx)
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * a.alpha + a.beta


for _op, _kernel in (("pp_defaulted_affine", DefaultedAffineKernel),
                     ("pp_tolerant_affine", TolerantAffineKernel),
                     ("pp_tabled_affine", TabledAffineKernel),
                     ("pp_patched_affine", PatchedAffineKernel),
                     ("pp_named_default_affine", NamedDefaultAffineKernel)):
    register_operator(_op, AffineOp, OptionalBetaMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)

for _op, _kernel in (("pp_view_affine", ViewAffineKernel),
                     ("pp_settings_affine", SettingsAffineKernel),
                     ("pp_gain", GainKernel),
                     ("pp_flipped_affine", FlippedAffineKernel),
                     ("pp_legacy_view_affine", LegacyViewAffineKernel),
                     ("pp_legacy_settings_affine", LegacySettingsAffineKernel),
                     ("pp_tracing_affine", TracingAffineKernel),
                     ("pp_kept_affine", KeptAffineKernel),
                     ("pp_overridden_affine", OverriddenAffineKernel),
                     ("pp_scaled_affine", ScaledAffineKernel)):
    register_operator(_op, AffineOp, AffineMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
