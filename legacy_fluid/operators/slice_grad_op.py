"""slice_grad (PHI slice_grad): Input (its dims only), the forward's bound inputs
(StartsTensor / StartsTensorList / EndsTensor / EndsTensorList, else the attributes) and
Out@GRAD -> Input@GRAD, zero outside the slice's window. Math: phi.kernels.funcs.slice.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.slice_op import _bounds
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import slice as slice_funcs

_BOUNDS = ("StartsTensor", "EndsTensor", "StartsTensorList", "EndsTensorList")


class SliceGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "the forward input (its dims)")
        for slot in _BOUNDS:
            self.add_input(slot, f"the forward's {slot}", duplicable=slot.endswith("List"),
                           dispensable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("Input@GRAD", "gradient of Input")
        self.add_attr("axes", AttrType.INTS, None, "the forward's axes")
        self.add_attr("starts", AttrType.INTS, [], "the forward's starts")
        self.add_attr("ends", AttrType.INTS, [], "the forward's ends")
        self.add_attr("infer_flags", AttrType.INTS, [], "the forward's infer_flags")
        self.add_attr("decrease_axis", AttrType.INTS, [], "the forward's decrease_axis")


class SliceGradOp(GradOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _BOUNDS:
            return None  # bounds are read as they are, never cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class SliceGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out_grad = ctx.input("Out@GRAD")
        starts = _bounds(ctx, "StartsTensor", "StartsTensorList", "starts")
        ends = _bounds(ctx, "EndsTensor", "EndsTensorList", "ends")
        data = ctx.output("Input@GRAD").mutable_data(ctx.place, out_grad.dtype)
        slice_funcs.slice_grad(ctx.xp, tuple(x.dims), ctx.attr("axes"), starts, ends,
                               out_grad.data, data)


_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
          DataType.COMPLEX128)

VERIFY_CASES = {"slice_grad": [{
    "name": "window", "inputs": {"Input": (4, 5), "Out@GRAD": (2, 5)},
    "attrs": {"axes": [0], "starts": [1], "ends": [3]}}]}

register_operator("slice_grad", SliceGradOp, SliceGradOpMaker)
for _place in ("CPU", "GPU"):
    for _dtype in _TYPES:
        register_op_kernel("slice_grad", _place, SliceGradKernel, _dtype)
# Paddle 3.3.1's CPU slice_grad adds float16 and bfloat16
for _dtype in (DataType.FLOAT16, DataType.BFLOAT16):
    register_op_kernel("slice_grad", "CPU", SliceGradKernel, _dtype)
