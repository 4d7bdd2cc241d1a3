"""Team R's template base, maker and operator, re-exported."""

from .kernels import RangeKernelBase, RangeMaker, SameShapeOp

__all__ = ["RangeKernelBase", "RangeMaker", "SameShapeOp"]
