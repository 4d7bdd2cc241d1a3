"""Evaluation metrics as programs compute them (Paddle's CPU kernels' rules).

auc: the positive-class score (Predict's last column, in [0, 1]) falls in bucket
trunc(score * num_thresholds) of StatPos (label > 0) or StatNeg (label == 0; negative
labels count nowhere). slide_steps 0: the stats are [1, num_thresholds + 1] running
counts. slide_steps s > 0: s step rows, their sum row and a step counter, flat
[(s + 1) * (num_thresholds + 1) + 1]: the step row `counter % s` is taken out of the
sum, refilled with this batch (added to the sum unless InsTagWeight[0] is 0) and the
counter (of both stats) goes up by one. AUC (float64, 0-D) is the trapezoid area under
(cumulative negatives, cumulative positives) of the sum row, from the top bucket down,
divided by both totals when both are positive. `curve` does not change the result.
(With slide_steps 0 and InsTagWeight[0] == 0 Paddle leaves AUC unwritten; fluidphi gives
the AUC of the unchanged stats.)

edit_distance: the Levenshtein distance (insert, delete, substitute: cost 1) of each
hypothesis to its reference, int64 tokens, as float32 [B, 1]; normalized divides by the
reference's length. Pairs come from one-level LoDs or from HypsLength / RefsLength over
padded rows. SequenceNum is B.

chunk_eval: chunks of IOB / IOE / IOBES / plain tags (label = type * tag types + tag; type
num_chunk_types is "other") in Inference and Label, per sequence (LoD or SeqLength);
Precision = correct / inferred, Recall = correct / labelled, F1 their harmonic mean (0 where
a count is 0), float32; chunks of excluded_chunk_types are not counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import to_host


def _fail(op: str, message: str) -> ValueError:
    return ValueError(f"{op}: {message}")


def auc_stat_dims(num_thresholds: int, slide_steps: int) -> tuple[int, ...]:
    buckets = num_thresholds + 1
    if slide_steps:
        return ((1 + slide_steps) * buckets + 1,)
    return (1, buckets)


def auc_dims(predict_dims: Sequence[int], label_dims: Sequence[int],
             stat_dims: dict[str, Sequence[int]], num_thresholds: int, slide_steps: int
             ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(AUC's dims, StatPosOut's / StatNegOut's dims) after Paddle's checks and ours: the
    stats must hold the counts the attributes ask for."""
    if len(predict_dims) < 2 or 0 in predict_dims or not 1 <= int(predict_dims[1]) <= 2:
        raise _fail("auc", f"Predict must be [N, 1] or [N, 2] (N > 0), got {list(predict_dims)}")
    if 0 in label_dims or int(label_dims[0]) != int(predict_dims[0]):
        raise _fail("auc", f"Label must have Predict's {predict_dims[0]} rows, got "
                           f"{list(label_dims)}")
    if num_thresholds < 0 or slide_steps < 0:
        raise _fail("auc", f"num_thresholds ({num_thresholds}) and slide_steps "
                           f"({slide_steps}) must not be negative")
    want = auc_stat_dims(num_thresholds, slide_steps)
    for slot, dims in stat_dims.items():
        if int(np.prod(dims, dtype=np.int64)) != int(np.prod(want)):
            raise _fail("auc", f"{slot} must hold {int(np.prod(want))} counts "
                               f"({list(want)} for num_thresholds {num_thresholds}, "
                               f"slide_steps {slide_steps}), got dims {list(dims)}")
    return (), want


def _area(pos: np.ndarray, neg: np.ndarray) -> float:
    tot_pos = np.concatenate([[0.0], np.cumsum(pos[::-1].astype(np.float64))])
    tot_neg = np.concatenate([[0.0], np.cumsum(neg[::-1].astype(np.float64))])
    areas = np.abs(np.diff(tot_neg)) * (tot_pos[1:] + tot_pos[:-1]) / 2.0
    auc = float(np.cumsum(areas)[-1]) if len(areas) else 0.0
    if tot_pos[-1] > 0.0 and tot_neg[-1] > 0.0:
        auc = auc / tot_pos[-1] / tot_neg[-1]
    return auc


