"""Backward ops of the pad family (plain ops: their protos are phi/backward.yaml's):

- pad_grad: Out@GRAD -> X@GRAD, the output gradient without the padding (X's dims from
  Out@GRAD's less the paddings);
- pad3d_grad: X (dims), Paddings (the forward's tensor, else attribute `paddings`),
  Out@GRAD -> X@GRAD, the output gradient added back onto the elements each output
  position copied (constant mode: the fill positions take none).

Math in phi.kernels.funcs.pad_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.kernel_templates import FlatGradKernel
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import pad_grad as pad_grad_funcs


class PadGradOp(GradOp):
    """X@GRAD: Out@GRAD's dims less the paddings (the grad op has no X)."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("X@GRAD", pad_grad_funcs.pad_grad_dims(
            ctx.get_input_dim("Out@GRAD"), ctx.attr("paddings")))
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("Out@GRAD"))


class Pad3dGradOp(GradOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "Paddings":
            return None  # read on the host as it is
        return super().get_kernel_type_for_var(slot, tensor, expected)


class Pad3dGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        mode = ctx.attr("mode")
        data_format = ctx.attr("data_format")
        paddings = ctx.attr("paddings")
        if ctx.has_input("Paddings"):
            paddings = [int(v) for v in ctx.input("Paddings").numpy().reshape(-1)]
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        pad_grad_funcs.pad3d_grad(ctx.xp, out_grad.data, paddings, mode, data_format, data)


#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "pad_grad": [{"name": "2-D", "attrs": {"paddings": [1, 0, 2, 1]},
                  "inputs": {"Out@GRAD": (4, 7)}}],
    "pad3d_grad": [{"name": mode, "inputs": {"X": (1, 2, 3, 3, 4), "Out@GRAD": (1, 2, 3, 4, 7)},
                    "attrs": {"paddings": [1, 2, 0, 1, -1, 1], "mode": mode}}
                   for mode in ("constant", "reflect", "replicate", "circular")],
}

register_operator("pad_grad", PadGradOp)
register_operator("pad3d_grad", Pad3dGradOp)
for _dtype in pad_grad_funcs.PAD3D_GRAD_TYPES:
    register_op_kernel("pad3d_grad", "CPU", Pad3dGradKernel, _dtype)
    register_op_kernel("pad3d_grad", "GPU", Pad3dGradKernel, _dtype)
register_op_table(FlatGradKernel, [
    OpKernelRow("pad_grad", "PadGradKernel", pad_grad_funcs.pad_grad,
                pad_grad_funcs.PAD_GRAD_TYPES, pad_grad_funcs.PAD_GRAD_GPU_TYPES,
                attrs=("paddings",)),
])
