"""Grads of expand_v2 and tile (PHI expand_grad, tile_grad). Slots as Paddle's grad
OpDescs: X (its dims only), Out@GRAD and the forward's size inputs (Shape /
expand_shapes_tensor, RepeatTimes / repeat_times_tensor; the sizes follow from X and
Out@GRAD, so they are not read) -> X@GRAD; attributes the forward's. Math:
phi.kernels.funcs.expand_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.kernels.funcs import expand_grad as expand_grad_funcs


class ExpandV2GradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward input (its dims)")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_input("Shape", "the forward's Shape", dispensable=True)
        self.add_input("expand_shapes_tensor", "the forward's expand_shapes_tensor",
                       duplicable=True, dispensable=True)
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("shape", AttrType.INTS, [], "the forward's shape")


class ExpandV2GradOp(GradOp):
    """Out@GRAD's own dims say how it sums back to X (Paddle 3.3.1's kernel takes them so)."""

    COTANGENT_DIMS_AS_GIVEN = True


class _SumBackGradKernel(OpKernel):
    """X@GRAD from X's dims and Out@GRAD; each op's kernel sets GRAD."""

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        x_grad.resize(tuple(x.dims))
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        self.GRAD(ctx.xp, tuple(x.dims), out_grad.data, data)


class ExpandV2GradKernel(_SumBackGradKernel):
    GRAD = staticmethod(expand_grad_funcs.expand_grad)


class TileGradKernel(_SumBackGradKernel):
    GRAD = staticmethod(expand_grad_funcs.tile_grad)


VERIFY_CASES = {
    "expand_v2_grad": [{"name": "stretch and lead", "inputs": {"X": (3, 1), "Out@GRAD": (2, 3, 4)},
                        "attrs": {"shape": [2, 3, 4]}}],
    "tile_grad": [{"name": "repeats", "inputs": {"X": (2, 3), "Out@GRAD": (2, 4, 3)},
                   "attrs": {"repeat_times": [2, 2, 1]}}],
}

register_operator("expand_v2_grad", ExpandV2GradOp, ExpandV2GradOpMaker)
register_operator("tile_grad", GradOp)
for _dtype in expand_grad_funcs.EXPAND_GRAD_TYPES:
    register_op_kernel("expand_v2_grad", "CPU", ExpandV2GradKernel, _dtype)
for _dtype in expand_grad_funcs.EXPAND_GRAD_GPU_TYPES:
    register_op_kernel("expand_v2_grad", "GPU", ExpandV2GradKernel, _dtype)
for _place in ("CPU", "GPU"):
    for _dtype in expand_grad_funcs.TILE_GRAD_TYPES:
        register_op_kernel("tile_grad", _place, TileGradKernel, _dtype)
