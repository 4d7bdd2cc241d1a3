"""Kernels on the twin bases, whose module's names may be rebound after they are imported."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .attr_params import AttrTypedKernel
from .global_params import GlobalLogKernel
from .if_params import GatedLogKernel
from .params import FLOATS, ParamMaker, ParamOp

__all__ = ["AttrScaleKernel", "GatedScaleKernel", "GlobalScaleKernel"]


class GlobalScaleKernel(GlobalLogKernel[float]):
    """Logs through a logger `quiet()` rebinds."""


class AttrScaleKernel(AttrTypedKernel[float]):
    """Typed by a variable `tuning.retype()` rebinds."""


class GatedScaleKernel(GatedLogKernel):
    """Logs through a logger bound in an `if`."""


for _op, _kernel in (("gn_global", GlobalScaleKernel), ("gn_attr", AttrScaleKernel),
                     ("gn_gated", GatedScaleKernel)):
    register_operator(_op, ParamOp, ParamMaker)
    for _dt in FLOATS:
        register_op_kernel(_op, "CPU", _kernel, _dt)
