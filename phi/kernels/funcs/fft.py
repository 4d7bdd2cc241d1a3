"""Math of the fft family shared by the PHI and legacy kernels: fft_c2c, fft_r2c and fft_c2r;
the complex helpers as_complex, as_real and complex; the signal helpers frame and
overlap_add. Functions of `xp` (NumPy or CuPy), whose `fft` module follows the same
normalization names as Paddle.

`normalization` says which direction is scaled: "backward" scales the inverse transform by
1/n, "forward" the forward one, "ortho" both by 1/sqrt(n); n is the product of the
transformed sizes (the real side's for fft_r2c / fft_c2r). `forward` picks the exponent's
sign (forward: e^{-i...}).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from phi.common import DataType
from phi.kernels.funcs.indexing import broadcast_dims


class FFTNorm(enum.Enum):
    """The values of the fft ops' `normalization` attribute."""

    BACKWARD = "backward"
    FORWARD = "forward"
    ORTHO = "ortho"

    @classmethod
    def parse(cls, op: str, text: str) -> FFTNorm:
        try:
            return cls(text)
        except ValueError:
            names = ", ".join(repr(n.value) for n in cls)
            raise ValueError(f"{op}: attribute 'normalization' must be one of {names}, "
                             f"got {text!r}") from None

    @property
    def swapped(self) -> FFTNorm:
        """The name that scales a transform of the other direction the same way."""
        return {FFTNorm.BACKWARD: FFTNorm.FORWARD, FFTNorm.FORWARD: FFTNorm.BACKWARD,
                FFTNorm.ORTHO: FFTNorm.ORTHO}[self]


_COMPLEX_OF = {DataType.FLOAT32: DataType.COMPLEX64, DataType.FLOAT64: DataType.COMPLEX128}
_REAL_OF = {c: r for r, c in _COMPLEX_OF.items()}


def complex_dtype(op: str, dtype: DataType) -> DataType:
    """The complex type of a float32 / float64 element type."""
    if dtype not in _COMPLEX_OF:
        raise TypeError(f"{op}: Input(X) must be float32 or float64, got {dtype.name.lower()}")
    return _COMPLEX_OF[dtype]


def real_dtype(op: str, dtype: DataType) -> DataType:
    """The real type of a complex64 / complex128 element type."""
    if dtype not in _REAL_OF:
        raise TypeError(f"{op}: Input(X) must be complex64 or complex128, "
                        f"got {dtype.name.lower()}")
    return _REAL_OF[dtype]


def fft_axes(op: str, dims: Sequence[int], axes: Sequence[int]) -> list[int]:
    """`axes` checked against X's rank: non-empty, distinct, in [0, rank) (Paddle's kernels
    take no negative axis: its Python API normalizes them)."""
    rank = len(dims)
    if not axes:
        raise ValueError(f"{op}: attribute 'axes' must name at least one axis")
    bad = [a for a in axes if not 0 <= a < rank]
    if bad:
        raise ValueError(f"{op}: attribute 'axes' {list(axes)} must be in [0, {rank}) for "
                         f"Input(X) of rank {rank} (no negative axes)")
    norm = [int(a) for a in axes]
    if len(set(norm)) != len(norm):
        raise ValueError(f"{op}: attribute 'axes' {list(axes)} names an axis twice")
    for a in norm:
        if dims[a] == 0:
            raise ValueError(f"{op}: Input(X) dims {list(dims)}: transformed axis {a} is empty")
    return norm


def fft_c2c_dims(dims: Sequence[int], axes: Sequence[int]) -> tuple[int, ...]:
    fft_axes("fft_c2c", dims, axes)
    return tuple(dims)


def fft_r2c_dims(dims: Sequence[int], axes: Sequence[int], onesided: bool) -> tuple[int, ...]:
    """X's dims; with `onesided` the last transformed axis keeps n // 2 + 1 bins."""
    last = fft_axes("fft_r2c", dims, axes)[-1]
    out = list(dims)
    if onesided:
        out[last] = dims[last] // 2 + 1
    return tuple(out)


def fft_c2r_dims(dims: Sequence[int], axes: Sequence[int], last_dim_size: int) -> tuple[int, ...]:
    """X's dims with the last transformed axis `last_dim_size` long (0: 2 * (m - 1)); it
    reads last_dim_size // 2 + 1 of X's m bins, which must be there."""
    last = fft_axes("fft_c2r", dims, axes)[-1]
    m = dims[last]
    n = last_dim_size if last_dim_size > 0 else 2 * (m - 1)
    if last_dim_size < 0 or n <= 0 or n // 2 + 1 > m:
        raise ValueError(f"fft_c2r: last_dim_size {last_dim_size} does not fit Input(X) dims "
                         f"{list(dims)}: an output of n points reads n // 2 + 1 bins of axis "
                         f"{last}, which has {m} (0 means 2 * ({m} - 1))")
    out = list(dims)
    out[last] = n
    return tuple(out)


