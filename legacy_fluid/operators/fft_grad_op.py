"""Grads of the fft family (PHI <op>_grad of the same names), slots as Paddle's grad OpDescs
and the forward's attributes: fft_c2c_grad (Out@GRAD -> X@GRAD), fft_r2c_grad (X (its dims),
Out@GRAD -> X@GRAD), fft_c2r_grad (Out@GRAD -> X@GRAD: the last transformed axis n -> n // 2
+ 1 bins), frame_grad and overlap_add_grad (X (dims), Out@GRAD -> X@GRAD), stft_grad (X,
Window, complex Out@GRAD -> real X@GRAD; no Window@GRAD, as Paddle: the kernel is X's type),
complex_grad (X, Y, Out@GRAD -> X@GRAD, Y@GRAD: the real and imaginary parts; it runs in X's
real type). as_complex and as_real have no grad op types: Paddle's backward writes an as_real /
as_complex op. Math: phi.kernels.funcs.fft_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp, XTypedGradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.kernel_templates import OutGradLikeXKernel, OutGradOnlyKernel
from phi.common import DataType
from phi.kernels.funcs import fft as fft_funcs
from phi.kernels.funcs import fft_grad as fft_grad_funcs

_COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)
_REAL = (DataType.FLOAT32, DataType.FLOAT64)
_FRAME = (DataType.INT32, DataType.INT64, *_REAL, *_COMPLEX)


class FFTC2CGradOp(GradOp):
    LIKE = {"X@GRAD": "Out@GRAD"}


class FFTC2RGradOp(GradOp):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ctx.get_input_dim("Out@GRAD")
        ctx.set_output_dim("X@GRAD", fft_grad_funcs.fft_c2r_grad_dims(dims, ctx.attr("axes")))
        ctx.set_output_dtype("X@GRAD", fft_funcs.complex_dtype(
            "fft_c2r_grad", ctx.get_input_dtype("Out@GRAD")))


class StftGradOp(GradOp):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class FFTC2RGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        axes = ctx.attr("axes")
        normalization = ctx.attr("normalization")
        forward = ctx.attr("forward")
        dtype = fft_funcs.complex_dtype("fft_c2r_grad", out_grad.dtype)
        fft_grad_funcs.fft_c2r_grad(ctx.xp, out_grad.data, axes, normalization, forward,
                                    x_grad.mutable_data(ctx.place, dtype))


class StftGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        window = ctx.input("Window")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        n_fft = ctx.attr("n_fft")
        hop_length = ctx.attr("hop_length")
        normalized = ctx.attr("normalized")
        onesided = ctx.attr("onesided")
        fft_grad_funcs.stft_grad(ctx.xp, window.data, out_grad.data, n_fft, hop_length,
                                 normalized, onesided, x_grad.mutable_data(ctx.place, x.dtype))


class ComplexGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype)
        fft_grad_funcs.complex_grad(ctx.xp, tuple(x.dims), tuple(y.dims), out_grad.data, dx,
                                    dy)


register_operator("fft_c2c_grad", FFTC2CGradOp)
register_operator("complex_grad", XTypedGradOp)
register_operator("fft_r2c_grad", GradOp)
register_operator("fft_c2r_grad", FFTC2RGradOp)
register_operator("frame_grad", GradOp)
register_operator("overlap_add_grad", GradOp)
register_operator("stft_grad", StftGradOp)
for _op, _kernel, _dtypes in (("fft_c2r_grad", FFTC2RGradKernel, _REAL),
                              ("stft_grad", StftGradKernel, _REAL),
                              ("complex_grad", ComplexGradKernel, _REAL)):
    for _dtype in _dtypes:
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)

_AXES = {"axes": [1], "normalization": "ortho", "forward": True}
#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "fft_c2c_grad": [{"name": "axis 1", "attrs": _AXES,
                      "inputs": {"Out@GRAD": (3, 4)}, "dtypes": ["complex64", "complex128"]}],
    "fft_r2c_grad": [{"name": f"axis 1, {real} X", "attrs": {**_AXES, "onesided": True},
                      "inputs": {"X": {"shape": (3, 6), "dtype": real}, "Out@GRAD": (3, 4)},
                      "dtypes": [grad]}
                     for real, grad in (("float32", "complex64"), ("float64", "complex128"))],
    "fft_c2r_grad": [{"name": "axis 1", "attrs": _AXES, "inputs": {"Out@GRAD": (3, 6)}}],
    "frame_grad": [{"name": "length 3 hop 2", "attrs": {"frame_length": 3, "hop_length": 2},
                    "inputs": {"X": (2, 7), "Out@GRAD": (2, 3, 3)}}],
    "overlap_add_grad": [{"name": "hop 2", "attrs": {"hop_length": 2},
                          "inputs": {"X": (2, 3, 3), "Out@GRAD": (2, 7)}}],
    "stft_grad": [{"name": f"n_fft 4 hop 2, {real}", "attrs": {
        "n_fft": 4, "hop_length": 2, "normalized": False, "onesided": True},
        "inputs": {"X": (2, 8), "Window": (4,), "Out@GRAD": {"shape": (2, 3, 3), "dtype": grad}},
        "dtypes": [real]}
        for real, grad in (("float32", "complex64"), ("float64", "complex128"))],
}
register_op_table(OutGradOnlyKernel, [
    OpKernelRow("fft_c2c_grad", "FFTC2CGradKernel", fft_grad_funcs.fft_c2c_grad, _COMPLEX,
                attrs=("axes", "normalization", "forward")),
    OpKernelRow("frame_grad", "FrameGradKernel", fft_grad_funcs.frame_grad, _FRAME,
                attrs=("frame_length", "hop_length", "axis")),
    OpKernelRow("overlap_add_grad", "OverlapAddGradKernel", fft_grad_funcs.overlap_add_grad,
                _FRAME, attrs=("hop_length", "axis")),
], by_dtype=True)
register_op_table(OutGradLikeXKernel, [
    OpKernelRow("fft_r2c_grad", "FFTR2CGradKernel", fft_grad_funcs.fft_r2c_grad, _COMPLEX,
                attrs=("axes", "normalization", "forward", "onesided")),
], by_dtype=True)
