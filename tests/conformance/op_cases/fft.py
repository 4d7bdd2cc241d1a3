"""FFT: fft_c2c, fft_r2c and fft_c2r (Paddle's pocketfft kernels on CPU); the complex helpers
as_complex, as_real and complex; the signal helpers frame and overlap_add; stft (real X [N, T]
and Window [n_fft]: onesided transforms of the windowed frames, normalized by 1/sqrt(n_fft);
Paddle's kernel takes real X only and refuses onesided=False at run time).

`axes` are the transformed axes (non-negative: the kernels refuse -1, the Python API
normalizes them),
`normalization` scales by nothing ("backward" forward transforms, "forward" inverse ones),
1/n or 1/sqrt(n) ("ortho"), n the product of the transformed sizes (fft_c2r: of the
output's); `forward` picks the exponent's sign. fft_r2c with `onesided` keeps n // 2 + 1
bins of its last axis; fft_c2r's output last axis is `last_dim_size`, or 2 * (m - 1) when
that is 0. Inputs are random in [-1, 1): NaN and inf spread through a whole transform in an
order the algorithm decides.
"""

from ._inputs import data
from .spec import Case, In

COMPLEX = ("complex64", "complex128")
REALS = ("float32", "float64")
NORMS = ("backward", "forward", "ortho")


def _x(shape: tuple[int, ...], dtype: str) -> In:
    return In(shape, dtype, -1.0, 1.0)


def _c2c() -> list[Case]:
    cases = [Case(f"fft_c2c_{d}_{norm}_{'fwd' if fwd else 'inv'}", "fft_c2c",
                  {"X": _x((3, 8), d)},
                  attrs={"axes": [1], "normalization": norm, "forward": fwd})
             for d in COMPLEX for norm in NORMS for fwd in (True, False)]
    return [
        *cases,
        Case("fft_c2c_2axes_odd", "fft_c2c", {"X": _x((5, 2, 7), "complex128")},
             attrs={"axes": [0, 2], "normalization": "ortho", "forward": True}),
        Case("fft_c2c_3axes", "fft_c2c", {"X": _x((3, 4, 6), "complex64")},
             attrs={"axes": [0, 1, 2], "normalization": "backward", "forward": False}),
        Case("fft_c2c_axis0_size1", "fft_c2c", {"X": _x((1, 4), "complex64")},
             attrs={"axes": [0], "normalization": "forward", "forward": True}),
        Case("fft_c2c_empty_batch", "fft_c2c", {"X": _x((0, 4), "complex64")},
             attrs={"axes": [1], "normalization": "backward", "forward": True}),
        Case("fft_c2c_negative_axis", "fft_c2c", {"X": _x((2, 4), "complex64")},
             attrs={"axes": [-1], "normalization": "backward", "forward": True},
             raises="n-point|axes"),
        Case("fft_c2c_unknown_normalization", "fft_c2c", {"X": _x((2, 4), "complex128")},
             attrs={"axes": [1], "normalization": "bogus", "forward": True},
             raises="norm"),
    ]


def _r2c() -> list[Case]:
    cases = [Case(f"fft_r2c_{d}_{norm}_{'fwd' if fwd else 'inv'}_{'one' if one else 'full'}",
                  "fft_r2c", {"X": _x((3, 7), d)},
                  attrs={"axes": [1], "normalization": norm, "forward": fwd,
                         "onesided": one})
             for d in REALS for norm in NORMS for fwd in (True, False) for one in (True, False)]
    return [
        *cases,
        Case("fft_r2c_2axes_even", "fft_r2c", {"X": _x((4, 3, 6), "float64")},
             attrs={"axes": [0, 2], "normalization": "ortho", "forward": True,
                    "onesided": True}),
        Case("fft_r2c_2axes_full", "fft_r2c", {"X": _x((4, 5), "float32")},
             attrs={"axes": [0, 1], "normalization": "backward", "forward": True,
                    "onesided": False}),
        Case("fft_r2c_3axes_inverse", "fft_r2c", {"X": _x((2, 3, 8), "float64")},
             attrs={"axes": [0, 1, 2], "normalization": "forward", "forward": False,
                    "onesided": True}),
        Case("fft_r2c_axis0", "fft_r2c", {"X": _x((6, 2), "float32")},
             attrs={"axes": [0], "normalization": "backward", "forward": True,
                    "onesided": True}),
        Case("fft_r2c_empty_batch", "fft_r2c", {"X": _x((0, 6), "float32")},
             attrs={"axes": [1], "normalization": "backward", "forward": True,
                    "onesided": True}),
    ]


def _c2r() -> list[Case]:
    cases = [Case(f"fft_c2r_{d}_{norm}_{'fwd' if fwd else 'inv'}", "fft_c2r",
                  {"X": _x((3, 5), d)},
                  attrs={"axes": [1], "normalization": norm, "forward": fwd})
             for d in COMPLEX for norm in NORMS for fwd in (True, False)]
    return [
        *cases,
        Case("fft_c2r_odd_last_dim", "fft_c2r", {"X": _x((3, 5), "complex128")},
             attrs={"axes": [1], "normalization": "backward", "forward": False,
                    "last_dim_size": 9}),
        Case("fft_c2r_short_last_dim", "fft_c2r", {"X": _x((3, 5), "complex64")},
             attrs={"axes": [1], "normalization": "ortho", "forward": False,
                    "last_dim_size": 4}),
        Case("fft_c2r_2axes", "fft_c2r", {"X": _x((4, 3, 4), "complex128")},
             attrs={"axes": [0, 2], "normalization": "ortho", "forward": False,
                    "last_dim_size": 7}),
        Case("fft_c2r_3axes_forward", "fft_c2r", {"X": _x((2, 3, 4), "complex64")},
             attrs={"axes": [0, 1, 2], "normalization": "forward", "forward": True}),
        Case("fft_c2r_axis0", "fft_c2r", {"X": _x((4, 3), "complex64")},
             attrs={"axes": [0], "normalization": "backward", "forward": False}),
        Case("fft_c2r_empty_batch", "fft_c2r", {"X": _x((0, 3), "complex64")},
             attrs={"axes": [1], "normalization": "backward", "forward": False}),
    ]


