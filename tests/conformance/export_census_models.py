"""Whole programs of the op census's families for export.py (Paddle 3.3.1, legacy
ProgramDesc), kept beside it.

- fft_frontend: an audio front end: a waveform framed into overlapping windows (frame),
  a Hann window, the real FFT (fft_r2c), its power, a mel-like filter bank (matmul) and a
  log; a second branch rebuilds the frames (fft_c2r) and their complex spectrum's real and
  imaginary parts feed a per-frame energy.
- linalg_head: per-sample 4x4 matrices from a Linear layer made symmetric positive
  definite, then cholesky, cholesky_solve, triangular_solve, solve, qr and a multi_dot
  head, the way a small second-order optimisation or Gaussian-process head is written.
- beam_decoder: a beam-search decoder as legacy programs wrote one: an encoder (embedding,
  mean over the source, Linear, tanh) gives each source its first state; the start ids and
  scores get a 2-level LoD (one prefix per source) from lod_reset with offsets made of the
  batch size; a static While loop reads the last step's ids, scores and states from tensor
  arrays, runs a tanh cell over [state, embedded id], softmax, top_k_v2, log-accumulates the
  scores, re-attaches the previous step's LoD (lod_reset), beam_search (parent_idx gathers
  the kept rows' states), increments the step and writes the arrays, and stops at
  DECODE_STEPS or when every source is pruned; beam_search_decode turns the arrays into
  the hypotheses (LoD outputs).

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


VOCAB, SRC_LEN, EMB, HID, BEAM, DECODE_STEPS, START_ID, END_ID = 24, 5, 8, 16, 3, 6, 2, 18


def _tanh(x):
    return legacy_op("tanh", {"X": [x]})  # 3.3.1's paddle.tanh builds no legacy op


def _with_two_level_lod(x, offsets):
    """x with the LoD [offsets, offsets]: one prefix per source, one row per prefix."""
    one = legacy_op("lod_reset", {"X": [x], "Y": [offsets]})
    return legacy_op("lod_reset", {"X": [one], "Y": [offsets]}, attrs={"append": True})


def _decoder_step(ids_arr, scores_arr, states_arr, step, dec_emb, cell, proj):
    """One step of the loop body: the kept ids, scores and states (the cell's output for
    each kept row's prefix)."""
    pre_ids = paddle.tensor.array_read(ids_arr, step)
    pre_scores = paddle.tensor.array_read(scores_arr, step)
    pre_state = paddle.tensor.array_read(states_arr, step)
    embedded = paddle.reshape(dec_emb(pre_ids), [-1, EMB])
    h = _tanh(cell(paddle.concat([pre_state, embedded], axis=1)))
    probs = paddle.nn.functional.softmax(paddle.scale(proj(h), 4.0))  # sharper choices
    top_scores, top_ids = paddle.topk(probs, BEAM)
    accumulated = legacy_op("elementwise_add", {"X": [legacy_op("log", {"X": [top_scores]})],
                                                "Y": [paddle.reshape(pre_scores, [-1, 1])]},
                            attrs={"axis": -1})
    accumulated = legacy_op("lod_reset", {"X": [accumulated], "Y": [pre_scores]})
    block = paddle.static.default_main_program().current_block()
    kept_ids = block.create_var(name="kept_ids", dtype="int64", lod_level=2)
    kept_scores = block.create_var(name="kept_scores", dtype="float32", lod_level=2)
    parents = block.create_var(name="parent_idx", dtype="int32")
    block.append_op(type="beam_search",
                    inputs={"pre_ids": [pre_ids], "pre_scores": [pre_scores],
                            "ids": [top_ids], "scores": [accumulated]},
                    outputs={"selected_ids": [kept_ids], "selected_scores": [kept_scores],
                             "parent_idx": [parents]},
                    attrs={"level": 0, "beam_size": BEAM, "end_id": END_ID,
                           "is_accumulated": True})
    return kept_ids, kept_scores, paddle.gather(h, parents)


def build_beam_decoder(dtype):
    """src_ids [-1, SRC_LEN] -> an encoder state per source -> a While loop of beam-search
    steps over tensor arrays -> beam_search_decode: the hypotheses' ids and scores."""
    src = paddle.static.data("src_ids", [-1, SRC_LEN], "int64")
    enc = _tanh(nn.Linear(EMB, HID)(paddle.mean(nn.Embedding(VOCAB, EMB)(src), axis=1)))
    first = paddle.slice(src, [1], [0], [1])                                  # [B, 1]
    offsets = paddle.cast(paddle.arange(0, paddle.shape(src)[0] + 1), "int32")
    start_ids = _with_two_level_lod(paddle.scale(first, 0.0, float(START_ID)), offsets)
    start_scores = _with_two_level_lod(paddle.cast(paddle.scale(first, 0.0), "float32"),
                                       offsets)
    step = paddle.full([1], 0, "int64")
    limit = paddle.full([1], DECODE_STEPS, "int64")
    ids_arr = paddle.tensor.array_write(start_ids, step)
    scores_arr = paddle.tensor.array_write(start_scores, step)
    states_arr = paddle.tensor.array_write(enc, step)
    cond = paddle.less_than(step, limit)
    dec_emb, cell, proj = nn.Embedding(VOCAB, EMB), nn.Linear(HID + EMB, HID), nn.Linear(HID,
                                                                                       VOCAB)
    loop = paddle.static.nn.control_flow.While(cond)
    with loop.block():
        kept_ids, kept_scores, states = _decoder_step(ids_arr, scores_arr, states_arr, step,
                                                      dec_emb, cell, proj)
        paddle.increment(step)
        paddle.tensor.array_write(kept_ids, step, array=ids_arr)
        paddle.tensor.array_write(kept_scores, step, array=scores_arr)
        paddle.tensor.array_write(states, step, array=states_arr)
        alive = legacy_op("logical_not", {"X": [paddle.is_empty(kept_ids)]}, dtype="bool")
        going = legacy_op("logical_and", {"X": [paddle.less_than(step, limit)], "Y": [alive]},
                          dtype="bool")
        paddle.assign(going, cond)
    block = paddle.static.default_main_program().current_block()
    sentence_ids = block.create_var(name="sentence_ids", dtype="int64", lod_level=2)
    sentence_scores = block.create_var(name="sentence_scores", dtype="float32", lod_level=2)
    block.append_op(type="beam_search_decode",
                    inputs={"Ids": [ids_arr], "Scores": [scores_arr]},
                    outputs={"SentenceIds": [sentence_ids],
                             "SentenceScores": [sentence_scores]},
                    attrs={"beam_size": BEAM, "end_id": END_ID})

    def make(rng, batch):
        return {"src_ids": rng.integers(0, VOCAB, size=(batch, SRC_LEN)).astype("int64")}

    return [src], [sentence_ids, sentence_scores], make


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
    "beam_decoder": (
        build_beam_decoder,
        "encoder (Embedding(24,8), mean, Linear(8,16), tanh) -> While loop of beam-search "
        "steps over tensor arrays (array_read, tanh cell over [state, Embedding(24,8)], "
        "softmax, top_k_v2 3, log + accumulated scores, lod_reset, beam_search beam 3 end 0, "
        "gather by parent_idx, increment, array_write; at most 4 steps or until every source "
        "is pruned) -> beam_search_decode; start ids / scores given a 2-level LoD by lod_reset "
        "from the batch size; feed src_ids int64 [-1,5]; fetches the hypotheses' ids and "
        "scores (LoD)",
    ),
}
