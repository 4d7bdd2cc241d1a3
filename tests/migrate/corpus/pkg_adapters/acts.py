"""Activations on the adapter base, registered from one table."""

from legacy_fluid.framework.op_registry import register_operator

from . import fns
from .adapters import AlphaMaker, BetaMaker, Entry, PlainMaker, SameShape, UnaryAdapter, install

__all__ = ["CubeKernel", "LeakyKernel", "SoftplusKernel", "SoftsignKernel", "TracedSoftsignKernel"]


class SoftplusKernel(UnaryAdapter):
    impl = staticmethod(fns.softplus)
    reads = ("beta",)


class SoftsignKernel(UnaryAdapter):
    impl = staticmethod(fns.softsign)


class LeakyKernel(UnaryAdapter):
    impl = staticmethod(fns.leaky)
    reads = ("alpha",)


class CubeKernel(UnaryAdapter):
    @staticmethod
    def impl(xp, x):
        return x * x * x


class TracedSoftsignKernel(UnaryAdapter):
    """Its `impl` is wrapped by the table's helper as it registers it."""

    impl = staticmethod(fns.softsign)


register_operator("ad_softplus", SameShape, BetaMaker)
register_operator("ad_softsign", SameShape, PlainMaker)
register_operator("ad_leaky", SameShape, AlphaMaker)
register_operator("ad_cube", SameShape, PlainMaker)
register_operator("ad_traced_softsign", SameShape, PlainMaker)
install([
    Entry("ad_softplus", SoftplusKernel),
    Entry("ad_softsign", SoftsignKernel),
    Entry("ad_leaky", LeakyKernel),
    Entry("ad_cube", CubeKernel),
    Entry("ad_traced_softsign", TracedSoftsignKernel, traced=True),
])