def fft_c2c(xp: Any, x: Any, axes: Sequence[int], normalization: str, forward: bool,
            out: Any) -> None:
    """out = the complex transform of x over `axes`."""
    axes = fft_axes("fft_c2c", x.shape, axes)
    norm = FFTNorm.parse("fft_c2c", normalization).value
    transform = xp.fft.fftn if forward else xp.fft.ifftn
    if x.size:
        out[...] = transform(x, axes=axes, norm=norm)


def fft_r2c(xp: Any, x: Any, axes: Sequence[int], normalization: str, forward: bool,
            onesided: bool, out: Any) -> None:
    """out = the transform of real x over `axes` (`onesided`: the last axis' first n // 2 + 1
    bins). The inverse direction is the conjugate of the forward one, scaled as an
    inverse; its zero imaginary parts are +0.0, as a transform with the positive exponent
    gives them."""
    axes = fft_axes("fft_r2c", x.shape, axes)
    norm = FFTNorm.parse("fft_r2c", normalization)
    if not x.size:
        return
    if not forward:
        norm = norm.swapped
    if onesided:
        out[...] = xp.fft.rfftn(x, axes=axes, norm=norm.value)
    else:
        out[...] = xp.fft.fftn(x, axes=axes, norm=norm.value)
    if not forward:  # conjugate: 0 - imag keeps the exact zeros (DC, Nyquist) at +0.0
        xp.subtract(0, out.imag, out=out.imag)


def fft_c2r(xp: Any, x: Any, axes: Sequence[int], normalization: str, forward: bool,
            last_dim_size: int, out: Any) -> None:
    """out = the real transform of Hermitian x over `axes`: complex over all but the last,
    then complex-to-real to out's last-axis length. The forward direction is the inverse of
    conj(x), scaled as a forward transform."""
    axes = fft_axes("fft_c2r", x.shape, axes)
    norm = FFTNorm.parse("fft_c2r", normalization)
    sizes = [out.shape[a] for a in axes]
    if not x.size:
        return
    if forward:
        x, norm = xp.conjugate(x), norm.swapped
    out[...] = xp.fft.irfftn(x, s=sizes, axes=axes, norm=norm.value)


# -- complex helpers ---------------------------------------------------------------


def as_complex_dims(dims: Sequence[int]) -> tuple[int, ...]:
    """X's dims without the last, which must be 2 (real, imaginary)."""
    if not dims or dims[-1] != 2:
        raise ValueError(f"as_complex: Input(X)'s last axis must be 2 (real, imaginary), "
                         f"got dims {list(dims)}")
    return tuple(dims[:-1])


def as_complex(xp: Any, x: Any, out: Any) -> None:
    """out = x[..., 0] + i x[..., 1]."""
    as_complex_dims(x.shape)
    out.real[...] = x[..., 0]
    out.imag[...] = x[..., 1]


def as_real(xp: Any, x: Any, out: Any) -> None:
    """out[..., 0] = real(x), out[..., 1] = imag(x)."""
    out[..., 0] = x.real
    out[..., 1] = x.imag


def complex_dims(x_dims: Sequence[int], y_dims: Sequence[int]) -> tuple[int, ...]:
    """NumPy broadcasting of X and Y."""
    return broadcast_dims("complex", x_dims, y_dims)


def complex_(xp: Any, x: Any, y: Any, out: Any) -> None:
    """out = x + i y, broadcast."""
    complex_dims(x.shape, y.shape)
    out.real[...] = x
    out.imag[...] = y


# -- frame / overlap_add ---------------------------------------------------------------


def _signal_axis(op: str, axis: int, rank: int, least: int) -> None:
    if axis not in (0, -1):
        raise ValueError(f"{op}: attribute 'axis' must be 0 or -1, got {axis}")
    if rank < least:
        raise ValueError(f"{op}: Input(X) must have rank >= {least}, got {rank}")


def _positive(op: str, name: str, value: int) -> None:
    if value <= 0:
        raise ValueError(f"{op}: attribute '{name}' must be > 0, got {value}")


