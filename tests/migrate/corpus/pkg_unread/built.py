"""An op whose maker a factory of another module builds, its kernel registered through
the row table: the codemod reads the maker from the factory (adding, for that reading,
imports the module does not have) and the registration from importing the tree."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator

from .helpers import KeepShape, Row, one_in_maker, register_rows

PlusMaker = one_in_maker("PlusMaker")


class PlusKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 1


register_operator("ur_plus", KeepShape, PlusMaker)
register_rows([Row("ur_plus", PlusKernel)])