def auc(xp: Any, predict: Any, label: Any, stat_pos: Any, stat_neg: Any,
        ins_tag_weight: Any | None, num_thresholds: int, slide_steps: int, auc_out: Any,
        stat_pos_out: Any, stat_neg_out: Any) -> None:
    """The batch counted into the stats and the AUC of their sum row (module doc); the
    stats may be their outputs' own arrays."""
    score = to_host(predict).reshape(predict.shape[0], -1)[:, -1]
    bad = ~((score >= 0) & (score <= 1))
    if bad.any():
        raise _fail("auc", f"Predict's scores must lie in [0, 1], got {score[bad][:3].tolist()}")
    bins = (score * np.float32(num_thresholds)).astype(np.int64)
    labels = to_host(label).reshape(-1)[:len(score)]
    buckets = num_thresholds + 1
    pos, neg = (to_host(s).reshape(-1).astype(np.int64) for s in (stat_pos, stat_neg))
    fake = ins_tag_weight is not None and float(to_host(ins_tag_weight).reshape(-1)[0]) == 0
    counts = [np.bincount(bins[labels > 0], minlength=buckets),
              np.bincount(bins[labels == 0], minlength=buckets)]
    if slide_steps == 0:
        if not fake:
            pos += counts[0]
            neg += counts[1]
        total = slice(0, buckets)
    else:
        cur = int(pos[(slide_steps + 1) * buckets]) % slide_steps
        step = slice(cur * buckets, (cur + 1) * buckets)
        total = slice(slide_steps * buckets, (slide_steps + 1) * buckets)
        for stat, count in zip((pos, neg), counts):
            stat[total] -= stat[step]
            stat[step] = count
            if not fake:
                stat[total] += count
    value = _area(pos[total], neg[total])
    if slide_steps:
        pos[-1] += 1
        neg[-1] += 1
    auc_out[...] = xp.asarray(value, dtype=auc_out.dtype)
    stat_pos_out[...] = xp.asarray(pos.reshape(stat_pos_out.shape))
    stat_neg_out[...] = xp.asarray(neg.reshape(stat_neg_out.shape))


# -- edit_distance ------------------------------------------------------------------------

