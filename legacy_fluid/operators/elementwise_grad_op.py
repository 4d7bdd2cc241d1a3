"""Backward ops of elementwise_{add,sub,mul,div,max,min,pow,fmax,fmin,heaviside,mod}: X@GRAD /
Y@GRAD from Out@GRAD.

Slots and attributes are those of Paddle's grad OpDescs (the forward's X, Y and `axis`;
elementwise_div_grad also reads Out). Each gradient is summed back to its operand's shape
along the dims the forward broadcast (fluid's `axis` alignment); a gradient the program
does not ask for is not computed. max / min / pow align trailing dims only, as Paddle's
kernels do (fmax, fmin and heaviside have no axis), and refuse a forward axis that aligned
Y elsewhere (see phi.kernels.funcs.elementwise_grad).

elementwise_mod's grad op type is `remainder_grad` (Paddle 3.3.1's grad maker names it so,
with X, Y, Out@GRAD and `axis`). Paddle registers no operator of that type, so its static
executor refuses the op ("There are no kernels which are registered in the remainder_grad
operator"); fluidphi runs it with the derivative (dx = dout, dy = -dout * floor(x / y)),
aligning trailing dims as max / min / pow do, for the forward's float types (float32,
float64: its integer types have no derivative).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import ElementwiseGradKernel
from phi.common import DataType
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.funcs import elementwise_grad as ewg_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_INT = (DataType.INT32, DataType.INT64)
_FLOAT_INT = (*_FLOAT, *_INT)
_COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)


class ElementwiseGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "first operand of the forward op")
        self.add_input("Y", "second operand of the forward op")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X", dispensable=True)
        self.add_output("Y@GRAD", "gradient of Y", dispensable=True)
        self.add_attr("axis", AttrType.INT, -1, "fluid's broadcast axis of the forward op")


class ElementwiseMulGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        axis = ctx.attr("axis")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        ewg_funcs.multiply_grad(ctx.xp, x.data, y.data, out_grad.data, axis, dx, dy)


class ElementwiseDivGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        axis = ctx.attr("axis")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        ewg_funcs.divide_grad(ctx.xp, x.data, y.data, out.data, out_grad.data, axis, dx, dy)


class ElementwiseMaxGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        axis = ctx.attr("axis")
        ewg_funcs.check_trailing_axis(ctx.op_type, x.dims, y.dims, axis)
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        ewg_funcs.maximum_grad(ctx.xp, x.data, y.data, out_grad.data, dx, dy)


class ElementwiseMinGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        axis = ctx.attr("axis")
        ewg_funcs.check_trailing_axis(ctx.op_type, x.dims, y.dims, axis)
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        ewg_funcs.minimum_grad(ctx.xp, x.data, y.data, out_grad.data, dx, dy)


class ElementwisePowGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        axis = ctx.attr("axis")
        ewg_funcs.check_trailing_axis(ctx.op_type, x.dims, y.dims, axis)
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        ewg_funcs.elementwise_pow_grad(ctx.xp, x.data, y.data, out_grad.data, dx, dy)


class RemainderGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        axis = ctx.attr("axis")
        ewg_funcs.check_trailing_axis(ctx.op_type, x.dims, y.dims, axis)
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        ewg_funcs.remainder_grad(ctx.xp, x.data, y.data, out_grad.data, dx, dy)


def _case(name: str, x: tuple[int, ...], y: tuple[int, ...], out: tuple[int, ...],
          axis: int = -1, positive: bool = False) -> dict:
    """A grad case: X, Y and Out@GRAD shapes (positive operands for div / pow)."""
    spec = (lambda s: {"shape": s, "low": 0.5, "high": 2.0}) if positive else (lambda s: s)
    return {"name": name, "inputs": {"X": spec(x), "Y": spec(y), "Out@GRAD": out},
            "attrs": {"axis": axis}}


_BIAS_AXIS = _case("Y along axis 1", (2, 3, 4), (3,), (2, 3, 4), axis=1)
_TRAILING = _case("Y broadcast over trailing dims", (2, 3, 4), (4,), (2, 3, 4))
VERIFY_CASES = {
    "elementwise_add_grad": [_BIAS_AXIS],
    "elementwise_sub_grad": [_BIAS_AXIS, _TRAILING],
    "elementwise_mul_grad": [_BIAS_AXIS, _TRAILING],
    "elementwise_div_grad": [
        {"name": "Y along axis 1", "attrs": {"axis": 1},
         "inputs": {"X": (2, 3, 4), "Y": {"shape": (3,), "low": 0.5, "high": 2.0},
                    "Out": (2, 3, 4), "Out@GRAD": (2, 3, 4)}},
    ],
    "elementwise_max_grad": [_TRAILING],
    "elementwise_min_grad": [_TRAILING],
    "elementwise_pow_grad": [_case("positive base", (2, 3, 4), (4,), (2, 3, 4), positive=True)],
    "elementwise_fmax_grad": [_TRAILING],
    "elementwise_fmin_grad": [_TRAILING],
    "elementwise_heaviside_grad": [_TRAILING],
    "remainder_grad": [_case("divisor away from zero", (2, 3, 4), (4,), (2, 3, 4),
                             positive=True)],
}

register_operator("elementwise_add_grad", GradOp)
register_operator("elementwise_sub_grad", GradOp)
register_operator("elementwise_mul_grad", GradOp)
register_operator("elementwise_div_grad", GradOp)
register_operator("elementwise_max_grad", GradOp, ElementwiseGradOpMaker)
register_operator("elementwise_min_grad", GradOp, ElementwiseGradOpMaker)
register_operator("elementwise_pow_grad", GradOp, ElementwiseGradOpMaker)
register_operator("remainder_grad", GradOp, ElementwiseGradOpMaker)
for _dtype in _FLOAT:
    for _place in ("CPU", "GPU"):
        register_op_kernel("elementwise_mul_grad", _place, ElementwiseMulGradKernel, _dtype)
        register_op_kernel("elementwise_div_grad", _place, ElementwiseDivGradKernel, _dtype)
        register_op_kernel("elementwise_max_grad", _place, ElementwiseMaxGradKernel, _dtype)
        register_op_kernel("elementwise_min_grad", _place, ElementwiseMinGradKernel, _dtype)
        register_op_kernel("elementwise_pow_grad", _place, ElementwisePowGradKernel, _dtype)
        register_op_kernel("remainder_grad", _place, RemainderGradKernel, _dtype)
for _dtype in _COMPLEX:
    for _place in ("CPU", "GPU"):
        register_op_kernel("remainder_grad", _place, RemainderGradKernel, _dtype)
for _dtype in (*_COMPLEX, DataType.INT32, DataType.INT64):
    for _place in ("CPU", "GPU"):
        register_op_kernel("elementwise_mul_grad", _place, ElementwiseMulGradKernel, _dtype)
        register_op_kernel("elementwise_div_grad", _place, ElementwiseDivGradKernel, _dtype)
for _dtype in (DataType.INT8, DataType.UINT8, DataType.INT16, DataType.BOOL):
    for _place in ("CPU", "GPU"):
        register_op_kernel("elementwise_div_grad", _place, ElementwiseDivGradKernel, _dtype)
for _place in ("CPU", "GPU"):
    for _dtype in (DataType.INT32, DataType.INT64, DataType.BFLOAT16):
        register_op_kernel("elementwise_max_grad", _place, ElementwiseMaxGradKernel, _dtype)
        register_op_kernel("elementwise_min_grad", _place, ElementwiseMinGradKernel, _dtype)
        register_op_kernel("elementwise_pow_grad", _place, ElementwisePowGradKernel, _dtype)
    for _dtype in _COMPLEX:
        register_op_kernel("elementwise_pow_grad", _place, ElementwisePowGradKernel, _dtype)
    for _dtype in (DataType.BFLOAT16, DataType.BOOL):
        register_op_kernel("elementwise_mul_grad", _place, ElementwiseMulGradKernel, _dtype)
for _op in ("elementwise_fmax_grad", "elementwise_fmin_grad", "elementwise_heaviside_grad"):
    register_operator(_op, GradOp)
register_op_table(ElementwiseGradKernel, [
    OpKernelRow("elementwise_add_grad", "ElementwiseAddGradKernel", ew_funcs.add_grad,
                (*_FLOAT, *_COMPLEX, *_INT, DataType.INT8, DataType.UINT8, DataType.INT16,
                 DataType.BOOL), attrs=("axis",)),
    OpKernelRow("elementwise_sub_grad", "ElementwiseSubGradKernel", ewg_funcs.subtract_grad,
                (*_FLOAT, *_COMPLEX, *_INT, DataType.INT16, DataType.BFLOAT16), attrs=("axis",)),
    OpKernelRow("elementwise_fmax_grad", "ElementwiseFmaxGradKernel", ewg_funcs.fmax_grad,
                _FLOAT_INT),
    OpKernelRow("elementwise_fmin_grad", "ElementwiseFminGradKernel", ewg_funcs.fmin_grad,
                _FLOAT_INT),
    OpKernelRow("elementwise_heaviside_grad", "ElementwiseHeavisideGradKernel",
                ewg_funcs.heaviside_grad, _FLOAT_INT),
], by_dtype=True)
