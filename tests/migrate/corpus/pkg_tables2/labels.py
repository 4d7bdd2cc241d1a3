"""A softmax cross-entropy over class ids: `X` holds logits [N, C], `Label` one id in
[0, C) per row ([N] or [N, 1]); its gradient op reads the softmax back."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType


class XentMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "logits, one row per sample")
        self.add_input("Label", "the class id of each row")
        self.add_output("Softmax", "softmax of X over its last axis")
        self.add_output("Loss", "-log softmax at the label, one per row")


class XentGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Softmax", "the forward's softmax")
        self.add_input("Loss@GRAD", "gradient of Loss")
        self.add_input("Label", "the forward's labels")
        self.add_output("X@GRAD", "gradient of X")


class XentOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        dims = list(ctx.get_input_dim("X"))
        ctx.set_output_dim("Softmax", dims)
        ctx.set_output_dim("Loss", [*dims[:-1], 1])
        ctx.set_output_dtype("Softmax", ctx.get_input_dtype("X"))
        ctx.set_output_dtype("Loss", ctx.get_input_dtype("X"))


class XentGradOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("Softmax", "X@GRAD")
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("Softmax"))


def _rows(label, n):
    ids = label.reshape(-1)
    return np.arange(n), ids


class SoftmaxXentKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        rows, ids = _rows(ctx.input("Label").data, x.data.shape[0])
        shifted = x.data - x.data.max(axis=-1, keepdims=True)
        e = np.exp(shifted)
        soft = e / e.sum(axis=-1, keepdims=True)
        ctx.output("Softmax").mutable_data(ctx.place, x.dtype)[...] = soft
        loss = ctx.output("Loss").mutable_data(ctx.place, x.dtype)
        loss[...] = -np.log(soft[rows, ids])[:, None]


class SoftmaxXentGradKernel(OpKernel):
    def compute(self, ctx):
        soft = ctx.input("Softmax")
        dloss = ctx.input("Loss@GRAD").data
        rows, ids = _rows(ctx.input("Label").data, soft.data.shape[0])
        dx = ctx.output("X@GRAD").mutable_data(ctx.place, soft.dtype)
        grad = soft.data.copy()
        grad[rows, ids] -= 1
        dx[...] = grad * dloss.reshape(-1, 1)


register_operator("t2_softmax_xent", XentOp, XentMaker)
register_operator("t2_softmax_xent_grad", XentGradOp, XentGradMaker)
register_op_kernel("t2_softmax_xent", "CPU", SoftmaxXentKernel, DataType.FLOAT32,
                   DataType.FLOAT64)
register_op_kernel("t2_softmax_xent_grad", "CPU", SoftmaxXentGradKernel, DataType.FLOAT32,
                   DataType.FLOAT64)