def frame_dims(dims: Sequence[int], frame_length: int, hop_length: int,
               axis: int) -> tuple[int, ...]:
    """axis -1: [..., frame_length, n_frames]; axis 0: [n_frames, frame_length, ...];
    n_frames = 1 + (seq_length - frame_length) // hop_length."""
    _signal_axis("frame", axis, len(dims), 1)
    _positive("frame", "frame_length", frame_length)
    _positive("frame", "hop_length", hop_length)
    seq = dims[-1] if axis == -1 else dims[0]
    if frame_length > seq:
        raise ValueError(f"frame: attribute frame_length {frame_length} exceeds the sequence "
                         f"length {seq} of Input(X) dims {list(dims)} (axis {axis})")
    n = 1 + (seq - frame_length) // hop_length
    if axis == -1:
        return (*dims[:-1], frame_length, n)
    return (n, frame_length, *dims[1:])


def frame_index(xp: Any, frame_length: int, hop_length: int, n_frames: int) -> Any:
    """[frame_length, n_frames]: the sequence position of each frame's element."""
    return (xp.arange(frame_length)[:, None] + hop_length * xp.arange(n_frames)[None, :])


def frame(xp: Any, x: Any, frame_length: int, hop_length: int, axis: int, out: Any) -> None:
    """out = the frames of x along `axis` (frame_dims)."""
    dims = frame_dims(x.shape, frame_length, hop_length, axis)
    n = dims[-1] if axis == -1 else dims[0]
    index = frame_index(xp, frame_length, hop_length, n)
    out[...] = x[..., index] if axis == -1 else x[index.T]


def overlap_add_dims(dims: Sequence[int], hop_length: int, axis: int) -> tuple[int, ...]:
    """axis -1: X [..., frame_length, n_frames] -> [..., seq_length]; axis 0: X [n_frames,
    frame_length, ...] -> [seq_length, ...]; seq_length = (n_frames - 1) * hop_length +
    frame_length, hop_length <= frame_length."""
    _signal_axis("overlap_add", axis, len(dims), 2)
    _positive("overlap_add", "hop_length", hop_length)
    frame_length, n = (dims[-2], dims[-1]) if axis == -1 else (dims[1], dims[0])
    if hop_length > frame_length:
        raise ValueError(f"overlap_add: attribute hop_length {hop_length} exceeds the frame "
                         f"length {frame_length} of Input(X) dims {list(dims)} (axis {axis})")
    seq = (n - 1) * hop_length + frame_length if n > 0 else 0
    return (*dims[:-2], seq) if axis == -1 else (seq, *dims[2:])


def overlap_add(xp: Any, x: Any, hop_length: int, axis: int, out: Any) -> None:
    """out = the sum of x's frames placed hop_length apart along `axis`."""
    overlap_add_dims(x.shape, hop_length, axis)
    out[...] = 0
    if axis == -1:
        index = frame_index(xp, x.shape[-2], hop_length, x.shape[-1])
        xp.add.at(out, (Ellipsis, index), x)
    else:
        index = frame_index(xp, x.shape[1], hop_length, x.shape[0])
        xp.add.at(out, index.T, x)


def stft_dims(x_dims: Sequence[int], window_dims: Sequence[int], n_fft: int, hop_length: int,
              onesided: bool) -> tuple[int, ...]:
    """X [N, T], Window [n_fft] -> [N, n_fft // 2 + 1 (onesided) or n_fft, n_frames],
    n_frames = 1 + (T - n_fft) // hop_length."""
    if len(x_dims) != 2:
        raise ValueError(f"stft: Input(X) must be a tensor with shape [N, T], got {list(x_dims)}")
    _positive("stft", "n_fft", n_fft)
    _positive("stft", "hop_length", hop_length)
    if tuple(window_dims) != (n_fft,):
        raise ValueError(f"stft: Input(Window) must be [n_fft] = [{n_fft}], got "
                         f"{list(window_dims)}")
    if n_fft > x_dims[1]:
        raise ValueError(f"stft: attribute n_fft {n_fft} exceeds the sequence length "
                         f"{x_dims[1]} of Input(X)")
    return (x_dims[0], n_fft // 2 + 1 if onesided else n_fft,
            1 + (x_dims[1] - n_fft) // hop_length)


def stft(xp: Any, x: Any, window: Any, n_fft: int, hop_length: int, normalized: bool,
         onesided: bool, out: Any) -> None:
    """out = the transforms of X's windowed frames (normalized: scaled by 1/sqrt(n_fft)).
    Paddle's kernel takes real X only and so only the onesided transform."""
    if not onesided:
        raise TypeError("stft: onesided=False needs a complex Input(X), and the stft kernel "
                        "takes real (float32 / float64) X only")
    dims = stft_dims(x.shape, window.shape, n_fft, hop_length, onesided)
    if not x.size:
        return
    frames = x[:, frame_index(xp, n_fft, hop_length, dims[2])] * window[:, None]
    out[...] = xp.fft.rfft(frames, axis=1, norm="ortho" if normalized else "backward")
