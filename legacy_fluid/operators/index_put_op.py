"""index_put: x with value written (or, with `accumulate`, added) at x[indices], NumPy's
advanced indexing: int32 / int64 indices (negatives from the end) broadcast together, a bool
index stands for its true coordinates; math in phi.kernels.funcs.indexing."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.kernels.funcs import indexing as index_funcs


class IndexPutOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("out", ctx.get_input_dim("x"))
        ctx.set_output_dtype("out", ctx.get_input_dtype("x"))


class IndexPutKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        indices = ctx.multi_input("indices")
        value = ctx.input("value")
        out = ctx.output("out")
        accumulate = ctx.attr("accumulate")
        data = out.mutable_data(ctx.place, x.dtype)
        index_funcs.index_put(ctx.xp, x.data, [t.data for t in indices], value.data, accumulate,
                              data)


register_operator("index_put", IndexPutOp)
for _dtype in index_funcs.INDEX_PUT_TYPES:
    register_op_kernel("index_put", "CPU", IndexPutKernel, _dtype)
    register_op_kernel("index_put", "GPU", IndexPutKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "accumulate rows", "attrs": {"accumulate": True}, "inputs": {
    "x": (3, 4), "indices": [{"value": [2, 0, 2], "dtype": "int64"}], "value": (4,)}}]
