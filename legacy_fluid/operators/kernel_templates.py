"""Templates of legacy kernel tables (`legacy_fluid.framework.kernel_table`) shared by the
op modules, written per kernel as one row. Unary ops, Out = row.func(X) with X's dims:

- `SameDtypeKernel`: Out has X's dtype; the row's `attrs` (op attributes read by name)
  are passed after X: Out = row.func(X, *attrs);
- `OutDtypeKernel`: Out's dtype is `row.extra(X's dtype)` (float32 for integer X, real
  for complex X, bool, ...);
- `LowerSameDtypeKernel`: slots `x` / `out` (a yaml-named op's), Out has X's dtype;
- `XDataKernel`: as `SameDtypeKernel`, X's data read once after the attributes;
- `ValuesIndicesKernel`: Out has X's dtype, Indices is int64: row.func(X, *attrs, Out,
  Indices);
- `OutOnlyKernel`: no input, Out in the dtype its desc sets: Out = row.func(*attrs) (the
  random ops).

Binary ops, Out = row.func(X, Y, axis) broadcast as the elementwise ops broadcast:

- `AxisBinaryKernel`: the op's `axis` attribute, Out has X's dtype;
- `NoAxisBinaryKernel`: axis -1 (the op has no `axis`), Out has X's dtype;
- `AxisCompareKernel`: the op's `axis`, Out is bool;
- `BoolBinaryKernel`: Out = row.func(X, Y) broadcast NumPy-style, bool;
- `XYKernel`: Out = row.func(X, Y, *attrs), X's dtype.

Grad ops of unary ops, X@GRAD = row.func(source, Out@GRAD, *attrs) in Out@GRAD's dtype:

- `OutGradKernel`: the source is the forward's Out;
- `XGradKernel`: the source is the forward's X;
- `FlatGradKernel`: no source: X@GRAD = row.func(Out@GRAD, *attrs) (the rearranging ops);
- `OutGradOnlyKernel`: the same, the output buffer written in the call;
- `OutGradLikeXKernel`: X@GRAD = row.func(Out@GRAD, *attrs) in X's dtype (X for its dtype);
- `LikeXGradKernel`: X@GRAD = row.func(X, Out@GRAD, *attrs) in X's dtype;
- `XOutGradKernel`: X@GRAD = row.func(X, Out, Out@GRAD, *attrs) in Out@GRAD's dtype.

Grad ops of binary ops, each gradient optional (None when the program does not ask for it):

- `XYGradKernel`: X@GRAD, Y@GRAD = row.func(X, Y, Out@GRAD, *attrs), like X and Y;
- `XYOutGradKernel`: the same with the forward's Out after Y;
- `ElementwiseGradKernel`: row.func(X, Y, Out@GRAD, *attrs) in Out@GRAD's dtype (the
  elementwise grads, attrs=("axis",) where the op aligns by axis).

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
        attrs = self.row.attr_values(ctx)
        data = out.mutable_data(ctx.place, x.dtype)
        self.row.func(ctx.xp, x.data, *attrs, data)


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


class OutGradKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        attrs = self.row.attr_values(ctx)
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        self.row.func(ctx.xp, out.data, out_grad.data, *attrs, data)


class XGradKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        attrs = self.row.attr_values(ctx)
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        self.row.func(ctx.xp, x.data, out_grad.data, *attrs, data)


class FlatGradKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        attrs = self.row.attr_values(ctx)
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        self.row.func(ctx.xp, out_grad.data, *attrs, data)


class XYKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        attrs = self.row.attr_values(ctx)
        data = out.mutable_data(ctx.place, x.dtype)
        self.row.func(ctx.xp, x.data, y.data, *attrs, data)


class OutOnlyKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        attrs = self.row.attr_values(ctx)
        data = out.mutable_data(ctx.place, out.dtype)
        self.row.func(ctx.xp, *attrs, data)


class XYGradKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        attrs = self.row.attr_values(ctx)
        self.row.func(ctx.xp, x.data, y.data, out_grad.data, *attrs,
                      None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
                      None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype))


class XYOutGradKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        attrs = self.row.attr_values(ctx)
        self.row.func(ctx.xp, x.data, y.data, out.data, out_grad.data, *attrs,
                      None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
                      None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype))


class LikeXGradKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        attrs = self.row.attr_values(ctx)
        self.row.func(ctx.xp, x.data, out_grad.data, *attrs,
                      x_grad.mutable_data(ctx.place, x.dtype))


class OutGradOnlyKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        attrs = self.row.attr_values(ctx)
        self.row.func(ctx.xp, out_grad.data, *attrs,
                      x_grad.mutable_data(ctx.place, out_grad.dtype))


class ElementwiseGradKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        attrs = self.row.attr_values(ctx)
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        self.row.func(ctx.xp, x.data, y.data, out_grad.data, *attrs, dx, dy)


class XDataKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        attrs = self.row.attr_values(ctx)
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        self.row.func(ctx.xp, xd, *attrs, data)


class OutGradLikeXKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        attrs = self.row.attr_values(ctx)
        self.row.func(ctx.xp, out_grad.data, *attrs, x_grad.mutable_data(ctx.place, x.dtype))


class XOutGradKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        attrs = self.row.attr_values(ctx)
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        self.row.func(ctx.xp, x.data, out.data, out_grad.data, *attrs, data)


class ValuesIndicesKernel(OpKernel):
    row: ClassVar[OpKernelRow]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        indices = ctx.output("Indices")
        attrs = self.row.attr_values(ctx)
        data = out.mutable_data(ctx.place, x.dtype)
        index = indices.mutable_data(ctx.place, DataType.INT64)
        self.row.func(ctx.xp, x.data, *attrs, data, index)
