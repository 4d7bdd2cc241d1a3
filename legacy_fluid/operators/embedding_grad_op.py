"""lookup_table_v2_grad (PHI embedding_grad) and lookup_table_grad (v1: ids shaped
[..., 1]; a plain op, its proto from phi/backward.yaml): the dense gradient of the embedding
table. A sparse one (`is_sparse`: a SelectedRows W@GRAD, which fluidphi does not have) is
refused. Math: phi.kernels.funcs.embedding_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import (
    OpKernel,
    UnsupportedOpVariantError,
    register_op_kernel,
)
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import embedding_grad as embedding_grad_funcs


class LookupTableV2GradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Ids", "the forward's ids")
        self.add_input("W", "the embedding table (its dims)")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("W@GRAD", "gradient of W, dense")
        self.add_attr("padding_idx", AttrType.LONG, -1, "the forward's padding id (-1: none)")
        self.add_attr("is_sparse", AttrType.BOOLEAN, False, "a SelectedRows gradient",
                      extra=True)
        self.add_attr("is_distributed", AttrType.BOOLEAN, False, "table is sharded", extra=True)
        self.add_attr("remote_prefetch", AttrType.BOOLEAN, False, "prefetch rows", extra=True)
        self.add_attr("trainer_id", AttrType.INT, 0, "trainer rank", extra=True)
        self.add_attr("slot", AttrType.INT, 0, "feature slot", extra=True)
        self.add_attr("height_sections", AttrType.LONGS, [], "table shard heights", extra=True)
        self.add_attr("epmap", AttrType.STRINGS, [], "parameter-server endpoints", extra=True)
        self.add_attr("table_names", AttrType.STRINGS, [], "shard table names", extra=True)


class LookupTableV2GradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ids = ctx.input("Ids")
        w = ctx.input("W")
        out_grad = ctx.input("Out@GRAD")
        w_grad = ctx.output("W@GRAD")
        padding_idx = ctx.attr("padding_idx")
        if ctx.attr("is_sparse"):
            raise UnsupportedOpVariantError(ctx.op_type, "is_sparse (a SelectedRows W@GRAD)",
                                            "build the embedding with sparse=False")
        data = w_grad.mutable_data(ctx.place, w.dtype)
        embedding_grad_funcs.embedding_grad(ctx.xp, ids.data, out_grad.data, padding_idx, data)


class LookupTableGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        w = ctx.input("W")
        ids = ctx.input("Ids")
        out_grad = ctx.input("Out@GRAD")
        w_grad = ctx.output("W@GRAD")
        padding_idx = ctx.attr("padding_idx")
        if ctx.attr("is_sparse"):
            raise UnsupportedOpVariantError(ctx.op_type, "is_sparse (a SelectedRows W@GRAD)",
                                            "build the lookup with is_sparse=False")
        data = w_grad.mutable_data(ctx.place, w.dtype)
        embedding_grad_funcs.embedding_grad(ctx.xp, ids.data, out_grad.data, padding_idx, data)


VERIFY_CASES = {"lookup_table_v2_grad": [
    {"name": "repeated ids, padding 0", "inputs": {
        "Ids": {"shape": (3, 4), "dtype": "int64", "low": 0, "high": 6}, "W": (6, 5),
        "Out@GRAD": (3, 4, 5)}, "attrs": {"padding_idx": 0}},
], "lookup_table_grad": [
    {"name": "ids [3, 4, 1], padding 0", "inputs": {
        "W": (6, 5), "Ids": {"shape": (3, 4, 1), "dtype": "int64", "low": 0, "high": 6},
        "Out@GRAD": (3, 4, 5)}, "attrs": {"padding_idx": 0}},
]}

register_operator("lookup_table_v2_grad", GradOp, LookupTableV2GradOpMaker)
for _dtype in embedding_grad_funcs.EMBEDDING_GRAD_CPU_TYPES:
    register_op_kernel("lookup_table_v2_grad", "CPU", LookupTableV2GradKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("lookup_table_v2_grad", "GPU", LookupTableV2GradKernel, _dtype)

register_operator("lookup_table_grad", GradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16):
    register_op_kernel("lookup_table_grad", "CPU", LookupTableGradKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("lookup_table_grad", "GPU", LookupTableGradKernel, _dtype)
