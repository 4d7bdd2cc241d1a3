"""Team H's element-wise maps, each a few lines on `shared.MapBase` (and its mixin)."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import OpKernel

from .shared import (
    AttrType,
    DataType,
    MapBase,
    PowerMixin,
    SameShapeOp,
    XOutFactorMaker,
    XOutMaker,
    register_op_kernel,
    register_operator,
)


class CubeKernel(MapBase):
    @staticmethod
    def fn(xp, x):
        return x * x * x


class SquarePlusOneKernel(PowerMixin, MapBase):
    """PowerMixin's fn (first in the MRO), MapBase's compute, OFFSET overridden here."""

    OFFSET = 1.0


class Pow3Kernel(PowerMixin, MapBase):
    POWER = 3


class ScaledMaker(XOutFactorMaker):
    """No make() here: XOutFactorMaker's, whose super().make() is XOutMaker's."""


class BoundMaker(XOutMaker):
    def make(self) -> None:
        super().make()
        self.add_attr("bound", AttrType.FLOAT, 1.0, "|Out| <= bound")


class ScaledKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("factor")


class BoundKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        bound = ctx.attr("bound")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.clip(x.data, -bound,
                                                                             bound)


for _op, _kernel, _maker in (("bases_cube", CubeKernel, XOutMaker),
                             ("bases_square_plus_one", SquarePlusOneKernel, XOutMaker),
                             ("bases_pow3", Pow3Kernel, XOutMaker),
                             ("bases_scaled", ScaledKernel, ScaledMaker),
                             ("bases_bound", BoundKernel, BoundMaker)):
    register_operator(_op, SameShapeOp, _maker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
