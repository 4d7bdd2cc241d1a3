"""Team D's shared pieces; re-exports some of them (not the helpers taking ctx)."""

from .ops import BlendMaker, PairMaker, SameShapeOp, ShiftMaker
from .tensors import like_scalar

__all__ = ["BlendMaker", "PairMaker", "SameShapeOp", "ShiftMaker", "like_scalar"]
