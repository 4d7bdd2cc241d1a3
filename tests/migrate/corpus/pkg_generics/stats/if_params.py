"""Twin base: its logger is bound only when the environment asks for it."""

from __future__ import annotations

import logging
import os

from legacy_fluid.framework.op_kernel import OpKernel

if os.environ.get("GN_STATS_LOG", "1") != "0":
    log = logging.getLogger(__name__)


class GatedLogKernel(OpKernel):
    def compute(self, ctx) -> None:
        x = ctx.input("X")
        log.debug("scaling by %s", ctx.attr("scale"))
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("scale")
