"""Grads of the graph message-passing ops, slots and attributes as Paddle 3.3.1's grad
OpDescs (makers: the descs keep the forward's Out / Dst_count and out_size):
graph_send_recv_grad (PHI send_u_recv_grad): X, Src_index, Dst_index, Out, Dst_count,
Out@GRAD -> X@GRAD; graph_send_ue_recv_grad (PHI send_ue_recv_grad): the same with Y ->
X@GRAD, Y@GRAD; graph_send_uv_grad (PHI send_uv_grad, lower-case slots): x, y, src_index,
dst_index, out@GRAD -> x@GRAD, y@GRAD. Math: phi.kernels.funcs.graph_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import graph as graph_funcs
from phi.kernels.funcs import graph_grad as graph_grad_funcs

_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)
_INDEX_SLOTS = ("Src_index", "Dst_index", "Dst_count", "src_index", "dst_index")


class GraphSendRecvGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's X")
        self.add_input("Src_index", "the forward's Src_index")
        self.add_input("Dst_index", "the forward's Dst_index")
        self.add_input("Out", "the forward's Out (MAX / MIN)", dispensable=True)
        self.add_input("Dst_count", "the forward's Dst_count (MEAN)", dispensable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("reduce_op", AttrType.STRING, "SUM", "the forward's reduce_op")
        self.add_attr("out_size", AttrType.LONGS, [0], "the forward's out_size (unused)")


class GraphSendUERecvGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's X")
        self.add_input("Y", "the forward's Y (edge features)")
        self.add_input("Src_index", "the forward's Src_index")
        self.add_input("Dst_index", "the forward's Dst_index")
        self.add_input("Out", "the forward's Out (MAX / MIN)", dispensable=True)
        self.add_input("Dst_count", "the forward's Dst_count (MEAN)", dispensable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X", dispensable=True)
        self.add_output("Y@GRAD", "gradient of Y", dispensable=True)
        self.add_attr("message_op", AttrType.STRING, "ADD", "the forward's message_op")
        self.add_attr("reduce_op", AttrType.STRING, "SUM", "the forward's reduce_op")
        self.add_attr("out_size", AttrType.LONGS, [0], "the forward's out_size (unused)")


class GraphSendUVGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("x", "the forward's x")
        self.add_input("y", "the forward's y")
        self.add_input("src_index", "the forward's src_index")
        self.add_input("dst_index", "the forward's dst_index")
        self.add_input("out@GRAD", "gradient of out")
        self.add_output("x@GRAD", "gradient of x", dispensable=True)
        self.add_output("y@GRAD", "gradient of y", dispensable=True)
        self.add_attr("message_op", AttrType.STRING, "ADD", "the forward's message_op")


class GraphGradOp(GradOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _INDEX_SLOTS:
            return None  # indices and counts are read as they are, never cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class GraphSendRecvGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        src_index = ctx.input("Src_index")
        dst_index = ctx.input("Dst_index")
        out = ctx.input("Out")
        dst_count = ctx.input("Dst_count")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        reduce = graph_funcs.graph_reduce("graph_send_recv_grad", ctx.attr("reduce_op"))
        graph_grad_funcs.send_u_recv_grad(
            ctx.xp, x.data, src_index.data, dst_index.data, None if out is None else out.data,
            None if dst_count is None else dst_count.data, out_grad.data, reduce,
            x_grad.mutable_data(ctx.place, x.dtype))


class GraphSendUERecvGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        src_index = ctx.input("Src_index")
        dst_index = ctx.input("Dst_index")
        out = ctx.input("Out")
        dst_count = ctx.input("Dst_count")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        message = graph_funcs.graph_message("graph_send_ue_recv_grad", ctx.attr("message_op"))
        reduce = graph_funcs.graph_reduce("graph_send_ue_recv_grad", ctx.attr("reduce_op"))
        graph_grad_funcs.send_ue_recv_grad(
            ctx.xp, x.data, y.data, src_index.data, dst_index.data,
            None if out is None else out.data, None if dst_count is None else dst_count.data,
            out_grad.data, message, reduce,
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype))


class GraphSendUVGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        src_index = ctx.input("src_index")
        dst_index = ctx.input("dst_index")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        y_grad = ctx.output("y@GRAD")
        message = graph_funcs.graph_message("graph_send_uv_grad", ctx.attr("message_op"))
        graph_grad_funcs.send_uv_grad(
            ctx.xp, x.data, y.data, src_index.data, dst_index.data, out_grad.data, message,
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype))


class GraphSendUVGradOp(GraphGradOp):
    LIKE = {"x@GRAD": "x", "y@GRAD": "y"}

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "out@GRAD"), ctx.place)


_EDGES = {"Src_index": {"value": [0, 2, 1, 3], "dtype": "int64"},
          "Dst_index": {"value": [1, 1, 0, 3], "dtype": "int64"}}
VERIFY_CASES = {
    "graph_send_recv_grad": [{"name": "4 edges sum", "inputs": {
        "X": (4, 3), **_EDGES, "Out": None, "Dst_count": None, "Out@GRAD": (4, 3)}}],
    "graph_send_ue_recv_grad": [{"name": "4 edges add sum", "inputs": {
        "X": (4, 3), "Y": (4, 3), **_EDGES, "Out": None, "Dst_count": None,
        "Out@GRAD": (4, 3)}, "outputs": {"X@GRAD": 1, "Y@GRAD": 1}}],
    "graph_send_uv_grad": [{"name": "4 edges add", "inputs": {
        "x": (4, 3), "y": (4, 3), "src_index": _EDGES["Src_index"],
        "dst_index": _EDGES["Dst_index"], "out@GRAD": (4, 3)},
        "outputs": {"x@GRAD": 1, "y@GRAD": 1}}],
}

register_operator("graph_send_recv_grad", GraphGradOp, GraphSendRecvGradOpMaker)
register_operator("graph_send_ue_recv_grad", GraphGradOp, GraphSendUERecvGradOpMaker)
register_operator("graph_send_uv_grad", GraphSendUVGradOp, GraphSendUVGradOpMaker)
for _dtype in _TYPES:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("graph_send_recv_grad", _backend, GraphSendRecvGradKernel, _dtype)
        register_op_kernel("graph_send_ue_recv_grad", _backend, GraphSendUERecvGradKernel,
                           _dtype)
        register_op_kernel("graph_send_uv_grad", _backend, GraphSendUVGradKernel, _dtype)
