"""Gradients of the fft family (phi.kernels.funcs.fft), as Paddle's kernels form them: the
transform the other way (the opposite exponent) with the forward's scale, which in NumPy's
names is the swapped normalization (fft_c2r's positive-exponent half spectrum: the conjugate
of rfftn with the same name).

- fft_c2c_grad: that transform of out_grad.
- fft_r2c_grad: out_grad zero-padded to x's full last axis (onesided), transformed, real
  part.
- fft_c2r_grad: the half spectrum of real out_grad, its bins 1 .. (n - m) doubled (n the
  output's last axis, m the input's: the bins the forward mirrored).
- frame_grad: each frame's gradient added back at its positions of x (zeros between frames
  a hop longer than a frame skips).
- overlap_add_grad: the frames of out_grad (each frame reads the positions it was added to).
- stft_grad (X only, as Paddle): the frames' fft_r2c_grad along the frequency axis (the
  onesided half zero-padded), times the window, added back as frame_grad does.
- complex_grad (out = x + i y, broadcast): x_grad the real part of out_grad, y_grad its
  imaginary part, each summed back over the dims the forward broadcast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.elementwise import sum_to
from phi.kernels.funcs.fft import FFTNorm, fft_axes, frame, frame_index, stft_dims


def _opposite(xp: Any, x: Any, axes: Sequence[int], norm: FFTNorm, forward: bool) -> Any:
    """The forward transform's adjoint: the other exponent, the same scale."""
    transform = xp.fft.ifftn if forward else xp.fft.fftn
    return transform(x, axes=axes, norm=norm.swapped.value)


def fft_c2c_grad(xp: Any, out_grad: Any, axes: Sequence[int], normalization: str,
                 forward: bool, x_grad: Any) -> None:
    axes = fft_axes("fft_c2c_grad", out_grad.shape, axes)
    norm = FFTNorm.parse("fft_c2c_grad", normalization)
    if out_grad.size:
        x_grad[...] = _opposite(xp, out_grad, axes, norm, forward)


def fft_r2c_grad(xp: Any, out_grad: Any, axes: Sequence[int], normalization: str,
                 forward: bool, onesided: bool, x_grad: Any) -> None:
    axes = fft_axes("fft_r2c_grad", x_grad.shape, axes)
    norm = FFTNorm.parse("fft_r2c_grad", normalization)
    if not x_grad.size:
        return
    full = out_grad
    if onesided:
        full = xp.zeros(x_grad.shape, out_grad.dtype)
        full[tuple(slice(0, out_grad.shape[a]) if a == axes[-1] else slice(None)
                   for a in range(x_grad.ndim))] = out_grad
    x_grad[...] = _opposite(xp, full, axes, norm, forward).real


def fft_c2r_grad_dims(out_grad_dims: Sequence[int], axes: Sequence[int]) -> tuple[int, ...]:
    """X@GRAD's dims: out_grad's with the last transformed axis n -> n // 2 + 1."""
    last = fft_axes("fft_c2r_grad", out_grad_dims, axes)[-1]
    dims = list(out_grad_dims)
    dims[last] = dims[last] // 2 + 1
    return tuple(dims)


def fft_c2r_grad(xp: Any, out_grad: Any, axes: Sequence[int], normalization: str,
                 forward: bool, x_grad: Any) -> None:
    axes = fft_axes("fft_c2r_grad", out_grad.shape, axes)
    norm = FFTNorm.parse("fft_c2r_grad", normalization)
    if not out_grad.size:
        return
    if forward:
        half = xp.conj(xp.fft.rfftn(out_grad, axes=axes, norm=norm.value))
    else:
        half = xp.fft.rfftn(out_grad, axes=axes, norm=norm.swapped.value)
    last = axes[-1]
    doubled = out_grad.shape[last] - half.shape[last]
    scale = xp.ones(half.shape[last], half.real.dtype)
    scale[1:1 + doubled] = 2
    shape = [1] * half.ndim
    shape[last] = half.shape[last]
    x_grad[...] = half * scale.reshape(shape)


def frame_grad(xp: Any, out_grad: Any, frame_length: int, hop_length: int, axis: int,
               x_grad: Any) -> None:
    x_grad[...] = 0
    n = out_grad.shape[-1] if axis == -1 else out_grad.shape[0]
    index = frame_index(xp, frame_length, hop_length, n)
    if axis == -1:
        xp.add.at(x_grad, (Ellipsis, index), out_grad)
    else:
        xp.add.at(x_grad, index.T, out_grad)


def overlap_add_grad(xp: Any, out_grad: Any, hop_length: int, axis: int, x_grad: Any) -> None:
    frame_length = x_grad.shape[-2] if axis == -1 else x_grad.shape[1]
    n = x_grad.shape[-1] if axis == -1 else x_grad.shape[0]
    if n == 0:
        return
    frame(xp, out_grad, frame_length, hop_length, axis, x_grad)


def stft_grad(xp: Any, window: Any, out_grad: Any, n_fft: int, hop_length: int,
              normalized: bool, onesided: bool, x_grad: Any) -> None:
    dims = stft_dims(x_grad.shape, window.shape, n_fft, hop_length, onesided)
    frames = xp.empty((dims[0], n_fft, dims[2]), x_grad.dtype)
    fft_r2c_grad(xp, out_grad, [1], "ortho" if normalized else "backward", True, onesided,
                 frames)
    frames *= window[:, None]
    frame_grad(xp, frames, n_fft, hop_length, -1, x_grad)


def complex_grad(xp: Any, x_shape: Sequence[int], y_shape: Sequence[int], out_grad: Any,
                 x_grad: Any | None, y_grad: Any | None) -> None:
    """x_grad = Re(out_grad), y_grad = Im(out_grad), summed back to each operand's dims."""
    if x_grad is not None:
        sum_to(xp, out_grad.real, x_shape, -1, x_grad)
    if y_grad is not None:
        sum_to(xp, out_grad.imag, y_shape, -1, y_grad)
