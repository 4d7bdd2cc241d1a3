"""Templates of legacy kernel tables (`legacy_fluid.framework.kernel_table`) shared by the
unary op modules: Out = row.func(X) with X's dims, written per kernel as one row.

- `SameDtypeKernel`: Out has X's dtype;
- `OutDtypeKernel`: Out's dtype is `row.extra(X's dtype)` (float32 for integer X, real
  for complex X, bool, ...).

This module registers nothing itself.
"""

from __future__ import annotations

from typing import ClassVar

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.kernel_table import OpKernelRow
from legacy_fluid.framework.op_kernel import OpKernel


class SameDtypeKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        self.row.func(ctx.xp, x.data, data)


class OutDtypeKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, self.row.extra(x.dtype))
        self.row.func(ctx.xp, x.data, data)
