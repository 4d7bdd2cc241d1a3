"""Grads of the v1 family (Paddle 1.x / 2.x ops), slots as Paddle's grad OpDescs and the
forward's attributes: mean_grad (PHI mean_all_grad: X (its dims), Out@GRAD -> X@GRAD, the
gradient / X's size everywhere); top_k_grad (topk_v1_grad: X (dims), Indices, K,
Out@GRAD -> X@GRAD, the gradient written at Indices along the last axis); expand_grad (v1,
legacy_expand_grad: X (dims), ExpandTimes, expand_times_tensor, Out@GRAD -> X@GRAD, summed
over each dim's copies); crop_tensor_grad (crop_grad: X (dims), Offsets, OffsetsTensor,
Out@GRAD -> X@GRAD, the gradient placed at the offsets). The size inputs are read on the
host where the gradient needs them (crop's offsets) and never moved. Math:
phi.kernels.funcs.reduce, sort_search, expand_grad, crop.
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
from phi.kernels.funcs import crop as crop_funcs
from phi.kernels.funcs import expand_grad as expand_grad_funcs
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.funcs import sort_search as ss_funcs

_MEAN_CPU = (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16, DataType.COMPLEX64,
             DataType.COMPLEX128)
_MEAN_GPU = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.COMPLEX64,
             DataType.COMPLEX128)
_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)
_HOST_SLOTS = ("K", "ExpandTimes", "expand_times_tensor", "Offsets", "OffsetsTensor")


class SizesOnHostGradOp(GradOp):
    """A grad op whose size / count inputs stay on the host as they are."""

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _HOST_SLOTS:
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ExpandGradOp(SizesOnHostGradOp):
    """Out@GRAD's own dims say how it sums back to X (Paddle 3.3.1's kernel takes them so)."""

    COTANGENT_DIMS_AS_GIVEN = True


class MeanGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        x_grad.resize(tuple(x.dims))
        reduce_funcs.mean_all_grad(ctx.xp, out_grad.data,
                                   x_grad.mutable_data(ctx.place, out_grad.dtype))


class TopKGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's input (its dims)")
        self.add_input("Indices", "the forward's Indices")
        self.add_input("K", "the forward's K", dispensable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("k", AttrType.INT, 1, "the forward's k")


class TopKGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        indices = ctx.input("Indices")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        x_grad.resize(tuple(x.dims))
        ss_funcs.topk_grad(ctx.xp, indices.data, out_grad.data, -1,
                           x_grad.mutable_data(ctx.place, out_grad.dtype))


class ExpandGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's input (its dims)")
        self.add_input("ExpandTimes", "the forward's ExpandTimes", dispensable=True)
        self.add_input("expand_times_tensor", "the forward's expand_times_tensor",
                       duplicable=True, dispensable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("expand_times", AttrType.INTS, [], "the forward's expand_times")


class ExpandGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        x_grad.resize(tuple(x.dims))
        expand_grad_funcs.tile_grad(ctx.xp, tuple(x.dims), out_grad.data,
                                    x_grad.mutable_data(ctx.place, out_grad.dtype))


class CropTensorGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's input (its dims)")
        self.add_input("Offsets", "the forward's Offsets", dispensable=True)
        self.add_input("OffsetsTensor", "the forward's OffsetsTensor", duplicable=True,
                       dispensable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("offsets", AttrType.INTS, [], "the forward's offsets")


class CropTensorGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        offsets = ctx.attr("offsets")
        if ctx.has_input("Offsets"):
            offsets = [int(v) for v in ctx.input("Offsets").numpy().reshape(-1)]
        elif ctx.has_input("OffsetsTensor"):
            offsets = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("OffsetsTensor")]
        x_grad.resize(tuple(x.dims))
        crop_funcs.crop_grad(ctx.xp, out_grad.data, offsets,
                             x_grad.mutable_data(ctx.place, out_grad.dtype))


register_operator("mean_grad", GradOp)
register_operator("top_k_grad", SizesOnHostGradOp, TopKGradOpMaker)
register_operator("expand_grad", ExpandGradOp, ExpandGradOpMaker)
register_operator("crop_tensor_grad", SizesOnHostGradOp, CropTensorGradOpMaker)
for _dtype in _MEAN_CPU:
    register_op_kernel("mean_grad", "CPU", MeanGradKernel, _dtype)
for _dtype in _MEAN_GPU:
    register_op_kernel("mean_grad", "GPU", MeanGradKernel, _dtype)
for _op, _kernel in (("top_k_grad", TopKGradKernel), ("expand_grad", ExpandGradKernel),
                     ("crop_tensor_grad", CropTensorGradKernel)):
    for _dtype in _TYPES:
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "mean_grad": [{"name": "3x4", "inputs": {"X": (3, 4), "Out@GRAD": {"value": 0.5}}}],
    "top_k_grad": [{"name": "k 2", "attrs": {"k": 2}, "inputs": {
        "X": (3, 4), "Indices": {"value": [[0, 2], [3, 1], [1, 0]], "dtype": "int64"},
        "Out@GRAD": (3, 2)}}],
    "expand_grad": [{"name": "times", "attrs": {"expand_times": [2, 1]},
                     "inputs": {"X": (3, 4), "Out@GRAD": (6, 4)}}],
    "crop_tensor_grad": [{"name": "window", "attrs": {"offsets": [1, 1]},
                          "inputs": {"X": (3, 4), "Out@GRAD": (2, 2)}}],
}