def edit_distance_offsets(hyps_dims: Sequence[int], refs_dims: Sequence[int],
                          hyps_lod: Sequence[Sequence[int]], refs_lod: Sequence[Sequence[int]],
                          hyps_length: Any | None, refs_length: Any | None
                          ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(start, length) of every hypothesis and reference: from HypsLength / RefsLength over
    padded [B, T] rows, else from the one-level LoDs of [M, 1] tensors."""
    if (hyps_length is None) != (refs_length is None):
        raise _fail("edit_distance", "HypsLength and RefsLength must be given together")
    if hyps_length is not None:
        if len(hyps_dims) != 2 or len(refs_dims) != 2 or hyps_dims[0] != refs_dims[0]:
            raise _fail("edit_distance", f"padded Hyps and Refs must be [B, T] with one batch, "
                                         f"got {list(hyps_dims)} and {list(refs_dims)}")
        batch = int(hyps_dims[0])
        spans = []
        for slot, dims, lengths in (("HypsLength", hyps_dims, hyps_length),
                                    ("RefsLength", refs_dims, refs_length)):
            lengths = to_host(lengths).reshape(-1).astype(np.int64)
            if len(lengths) != batch or np.any((lengths < 0) | (lengths > int(dims[1]))):
                raise _fail("edit_distance", f"{slot} must hold {batch} lengths in "
                                             f"[0, {dims[1]}], got {lengths.tolist()}")
            spans.append((np.arange(batch, dtype=np.int64) * int(dims[1]), lengths))
        return spans[0][0], spans[0][1], spans[1][0], spans[1][1]
    offsets = []
    for slot, dims, lod in (("Hyps", hyps_dims, hyps_lod), ("Refs", refs_dims, refs_lod)):
        if len(lod) != 1 or len(dims) != 2 or int(dims[1]) != 1:
            raise _fail("edit_distance", f"{slot} must be an [M, 1] LoD tensor of one level "
                                         f"(or give HypsLength / RefsLength), got dims "
                                         f"{list(dims)} and {len(lod)} LoD levels")
        offsets.append(np.asarray(lod[0], np.int64))
    if len(offsets[0]) != len(offsets[1]):
        raise _fail("edit_distance", f"Hyps has {len(offsets[0]) - 1} sequences but Refs "
                                     f"{len(offsets[1]) - 1}")
    return offsets[0][:-1], np.diff(offsets[0]), offsets[1][:-1], np.diff(offsets[1])


def _levenshtein(hyp: np.ndarray, ref: np.ndarray) -> int:
    """Rows of the dynamic programme, each row vectorised: deletions / substitutions from
    the row above, then insertions as a running minimum along the row."""
    cols = np.arange(len(ref) + 1, dtype=np.int64)
    row = cols
    for i, token in enumerate(hyp, start=1):
        best = np.empty_like(row)
        best[0] = i
        best[1:] = np.minimum(row[1:] + 1, row[:-1] + (ref != token))
        row = np.minimum.accumulate(best - cols) + cols
    return int(row[-1])


def edit_distance(xp: Any, hyps: Any, refs: Any, spans: tuple[np.ndarray, ...],
                  normalized: bool, sequence_num: Any, out: Any) -> None:
    """Levenshtein distance per pair (divided by the reference length when normalized: an
    empty reference then raises)."""
    hyp_start, hyp_len, ref_start, ref_len = spans
    if normalized and np.any(ref_len == 0):
        raise _fail("edit_distance", f"reference #{int(np.argmax(ref_len == 0))} is empty, "
                                     "which normalized cannot divide by")
    flat_h, flat_r = to_host(hyps).reshape(-1), to_host(refs).reshape(-1)
    dist = np.array([_levenshtein(flat_h[h:h + m], flat_r[r:r + n])
                     for h, m, r, n in zip(hyp_start, hyp_len, ref_start, ref_len)],
                    dtype=out.dtype)
    if normalized:
        dist = dist / ref_len.astype(out.dtype)
    out[...] = xp.asarray(dist.reshape(out.shape))
    sequence_num[...] = xp.asarray(np.full(sequence_num.shape, len(hyp_len), np.int64))


# -- chunk_eval ---------------------------------------------------------------------------

#: chunk_scheme -> (tag types, begin, inside, end, single tag; -1: the scheme has none)
CHUNK_SCHEMES = {"IOB": (2, 0, 1, -1, -1), "IOE": (2, -1, 0, 1, -1),
                 "IOBES": (4, 0, 1, 2, 3), "plain": (1, -1, -1, -1, -1)}


def chunk_eval_offsets(infer_dims: Sequence[int], label_dims: Sequence[int],
                       infer_lod: Sequence[Sequence[int]], label_lod: Sequence[Sequence[int]],
                       seq_length: Any | None) -> tuple[np.ndarray, np.ndarray]:
    """(start, length) of every sequence: Label's one-level LoD (Inference's must equal it),
    else SeqLength over padded [B, T] (or [B, T, 1]) rows."""
    if list(infer_dims) != list(label_dims):
        raise _fail("chunk_eval", f"Inference and Label must have the same dims, got "
                                  f"{list(infer_dims)} and {list(label_dims)}")
    if label_lod:
        if len(label_lod) != 1 or [list(v) for v in label_lod] != [list(v) for v in infer_lod]:
            raise _fail("chunk_eval", f"Inference and Label must share one LoD level, got "
                                      f"{infer_lod} and {label_lod}")
        offsets = np.asarray(label_lod[0], np.int64)
        return offsets[:-1], np.diff(offsets)
    if seq_length is None or len(infer_dims) < 2:
        raise _fail("chunk_eval", "without a LoD, Inference / Label must be padded [B, T] "
                                  "rows with SeqLength")
    width = int(infer_dims[1])
    lengths = to_host(seq_length).reshape(-1).astype(np.int64)
    if len(lengths) > int(infer_dims[0]) or np.any((lengths < 0) | (lengths > width)):
        raise _fail("chunk_eval", f"SeqLength must hold at most {infer_dims[0]} lengths in "
                                  f"[0, {width}], got {lengths.tolist()}")
    return np.arange(len(lengths), dtype=np.int64) * width, lengths


def _segments(labels: np.ndarray, starts: np.ndarray, lengths: np.ndarray,
              num_chunk_types: int, scheme: tuple[int, ...]) -> np.ndarray:
    """Chunks (begin, end, type) of every sequence, found for all positions at once: a chunk
    begins where Paddle's ChunkBegin holds and closes where ChunkEnd holds after a chunk
    (one is open exactly when the previous position is not of the other type) or at the
    sequence's end."""
    tag_types, t_begin, t_inside, t_end, t_single = scheme
    other = num_chunk_types
    pos = np.concatenate([np.arange(s, s + n) for s, n in zip(starts, lengths)]
                         ) if len(starts) else np.zeros(0, np.int64)
    first = np.zeros(len(pos), bool)
    first[np.cumsum(np.concatenate([[0], lengths[:-1]]))[lengths > 0]] = True
    values = labels[pos]
    tag, kind = values % tag_types, values // tag_types
    prev_tag = np.where(first, -1, np.roll(tag, 1))
    prev_kind = np.where(first, other, np.roll(kind, 1))
    same = kind == prev_kind
    prev_closing = (prev_tag == t_end) | (prev_tag == t_single)
    begin = np.where(prev_kind == other, kind != other,
                     (kind != other) & (~same | (tag == t_begin) | (tag == t_single)
                                        | (((tag == t_inside) | (tag == t_end))
                                           & prev_closing)))
    end = (prev_kind != other) & ((kind == other) | ~same | prev_closing
                                  | (((prev_tag == t_begin) | (prev_tag == t_inside))
                                     & ((tag == t_begin) | (tag == t_single))))
    seq_ends = np.cumsum(lengths)[lengths > 0]
    closes = np.union1d(np.flatnonzero(end), seq_ends)
    opened = np.flatnonzero(begin)
    stop = closes[np.searchsorted(closes, opened, side="right")] - 1
    return np.stack([opened, stop, kind[opened]], axis=-1)


