"""allclose: whether every element of Input is close to Other's (|x - y| <= atol + rtol *
|y|, equal elements always; NaN only to NaN with equal_nan). Rtol / Atol tensors override
the text attributes. Math in phi.kernels.funcs.compare; isclose_op.py shares the maker."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import compare as compare_funcs


class CloseOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "first operand")
        self.add_input("Other", "second operand, Input's dims")
        self.add_input("Rtol", "1-element float64 rtol overriding the attribute",
                       dispensable=True)
        self.add_input("Atol", "1-element float64 atol overriding the attribute",
                       dispensable=True)
        self.add_output("Out", "bool")
        self.add_attr("rtol", AttrType.STRING, "1e-5", "relative tolerance, as text")
        self.add_attr("atol", AttrType.STRING, "1e-8", "absolute tolerance, as text")
        self.add_attr("equal_nan", AttrType.BOOLEAN, False, "NaN is close to NaN")


class AllcloseKernel(OpKernel):
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
        compare_funcs.allclose(ctx.xp, x.data, y.data, float(rtol), float(atol),
                               ctx.attr("equal_nan"), data)


register_operator("allclose", OperatorWithKernel, CloseOpMaker)
for _dtype in (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT32,
               DataType.FLOAT64):
    register_op_kernel("allclose", "CPU", AllcloseKernel, _dtype)
    register_op_kernel("allclose", "GPU", AllcloseKernel, _dtype)

VERIFY_CASES = [{"name": "loose", "inputs": {"Input": (3, 4), "Other": (3, 4)},
                 "attrs": {"rtol": "1.0", "atol": "8.0"}}]
