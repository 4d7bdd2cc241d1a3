"""Kernels on the generic base of `params.py`, each specialised for its parameters."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .params import FLOATS, AxisParams, ParamKernel, ParamMaker, ParamOp

__all__ = ["ScaleKernel", "ShiftKernel"]


class ScaleParams(AxisParams):
    """Scaling only."""


class ShiftParams(AxisParams):
    """Scaling, then a shift."""


class ScaleKernel(ParamKernel[ScaleParams]):
    """Scales as the base does."""


class ShiftKernel(ParamKernel[ShiftParams]):
    OFFSET = 0.5


register_operator("gn_scale", ParamOp, ParamMaker)
register_operator("gn_shift", ParamOp, ParamMaker)
for _dt in FLOATS:
    register_op_kernel("gn_scale", "CPU", ScaleKernel, _dt)
    register_op_kernel("gn_shift", "CPU", ShiftKernel, _dt)
