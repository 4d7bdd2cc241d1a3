"""A module binding a name of its own that shared.MapBase's compute also reads."""

from __future__ import annotations

from .shared import FLOATS, MapBase, SameShapeOp, XOutMaker, register_op_kernel, register_operator


def shifted(values, by):
    """Not shared.shifted: MapBase's compute, written here, would call this one."""
    return values - by


class HalfKernel(MapBase):
    OFFSET = 0.5

    def fn(self, xp, x):
        return x / 2


register_operator("bases_half", SameShapeOp, XOutMaker)
register_op_kernel("bases_half", "CPU", HalfKernel, *FLOATS)
