"""gather_grad (PHI gather_grad): X (its dims only), Index, Axis (the forward's 1-element
axis tensor, else attribute `axis`), Out@GRAD -> X@GRAD, the output gradient's slices
added back at their ids (repeated ids accumulate). Math: phi.kernels.funcs.gather.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.gather_op import _axis
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import gather as gather_funcs


class GatherGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward input (its dims)")
        self.add_input("Index", "the forward's ids")
        self.add_input("Axis", "the forward's 1-element axis tensor", dispensable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("axis", AttrType.INT, 0, "the forward's axis")


class GatherGradOp(GradOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("Index", "Axis"):
            return None  # ids are read as they are, never cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class GatherGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        index = ctx.input("Index")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        gather_funcs.gather_grad(ctx.xp, tuple(x.dims), index.data, out_grad.data, _axis(ctx),
                                 data)


VERIFY_CASES = {"gather_grad": [{
    "name": "repeated ids", "inputs": {"X": (4, 3), "Index": {"value": [1, 1, 3], "dtype": "int64"},
                                       "Out@GRAD": (3, 3)}}]}

register_operator("gather_grad", GatherGradOp, GatherGradOpMaker)
for _dtype in gather_funcs.GATHER_GRAD_TYPES:
    register_op_kernel("gather_grad", "CPU", GatherGradKernel, _dtype)
for _dtype in gather_funcs.GATHER_GRAD_GPU_TYPES:
    register_op_kernel("gather_grad", "GPU", GatherGradKernel, _dtype)
