"""A kernel on the template of `twice.py`, a module that registers an op as it is imported."""

from pkg_compat_abs._compat import FLOATS, register_op_kernel, register_operator
from pkg_compat_abs.shapes import UnaryMaker, UnaryOp
from pkg_compat_abs.twice import TwiceBase


class DoubleKernel(TwiceBase):
    pass


register_operator("ca_double", UnaryOp, UnaryMaker)
register_op_kernel("ca_double", "CPU", DoubleKernel, *FLOATS)
