"""Twin base: its logger is rebound by `quiet()` through `global`."""

from __future__ import annotations

import logging
from typing import Generic, TypeVar

from legacy_fluid.framework.op_kernel import OpKernel

log = logging.getLogger(__name__)
P = TypeVar("P")


def quiet():
    global log
    log = logging.getLogger("quiet")


class GlobalLogKernel(OpKernel, Generic[P]):
    def compute(self, ctx) -> None:
        x = ctx.input("X")
        log.debug("scaling by %s", ctx.attr("scale"))
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("scale")
