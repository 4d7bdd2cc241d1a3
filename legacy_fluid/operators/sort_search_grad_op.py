"""Grads of argsort, top_k_v2, kthvalue and mode (PHI argsort_grad, topk_grad,
kthvalue_grad, mode_grad): X (its dims), the forward's Indices (and top_k_v2's K tensor,
unread: Indices carry k), Out@GRAD -> X@GRAD, zero but Out@GRAD put back where Indices
point along the axis; attributes the forward's, as Paddle 3.3.1's grad OpDescs. Math:
phi.kernels.funcs.sort_search_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.sort_search_op import _ARGSORT, _SELECT
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import sort_search_grad as ss_grad_funcs


class IndexedGradOp(GradOp):
    """Indices (and K) are read as they are, never cast to the gradient's type."""

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("Indices", "K"):
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ArgsortGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        indices = ctx.input("Indices")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        ss_grad_funcs.put_back_grad(ctx.xp, indices.data, out_grad.data, axis, True, data)


class TopKV2GradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        indices = ctx.input("Indices")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        ss_grad_funcs.put_back_grad(ctx.xp, indices.data, out_grad.data, axis, True, data)


class KthvalueGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        indices = ctx.input("Indices")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        keepdim = ctx.attr("keepdim")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        ss_grad_funcs.put_back_grad(ctx.xp, indices.data, out_grad.data, axis, keepdim, data)


class ModeGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        indices = ctx.input("Indices")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axis = ctx.attr("axis")
        keepdim = ctx.attr("keepdim")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        ss_grad_funcs.put_back_grad(ctx.xp, indices.data, out_grad.data, axis, keepdim, data)


def _ids(value: list[list[int]]) -> dict:
    return {"value": value, "dtype": "int64"}


VERIFY_CASES = {
    "argsort_grad": [{"name": "axis 0", "inputs": {
        "X": (2, 3), "Indices": _ids([[1, 0, 0], [0, 1, 1]]), "Out@GRAD": (2, 3)},
        "attrs": {"axis": 0}}],
    "top_k_v2_grad": [{"name": "k 2", "inputs": {
        "X": (2, 3), "Indices": _ids([[2, 0], [1, 2]]), "Out@GRAD": (2, 2)},
        "attrs": {"k": 2}}],
    "kthvalue_grad": [{"name": "keepdim", "inputs": {
        "X": (2, 3), "Indices": _ids([[2], [0]]), "Out@GRAD": (2, 1)},
        "attrs": {"k": 2, "keepdim": True}}],
    "mode_grad": [{"name": "axis 0", "inputs": {
        "X": (2, 3), "Indices": {"value": [1, 0, 1], "dtype": "int64"}, "Out@GRAD": (3,)},
        "attrs": {"axis": 0}}],
}

register_operator("argsort_grad", IndexedGradOp)
register_operator("top_k_v2_grad", IndexedGradOp)
register_operator("kthvalue_grad", IndexedGradOp)
register_operator("mode_grad", IndexedGradOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _ARGSORT:
        register_op_kernel("argsort_grad", _backend, ArgsortGradKernel, _dtype)
    for _dtype in _SELECT:
        register_op_kernel("top_k_v2_grad", _backend, TopKV2GradKernel, _dtype)
        register_op_kernel("kthvalue_grad", _backend, KthvalueGradKernel, _dtype)
        register_op_kernel("mode_grad", _backend, ModeGradKernel, _dtype)
