"""Scale v2: the v1 kernels registered for new ops, their compute inherited. This module
imports no numpy: the inherited compute reads the names its base's module binds."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..legacy.scale_v1 import FLOATS, DriftV1Kernel, ScaleMaker, ScaleOp, ScaleV1Kernel

__all__ = ["DriftV2Kernel", "ScaleV2Kernel"]


class ScaleV2Kernel(ScaleV1Kernel):
    """v2 computes as v1 did."""


class DriftV2Kernel(DriftV1Kernel):
    """v2 drifts as v1 did."""


register_operator("ih_scale_v2", ScaleOp, ScaleMaker)
register_operator("ih_drift_v2", ScaleOp, ScaleMaker)
for _dt in FLOATS:
    register_op_kernel("ih_scale_v2", "CPU", ScaleV2Kernel, _dt)
    register_op_kernel("ih_drift_v2", "CPU", DriftV2Kernel, _dt)
