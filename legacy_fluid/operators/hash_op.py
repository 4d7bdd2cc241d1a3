"""hash: XXH64 of each row of X (int32 / int64 [rows, last_dim]) with seeds 0 ..
num_hash - 1, modulo mod_by; Out [rows, num_hash, 1] in X's dtype with X's LoD. Math:
phi.kernels.funcs.hash.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import hash as hash_funcs


class HashOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class HashKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x, out = ctx.input("X"), ctx.output("Out")
        num_hash = ctx.attr("num_hash")
        out.resize(hash_funcs.hash_dims("hash", x.dims, num_hash))
        hash_funcs.hash_rows(ctx.xp, "hash", x.data, num_hash, ctx.attr("mod_by"),
                             out.mutable_data(ctx.place, x.dtype))


VERIFY_CASES = [
    {"name": "integer rows", "attrs": {"num_hash": 2},
     "inputs": {"X": {"shape": (4, 3), "low": 0, "high": 50}}, "outputs": {"Out": 1}},
]

register_operator("hash", HashOp)
for _dtype in (DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("hash", _backend, HashKernel, _dtype)
