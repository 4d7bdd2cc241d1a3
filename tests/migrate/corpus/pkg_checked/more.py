"""A kernel of the kit's guarded factory, built in a module that does not import numpy
(which only the factory's guard reads)."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .kit import UnaryMaker, UnaryOp, kit_kernel
from .ops import FLOATS

CkExpKernel = kit_kernel("exp")

register_operator("ck_exp", UnaryOp, UnaryMaker)
register_op_kernel("ck_exp", "CPU", CkExpKernel, *FLOATS)
