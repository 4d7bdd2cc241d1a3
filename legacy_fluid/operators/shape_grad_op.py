"""Backward ops of the shape ops that record XShape: reshape2, flatten_contiguous_range,
flatten2, squeeze2, unsqueeze2 (X@GRAD = Out@GRAD copied into the dims XShape records:
[0, *X.dims]) and transpose2 (Out@GRAD permuted back by the inverse of `axis`; its XShape
is read by Paddle's desc but not needed).

The forward ops record XShape for these: their legacy infer_shape gives it the dims, and
on the PHI path reshape, flatten_with_xshape, squeeze_with_xshape and unsqueeze_with_xshape
(chosen when the op has an XShape output) write it.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import shape_grad as shape_grad_funcs
from phi.kernels.funcs import squeeze as sq_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES

_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)
#: Paddle 3.3.1's CPU dtypes of flatten2_grad (a fluid kernel there)
_FLATTEN2_GRAD_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16,
                        DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64)


class XShapeGradOp(GradOp):
    """X@GRAD: the dims XShape records, Out@GRAD's dtype."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        if not ctx.has_input("XShape"):
            raise ValueError(f"op '{self.type}': input XShape (the forward's [0, *X.dims]) is "
                             "missing; the forward op must record it")
        dims = shape_grad_funcs.x_dims_from_xshape(ctx.get_input_dim("XShape"))
        ctx.set_output_dim("X@GRAD", dims)
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("Out@GRAD"))


class Transpose2GradOp(GradOp):
    """X@GRAD: Out@GRAD's dims permuted back."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = shape_grad_funcs.transpose_grad_dims(ctx.get_input_dim("Out@GRAD"),
                                                    ctx.attr("axis"))
        ctx.set_output_dim("X@GRAD", dims)
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("Out@GRAD"))


class Unsqueeze2GradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("XShape", "the forward's XShape: [0, *X.dims], no data")
        self.add_input("AxesTensor", "the forward's axes tensor (not read)", dispensable=True)
        self.add_input("AxesTensorList", "the forward's axes list (not read)", duplicable=True,
                       dispensable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("axes", AttrType.INTS, [], "the forward's axes")


class Transpose2GradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("XShape", "the forward's XShape (not read)", dispensable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("axis", AttrType.INTS, [], "the forward's permutation")


class XShapeGradKernel(OpKernel):
    """reshape2 / flatten_contiguous_range / squeeze2 / unsqueeze2: the copy into X's dims
    (infer_shape gave X@GRAD the dims XShape records)."""

    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        sq_funcs.reshape_copy(out_grad.data, data)


class Transpose2GradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        shape_grad_funcs.transpose_grad(ctx.xp, out_grad.data, axis, data)


def _xshape(*dims: int):
    """A meta-only XShape input of X dims `dims` (its values are never read)."""
    return {"shape": (0, *dims)}


VERIFY_CASES = {
    "reshape2_grad": [{"name": "6x4 from 2x3x4", "attrs": {"shape": [6, 4]},
                       "inputs": {"XShape": _xshape(2, 3, 4), "Out@GRAD": (6, 4)}}],
    "flatten_contiguous_range_grad": [
        {"name": "axes 1..2", "attrs": {"start_axis": 1, "stop_axis": 2},
         "inputs": {"XShape": _xshape(2, 3, 4), "Out@GRAD": (2, 12)}}],
    "flatten2_grad": [{"name": "axis 2", "attrs": {"axis": 2},
                       "inputs": {"X": (2, 3, 4), "XShape": _xshape(2, 3, 4),
                                  "Out@GRAD": (6, 4)}}],
    "squeeze2_grad": [{"name": "axis 1", "attrs": {"axes": [1]},
                       "inputs": {"XShape": _xshape(3, 1, 4), "Out@GRAD": (3, 4)}}],
    "unsqueeze2_grad": [{"name": "axis 0", "attrs": {"axes": [0]},
                         "inputs": {"XShape": _xshape(3, 4), "Out@GRAD": (1, 3, 4)}}],
    "transpose2_grad": [{"name": "perm 1 2 0", "attrs": {"axis": [1, 2, 0]},
                         "inputs": {"XShape": None, "Out@GRAD": (3, 4, 2)}}],
}

register_operator("reshape2_grad", XShapeGradOp)
register_operator("flatten_contiguous_range_grad", XShapeGradOp)
register_operator("flatten2_grad", XShapeGradOp)
register_operator("squeeze2_grad", XShapeGradOp)
register_operator("unsqueeze2_grad", XShapeGradOp, Unsqueeze2GradOpMaker)
register_operator("transpose2_grad", Transpose2GradOp, Transpose2GradOpMaker)
for _op, _kernel, _cpu_types in (
        ("reshape2_grad", XShapeGradKernel, (*_CPU_TYPES, *FLOAT8_TYPES)),
        ("flatten_contiguous_range_grad", XShapeGradKernel,
         shape_grad_funcs.FLATTEN_GRAD_CPU_TYPES),
        ("squeeze2_grad", XShapeGradKernel, _CPU_TYPES),
        ("unsqueeze2_grad", XShapeGradKernel, _CPU_TYPES),
        ("transpose2_grad", Transpose2GradKernel, _CPU_TYPES)):
    for _dtype in _cpu_types:
        register_op_kernel(_op, "CPU", _kernel, _dtype)
    for _dtype in _GPU_TYPES:
        register_op_kernel(_op, "GPU", _kernel, _dtype)
for _dtype in _FLATTEN2_GRAD_TYPES:
    register_op_kernel("flatten2_grad", "CPU", XShapeGradKernel, _dtype)
    register_op_kernel("flatten2_grad", "GPU", XShapeGradKernel, _dtype)
