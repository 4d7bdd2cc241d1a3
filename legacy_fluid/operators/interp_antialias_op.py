"""interp_antialias: bilinear / bicubic resampling of a 4-D x with an anti-aliasing
filter (Pillow's separable filter: its support widens with the downscaling ratio). Sizes
as the *_interp ops (out_size, size_tensor, scale_tensor read on the host, never
transformed; `scale`: none or [h, w]). Math:
phi.kernels.funcs.interp_antialias.

interp_antialias_grad: slots as Paddle's grad OpDesc (x for its dims, out_size,
size_tensor, scale_tensor, output@GRAD -> x@GRAD, lower-case as the forward's), the
forward's attributes; math: phi.kernels.funcs.interp_antialias_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import interp_antialias as aa_funcs
from phi.kernels.funcs import interp_antialias_grad as aa_grad_funcs

_SIZE_SLOTS = ("out_size", "size_tensor", "scale_tensor")


class InterpAntialiasOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("x", "4-D input, NCHW or NHWC")
        self.add_input("out_size", "int32 [2]: the output H, W", dispensable=True)
        self.add_input("size_tensor", "int32 [1] tensors: H, W", duplicable=True,
                       dispensable=True)
        self.add_input("scale_tensor", "float32 scales (1 or 2 values)", dispensable=True)
        self.add_output("output", "x resampled")
        self.add_attr("data_format", AttrType.STRING, "NCHW", "NCHW or NHWC")
        self.add_attr("out_d", AttrType.INT, 0, "unused (4-D only)")
        self.add_attr("out_h", AttrType.INT, 0, "output height")
        self.add_attr("out_w", AttrType.INT, 0, "output width")
        self.add_attr("scale", AttrType.FLOAT64S, [], "[scale_h, scale_w]")
        self.add_attr("interp_method", AttrType.STRING, "bilinear", "bilinear or bicubic")
        self.add_attr("align_corners", AttrType.BOOLEAN, True, "corner-aligned ratios")
        self.add_attr("align_mode", AttrType.INT, 1, "unused by the filter")


class InterpAntialiasOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default); size inputs stay where they are."""

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _SIZE_SLOTS:
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class InterpAntialiasKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out_size = ctx.input("out_size")
        size_tensor = ctx.multi_input("size_tensor")
        scale_tensor = ctx.input("scale_tensor")
        output = ctx.output("output")
        data_format = ctx.attr("data_format")
        out_d = ctx.attr("out_d")
        out_h = ctx.attr("out_h")
        out_w = ctx.attr("out_w")
        scale = ctx.attr("scale")
        interp_method = ctx.attr("interp_method")
        align_corners = ctx.attr("align_corners")
        align_mode = ctx.attr("align_mode")
        req = aa_funcs.antialias_request(
            data_format, out_d, out_h, out_w, scale, None if out_size is None else out_size.data,
            [t.data for t in size_tensor if t is not None],
            None if scale_tensor is None else scale_tensor.data)
        output.resize(req.plan(x.dims)[0])
        aa_funcs.interp_antialias(ctx.xp, x.data, interp_method, req, align_corners,
                                  align_mode, output.mutable_data(ctx.place, x.dtype))


class InterpAntialiasGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("x", "the forward's x (its dims)")
        self.add_input("out_size", "the forward's out_size", dispensable=True)
        self.add_input("size_tensor", "the forward's size_tensor", duplicable=True,
                       dispensable=True)
        self.add_input("scale_tensor", "the forward's scale_tensor", dispensable=True)
        self.add_input("output@GRAD", "gradient of output")
        self.add_output("x@GRAD", "gradient of x")
        self.add_attr("data_format", AttrType.STRING, "NCHW", "the forward's data_format")
        self.add_attr("out_d", AttrType.INT, 0, "the forward's out_d")
        self.add_attr("out_h", AttrType.INT, 0, "the forward's out_h")
        self.add_attr("out_w", AttrType.INT, 0, "the forward's out_w")
        self.add_attr("scale", AttrType.FLOAT64S, [], "the forward's scale")
        self.add_attr("interp_method", AttrType.STRING, "bilinear", "the forward's method")
        self.add_attr("align_corners", AttrType.BOOLEAN, True, "the forward's align_corners")
        self.add_attr("align_mode", AttrType.INT, 1, "unused by the filter")


class InterpAntialiasGradOp(GradOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _SIZE_SLOTS:
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class InterpAntialiasGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_size = ctx.input("out_size")
        size_tensor = ctx.multi_input("size_tensor")
        scale_tensor = ctx.input("scale_tensor")
        output_grad = ctx.input("output@GRAD")
        x_grad = ctx.output("x@GRAD")
        data_format = ctx.attr("data_format")
        out_d = ctx.attr("out_d")
        out_h = ctx.attr("out_h")
        out_w = ctx.attr("out_w")
        scale = ctx.attr("scale")
        interp_method = ctx.attr("interp_method")
        align_corners = ctx.attr("align_corners")
        align_mode = ctx.attr("align_mode")
        req = aa_funcs.antialias_request(
            data_format, out_d, out_h, out_w, scale, None if out_size is None else out_size.data,
            [t.data for t in size_tensor if t is not None],
            None if scale_tensor is None else scale_tensor.data)
        data = x_grad.mutable_data(ctx.place, output_grad.dtype)
        aa_grad_funcs.interp_antialias_grad(ctx.xp, output_grad.data, interp_method, req,
                                            align_corners, align_mode, data)


VERIFY_CASES = {
    "interp_antialias": [{"name": "8x8 to 3x5", "inputs": {"x": (1, 2, 8, 8)},
                          "attrs": {"out_h": 3, "out_w": 5, "align_corners": False},
                          "outputs": {"output": 1}}],
    "interp_antialias_grad": [{"name": "8x8 to 3x5", "attrs": {"out_h": 3, "out_w": 5,
                                                                "align_corners": False},
                               "inputs": {"x": (1, 2, 8, 8), "out_size": None,
                                          "size_tensor": None, "scale_tensor": None,
                                          "output@GRAD": (1, 2, 3, 5)}}],
}

register_operator("interp_antialias", InterpAntialiasOp, InterpAntialiasOpMaker)
register_operator("interp_antialias_grad", InterpAntialiasGradOp, InterpAntialiasGradOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
               DataType.UINT8):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("interp_antialias", _backend, InterpAntialiasKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("interp_antialias_grad", _backend, InterpAntialiasGradKernel, _dtype)
