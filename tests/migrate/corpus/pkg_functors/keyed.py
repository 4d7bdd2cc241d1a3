"""Kernels naming their ufunc and scale as class keywords of `UnaryBase`."""

import numpy as np

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .bases import FLOATS, PlainMaker, SameShape, UnaryBase


def _softsign(x):
    return x / (1.0 + np.abs(x))


class ExpKernel(UnaryBase, ufunc=np.exp):
    pass


class HalfExpKernel(UnaryBase, ufunc=np.exp, scale=0.5):
    pass


class SoftsignKernel(UnaryBase, scale=-1.0, ufunc=_softsign):
    """Team habit: keywords in any order."""


for _op, _kernel in (("fx_exp", ExpKernel), ("fx_half_exp", HalfExpKernel),
                     ("fx_softsign", SoftsignKernel)):
    register_operator(_op, SameShape, PlainMaker)
    for _dt in FLOATS:
        register_op_kernel(_op, "CPU", _kernel, _dt)
