"""Grads of the fft family: fft_c2c_grad, fft_r2c_grad, fft_c2r_grad, frame_grad,
overlap_add_grad, stft_grad, complex_grad; one body each for every backend (math in
phi.kernels.funcs.fft_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import fft as fft_funcs
from phi.kernels.funcs import fft_grad as fft_grad_funcs
from phi.kernels.impl.dtype_sets import COMPLEX, FLOAT, INT_FLOAT_COMPLEX


@register_kernel("fft_c2c_grad", Backend.CPU, DataLayout.ALL_LAYOUT, COMPLEX)
@register_kernel("fft_c2c_grad", Backend.GPU, DataLayout.ALL_LAYOUT, COMPLEX)
def fft_c2c_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, axes: list[int],
                        normalization: str, forward: bool, x_grad: OutTensor) -> None:
    fft_grad_funcs.fft_c2c_grad(dev_ctx.xp, out_grad.data, axes, normalization, forward,
                                dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("fft_r2c_grad", Backend.CPU, DataLayout.ALL_LAYOUT, COMPLEX)
@register_kernel("fft_r2c_grad", Backend.GPU, DataLayout.ALL_LAYOUT, COMPLEX)
def fft_r2c_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                        axes: list[int], normalization: str, forward: bool, onesided: bool,
                        x_grad: OutTensor) -> None:
    fft_grad_funcs.fft_r2c_grad(dev_ctx.xp, out_grad.data, axes, normalization, forward,
                                onesided, dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("fft_c2r_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("fft_c2r_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def fft_c2r_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, axes: list[int],
                        normalization: str, forward: bool, last_dim_size: int,
                        x_grad: OutTensor) -> None:
    dtype = fft_funcs.complex_dtype("fft_c2r_grad", out_grad.dtype)
    fft_grad_funcs.fft_c2r_grad(dev_ctx.xp, out_grad.data, axes, normalization, forward,
                                dev_ctx.alloc(x_grad, dtype))


@register_kernel("frame_grad", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
@register_kernel("frame_grad", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
def frame_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                      frame_length: int, hop_length: int, axis: int, x_grad: OutTensor) -> None:
    fft_grad_funcs.frame_grad(dev_ctx.xp, out_grad.data, frame_length, hop_length, axis,
                              dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("overlap_add_grad", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
@register_kernel("overlap_add_grad", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
def overlap_add_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                            hop_length: int, axis: int, x_grad: OutTensor) -> None:
    fft_grad_funcs.overlap_add_grad(dev_ctx.xp, out_grad.data, hop_length, axis,
                                    dev_ctx.alloc(x_grad, out_grad.dtype))


#: stft_grad's kernel is X's (real) type; out_grad is the matching complex type
_C64_OUT_GRAD = {"out_grad": {"dtype": DataType.COMPLEX64}}
_C128_OUT_GRAD = {"out_grad": {"dtype": DataType.COMPLEX128}}


@register_kernel("stft_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.FLOAT32,
                 arg_overrides=_C64_OUT_GRAD)
@register_kernel("stft_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.FLOAT64,
                 arg_overrides=_C128_OUT_GRAD)
@register_kernel("stft_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.FLOAT32,
                 arg_overrides=_C64_OUT_GRAD)
@register_kernel("stft_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.FLOAT64,
                 arg_overrides=_C128_OUT_GRAD)
def stft_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, window: DenseTensor,
                     out_grad: DenseTensor, n_fft: int, hop_length: int, normalized: bool,
                     onesided: bool, x_grad: OutTensor) -> None:
    fft_grad_funcs.stft_grad(dev_ctx.xp, window.data, out_grad.data, n_fft, hop_length,
                             normalized, onesided, dev_ctx.alloc(x_grad, x.dtype))


#: complex_grad runs in x's real type; its out_grad is the complex type of it
_COMPLEX_OF_F32 = {"out_grad": {"dtype": DataType.COMPLEX64}}
_COMPLEX_OF_F64 = {"out_grad": {"dtype": DataType.COMPLEX128}}


@register_kernel("complex_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.FLOAT32,
                 arg_overrides=_COMPLEX_OF_F32)
@register_kernel("complex_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.FLOAT64,
                 arg_overrides=_COMPLEX_OF_F64)
@register_kernel("complex_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.FLOAT32,
                 arg_overrides=_COMPLEX_OF_F32)
@register_kernel("complex_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.FLOAT64,
                 arg_overrides=_COMPLEX_OF_F64)
def complex_grad_kernel(dev_ctx: DeviceContext, real: DenseTensor, imag: DenseTensor,
                        out_grad: DenseTensor, real_grad: OptionalOutTensor,
                        imag_grad: OptionalOutTensor) -> None:
    dx = None if real_grad is None else dev_ctx.alloc(real_grad, real.dtype)
    dy = None if imag_grad is None else dev_ctx.alloc(imag_grad, imag.dtype)
    fft_grad_funcs.complex_grad(dev_ctx.xp, tuple(real.dims), tuple(imag.dims), out_grad.data,
                                dx, dy)
