from .base import SameShapeOp, gated_maker, simple_maker
from .helpers import alloc_like

__all__ = ["SameShapeOp", "alloc_like", "gated_maker", "simple_maker"]
