"""Backward ops of the manipulation family (plain ops: their protos are phi/backward.yaml's
with phi/op_compat.yaml's legacy names and tensor-fed attributes):

- strided_slice_grad: Input (dims), the forward's bound tensors, Out@GRAD -> Input@GRAD,
  the output gradient written back into the window the forward read, zero elsewhere;
- roll_grad: X (dims), ShiftsTensor, Out@GRAD -> X@GRAD, the output gradient rolled back;
- expand_as_v2_grad (PHI expand_as_grad): X (dims), Out@GRAD -> X@GRAD, summed over the
  broadcast dims;
- repeat_interleave_grad: X (dims), RepeatsTensor, Out@GRAD -> X@GRAD, each slice the sum
  of the slices it was repeated into;
- meshgrid_grad: X (dims), Out@GRAD (one per input) -> X@GRAD, each the matching output
  gradient summed over the other grid axes;
- view_shape_grad: input (dims), out@GRAD -> input@GRAD, the output gradient in input's
  dims. Paddle 3.3.1's grad maker makes this op (lower-case slots, `dims`) but Paddle
  registers no such operator, so its static executor refuses it ("There are no kernels
  which are registered in the view_shape_grad operator"); fluidphi runs it for the
  forward's float and complex types.

Math in phi.kernels.funcs.manipulation_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.concat_grad_op import MultiGradOp
from legacy_fluid.operators.indexing_op import ids_spec
from legacy_fluid.operators.kernel_templates import FlatGradKernel
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.funcs import manipulation_grad as manip_grad_funcs

#: Inputs that carry integers read on the host (bounds, shifts, counts): never transformed.
_HOST_SLOTS = frozenset(("StartsTensor", "StartsTensorList", "EndsTensor", "EndsTensorList",
                         "StridesTensor", "StridesTensorList", "ShiftsTensor",
                         "RepeatsTensor"))


class HostIntsGradOp(GradOp):
    """X@GRAD like X; integer inputs are used as they are."""

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _HOST_SLOTS:
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class StridedSliceGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        input_grad = ctx.output("Input@GRAD")
        axes = ctx.attr("axes")
        infer_flags = ctx.attr("infer_flags")
        decrease_axis = ctx.attr("decrease_axis")
        starts = ctx.attr("starts")
        if ctx.has_input("StartsTensor"):
            starts = [int(v) for v in ctx.input("StartsTensor").numpy().reshape(-1)]
        elif ctx.has_inputs("StartsTensorList"):
            starts = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("StartsTensorList")]
        ends = ctx.attr("ends")
        if ctx.has_input("EndsTensor"):
            ends = [int(v) for v in ctx.input("EndsTensor").numpy().reshape(-1)]
        elif ctx.has_inputs("EndsTensorList"):
            ends = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("EndsTensorList")]
        strides = ctx.attr("strides")
        if ctx.has_input("StridesTensor"):
            strides = [int(v) for v in ctx.input("StridesTensor").numpy().reshape(-1)]
        elif ctx.has_inputs("StridesTensorList"):
            strides = [int(t.numpy().reshape(-1)[0])
                       for t in ctx.multi_input("StridesTensorList")]
        data = input_grad.mutable_data(ctx.place, out_grad.dtype)
        manip_grad_funcs.strided_slice_grad(ctx.xp, out_grad.data, axes, starts, ends, strides,
                                            infer_flags, decrease_axis, data)


class RollGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        shifts = ctx.attr("shifts")
        if ctx.has_input("ShiftsTensor"):
            shifts = [int(v) for v in ctx.input("ShiftsTensor").numpy().reshape(-1)]
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        manip_grad_funcs.roll_grad(ctx.xp, out_grad.data, shifts, axis, data)


class RepeatInterleaveGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        repeats_tensor = ctx.input("RepeatsTensor")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        repeats = ctx.attr("Repeats")
        dim = ctx.attr("dim")
        if repeats_tensor is not None:
            repeats = manip_funcs.repeat_counts(repeats_tensor.data, x.dims[dim])
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        manip_grad_funcs.repeat_interleave_grad(ctx.xp, out_grad.data, repeats, dim, data)


class MeshgridGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.multi_input("Out@GRAD")
        x_grad = ctx.multi_output("X@GRAD")
        dtype = next(t.dtype for t in out_grad if t is not None)
        datas = [None if t is None else t.mutable_data(ctx.place, dtype) for t in x_grad]
        manip_grad_funcs.meshgrid_grad(ctx.xp, [None if t is None else t.data for t in out_grad],
                                       datas)


class ViewShapeGradOp(GradOp):
    """out@GRAD comes in the forward's out dims (Paddle's static view_shape kernel keeps the
    input's) or the viewed ones: the kernel lays any of as many elements out in input's
    dims, refusing another size itself."""

    COTANGENT_DIMS_AS_GIVEN = True


class ViewShapeGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("out@GRAD")
        input_grad = ctx.output("input@GRAD")
        data = input_grad.mutable_data(ctx.place, out_grad.dtype)
        manip_grad_funcs.view_shape_grad(ctx.xp, out_grad.data, data)


#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "strided_slice_grad": [{"name": "reverse and step", "inputs": {
        "Input": (4, 5, 6), "Out@GRAD": (2, 5, 3)}, "attrs": {
        "axes": [0, 2], "starts": [-1, 1], "ends": [-100, 6], "strides": [-2, 2],
        "infer_flags": [1, 1]}}],
    "roll_grad": [{"name": "two axes", "attrs": {"shifts": [1, -2], "axis": [0, 1]},
                   "inputs": {"X": (3, 4), "Out@GRAD": (3, 4)}}],
    "expand_as_v2_grad": [{"name": "broadcast", "attrs": {"target_shape": [2, 3, 4]},
                           "inputs": {"X": (3, 1), "Out@GRAD": (2, 3, 4)}}],
    "repeat_interleave_grad": [{"name": "counts", "attrs": {"dim": 0}, "inputs": {
        "X": (3, 2), "RepeatsTensor": ids_spec([2, 0, 3]), "Out@GRAD": (5, 2)}}],
    "meshgrid_grad": [{"name": "three", "inputs": {
        "X": [(2,), (3,), (4,)], "Out@GRAD": [(2, 3, 4), (2, 3, 4), (2, 3, 4)]},
        "outputs": {"X@GRAD": 3}}],
    "view_shape_grad": [{"name": "as 12", "attrs": {"dims": [12]},
                         "inputs": {"input": (3, 4), "out@GRAD": (3, 4)}}],
}

register_operator("strided_slice_grad", HostIntsGradOp)
register_operator("roll_grad", HostIntsGradOp)
register_operator("expand_as_v2_grad", GradOp)
register_operator("repeat_interleave_grad", HostIntsGradOp)
register_operator("meshgrid_grad", MultiGradOp)
register_operator("view_shape_grad", ViewShapeGradOp)
for _dtype in manip_grad_funcs.STRIDED_SLICE_GRAD_TYPES:
    register_op_kernel("strided_slice_grad", "CPU", StridedSliceGradKernel, _dtype)
for _dtype in manip_grad_funcs.STRIDED_SLICE_GRAD_GPU_TYPES:
    register_op_kernel("strided_slice_grad", "GPU", StridedSliceGradKernel, _dtype)
for _dtype in manip_grad_funcs.ROLL_GRAD_TYPES:
    register_op_kernel("roll_grad", "CPU", RollGradKernel, _dtype)
    register_op_kernel("roll_grad", "GPU", RollGradKernel, _dtype)
for _dtype in manip_grad_funcs.REPEAT_INTERLEAVE_GRAD_TYPES:
    register_op_kernel("repeat_interleave_grad", "CPU", RepeatInterleaveGradKernel, _dtype)
for _dtype in manip_grad_funcs.REPEAT_INTERLEAVE_GRAD_GPU_TYPES:
    register_op_kernel("repeat_interleave_grad", "GPU", RepeatInterleaveGradKernel, _dtype)
for _dtype in manip_grad_funcs.MESHGRID_GRAD_TYPES:
    register_op_kernel("meshgrid_grad", "CPU", MeshgridGradKernel, _dtype)
    register_op_kernel("meshgrid_grad", "GPU", MeshgridGradKernel, _dtype)
for _dtype in manip_grad_funcs.VIEW_SHAPE_GRAD_TYPES:
    register_op_kernel("view_shape_grad", "CPU", ViewShapeGradKernel, _dtype)
    register_op_kernel("view_shape_grad", "GPU", ViewShapeGradKernel, _dtype)
register_op_table(FlatGradKernel, [
    OpKernelRow("expand_as_v2_grad", "ExpandAsV2GradKernel", manip_grad_funcs.expand_as_grad,
                manip_grad_funcs.EXPAND_AS_GRAD_TYPES),
], by_dtype=True)
