"""What backward (grad) ops share: shape inference from the forward.

A legacy training program names the gradient of variable `x` `x@GRAD`, and a grad op's
slots follow suit: relu_grad reads `Out` and `Out@GRAD` and writes `X@GRAD`. Paddle keeps
no proto for grad ops; fluidphi declares one per grad op (slots and the forward attributes
the grad OpDesc carries) so that they load, map and run like any op. The `@GRAD` naming:
`legacy_fluid.framework.grad_names`.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad_names import GRAD_SUFFIX
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.operator import OperatorWithKernel


class GradOp(OperatorWithKernel):
    """A backward op: each `S@GRAD` output takes the dims, dtype and lod of forward slot `S`
    (or of the slot `LIKE` names, e.g. relu_grad's X@GRAD is like Out)."""

    LIKE: dict[str, str] = {}
    #: The kernel sizes its work by its cotangents' own dims (expand's grads sum a
    #: cotangent back to X's dims, as Paddle's kernels do, whatever its dims): they are not
    #: held to the forward output's dims (`cotangent_shapes`).
    COTANGENT_DIMS_AS_GIVEN: bool = False
    #: Cotangent slot -> the input slot holding the forward output's dims, where that is
    #: not the output's own slot (dropout_grad's Out@GRAD is like Mask).
    COTANGENT_LIKE: dict[str, str] = {}
    #: Forward input slot -> the grad op's input slot holding its meta, for the forward's
    #: shape inference (softmax_with_cross_entropy_grad holds Softmax, Logits' dims).
    FORWARD_INPUTS_LIKE: dict[str, str] = {}

    def infer_shape(self, ctx: InferShapeContext) -> None:
        for slot in self.outputs:
            if not slot.endswith(GRAD_SUFFIX) or not ctx.has_output(slot):
                continue
            source = self.LIKE.get(slot, slot[: -len(GRAD_SUFFIX)])
            if not ctx.has_input(source):
                raise ValueError(f"op '{self.type}': {slot} takes its meta from input "
                                 f"{source}, which is missing")
            ctx.set_output_dim(slot, ctx.get_input_dim(source))
            ctx.set_output_dtype(slot, ctx.get_input_dtype(source))
            ctx.share_lod(source, slot)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """The dtype of the first incoming gradient (`Out@GRAD`, `Loss@GRAD`, ...)."""
        for slot in self.inputs:
            if slot.endswith(GRAD_SUFFIX) and ctx.has_input(slot):
                return OpKernelType(self.indicate_var_data_type(ctx, slot), ctx.place)
        return super().get_expected_kernel_type(ctx)


class XTypedGradOp(GradOp):
    """A backward op whose kernel runs in the forward input X's type, not its cotangent's:
    angle_grad and abs_grad of a complex X (real Out@GRAD), complex_grad (real X, complex
    Out@GRAD)."""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)
