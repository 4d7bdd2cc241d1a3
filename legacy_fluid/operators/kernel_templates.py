"""Templates of legacy kernel tables (`legacy_fluid.framework.kernel_table`) shared by the
op modules, written per kernel as one row. Unary ops, Out = row.func(X) with X's dims:

- `SameDtypeKernel`: Out has X's dtype;
- `OutDtypeKernel`: Out's dtype is `row.extra(X's dtype)` (float32 for integer X, real
  for complex X, bool, ...);
- `LowerSameDtypeKernel`: slots `x` / `out` (a yaml-named op's), Out has X's dtype.

Binary ops, Out = row.func(X, Y, axis) broadcast as the elementwise ops broadcast:

- `AxisBinaryKernel`: the op's `axis` attribute, Out has X's dtype;
- `NoAxisBinaryKernel`: axis -1 (the op has no `axis`), Out has X's dtype;
- `AxisCompareKernel`: the op's `axis`, Out is bool;
- `BoolBinaryKernel`: Out = row.func(X, Y) broadcast NumPy-style, bool.

This module registers nothing itself.
"""

from __future__ import annotations

from typing import ClassVar

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.kernel_table import OpKernelRow
from legacy_fluid.framework.op_kernel import OpKernel
from phi.common import DataType


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


class AxisBinaryKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, x.dtype)
        self.row.func(ctx.xp, x.data, y.data, axis, data)


class NoAxisBinaryKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        self.row.func(ctx.xp, x.data, y.data, -1, data)


class AxisCompareKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        self.row.func(ctx.xp, x.data, y.data, axis, data)


class BoolBinaryKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        self.row.func(ctx.xp, x.data, y.data, data)


class LowerSameDtypeKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        self.row.func(ctx.xp, x.data, out.mutable_data(ctx.place, x.dtype))