def _complex_helpers() -> list[Case]:
    cases = [Case(f"as_complex_{d}", "as_complex", {"X": data((3, 4, 2), d)}) for d in REALS]
    cases += [Case(f"as_real_{d}", "as_real", {"X": data((3, 4), d)}) for d in COMPLEX]
    cases += [Case(f"complex_{d}", "complex", {"X": data((3, 4), d), "Y": data((3, 4), d)})
              for d in REALS]
    return [
        *cases,
        Case("as_complex_1d", "as_complex", {"X": data((2,), "float32")}),
        Case("as_complex_empty", "as_complex", {"X": In((0, 2), "float64")}),
        Case("as_complex_api", "as_complex", {"X": data((2, 3, 2), "float32")},
             api="paddle.as_complex"),
        Case("as_real_0d", "as_real", {"X": In((), "complex64", values=complex(1.5, -2.0))}),
        Case("as_real_empty", "as_real", {"X": In((2, 0), "complex128")}),
        Case("as_real_api", "as_real", {"X": data((2, 3), "complex128")}, api="paddle.as_real"),
        Case("complex_broadcast", "complex", {"X": data((2, 3, 4), "float32"),
                                              "Y": data((3, 1), "float32")}),
        Case("complex_broadcast_x", "complex", {"X": data((4,), "float64"),
                                                "Y": data((3, 4), "float64")}),
        Case("complex_0d", "complex", {"X": In((), "float32", values=-0.0),
                                       "Y": In((), "float32", values=2.5)}),
        Case("complex_empty", "complex", {"X": In((0, 3), "float64"),
                                          "Y": In((1, 3), "float64")}),
        Case("complex_api", "complex", {"X": data((3,), "float32"), "Y": data((3,), "float32")},
             api="paddle.complex"),
    ]


def _frame() -> list[Case]:
    dtypes = ("int32", "int64", "float32", "float64", "complex64", "complex128")
    cases = [Case(f"frame_{d}", "frame", {"X": data((2, 10), d)},
                  attrs={"frame_length": 4, "hop_length": 3}) for d in dtypes]
    cases += [Case(f"overlap_add_{d}", "overlap_add", {"X": data((2, 4, 3), d)},
                   attrs={"hop_length": 2}) for d in dtypes]
    return [
        *cases,
        Case("frame_axis0", "frame", {"X": data((9, 2, 3), "float32")},
             attrs={"frame_length": 3, "hop_length": 2, "axis": 0}),
        Case("frame_1d", "frame", {"X": data((8,), "float64")},
             attrs={"frame_length": 8, "hop_length": 1}),
        Case("frame_1d_axis0", "frame", {"X": data((7,), "float32")},
             attrs={"frame_length": 2, "hop_length": 5, "axis": 0}),
        Case("frame_hop_over_length", "frame", {"X": data((3, 11), "float32")},
             attrs={"frame_length": 2, "hop_length": 4}),
        Case("frame_api", "frame", {"X": data((2, 12), "float32")}, api="paddle.signal.frame",
             api_kwargs={"frame_length": 5, "hop_length": 2}),
        Case("overlap_add_axis0", "overlap_add", {"X": data((3, 4, 2), "float32")},
             attrs={"hop_length": 3, "axis": 0}),
        Case("overlap_add_2d", "overlap_add", {"X": data((5, 4), "float64")},
             attrs={"hop_length": 1}),
        Case("overlap_add_2d_axis0", "overlap_add", {"X": data((4, 5), "int64")},
             attrs={"hop_length": 2, "axis": 0}),
        Case("overlap_add_hop_is_length", "overlap_add", {"X": data((3, 4), "float32")},
             attrs={"hop_length": 3}),
        Case("overlap_add_4d", "overlap_add", {"X": data((2, 2, 3, 4), "float32")},
             attrs={"hop_length": 2}),
        Case("overlap_add_api", "overlap_add", {"X": data((3, 5), "float32")},
             api="paddle.signal.overlap_add", api_kwargs={"hop_length": 2}),
    ]


def _stft(name: str, x: In, n_fft: int, hop_length: int, normalized: bool = False,
          onesided: bool = True, raises: str | None = None) -> Case:
    return Case(f"stft_{name}", "stft", {"X": x, "Window": In((n_fft,), x.dtype, 0.0, 1.0)},
                attrs={"n_fft": n_fft, "hop_length": hop_length, "normalized": normalized,
                       "onesided": onesided}, raises=raises)


def _stfts() -> list[Case]:
    return [
        *[_stft(f"{d}_{'norm' if n else 'plain'}", _x((2, 20), d), 8, 3, normalized=n)
          for d in REALS for n in (False, True)],
        _stft("odd_n_fft", _x((3, 17), "float64"), 5, 2),
        _stft("one_frame", _x((1, 8), "float32"), 8, 4, normalized=True),
        _stft("hop_over_n_fft", _x((2, 30), "float32"), 4, 7),
        _stft("empty_batch", _x((0, 12), "float64"), 4, 2),
        _stft("twosided_real_refused", _x((2, 12), "float64"), 4, 2, onesided=False,
              raises="complex"),
    ]


CASES = [*_c2c(), *_r2c(), *_c2r(), *_complex_helpers(), *_frame(), *_stfts()]
