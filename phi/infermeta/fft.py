"""InferMeta of the fft family (fft_c2c, fft_r2c, fft_c2r and fft_c2r_grad, as_complex,
as_real, complex, frame, overlap_add)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import fft as fft_funcs
from phi.kernels.funcs import fft_grad as fft_grad_funcs


def fft_c2c_infer_meta(x: MetaTensor, axes: list[int], normalization: str, forward: bool,
                       out: MetaTensor) -> None:
    """out: x's dims and dtype."""
    out.set_dims(fft_funcs.fft_c2c_dims(x.dims(), axes))
    out.set_dtype(x.dtype())


def fft_r2c_infer_meta(x: MetaTensor, axes: list[int], normalization: str, forward: bool,
                       onesided: bool, out: MetaTensor) -> None:
    """out: x's dims (onesided: n // 2 + 1 on the last axis), x's complex type."""
    out.set_dims(fft_funcs.fft_r2c_dims(x.dims(), axes, onesided))
    out.set_dtype(fft_funcs.complex_dtype("fft_r2c", x.dtype()))


def fft_c2r_infer_meta(x: MetaTensor, axes: list[int], normalization: str, forward: bool,
                       last_dim_size: int, out: MetaTensor) -> None:
    """out: x's dims with the last axis last_dim_size (0: 2 * (m - 1)), x's real type."""
    out.set_dims(fft_funcs.fft_c2r_dims(x.dims(), axes, last_dim_size))
    out.set_dtype(fft_funcs.real_dtype("fft_c2r", x.dtype()))


def fft_c2r_grad_infer_meta(out_grad: MetaTensor, axes: list[int], normalization: str,
                            forward: bool, last_dim_size: int, x_grad: MetaTensor) -> None:
    """x_grad: out_grad's dims with the last transformed axis n -> n // 2 + 1, complex."""
    x_grad.set_dims(fft_grad_funcs.fft_c2r_grad_dims(out_grad.dims(), axes))
    x_grad.set_dtype(fft_funcs.complex_dtype("fft_c2r_grad", out_grad.dtype()))


def as_complex_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: x's dims without the last (2), x's complex type."""
    out.set_dims(fft_funcs.as_complex_dims(x.dims()))
    out.set_dtype(fft_funcs.complex_dtype("as_complex", x.dtype()))


def as_real_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: x's dims and a last axis of 2, x's real type."""
    out.set_dims((*x.dims(), 2))
    out.set_dtype(fft_funcs.real_dtype("as_real", x.dtype()))


def complex_infer_meta(real: MetaTensor, imag: MetaTensor, out: MetaTensor) -> None:
    """out: real and imag broadcast, real's complex type."""
    out.set_dims(fft_funcs.complex_dims(real.dims(), imag.dims()))
    out.set_dtype(fft_funcs.complex_dtype("complex", real.dtype()))


def frame_infer_meta(x: MetaTensor, frame_length: int, hop_length: int, axis: int,
                     out: MetaTensor) -> None:
    """out: the frames' dims (fft_funcs.frame_dims), x's dtype."""
    out.set_dims(fft_funcs.frame_dims(x.dims(), frame_length, hop_length, axis))
    out.set_dtype(x.dtype())


def overlap_add_infer_meta(x: MetaTensor, hop_length: int, axis: int, out: MetaTensor) -> None:
    """out: the summed sequence's dims (fft_funcs.overlap_add_dims), x's dtype."""
    out.set_dims(fft_funcs.overlap_add_dims(x.dims(), hop_length, axis))
    out.set_dtype(x.dtype())


def stft_infer_meta(x: MetaTensor, window: MetaTensor, n_fft: int, hop_length: int,
                    normalized: bool, onesided: bool, out: MetaTensor) -> None:
    """out: [N, bins, n_frames] (fft_funcs.stft_dims), x's complex dtype."""
    out.set_dims(fft_funcs.stft_dims(x.dims(), window.dims(), n_fft, hop_length, onesided))
    out.set_dtype(fft_funcs.complex_dtype("stft", x.dtype()))
