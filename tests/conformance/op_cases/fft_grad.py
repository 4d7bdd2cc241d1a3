"""Grads of the FFT family (fft.py): fft_c2c, fft_r2c (onesided or full) and fft_c2r (even
and odd output lengths) over one or more axes, every normalization and direction;
frame (both axes, hops shorter and longer than a frame: overlapping frames' gradients add
up); overlap_add (both axes, hops shorter than and equal to a frame: a position's gradient
goes to every frame that added to it); stft (onesided, normalized or not, hops shorter and
longer than n_fft; X only: Paddle makes no Window@GRAD); as_complex and as_real. The
gradient of a transform is the transform the other way with the forward's scale (fft_r2c:
its onesided half zero-padded; fft_c2r: the bins folded onto the half spectrum counted
twice), as Paddle's kernels compute it. complex (X + iY, broadcast): X's gradient is the
cotangent's real part, Y's its imaginary part, summed back over the broadcast dims (Paddle's
conjugate convention), one or both asked for."""

from .spec import Case, GradCase, In

COMPLEX = ("complex64", "complex128")
REALS = ("float32", "float64")
NORMS = ("backward", "forward", "ortho")


def _x(shape: tuple[int, ...], dtype: str) -> In:
    return In(shape, dtype, -1.0, 1.0)


def _g(name: str, op: str, x: In, **attrs: object) -> GradCase:
    return GradCase(Case(name, op, {"X": x}, attrs=attrs), ("X",))


_C2C = [
    *(_g(f"fft_c2c_{d}_{norm}_{'fwd' if fwd else 'inv'}", "fft_c2c", _x((3, 8), d), axes=[1],
         normalization=norm, forward=fwd)
      for d in COMPLEX for norm in NORMS for fwd in (True, False)),
    _g("fft_c2c_2axes_odd", "fft_c2c", _x((5, 2, 7), "complex128"), axes=[0, 2],
       normalization="ortho", forward=True),
]

_R2C = [
    *(_g(f"fft_r2c_{d}_{norm}_{'fwd' if fwd else 'inv'}_{'one' if one else 'full'}", "fft_r2c",
         _x((3, 7), d), axes=[1], normalization=norm, forward=fwd, onesided=one)
      for d in REALS for norm in NORMS for fwd in (True, False) for one in (True, False)),
    _g("fft_r2c_2axes_even", "fft_r2c", _x((4, 3, 6), "float64"), axes=[0, 2],
       normalization="ortho", forward=True, onesided=True),
]

_C2R = [
    *(_g(f"fft_c2r_{d}_{norm}_{'fwd' if fwd else 'inv'}", "fft_c2r", _x((3, 5), d), axes=[1],
         normalization=norm, forward=fwd)
      for d in COMPLEX for norm in NORMS for fwd in (True, False)),
    _g("fft_c2r_odd_last_dim", "fft_c2r", _x((3, 5), "complex128"), axes=[1],
       normalization="backward", forward=False, last_dim_size=9),
    _g("fft_c2r_2axes", "fft_c2r", _x((4, 3, 4), "complex128"), axes=[0, 2],
       normalization="ortho", forward=False, last_dim_size=7),
]

_FRAME = [
    *(_g(f"frame_{d}", "frame", _x((2, 10), d), frame_length=4, hop_length=3)
      for d in (*REALS, *COMPLEX)),
    _g("frame_overlapping_float64", "frame", _x((2, 9), "float64"), frame_length=4,
       hop_length=2),
    _g("frame_axis0_float32", "frame", _x((9, 2, 3), "float32"), frame_length=3, hop_length=2,
       axis=0),
    _g("frame_hop_over_length_float32", "frame", _x((3, 11), "float32"), frame_length=2,
       hop_length=4),
]

_OVERLAP_ADD = [
    *(_g(f"overlap_add_{d}", "overlap_add", _x((2, 4, 3), d), hop_length=2)
      for d in (*REALS, *COMPLEX)),
    _g("overlap_add_hop_eq_length_float64", "overlap_add", _x((3, 4), "float64"),
       hop_length=3),
    _g("overlap_add_axis0_float32", "overlap_add", _x((4, 3, 2), "float32"), hop_length=1,
       axis=0),
]


def _stft(name: str, dtype: str, t: int, n_fft: int, hop: int, normalized: bool) -> GradCase:
    return GradCase(Case(name, "stft", {"X": _x((2, t), dtype), "Window": _x((n_fft,), dtype)},
                         attrs={"n_fft": n_fft, "hop_length": hop, "normalized": normalized,
                                "onesided": True}), ("X",))


_STFT = [
    *(_stft(f"stft_{d}", d, 16, 8, 2, False) for d in REALS),
    _stft("stft_normalized_float64", "float64", 11, 4, 3, True),
    _stft("stft_hop_over_n_fft_float32", "float32", 13, 3, 5, False),
    _stft("stft_odd_n_fft_float64", "float64", 9, 5, 1, False),
]

_COMPLEX_HELPERS = [
    *(_g(f"as_complex_{d}", "as_complex", _x((3, 4, 2), d)) for d in REALS),
    *(_g(f"as_real_{d}", "as_real", _x((3, 4), d)) for d in COMPLEX),
]

def _complex(tag: str, dtype: str, x: tuple[int, ...], y: tuple[int, ...],
             wrt: tuple[str, ...] = ("X", "Y")) -> GradCase:
    return GradCase(Case(f"complex_{tag}_{dtype}", "complex",
                         {"X": _x(x, dtype), "Y": _x(y, dtype)}), wrt)


_COMPLEX_OP = [
    *(_complex("same", d, (3, 4), (3, 4)) for d in REALS),
    _complex("bcast", "float32", (1, 3), (2, 1)),
    _complex("bcast_y", "float64", (2, 3, 4), (4,)),
    _complex("0d", "float32", (), ()),
    _complex("y_only", "float32", (3, 4), (3, 4), ("Y",)),
]

GRAD_CASES = [*_C2C, *_R2C, *_C2R, *_FRAME, *_OVERLAP_ADD, *_STFT, *_COMPLEX_HELPERS,
              *_COMPLEX_OP]

#: overlap_add's InferShape leaves Out's dtype to the run: its cotangents are typed as X
COTANGENT_DTYPE_OF = {"overlap_add": "X"}
