"""Twin base: its type variable is replaced by `tuning.retype()`, an attribute store of
another module."""

from __future__ import annotations

import logging
from typing import Generic, TypeVar

from legacy_fluid.framework.op_kernel import OpKernel

log = logging.getLogger(__name__)
P = TypeVar("P")


class AttrTypedKernel(OpKernel, Generic[P]):
    def compute(self, ctx) -> None:
        x = ctx.input("X")
        log.debug("scaling by %s", ctx.attr("scale"))
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("scale")

    def describe(self, params: P) -> str:
        return repr(params)
