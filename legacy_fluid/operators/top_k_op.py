"""top_k (v1): the k largest elements along the last axis, sorted, with their int64
positions; k from the K tensor when fed, else the attribute (PHI topk_v1: topk with axis
-1, largest, sorted; math in phi.kernels.funcs.sort_search)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import sort_search as ss_funcs
from phi.kernels.funcs.common import host_ints

_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32, DataType.INT64)


def _k(k_tensor: DenseTensor | None, k: int) -> int:
    if k_tensor is not None and k_tensor.initialized():
        return host_ints(k_tensor.data)[0]
    return int(k)


class TopKOp(OperatorWithKernel):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "K":
            return None  # read on the host as it is
        return super().get_kernel_type_for_var(slot, tensor, expected)


class TopKKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        indices = ctx.output("Indices")
        k = ctx.attr("k")
        if ctx.has_input("K"):
            k = int(ctx.input("K").numpy().reshape(-1)[0])
        data = out.mutable_data(ctx.place, x.dtype)
        index = indices.mutable_data(ctx.place, DataType.INT64)
        ss_funcs.topk(ctx.xp, x.data, k, -1, True, data, index)


register_operator("top_k", TopKOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _TYPES:
        register_op_kernel("top_k", _backend, TopKKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "k 2", "inputs": {"X": (3, 4)}, "attrs": {"k": 2}},
                {"name": "K tensor",
                 "inputs": {"X": (3, 5), "K": {"value": [3], "dtype": "int32"}}}]
