"""Grads of the *_interp ops: nearest / bilinear / bicubic / linear / trilinear
_interp_v2_grad and the v1 nearest_interp_grad / bilinear_interp_grad. Slots as Paddle's
grad OpDescs (X for its dims, OutSize, SizeTensor, Scale, Out@GRAD -> X@GRAD) and the
forward's attributes; the proto is backward.yaml's.

The size inputs are read on the host and never transformed, as in the forward; X's values
are not read. Math: phi.kernels.funcs.interpolate_grad (the scatter-add adjoint of the
forward's weights).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import interpolate as interp_funcs
from phi.kernels.funcs import interpolate_grad as interp_grad_funcs

#: Inputs that only carry sizes: read on the host, never transformed.
_SIZE_SLOTS = ("OutSize", "SizeTensor", "Scale")
#: Paddle's CPU dtypes of every *_interp grad op
_FLOATS = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16)
_OPS = ("nearest_interp_v2_grad", "bilinear_interp_v2_grad", "bicubic_interp_v2_grad",
        "linear_interp_v2_grad", "trilinear_interp_v2_grad", "nearest_interp_grad",
        "bilinear_interp_grad")


class InterpolateGradOp(GradOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _SIZE_SLOTS:
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class InterpolateGradKernel(OpKernel):
    """Every *_interp grad op (`scale`: a list for v2, one float for v1)."""

    def compute(self, ctx: ExecutionContext) -> None:
        out_size = ctx.input("OutSize")
        size_tensor = ctx.multi_input("SizeTensor")
        scale_tensor = ctx.input("Scale")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data_layout = ctx.attr("data_layout")
        out_d = ctx.attr("out_d")
        out_h = ctx.attr("out_h")
        out_w = ctx.attr("out_w")
        scale = ctx.attr("scale")
        interp_method = ctx.attr("interp_method")
        align_corners = ctx.attr("align_corners")
        align_mode = ctx.attr("align_mode")
        req = interp_funcs.request(
            ctx.op_type, data_layout, out_d, out_h, out_w, scale,
            None if out_size is None else out_size.data,
            [t.data for t in size_tensor if t is not None],
            None if scale_tensor is None else scale_tensor.data)
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        interp_grad_funcs.interpolate_grad(ctx.xp, out_grad.data, interp_method, req,
                                           align_corners, align_mode, data)


def _verify(name: str, x: tuple[int, ...], out: tuple[int, ...], **attrs: object) -> dict:
    return {"name": name, "attrs": attrs, "inputs": {
        "X": x, "OutSize": None, "SizeTensor": None, "Scale": None, "Out@GRAD": out}}


#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "nearest_interp_v2_grad": [_verify("2x nearest", (2, 3, 4, 5), (2, 3, 8, 10),
                                       interp_method="nearest", out_h=8, out_w=10)],
    "bilinear_interp_v2_grad": [_verify("half-pixel bilinear", (2, 3, 4, 5), (2, 3, 7, 3),
                                        out_h=7, out_w=3, align_corners=False,
                                        align_mode=0)],
    "bicubic_interp_v2_grad": [_verify("bicubic", (1, 2, 4, 5), (1, 2, 6, 9),
                                       interp_method="bicubic", out_h=6, out_w=9)],
    "linear_interp_v2_grad": [_verify("linear", (2, 3, 5), (2, 3, 8), interp_method="linear",
                                      out_w=8)],
    "trilinear_interp_v2_grad": [_verify("trilinear", (1, 2, 3, 4, 5), (1, 2, 5, 2, 7),
                                         interp_method="trilinear", out_d=5, out_h=2,
                                         out_w=7)],
    "nearest_interp_grad": [_verify("v1 nearest, scale", (2, 3, 4, 5), (2, 3, 8, 10),
                                    interp_method="nearest", scale=2.0)],
    "bilinear_interp_grad": [_verify("v1 bilinear", (2, 3, 4, 5), (2, 3, 6, 7), out_h=6,
                                     out_w=7)],
}

register_operator("nearest_interp_v2_grad", InterpolateGradOp)
register_operator("bilinear_interp_v2_grad", InterpolateGradOp)
register_operator("bicubic_interp_v2_grad", InterpolateGradOp)
register_operator("linear_interp_v2_grad", InterpolateGradOp)
register_operator("trilinear_interp_v2_grad", InterpolateGradOp)
register_operator("nearest_interp_grad", InterpolateGradOp)
register_operator("bilinear_interp_grad", InterpolateGradOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _FLOATS:
        for _op in _OPS:
            register_op_kernel(_op, _backend, InterpolateGradKernel, _dtype)
