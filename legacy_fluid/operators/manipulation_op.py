"""Manipulation ops:

- unbind: X cut along `axis` into X.dims[axis] outputs without that axis;
- flip: X reversed along `axis` (a list; duplicates refused);
- roll: X rolled by `shifts` along `axis` (ShiftsTensor replaces shifts; no axes: X
  flattened, one shift);
- expand_as_v2: X broadcast to Y's dims (or `target_shape` without Y);
- repeat_interleave: X's slices along `dim` repeated `Repeats` times, or
  RepeatsTensor[i] times each (the output length then depends on the data);
- meshgrid: one output per 0-D / 1-D input, each broadcast over the grid ('ij').

Math in phi.kernels.funcs.manipulation.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.funcs.common import host_ints

_UNBIND_TYPES = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT16,
                 DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
                 DataType.COMPLEX128)
_UNBIND_GPU_TYPES = tuple(t for t in _UNBIND_TYPES if t is not DataType.BFLOAT16)
_FLIP_TYPES = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT32,
               DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_EXPAND_AS_TYPES = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT32,
                    DataType.FLOAT64)
_REPEAT_TYPES = (DataType.INT32, DataType.INT64, DataType.BFLOAT16, DataType.FLOAT32,
                 DataType.FLOAT64)
_REPEAT_GPU_TYPES = tuple(t for t in _REPEAT_TYPES if t is not DataType.BFLOAT16)
_MESHGRID_TYPES = (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
                   DataType.COMPLEX64, DataType.COMPLEX128)


class _XOp(OperatorWithKernel):
    """X's dtype picks the kernel."""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class RollOp(_XOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "ShiftsTensor":
            return None  # read on the host as it is
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ExpandAsV2Op(_XOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "Y":
            return None  # only its dims are read
        return super().get_kernel_type_for_var(slot, tensor, expected)


class RepeatInterleaveOp(_XOp):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """The repeated length: Repeats * X.dims[dim], or the sum of RepeatsTensor."""
        x_dims = ctx.get_input_dim("X")
        dim = ctx.attr("dim")
        if ctx.has_input("RepeatsTensor"):
            repeats = ctx.input_var("RepeatsTensor").get_tensor().data
            count = int(manip_funcs.repeat_counts(repeats, x_dims[dim]).sum())
        else:
            count = x_dims[dim] * ctx.attr("Repeats")
        ctx.set_output_dim("Out", manip_funcs.repeat_interleave_dims(x_dims, count, dim))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "RepeatsTensor":
            return None  # counts keep their integer type
        return super().get_kernel_type_for_var(slot, tensor, expected)


class UnbindKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.multi_output("Out")
        axis = ctx.attr("axis")
        datas = [None if o is None else o.mutable_data(ctx.place, x.dtype) for o in out]
        manip_funcs.unbind(ctx.xp, x.data, axis, datas)


class RollKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        shifts = ctx.attr("shifts")
        if ctx.has_input("ShiftsTensor"):
            shifts = host_ints(ctx.input("ShiftsTensor").data)
        data = out.mutable_data(ctx.place, x.dtype)
        manip_funcs.roll(ctx.xp, x.data, shifts, axis, data)


class ExpandAsV2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        target_shape = ctx.attr("target_shape")
        out.resize(manip_funcs.expand_as_dims(x.dims, None if y is None else y.dims,
                                              target_shape))
        data = out.mutable_data(ctx.place, x.dtype)
        manip_funcs.expand_as(ctx.xp, x.data, data)


class RepeatInterleaveKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        repeats_tensor = ctx.input("RepeatsTensor")
        out = ctx.output("Out")
        repeats = ctx.attr("Repeats")
        dim = ctx.attr("dim")
        if repeats_tensor is not None:
            repeats = manip_funcs.repeat_counts(repeats_tensor.data, x.dims[dim])
        result = manip_funcs.repeat_interleave(ctx.xp, x.data, repeats, dim)
        out.resize(result.shape)
        data = out.mutable_data(ctx.place, x.dtype)
        data[...] = result


class MeshgridKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.multi_input("X")
        out = ctx.multi_output("Out")
        datas = [o.mutable_data(ctx.place, x[0].dtype) for o in out]
        manip_funcs.meshgrid(ctx.xp, [t.data for t in x], datas)


VERIFY_CASES = {
    "unbind": [{"name": "axis 1", "inputs": {"X": (3, 2)}, "attrs": {"axis": 1},
                "outputs": {"Out": 2}}],
    "flip": [{"name": "two axes", "inputs": {"X": (3, 4)}, "attrs": {"axis": [0, -1]}}],
    "roll": [{"name": "two axes", "inputs": {"X": (3, 4)},
              "attrs": {"shifts": [1, -2], "axis": [0, 1]}},
             {"name": "flattened", "inputs": {"X": (3, 4)}, "attrs": {"shifts": [5]}}],
    "expand_as_v2": [{"name": "to Y", "inputs": {"X": (1, 4), "Y": (3, 4)},
                      "attrs": {"target_shape": [3, 4]}}],
    "repeat_interleave": [
        {"name": "twice", "inputs": {"X": (3, 4)}, "attrs": {"Repeats": 2, "dim": 1}},
        {"name": "counts", "inputs": {"X": (3, 4), "RepeatsTensor": {
            "value": [1, 0, 3], "dtype": "int64"}}, "attrs": {"dim": 0}}],
    "meshgrid": [{"name": "two", "inputs": {"X": [(3,), (4,)]}, "outputs": {"Out": 2}}],
}

register_operator("unbind", _XOp)
register_operator("flip", _XOp)
register_operator("roll", RollOp)
register_operator("expand_as_v2", ExpandAsV2Op)
register_operator("repeat_interleave", RepeatInterleaveOp)
register_operator("meshgrid", _XOp)
for _dtype in _UNBIND_TYPES:
    register_op_kernel("unbind", "CPU", UnbindKernel, _dtype)
for _dtype in _UNBIND_GPU_TYPES:
    register_op_kernel("unbind", "GPU", UnbindKernel, _dtype)
for _dtype in _FLIP_TYPES:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("roll", _backend, RollKernel, _dtype)
for _dtype in _EXPAND_AS_TYPES:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("expand_as_v2", _backend, ExpandAsV2Kernel, _dtype)
for _dtype in _REPEAT_TYPES:
    register_op_kernel("repeat_interleave", "CPU", RepeatInterleaveKernel, _dtype)
for _dtype in _REPEAT_GPU_TYPES:
    register_op_kernel("repeat_interleave", "GPU", RepeatInterleaveKernel, _dtype)
for _dtype in _MESHGRID_TYPES:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("meshgrid", _backend, MeshgridKernel, _dtype)
register_op_table(SameDtypeKernel, [
    OpKernelRow("flip", "FlipKernel", manip_funcs.flip, _FLIP_TYPES, attrs=("axis",)),
], by_dtype=True)
