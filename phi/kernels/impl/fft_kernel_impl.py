"""The fft family's kernels (`fluidphi migrate` output of legacy_fluid/operators/fft_op.py):
fft_c2c, fft_r2c, fft_c2r, as_complex, as_real, complex, frame and overlap_add. Math in
phi.kernels.funcs.fft.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import fft as fft_funcs
from phi.kernels.impl.dtype_sets import COMPLEX, FLOAT, INT_FLOAT_COMPLEX


@register_kernel("fft_c2c", Backend.CPU, DataLayout.ALL_LAYOUT, COMPLEX)
@register_kernel("fft_c2c", Backend.GPU, DataLayout.ALL_LAYOUT, COMPLEX)
def fft_c2c_kernel(dev_ctx: DeviceContext, x: DenseTensor, axes: list[int], normalization: str,
                   forward: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    fft_funcs.fft_c2c(dev_ctx.xp, x.data, axes, normalization, forward, data)


@register_kernel("fft_r2c", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("fft_r2c", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def fft_r2c_kernel(dev_ctx: DeviceContext, x: DenseTensor, axes: list[int], normalization: str,
                   forward: bool, onesided: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, fft_funcs.complex_dtype("fft_r2c", x.dtype))
    fft_funcs.fft_r2c(dev_ctx.xp, x.data, axes, normalization, forward, onesided, data)


@register_kernel("fft_c2r", Backend.CPU, DataLayout.ALL_LAYOUT, COMPLEX)
@register_kernel("fft_c2r", Backend.GPU, DataLayout.ALL_LAYOUT, COMPLEX)
def fft_c2r_kernel(dev_ctx: DeviceContext, x: DenseTensor, axes: list[int], normalization: str,
                   forward: bool, last_dim_size: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, fft_funcs.real_dtype("fft_c2r", x.dtype))
    fft_funcs.fft_c2r(dev_ctx.xp, x.data, axes, normalization, forward, last_dim_size, data)


@register_kernel("as_complex", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("as_complex", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def as_complex_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, fft_funcs.complex_dtype("as_complex", x.dtype))
    fft_funcs.as_complex(dev_ctx.xp, x.data, data)


@register_kernel("as_real", Backend.CPU, DataLayout.ALL_LAYOUT, COMPLEX)
@register_kernel("as_real", Backend.GPU, DataLayout.ALL_LAYOUT, COMPLEX)
def as_real_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, fft_funcs.real_dtype("as_real", x.dtype))
    fft_funcs.as_real(dev_ctx.xp, x.data, data)


@register_kernel("complex", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("complex", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def complex_kernel(dev_ctx: DeviceContext, real: DenseTensor, imag: DenseTensor,
                   out: OutTensor) -> None:
    data = dev_ctx.alloc(out, fft_funcs.complex_dtype("complex", real.dtype))
    fft_funcs.complex_(dev_ctx.xp, real.data, imag.data, data)


@register_kernel("frame", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
@register_kernel("frame", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
def frame_kernel(dev_ctx: DeviceContext, x: DenseTensor, frame_length: int, hop_length: int,
                 axis: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    fft_funcs.frame(dev_ctx.xp, x.data, frame_length, hop_length, axis, data)


@register_kernel("overlap_add", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
@register_kernel("overlap_add", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
def overlap_add_kernel(dev_ctx: DeviceContext, x: DenseTensor, hop_length: int, axis: int,
                       out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    fft_funcs.overlap_add(dev_ctx.xp, x.data, hop_length, axis, data)


@register_kernel("stft", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("stft", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def stft_kernel(dev_ctx: DeviceContext, x: DenseTensor, window: DenseTensor, n_fft: int,
                hop_length: int, normalized: bool, onesided: bool, out: OutTensor) -> None:
    dims = fft_funcs.stft_dims(x.dims, window.dims, n_fft, hop_length, onesided)
    data = dev_ctx.alloc(out, fft_funcs.complex_dtype("stft", x.dtype), dims)
    fft_funcs.stft(dev_ctx.xp, x.data, window.data, n_fft, hop_length, normalized, onesided,
                   data)
