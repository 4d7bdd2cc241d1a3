"""CRF decoders: viterbi_decode (paddle.text) and the fluid crf_decoding op.

Both are dynamic programs over time (a loop over steps; batch and tags are vectorised)
that reproduce Paddle's CPU kernels to the bit, quirks included:

- a maximum is Paddle's strict `>` scan: the first of equal maxima wins and NaN never
  wins; viterbi_decode starts from the lowest float with index -1, crf_decoding from
  -FLT_MAX with index 0 (so an all -inf row decodes to tag 0 with score -FLT_MAX + x);
- viterbi_decode masks finished sequences arithmetically, `new * m + old * (1 - m)`, so
  an inf past a sequence's end turns that tag's score into NaN (which then never wins);
- viterbi_decode's transition rows N-1 and N-2 are the start and stop transitions when
  `include_bos_eos_tag`; crf_decoding's rows 0 and 1 are start and stop, rows 2.. the
  tag-to-tag weights ([N + 2, N]).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet


def _first_max(xp: Any, scores: Any, axis: int, start: float, none_index: int
               ) -> tuple[Any, Any]:
    """(max, index) of Paddle's scan `if s > best: best, idx = s, i` from (start,
    none_index): the first maximum, NaN and values <= start never taken."""
    valid = scores > start
    picked = xp.where(valid, scores, -xp.inf)
    index = xp.argmax(picked, axis=axis)
    any_valid = valid.any(axis=axis)
    best = xp.where(any_valid, xp.take_along_axis(
        picked, xp.expand_dims(index, axis), axis).squeeze(axis), scores.dtype.type(start))
    return best, xp.where(any_valid, index, none_index).astype(np.int64)


def check_viterbi_shapes(input_dims: tuple[int, ...], transition_dims: tuple[int, ...],
                         length_dims: tuple[int, ...]) -> None:
    if len(input_dims) != 3:
        raise ValueError(f"viterbi_decode: Input must be 3-D [batch, steps, tags], got "
                         f"{list(input_dims)}")
    if len(length_dims) != 1 or len(transition_dims) != 2:
        raise ValueError(f"viterbi_decode: Length must be 1-D and Transition 2-D, got "
                         f"{list(length_dims)} and {list(transition_dims)}")
    if input_dims[0] != length_dims[0] or input_dims[2] != transition_dims[0]:
        raise ValueError(f"viterbi_decode: Input {list(input_dims)}, Transition "
                         f"{list(transition_dims)} and Length {list(length_dims)} disagree "
                         "on the batch size or the number of tags")


def viterbi_decode(xp: Any, potentials: Any, transition: Any, lengths: Any,
                   include_bos_eos_tag: bool) -> tuple[Any, Any]:
    """(scores [B], path [B, max(lengths)] int64), as Paddle's ViterbiDecodeKernel."""
    with quiet(xp):  # inf - inf and inf * 0 are Paddle's answers here
        return _viterbi_decode(xp, potentials, transition, lengths, include_bos_eos_tag)


def _viterbi_decode(xp: Any, potentials: Any, transition: Any, lengths: Any,
                    include_bos_eos_tag: bool) -> tuple[Any, Any]:
    batch, steps, tags = (int(d) for d in potentials.shape)
    if lengths.dtype != np.int64:
        raise ValueError(f"viterbi_decode: Length must be int64, got {lengths.dtype}")
    dtype = potentials.dtype
    left = lengths.reshape(batch).astype(np.int64)
    max_len = int(left.max()) if batch else 0
    if max_len > steps:
        raise IndexError(f"viterbi_decode: a Length of {max_len} is out of bound for "
                         f"{steps} steps")
    if max_len < 1:
        raise ValueError("viterbi_decode: every Length is 0 (Paddle's kernel needs one >= 1)")
    if include_bos_eos_tag and tags < 2:
        raise ValueError("viterbi_decode: include_bos_eos_tag needs at least 2 tags")
    x = xp.transpose(potentials, (1, 0, 2))
    one = dtype.type(1)
    stop, start = transition[tags - 2], transition[tags - 1]
    if include_bos_eos_tag:
        alpha = x[0] + start
        alpha = alpha + stop * (left == 1).astype(dtype)[:, None]
    else:
        alpha = x[0].copy()
    left = left - 1
    history = []
    lowest = float(np.finfo(dtype).min)
    for i in range(1, max_len):
        summed = alpha[:, :, None] + transition[None, :, :]
        best, index = _first_max(xp, summed, 1, lowest, -1)
        history.append(index)
        mask = (left > 0).astype(dtype)[:, None]
        alpha = alpha * (one - mask) + (best + x[i]) * mask
        if include_bos_eos_tag:
            alpha = alpha + stop * (left == 1).astype(dtype)[:, None]
        left = left - 1
    scores, last = _first_max(xp, alpha, 1, lowest, -1)
    path = xp.zeros((max_len, batch), dtype=np.int64)
    path[max_len - 1] = last * (left >= 0)
    offset = xp.arange(batch, dtype=np.int64) * tags
    for row, hist in zip(range(max_len - 2, -1, -1), reversed(history)):
        left = left + 1
        update = hist.reshape(-1)[offset + last] * (left > 0)
        ended = (left == 0).astype(np.int64)
        update = update * (1 - ended) + last * ended
        last = update + last * (left < 0)
        path[row] = update
    return scores.astype(dtype), xp.ascontiguousarray(path.T)


