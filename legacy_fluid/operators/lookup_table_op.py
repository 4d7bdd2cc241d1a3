"""Embedding lookups: Out = W[Ids], rows looked up with `padding_idx` come out as zeros.

- lookup_table (v1, Paddle 1.x/2.x `fluid.embedding`): Ids are [..., 1], the 1 is dropped;
- lookup_table_v2 (paddle.nn.Embedding): Ids of any shape.

The table's dtype picks the kernel; the ids keep their integer type.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import embedding as emb_funcs


class LookupTableOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("W", "the embedding table, [rows, width]")
        self.add_input("Ids", "int64 row ids, [..., 1]")
        self.add_output("Out", "Ids' dims without the trailing 1, then the table width")
        self.add_attr("is_sparse", AttrType.BOOLEAN, False, "sparse gradient")
        self.add_attr("is_distributed", AttrType.BOOLEAN, False, "table is sharded")
        self.add_attr("padding_idx", AttrType.LONG, -1,
                      "rows looked up with this id come out as zeros; -1: no padding row")
        self.add_attr("remote_prefetch", AttrType.BOOLEAN, False, "prefetch rows")
        self.add_attr("entry_config", AttrType.STRING, "", "sparse table entry config")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference mode")
        self.add_attr("entry", AttrType.STRING, "none", "sparse table entry policy")
        self.add_attr("table_class", AttrType.STRING, "none", "sparse table class")
        self.add_attr("table_names", AttrType.STRINGS, [], "shard table names")
        self.add_attr("trainer_id", AttrType.INT, 0, "trainer rank")
        self.add_attr("slot", AttrType.INT, 0, "feature slot", extra=True)
        self.add_attr("grad_inplace", AttrType.BOOLEAN, False, "in-place gradient")
        self.add_attr("epmap", AttrType.STRINGS, [], "parameter-server endpoints")
        self.add_attr("height_sections", AttrType.LONGS, [], "table shard heights")


class LookupTableV2OpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("W", "the embedding table, [rows, width]")
        self.add_input("Ids", "int32/int64 row ids of any shape")
        self.add_output("Out", "Ids' dims followed by the table width")
        self.add_attr("padding_idx", AttrType.LONG, -1,
                      "rows looked up with this id come out as zeros; -1: no padding row")
        # distributed-training knobs, ignored for inference
        self.add_attr("is_sparse", AttrType.BOOLEAN, False, "sparse gradient", extra=True)
        self.add_attr("is_distributed", AttrType.BOOLEAN, False, "table is sharded", extra=True)
        self.add_attr("remote_prefetch", AttrType.BOOLEAN, False, "prefetch rows", extra=True)
        self.add_attr("trainer_id", AttrType.INT, 0, "trainer rank", extra=True)
        self.add_attr("slot", AttrType.INT, 0, "feature slot", extra=True)
        self.add_attr("height_sections", AttrType.LONGS, [], "table shard heights", extra=True)
        self.add_attr("epmap", AttrType.STRINGS, [], "parameter-server endpoints", extra=True)
        self.add_attr("table_names", AttrType.STRINGS, [], "shard table names", extra=True)


class LookupTableOp(OperatorWithKernel):
    """lookup_table; lookup_table_v2 keeps Ids' last dim (`drop_last_id_dim`)."""

    drop_last_id_dim = True

    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = emb_funcs.embedding_out_dims(ctx.get_input_dim("Ids"), ctx.get_input_dim("W"),
                                            drop_last_id_dim=self.drop_last_id_dim)
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("W"))
        ctx.share_lod("Ids", "Out")

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        # the table's element type picks the kernel, whatever the id type
        return OpKernelType(self.indicate_var_data_type(ctx, "W"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "Ids":
            # ids keep their integer type: report them as already in the kernel's dtype so
            # only a place change (host -> device) can ever apply to them
            return OpKernelType(expected.data_type, tensor.place, tensor.layout,
                                expected.library_type)
        return super().get_kernel_type_for_var(slot, tensor, expected)


class LookupTableV2Op(LookupTableOp):
    drop_last_id_dim = False


class LookupTableKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        w = ctx.input("W")
        ids = ctx.input("Ids")
        out = ctx.output("Out")
        padding_idx = ctx.attr("padding_idx")
        data = out.mutable_data(ctx.place, w.dtype)
        emb_funcs.embedding(ctx.xp, ids.data, w.data, padding_idx, data)


class LookupTableV2Kernel(LookupTableKernel):
    pass  # the same lookup, registered for lookup_table_v2 (PHI: embedding)


VERIFY_CASES = [
    {"name": "ids [4, 1]", "inputs": {"W": (5, 3), "Ids": {"shape": (4, 1),
                                                          "dtype": "int64", "low": 0,
                                                          "high": 5}}},
    {"name": "padding_idx 2", "inputs": {"W": (5, 3), "Ids": {"value": [[2], [0], [4]],
                                                             "dtype": "int64"}},
     "attrs": {"padding_idx": 2}},
]

register_operator("lookup_table", LookupTableOp, LookupTableOpMaker)
register_operator("lookup_table_v2", LookupTableV2Op, LookupTableV2OpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT8, DataType.INT16,
               DataType.BFLOAT16):
    register_op_kernel("lookup_table", "CPU", LookupTableKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("lookup_table", "GPU", LookupTableKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT8, DataType.FLOAT16,
               DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("lookup_table_v2", "CPU", LookupTableV2Kernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT8, DataType.FLOAT16,
               DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("lookup_table_v2", "GPU", LookupTableV2Kernel, _dtype)
