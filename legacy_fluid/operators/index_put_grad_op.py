"""index_put_grad (PHI index_put_grad): x, indices, value (their dims), out@GRAD -> x@GRAD
(the output gradient, zero where the forward wrote unless `accumulate`) and value@GRAD (the
output gradient at x[indices] summed back to value's dims); math in
phi.kernels.funcs.indexing."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.kernels.funcs import indexing as index_funcs


class IndexPutGradOp(GradOp):
    """x@GRAD like x, value@GRAD like value."""


class IndexPutGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        indices = ctx.multi_input("indices")
        value = ctx.input("value")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        value_grad = ctx.output("value@GRAD")
        accumulate = ctx.attr("accumulate")
        index_funcs.index_put_grad(
            ctx.xp, [t.data for t in indices], tuple(value.dims), out_grad.data, accumulate,
            None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype),
            None if value_grad is None else value_grad.mutable_data(ctx.place, out_grad.dtype))


register_operator("index_put_grad", IndexPutGradOp)
for _dtype in index_funcs.INDEX_PUT_TYPES:
    register_op_kernel("index_put_grad", "CPU", IndexPutGradKernel, _dtype)
    register_op_kernel("index_put_grad", "GPU", IndexPutGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "rows", "inputs": {
    "x": (3, 4), "indices": [{"value": [2, 0], "dtype": "int64"}], "value": (4,),
    "out@GRAD": (3, 4)}}]
