"""Whole programs of the op census's families for export.py (Paddle 3.3.1, legacy
ProgramDesc), kept beside it.

- fft_frontend: an audio front end: a waveform framed into overlapping windows (frame),
  a Hann window, the real FFT (fft_r2c), its power, a mel-like filter bank (matmul) and a
  log; a second branch rebuilds the frames (fft_c2r) and their complex spectrum's real and
  imaginary parts feed a per-frame energy.
- linalg_head: per-sample 4x4 matrices from a Linear layer made symmetric positive
  definite, then cholesky, cholesky_solve, triangular_solve, solve, qr and a multi_dot
  head, the way a small second-order optimisation or Gaussian-process head is written.

Imported by export.py, which sets FLAGS_enable_pir_api before paddle is imported.
"""

import numpy as np
import paddle
from export_common import legacy_op  # this folder, as export.py
from paddle import nn

FRAME_LENGTH, HOP, SAMPLES, MELS = 32, 16, 160, 8
MATRIX = 4


def _filter_bank(bins: int, mels: int) -> np.ndarray:
    """Triangular filters over the FFT bins, evenly spaced (a fixed parameter)."""
    centres = np.linspace(0, bins - 1, mels + 2)
    grid = np.arange(bins)[:, None]
    rise = (grid - centres[None, :-2]) / (centres[1:-1] - centres[:-2])[None, :]
    fall = (centres[None, 2:] - grid) / (centres[2:] - centres[1:-1])[None, :]
    return np.clip(np.minimum(rise, fall), 0.0, None).astype("float32")


def _reduce_sum(x, dims):
    """3.3.1's paddle.sum builds no legacy op on these variables: append reduce_sum."""
    return legacy_op("reduce_sum", {"X": [x]},
                     attrs={"dim": dims, "keep_dim": False, "reduce_all": False})


def build_fft_frontend(dtype):
    """wave [-1, SAMPLES] -> log-mel features [-1, frames, MELS], the frames rebuilt by the
    inverse real FFT, and per-frame energies from the spectrum's real / imaginary parts.
    (3.3.1's paddle.fft builds no legacy program: the FFT ops are appended as its static
    graph used to append them.)"""
    wave = paddle.static.data("wave", [-1, SAMPLES], dtype)
    frames = paddle.signal.frame(wave, FRAME_LENGTH, HOP, axis=-1)       # N x 32 x 9
    frames = paddle.transpose(frames, [0, 2, 1])                          # N x 9 x 32
    window = paddle.assign(np.hanning(FRAME_LENGTH).astype(dtype))
    complex_dtype = "complex64" if dtype == "float32" else "complex128"
    spectrum = legacy_op("fft_r2c", {"X": [frames * window]}, dtype=complex_dtype,
                         attrs={"axes": [2], "normalization": "backward", "forward": True,
                                "onesided": True})                        # N x 9 x 17
    parts = legacy_op("as_real", {"X": [spectrum]}, dtype=dtype)          # N x 9 x 17 x 2
    power = _reduce_sum(parts * parts, [-1])
    bank = paddle.assign(_filter_bank(FRAME_LENGTH // 2 + 1, MELS))
    mel = legacy_op("matmul_v2", {"X": [power], "Y": [bank]},
                    attrs={"trans_x": False, "trans_y": False})
    log_mel = legacy_op("log", {"X": [legacy_op("scale", {"X": [mel]}, attrs={
        "scale": 1.0, "bias": 1e-6, "bias_after_scale": True})]})            # N x 9 x 8
    rebuilt = legacy_op("fft_c2r", {"X": [spectrum]}, dtype=dtype,
                        attrs={"axes": [2], "normalization": "backward", "forward": False,
                               "last_dim_size": FRAME_LENGTH})            # N x 9 x 32
    energy = _reduce_sum(legacy_op("abs", {"X": [parts]}), [2, 3])

    def make(rng, batch):
        t = np.arange(SAMPLES) / SAMPLES
        tones = np.sin(2 * np.pi * rng.integers(2, 20, size=(batch, 1)) * t)
        return {"wave": (tones + 0.1 * rng.standard_normal((batch, SAMPLES))).astype(dtype)}

    return [wave], [log_mel, rebuilt, energy], make


def build_linalg_head(dtype):
    """x [-1, 8] -> per-sample SPD matrices A [-1, 4, 4]; the solutions of A y = B by
    cholesky_solve, by two triangular solves and by solve; A's QR factors; a multi_dot."""
    x = paddle.static.data("x", [-1, 8], dtype)
    m = paddle.reshape(nn.Linear(8, MATRIX * MATRIX)(x), [-1, MATRIX, MATRIX])
    gram = legacy_op("matmul_v2", {"X": [m], "Y": [m]}, attrs={"trans_x": False,
                                                               "trans_y": True})
    shift = paddle.assign((4.0 * np.eye(MATRIX)).astype(dtype))
    spd = legacy_op("elementwise_add", {"X": [gram], "Y": [shift]}, attrs={"axis": -1})
    rhs = legacy_op("matmul_v2", {"X": [m], "Y": [paddle.assign(
        (np.arange(MATRIX * 2) / 4.0).astype(dtype).reshape(MATRIX, 2))]},
        attrs={"trans_x": False, "trans_y": False})                       # N x 4 x 2
    lower = legacy_op("cholesky", {"X": [spd]}, attrs={"upper": False})
    by_cholesky = legacy_op("cholesky_solve", {"X": [rhs], "Y": [lower]},
                            attrs={"upper": False})
    tri = {"upper": False, "transpose": False, "unitriangular": False}
    forward = legacy_op("triangular_solve", {"X": [lower], "Y": [rhs]}, attrs=tri)
    by_triangles = legacy_op("triangular_solve", {"X": [lower], "Y": [forward]},
                             attrs={**tri, "transpose": True})
    by_solve = legacy_op("solve", {"X": [spd], "Y": [rhs]})
    r = legacy_op("qr", {"X": [m]}, attrs={"mode": "r"}, out_slot="R", extra_outputs=["Q"])
    w1 = paddle.assign(np.linspace(-1, 1, 8 * 6).astype(dtype).reshape(8, 6))
    w2 = paddle.assign(np.linspace(1, -1, 6 * 3).astype(dtype).reshape(6, 3))
    head = legacy_op("multi_dot", {"X": [x, w1, w2]})

    def make(rng, batch):
        return {"x": rng.standard_normal((batch, 8)).astype(dtype)}

    return [x], [by_cholesky, by_triangles, by_solve, legacy_op("abs", {"X": [r]}), head], make


MODELS = {
    "fft_frontend": (
        build_fft_frontend,
        "audio front end: frame (32, hop 16), Hann window, fft_r2c, as_real, power, "
        "mel-like filter-bank matmul, log; fft_c2r rebuilds the frames; |real|+|imag| "
        "energies; feed wave [-1,160]",
    ),
    "linalg_head": (
        build_linalg_head,
        "Linear -> per-sample SPD 4x4 matrices; cholesky, cholesky_solve, two "
        "triangular_solves, solve, qr (mode r: |R|), multi_dot; feed x [-1,8]",
    ),
}