def chunk_eval(xp: Any, inference: Any, label: Any, spans: tuple[np.ndarray, np.ndarray],
               num_chunk_types: int, chunk_scheme: str, excluded_chunk_types: Sequence[int],
               outs: Sequence[Any]) -> None:
    """Precision, Recall, F1-Score (float32 [1]) and the chunk counts (int64 [1]) of
    Inference against Label (`outs` in the proto's order)."""
    if chunk_scheme not in CHUNK_SCHEMES:
        raise _fail("chunk_eval", f"unknown chunk_scheme {chunk_scheme!r} (one of "
                                  f"{', '.join(CHUNK_SCHEMES)})")
    scheme = CHUNK_SCHEMES[chunk_scheme]
    limit = num_chunk_types * scheme[0]
    found = []
    for slot, data in (("Inference", inference), ("Label", label)):
        values = to_host(data).reshape(-1).astype(np.int64)
        bad = values[spans_mask(values.size, spans)]
        bad = bad[(bad < 0) | (bad > limit)]
        if bad.size:
            raise _fail("chunk_eval", f"{slot} values must lie in [0, num_chunk_types * tag "
                                      f"types = {limit}], got {bad[:3].tolist()}")
        chunks = _segments(values, *spans, num_chunk_types, scheme)
        found.append(chunks[~np.isin(chunks[:, 2], list(excluded_chunk_types))])
    keys = [(c[:, 0] * (len(to_host(label).reshape(-1)) + 1) + c[:, 1]) * (limit + 1) + c[:, 2]
            for c in found]
    n_infer, n_label = len(found[0]), len(found[1])
    n_correct = len(np.intersect1d(keys[0], keys[1]))
    precision = np.float32(0) if not n_infer else np.float32(n_correct) / np.float32(n_infer)
    recall = np.float32(0) if not n_label else np.float32(n_correct) / np.float32(n_label)
    f1 = (np.float32(0) if not n_correct
          else np.float32(2) * precision * recall / (precision + recall))
    for out, value in zip(outs, (precision, recall, f1, n_infer, n_label, n_correct)):
        out[...] = xp.asarray(np.full(out.shape, value, dtype=out.dtype))


def spans_mask(size: int, spans: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Which of `size` flat positions the (start, length) spans cover."""
    cover = np.zeros(size + 1, np.int64)
    np.add.at(cover, spans[0], 1)
    np.add.at(cover, spans[0] + spans[1], -1)
    return np.cumsum(cover[:-1]) > 0
