"""graph_send_recv (PHI send_u_recv): X's rows at Src_index reduced (reduce_op SUM, MEAN,
MAX, MIN) into Out's rows at Dst_index; Out has out_size rows (the Out_size tensor, else the
attribute; <= 0: X's rows). Dst_count: the edges per Out row. Math: phi.kernels.funcs.graph.
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
from phi.kernels.funcs import graph as graph_funcs
from phi.kernels.funcs.common import host_ints


class GraphSendRecvOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "node features [N, ...]")
        self.add_input("Src_index", "edge sources, int32 / int64 [E] or [E, 1]")
        self.add_input("Dst_index", "edge destinations, Src_index's dims")
        self.add_input("Out_size", "1-D int tensor: Out's rows", dispensable=True)
        self.add_output("Out", "the reduced messages [out_size, ...]")
        self.add_output("Dst_count", "int32 edges per Out row")
        self.add_attr("reduce_op", AttrType.STRING, "SUM", "SUM, MEAN, MAX or MIN")
        self.add_attr("out_size", AttrType.LONGS, [0], "Out's rows (<= 0: X's rows)")


class GraphSendRecvOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """Out: out_size rows of X's row dims (rows known at run time when fed)."""
        graph_funcs.graph_reduce("graph_send_recv", ctx.attr("reduce_op"))
        graph_funcs.check_index_dims("graph_send_recv", ctx.get_input_dim("Src_index"),
                                     ctx.get_input_dim("Dst_index"))
        x_dims = ctx.get_input_dim("X")
        rows = (-1 if ctx.has_input("Out_size")
                else graph_funcs.out_rows(ctx.attr("out_size"), x_dims[0]))
        ctx.set_output_dim("Out", (rows, *x_dims[1:]))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.set_output_dim("Dst_count", (rows,))
        ctx.set_output_dtype("Dst_count", DataType.INT32)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class GraphSendRecvKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        src_index = ctx.input("Src_index")
        dst_index = ctx.input("Dst_index")
        out_size_tensor = ctx.input("Out_size")
        out = ctx.output("Out")
        dst_count = ctx.output("Dst_count")
        reduce_op = ctx.attr("reduce_op")
        out_size = ctx.attr("out_size")
        if out_size_tensor is not None:
            out_size = host_ints(out_size_tensor.data)
        rows = graph_funcs.out_rows(out_size, x.dims[0])
        out.resize((rows, *x.dims[1:]))
        count = graph_funcs.send_u_recv(
            ctx.xp, x.data, src_index.data, dst_index.data,
            graph_funcs.graph_reduce("graph_send_recv", reduce_op),
            out.mutable_data(ctx.place, x.dtype))
        if dst_count is not None:
            dst_count.resize((rows,))
            dst_count.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(count)


register_operator("graph_send_recv", GraphSendRecvOp, GraphSendRecvOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("graph_send_recv", _backend, GraphSendRecvKernel, _dtype)
