"""isclose: per element, whether Input is close to Other (allclose's rule; a fed Rtol /
Atol must be float64; Paddle's CPU kernel leaves a complex pair holding NaN True). Math in
phi.kernels.funcs.compare."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.allclose_op import CloseOpMaker
from phi.common import DataType
from phi.kernels.funcs import compare as compare_funcs


class IscloseOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = compare_funcs.check_close_dims("isclose", ctx.get_input_dim("Input"),
                                              ctx.get_input_dim("Other"))
        for slot in ("Atol", "Rtol"):
            if ctx.has_input(slot) and all(dims):
                compare_funcs.check_tolerance_dtype("isclose", slot,
                                                    ctx.get_input_dtype(slot).to_numpy())
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", DataType.BOOL)


class IscloseKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        y = ctx.input("Other")
        out = ctx.output("Out")
        rtol = ctx.attr("rtol")
        if ctx.has_input("Rtol"):
            rtol = float(ctx.input("Rtol").numpy().reshape(-1)[0])
        atol = ctx.attr("atol")
        if ctx.has_input("Atol"):
            atol = float(ctx.input("Atol").numpy().reshape(-1)[0])
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.isclose(ctx.xp, x.data, y.data, float(rtol), float(atol),
                              ctx.attr("equal_nan"), data)


register_operator("isclose", IscloseOp, CloseOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("isclose", "CPU", IscloseKernel, _dtype)
    register_op_kernel("isclose", "GPU", IscloseKernel, _dtype)

VERIFY_CASES = [{"name": "loose", "inputs": {"Input": (3, 4), "Other": (3, 4)},
                 "attrs": {"rtol": "1.0", "atol": "2.0"}}]
