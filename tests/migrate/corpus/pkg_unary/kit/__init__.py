"""Team U's kit: the pieces its op modules import, re-exported from `kit.pieces`."""

from .pieces import ElementwiseKernel, PlainMaker, PlainOp, elementwise_kernel

__all__ = ["ElementwiseKernel", "PlainMaker", "PlainOp", "elementwise_kernel"]
