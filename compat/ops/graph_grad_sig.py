"""The graph message-passing grads: graph_send_recv_grad -> send_u_recv_grad,
graph_send_ue_recv_grad -> send_ue_recv_grad, graph_send_uv_grad -> send_uv_grad (the
descs' out_size attribute is not a kernel argument; graph_send_uv's slots are lower-case)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("graph_send_recv_grad")
def graph_send_recv_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("send_u_recv_grad",
                           ["X", "Src_index", "Dst_index", "Out", "Dst_count", "Out@GRAD"],
                           ["reduce_op"], ["X@GRAD"])


@register_arg_mapping("graph_send_ue_recv_grad")
def graph_send_ue_recv_grad_op_argument_mapping(ctx: ArgumentMappingContext
                                                ) -> KernelSignature:
    return KernelSignature("send_ue_recv_grad",
                           ["X", "Y", "Src_index", "Dst_index", "Out", "Dst_count",
                            "Out@GRAD"], ["message_op", "reduce_op"], ["X@GRAD", "Y@GRAD"])


@register_arg_mapping("graph_send_uv_grad")
def graph_send_uv_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("send_uv_grad", ["x", "y", "src_index", "dst_index", "out@GRAD"],
                           ["message_op"], ["x@GRAD", "y@GRAD"])
