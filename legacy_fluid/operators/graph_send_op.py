"""Graph message passing. graph_send_recv (PHI send_u_recv): X's rows at Src_index reduced
(reduce_op SUM, MEAN, MAX, MIN) into Out's rows at Dst_index. graph_send_ue_recv (PHI
send_ue_recv): each message first combined (message_op ADD, MUL) with its edge's row of Y.
Out has out_size rows (the Out_size tensor, else the attribute; <= 0: X's rows); Dst_count:
the edges per Out row. graph_send_uv (PHI send_uv): out[e] = x[src[e]] op y[dst[e]] (ADD,
MUL). Math: phi.kernels.funcs.graph.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import graph as graph_funcs

_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)


class GraphSendRecvOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """Out: out_size rows (known at run time when fed) of the message dims."""
        op = ctx.op_type
        graph_funcs.graph_reduce(op, ctx.attr("reduce_op"))
        graph_funcs.check_index_dims(op, ctx.get_input_dim("Src_index"),
                                     ctx.get_input_dim("Dst_index"))
        x_dims = ctx.get_input_dim("X")
        features = x_dims[1:]
        if ctx.has_input("Y"):
            graph_funcs.graph_message(op, ctx.attr("message_op"))
            features = graph_funcs.message_dims(op, x_dims, ctx.get_input_dim("Y"))
        rows = (-1 if ctx.has_input("Out_size")
                else graph_funcs.out_rows(ctx.attr("out_size"), x_dims[0]))
        ctx.set_output_dim("Out", (rows, *features))
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
        out = ctx.output("Out")
        dst_count = ctx.output("Dst_count")
        out_size = ctx.attr("out_size")
        if ctx.has_input("Out_size"):
            out_size = [int(v) for v in ctx.input("Out_size").numpy().reshape(-1)]
        reduce = graph_funcs.graph_reduce("graph_send_recv", ctx.attr("reduce_op"))
        rows = graph_funcs.out_rows(out_size, x.dims[0])
        out.resize((rows, *x.dims[1:]))
        count = graph_funcs.send_u_recv(ctx.xp, x.data, src_index.data, dst_index.data, reduce,
                                        out.mutable_data(ctx.place, x.dtype))
        dst_count.resize((rows,))
        dst_count.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(count)


class GraphSendUERecvKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        src_index = ctx.input("Src_index")
        dst_index = ctx.input("Dst_index")
        out = ctx.output("Out")
        dst_count = ctx.output("Dst_count")
        message = graph_funcs.graph_message("graph_send_ue_recv", ctx.attr("message_op"))
        out_size = ctx.attr("out_size")
        if ctx.has_input("Out_size"):
            out_size = [int(v) for v in ctx.input("Out_size").numpy().reshape(-1)]
        reduce = graph_funcs.graph_reduce("graph_send_ue_recv", ctx.attr("reduce_op"))
        rows = graph_funcs.out_rows(out_size, x.dims[0])
        out.resize((rows, *graph_funcs.message_dims("graph_send_ue_recv", x.dims, y.dims)))
        count = graph_funcs.send_ue_recv(ctx.xp, x.data, y.data, src_index.data,
                                         dst_index.data, message, reduce,
                                         out.mutable_data(ctx.place, x.dtype))
        dst_count.resize((rows,))
        dst_count.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(count)


class GraphSendUVOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "x"), ctx.place)


class GraphSendUVKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        src_index = ctx.input("src_index")
        dst_index = ctx.input("dst_index")
        out = ctx.output("out")
        message = graph_funcs.graph_message("graph_send_uv", ctx.attr("message_op"))
        graph_funcs.send_uv(ctx.xp, x.data, y.data, src_index.data, dst_index.data, message,
                            out.mutable_data(ctx.place, x.dtype))


_EDGES = {"Src_index": {"value": [0, 2, 1, 3], "dtype": "int64"},
          "Dst_index": {"value": [1, 1, 0, 3], "dtype": "int64"}}
VERIFY_CASES = {
    "graph_send_recv": [{"name": "4 edges mean", "inputs": {"X": (4, 3), **_EDGES},
                         "attrs": {"reduce_op": "MEAN"}, "outputs": {"Out": 1, "Dst_count": 1}}],
    "graph_send_ue_recv": [{"name": "4 edges mul max",
                            "inputs": {"X": (4, 3), "Y": (4, 3), **_EDGES},
                            "attrs": {"message_op": "MUL", "reduce_op": "MAX"},
                            "outputs": {"Out": 1, "Dst_count": 1}}],
    "graph_send_uv": [{"name": "4 edges add",
                       "inputs": {"x": (4, 3), "y": (4, 1),
                                  "src_index": _EDGES["Src_index"],
                                  "dst_index": _EDGES["Dst_index"]},
                       "outputs": {"out": 1}}],
}

register_operator("graph_send_recv", GraphSendRecvOp)
register_operator("graph_send_ue_recv", GraphSendRecvOp)
register_operator("graph_send_uv", GraphSendUVOp)
for _dtype in _TYPES:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("graph_send_recv", _backend, GraphSendRecvKernel, _dtype)
        register_op_kernel("graph_send_ue_recv", _backend, GraphSendUERecvKernel, _dtype)
        register_op_kernel("graph_send_uv", _backend, GraphSendUVKernel, _dtype)
