"""The fft family. FFT ops over the axes `axes` of X:

- fft_c2c: complex to complex;
- fft_r2c: real to complex (`onesided`: the last axis keeps n // 2 + 1 bins);
- fft_c2r: Hermitian complex to real, the last axis `last_dim_size` long (0: 2 * (m - 1));

`normalization` ("backward", "forward", "ortho") says which direction is scaled, `forward`
the exponent's sign. Complex helpers: as_complex (a last axis of 2 -> complex), as_real
(complex -> a last axis of 2), complex (X + iY, broadcast). Signal helpers: frame (frames
of frame_length every hop_length along axis 0 or -1) and overlap_add (their inverse sum);
stft (the onesided transforms of X's windowed frames). Math in phi.kernels.funcs.fft.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import fft as fft_funcs

_COMPLEX_TYPES = (DataType.COMPLEX64, DataType.COMPLEX128)
_REAL_TYPES = (DataType.FLOAT32, DataType.FLOAT64)
_FRAME_TYPES = (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
                DataType.COMPLEX64, DataType.COMPLEX128)


class _FFTOp(OperatorWithKernel):
    """X's dtype picks the kernel."""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_data_type(ctx), ctx.place)


class FFTC2COp(_FFTOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class FFTR2COp(_FFTOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class FFTC2ROp(_FFTOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class AsComplexOp(_FFTOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class AsRealOp(_FFTOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class ComplexOp(_FFTOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class FrameOp(_FFTOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class StftKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        window = ctx.input("Window")
        out = ctx.output("Out")
        n_fft = ctx.attr("n_fft")
        hop_length = ctx.attr("hop_length")
        normalized = ctx.attr("normalized")
        onesided = ctx.attr("onesided")
        data = out.mutable_data(ctx.place, fft_funcs.complex_dtype("stft", x.dtype))
        fft_funcs.stft(ctx.xp, x.data, window.data, n_fft, hop_length, normalized, onesided,
                       data)


class OverlapAddOp(_FFTOp):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class FFTR2CKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axes = ctx.attr("axes")
        normalization = ctx.attr("normalization")
        forward = ctx.attr("forward")
        onesided = ctx.attr("onesided")
        data = out.mutable_data(ctx.place, fft_funcs.complex_dtype("fft_r2c", x.dtype))
        fft_funcs.fft_r2c(ctx.xp, x.data, axes, normalization, forward, onesided, data)


class FFTC2RKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axes = ctx.attr("axes")
        normalization = ctx.attr("normalization")
        forward = ctx.attr("forward")
        last_dim_size = ctx.attr("last_dim_size")
        data = out.mutable_data(ctx.place, fft_funcs.real_dtype("fft_c2r", x.dtype))
        fft_funcs.fft_c2r(ctx.xp, x.data, axes, normalization, forward, last_dim_size, data)


class AsComplexKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, fft_funcs.complex_dtype("as_complex", x.dtype))
        fft_funcs.as_complex(ctx.xp, x.data, data)


class AsRealKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, fft_funcs.real_dtype("as_real", x.dtype))
        fft_funcs.as_real(ctx.xp, x.data, data)


class ComplexKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, fft_funcs.complex_dtype("complex", x.dtype))
        fft_funcs.complex_(ctx.xp, x.data, y.data, data)


_TRANSFORM = {"axes": [1], "normalization": "ortho", "forward": True}
VERIFY_CASES = {
    "fft_c2c": [{"name": "last axis", "inputs": {"X": (3, 4)}, "attrs": _TRANSFORM,
                 "dtypes": ["complex64", "complex128"]}],
    "fft_r2c": [{"name": "last axis onesided", "inputs": {"X": (3, 4)},
                 "attrs": {**_TRANSFORM, "onesided": True}}],
    "fft_c2r": [{"name": "last axis", "inputs": {"X": (3, 4)},
                 "attrs": {**_TRANSFORM, "forward": False},
                 "dtypes": ["complex64", "complex128"]}],
    "as_complex": [{"name": "pairs", "inputs": {"X": (3, 2)}}],
    "as_real": [{"name": "complex", "inputs": {"X": (3, 4)},
                 "dtypes": ["complex64", "complex128"]}],
    "frame": [{"name": "length 2 hop 1", "inputs": {"X": (3, 4)},
               "attrs": {"frame_length": 2, "hop_length": 1}}],
    "overlap_add": [{"name": "hop 1", "inputs": {"X": (3, 4)}, "attrs": {"hop_length": 1}}],
    "stft": [{"name": "n_fft 4 hop 2", "inputs": {"X": (2, 9), "Window": (4,)},
              "attrs": {"n_fft": 4, "hop_length": 2, "normalized": False, "onesided": True}}],
}

register_operator("fft_c2c", FFTC2COp)
register_operator("fft_r2c", FFTR2COp)
register_operator("fft_c2r", FFTC2ROp)
register_operator("as_complex", AsComplexOp)
register_operator("as_real", AsRealOp)
register_operator("complex", ComplexOp)
register_operator("frame", FrameOp)
register_operator("overlap_add", OverlapAddOp)
register_operator("stft", _FFTOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _COMPLEX_TYPES:
        register_op_kernel("fft_c2r", _backend, FFTC2RKernel, _dtype)
        register_op_kernel("as_real", _backend, AsRealKernel, _dtype)
    for _dtype in _REAL_TYPES:
        register_op_kernel("fft_r2c", _backend, FFTR2CKernel, _dtype)
        register_op_kernel("as_complex", _backend, AsComplexKernel, _dtype)
        register_op_kernel("complex", _backend, ComplexKernel, _dtype)
        register_op_kernel("stft", _backend, StftKernel, _dtype)
register_op_table(SameDtypeKernel, [
    OpKernelRow("fft_c2c", "FFTC2CKernel", fft_funcs.fft_c2c, _COMPLEX_TYPES,
                attrs=("axes", "normalization", "forward")),
    OpKernelRow("frame", "FrameKernel", fft_funcs.frame, _FRAME_TYPES,
                attrs=("frame_length", "hop_length", "axis")),
    OpKernelRow("overlap_add", "OverlapAddKernel", fft_funcs.overlap_add, _FRAME_TYPES,
                attrs=("hop_length", "axis")),
])
