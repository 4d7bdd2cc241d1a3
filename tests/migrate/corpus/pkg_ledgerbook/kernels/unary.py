"""Unary kernels booked through the template base."""

from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from ..book import ElementwiseKernel, Placement
from ..shapes import SameShape, UnaryMaker

EVERYWHERE = Placement(DataType.FLOAT32, DataType.FLOAT64, gpu=True)


class NegKernel(ElementwiseKernel, op="lb_neg", placement=EVERYWHERE):
    def apply(self, xp, x):
        return -x


class SquareKernel(ElementwiseKernel, op="lb_square"):
    def apply(self, xp, x):
        return x * x


class SoftsignKernel(ElementwiseKernel, op="lb_softsign", placement=Placement(DataType.FLOAT32)):
    def apply(self, xp, x):
        return x / (1 + xp.abs(x))


register_operator("lb_neg", SameShape, UnaryMaker)
register_operator("lb_square", SameShape, UnaryMaker)
register_operator("lb_softsign", SameShape, UnaryMaker)