def check_crf_shapes(emission_dims: tuple[int, ...], transition_dims: tuple[int, ...],
                     label_dims: tuple[int, ...] | None, padded: bool) -> None:
    rank = 3 if padded else 2
    if len(emission_dims) != rank:
        raise ValueError(f"crf_decoding: Emission must be {rank}-D "
                         f"({'with' if padded else 'without'} Length), got {list(emission_dims)}")
    if len(transition_dims) != 2 or transition_dims[0] != transition_dims[1] + 2 \
            or transition_dims[1] != emission_dims[-1]:
        raise ValueError(f"crf_decoding: Transition must be [tags + 2, tags] with the "
                         f"Emission's {emission_dims[-1]} tags, got {list(transition_dims)}")
    if label_dims is not None:
        # padded: [B, T] or [B, T, 1]; by LoD: [total] or [total, 1]
        ok = len(label_dims) == rank - 1 or (len(label_dims) == rank and label_dims[-1] == 1)
        if not ok or label_dims[0] != emission_dims[0]:
            raise ValueError(f"crf_decoding: Label {list(label_dims)} does not match Emission "
                             f"{list(emission_dims)}")


def crf_decoding_padded(xp: Any, emission: Any, transition: Any, lengths: Any) -> Any:
    """Viterbi paths [B, T] of padded sequences (0 past each length), as Paddle's
    CRFDecodingOpKernel::Decode run per sequence."""
    batch, steps, tags = (int(d) for d in emission.shape)
    lengths = lengths.reshape(batch).astype(np.int64)
    lowest = -float(np.finfo(emission.dtype).max)
    path = xp.zeros((batch, steps), dtype=np.int64)
    if batch == 0 or steps == 0:
        return path
    pair = transition[2:]  # [from tag j, to tag i]
    alpha = transition[0] + emission[:, 0]
    final = alpha.copy()
    track = xp.zeros((batch, steps, tags), dtype=np.int64)
    for k in range(1, steps):
        best, index = _first_max(xp, alpha[:, :, None] + pair[None], 1, lowest, 0)
        alpha = best + emission[:, k]
        track[:, k] = index
        final = xp.where((lengths == k + 1)[:, None], alpha, final)
    _, tag = _first_max(xp, final + transition[1], 1, lowest, 0)
    rows = xp.arange(batch)
    for k in range(steps - 1, -1, -1):
        at_end = lengths == k + 1
        inside = lengths > k + 1
        back = track[rows, k + 1, tag] if k + 1 < steps else tag
        tag = xp.where(at_end, tag, xp.where(inside, back, tag))
        path[:, k] = xp.where(lengths > k, tag, 0)
    return path


def crf_decoding_lod(xp: Any, emission: Any, transition: Any, offsets: list[int]) -> Any:
    """Viterbi paths [N, 1] of LoD sequences (level-0 `offsets`), through the padded form."""
    lengths = np.diff(np.asarray(offsets, dtype=np.int64))
    batch, steps, tags = len(lengths), int(lengths.max(initial=0)), int(emission.shape[1])
    rows = np.repeat(np.arange(batch), lengths)
    cols = np.arange(int(lengths.sum())) - np.repeat(np.asarray(offsets[:-1]), lengths)
    padded = xp.zeros((batch, steps, tags), dtype=emission.dtype)
    padded[xp.asarray(rows), xp.asarray(cols)] = emission[offsets[0]:offsets[-1]]
    decoded = crf_decoding_padded(xp, padded, transition, xp.asarray(lengths))
    out = xp.zeros((int(emission.shape[0]), 1), dtype=np.int64)
    out[offsets[0]:offsets[-1], 0] = decoded[xp.asarray(rows), xp.asarray(cols)]
    return out


def label_hits(xp: Any, path: Any, label: Any, lengths: Any | None) -> Any:
    """1 where the decoded tag equals the label, else 0 (and 0 past each length)."""
    hits = (path == label.reshape(path.shape)).astype(np.int64)
    if lengths is None:
        return hits
    steps = path.shape[1]
    return hits * (xp.arange(steps)[None, :] < lengths.reshape(-1, 1))


def crf_decoding(xp: Any, emission: Any, lod: list[list[int]], transition: Any,
                 label: Any | None, length: Any | None) -> Any:
    """crf_decoding's ViterbiPath: padded with `length`, else by the level-0 LoD."""
    if length is not None:
        if length.dtype != np.int64:
            raise ValueError(f"crf_decoding: Length must be int64, got {length.dtype}")
        path = crf_decoding_padded(xp, emission, transition, length)
    else:
        if len(lod) != 1:
            raise ValueError("crf_decoding: without Length, Emission must be a sequence with "
                             f"lod level 1, got lod level {len(lod)}")
        path = crf_decoding_lod(xp, emission, transition, lod[0])
    if label is None:
        return path
    return label_hits(xp, path, label, length)
