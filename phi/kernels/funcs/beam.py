"""Beam-search decoding math.

gather_tree: Ids and Parents [max_time, batch, beam]; the path ending in beam k of the last
step is traced back through the parents: Out[T-1] = Ids[T-1], and going back one step,
Out[t, b, k] = Ids[t, b, p] with p the parent reached so far, which then becomes
Parents[t, b, p]. Every parent that indexes a step must lie in [0, beam); as in Paddle,
parents never reached, and those of step 0 (they index nothing), are not checked.
Vectorised over batch and beam, one step at a time.

beam_search_decode: the hypotheses a beam search kept, traced back through the steps' LoDs
(see `beam_search_decode`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import abs_offsets, to_host


def gather_tree_check_dims(ids_dims: Sequence[int], parents_dims: Sequence[int]) -> None:
    """Ids and Parents: the same [max_time, batch, beam] dims."""
    if len(ids_dims) != 3:
        raise ValueError(f"gather_tree: the input Ids must be a 3-D tensor [max_time, batch, "
                         f"beam], got {list(ids_dims)}")
    if tuple(ids_dims) != tuple(parents_dims):
        raise ValueError(f"gather_tree: Ids and Parents must have the same dims, got "
                         f"{list(ids_dims)} and {list(parents_dims)}")


def _checked_parent(xp: Any, parent: Any, beam: int) -> Any:
    host = to_host(parent)
    if host.size and host.min() < 0:
        raise ValueError(f"gather_tree: the parents must be >= 0, but received parents "
                         f"{int(host.min())}")
    if host.size and host.max() >= beam:
        raise ValueError(f"gather_tree: the parents must be less than beam size {beam}, "
                         f"but received parents {int(host.max())}")
    return parent.astype(np.int64)


def gather_tree(xp: Any, ids: Any, parents: Any, out: Any) -> None:
    """out [T, B, K]: the traced-back ids (safe when out is ids)."""
    steps, _, beam = ids.shape
    if ids.size == 0:
        return
    parent = _checked_parent(xp, parents[steps - 1], beam)
    out[steps - 1] = ids[steps - 1]
    for t in range(steps - 2, -1, -1):
        out[t] = xp.take_along_axis(ids[t], parent, axis=1)
        if t:
            parent = _checked_parent(xp, xp.take_along_axis(parents[t], parent, axis=1), beam)


def _boundary_winner(members: np.ndarray, candidate: np.ndarray, better: np.ndarray,
                     beam_size: int) -> int:
    """Which member of a tie group straddling the last beam slot Paddle keeps there.

    Paddle inserts the candidates one by one into a sorted list of beam_size (descending
    score, then descending row; equal ones after those already there), except that a
    candidate equal to the full list's last one replaces it. So the first beam_size - 1
    slots are the stable top; the last slot holds the group member placed there last: one
    that arrived when beam_size - 1 better-or-equal ones were already in (placed on arrival)
    or one pushed down from the slot above by a later, strictly better candidate (placed
    then). `members`: the group's arrival indices (ascending), `candidate`: those not in the
    stable top, `better`: arrivals of the source's strictly better candidates; returns the
    index into `members` of the winner."""
    better = np.sort(better)
    before = np.searchsorted(better, members) + np.arange(members.size)
    placed = members.astype(np.float64)
    entered = np.flatnonzero(before < beam_size - 1)
    push = (np.searchsorted(better, members[entered], side="right")
            + (beam_size - 1 - before[entered]) - 1)
    placed[entered] = np.where(push < better.size, better[np.minimum(push, better.size - 1)]
                               if better.size else 0.0, -np.inf)
    placed[~candidate] = -np.inf
    return int(np.argmax(placed))


def beam_search(pre_ids: Any, pre_scores: Any, ids: Any | None, scores: Any,
                lod: Sequence[Sequence[int]], level: int, beam_size: int, end_id: int,
                is_accumulated: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                               list[list[int]]]:
    """One beam-search step, as Paddle's CPU kernel: (selected_ids [N, 1] int64,
    selected_scores [N, 1] float32, parent_idx [N] int32, the outputs' LoD).

    The sources are the sequences of LoD level `level` (in rows, through the lower levels);
    each row is a prefix. A row whose pre_id is end_id (finished) offers one candidate:
    end_id with its pre_score; any other row offers each column d: the id ids[row, d] (d
    without ids) with score scores[row, d] (is_accumulated) or pre_score + log(scores[row,
    d]) in float32. Each source keeps its beam_size best (descending score, then descending
    row; Paddle's insertion order settles exact ties, see `_boundary_winner`); the kept
    candidates are listed by row (parent_idx), best first within a row. A source whose kept
    candidates are all end_id from finished rows is pruned (it keeps none). LoD: [the
    sources' row offsets, each row's offsets into the output]."""
    for name, array, dtype in (("pre_ids", pre_ids, np.int64), ("ids", ids, np.int64),
                               ("pre_scores", pre_scores, np.float32),
                               ("scores", scores, np.float32)):
        if array is not None and array.dtype != dtype:
            raise ValueError(f"beam_search: {name} must be {np.dtype(dtype).name} (Paddle's "
                             f"kernel reads it so), got {array.dtype}")
    scores = to_host(scores)
    rows = scores.shape[0]
    width = int(np.prod(scores.shape[1:], dtype=np.int64))
    if not lod or not 0 <= level < len(lod):
        raise ValueError(f"beam_search: scores needs a LoD with level {level}, got LoD "
                         f"{[list(v) for v in lod]}")
    high = abs_offsets(lod[level:])
    if high[0] != 0 or high[-1] != rows or np.any(np.diff(high) < 0):
        raise ValueError(f"beam_search: scores' LoD {[list(v) for v in lod]} does not cover "
                         f"its {rows} rows")
    pre_ids = to_host(pre_ids).reshape(-1)
    pre_scores = to_host(pre_scores).reshape(-1)
    if pre_ids.size != rows or pre_scores.size != rows:
        raise ValueError(f"beam_search: pre_ids and pre_scores need one value per row of "
                         f"scores ({rows}), got {pre_ids.size} and {pre_scores.size}")
    if width == 0:
        raise ValueError(f"beam_search: scores {list(to_host(scores).shape)} has no candidates "
                         f"per row")
    scores = scores.reshape(rows, width)
    if ids is None:
        cand_id = np.broadcast_to(np.arange(width, dtype=np.int64), (rows, width)).copy()
    else:
        cand_id = to_host(ids).astype(np.int64).reshape(rows, width)
    if is_accumulated:
        cand_score = scores.astype(np.float32)
    else:
        # log in float64 rounded once: a correctly rounded float32 log on every CPU
        cand_score = pre_scores.reshape(rows, 1) + np.log(scores.astype(np.float64)).astype(
            np.float32)
    finished = pre_ids == end_id
    cand_id[finished, 0] = end_id
    cand_score[finished, 0] = pre_scores[finished]
    valid = np.ones((rows, width), bool)
    valid[finished, 1:] = False
    arrival = np.flatnonzero(valid.reshape(-1))
    row = arrival // max(width, 1)
    score = cand_score.reshape(-1)[arrival]
    cid = cand_id.reshape(-1)[arrival]
    src = np.searchsorted(high, row, side="right") - 1
    order = np.lexsort((arrival, -row, -score, src))
    s_src, s_row, s_score = src[order], row[order], score[order]
    rank = np.arange(order.size) - np.searchsorted(s_src, s_src, side="left")
    last = np.flatnonzero(rank == beam_size - 1)
    last = last[last + 1 < order.size]
    straddle = last[(s_src[last + 1] == s_src[last]) & (s_row[last + 1] == s_row[last])
                    & (s_score[last + 1] == s_score[last])]
    for pos in straddle:  # one tie group per source at most: sources, not elements
        same = (s_src == s_src[pos]) & (s_row == s_row[pos]) & (s_score == s_score[pos])
        group = np.flatnonzero(same)
        first = np.flatnonzero(s_src == s_src[pos])[0]
        winner = group[_boundary_winner(arrival[order[group]], group >= pos,
                                        arrival[order[first:group[0]]], beam_size)]
        order[[pos, winner]] = order[[winner, pos]]
    kept = order[rank < beam_size]
    kept_rank = rank[rank < beam_size]
    bad = (cid[kept] != end_id) | (pre_ids[row[kept]] != end_id)
    alive = np.bincount(src[kept], weights=bad, minlength=high.size - 1) > 0
    kept_rank = kept_rank[alive[src[kept]]]
    kept = kept[alive[src[kept]]]
    by_row = np.lexsort((kept_rank, row[kept]))
    kept = kept[by_row]
    counts = np.bincount(row[kept], minlength=rows)
    low = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    return (cid[kept].reshape(-1, 1), score[kept].astype(np.float32).reshape(-1, 1),
            row[kept].astype(np.int32), [high.tolist(), low.tolist()])


def _decode_step(step: int, ids: Any, scores: Any, lod: Sequence[Sequence[int]],
                 sources: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One step's (ids, scores) flattened on the host and its LoD levels, checked."""
    if len(lod) != 2:
        raise ValueError(f"beam_search_decode: the LoD of Input(Ids)[{step}] should have 2 "
                         f"levels (source, sentence), but received {len(lod)}")
    ids, scores = to_host(ids).reshape(-1), to_host(scores).reshape(-1)
    if ids.dtype != np.int64:
        raise ValueError(f"beam_search_decode: Input(Ids)[{step}] must be int64 (Paddle's "
                         f"kernel reads it so), got {ids.dtype}")
    src, sent = (np.asarray(level, np.int64) for level in lod)
    if (src.size != sources + 1 or src[0] != 0 or src[-1] != sent.size - 1 or sent[0] != 0
            or sent[-1] != ids.size or np.any(np.diff(src) < 0) or np.any(np.diff(sent) < 0)):
        raise ValueError(f"beam_search_decode: the LoD {[list(v) for v in lod]} of "
                         f"Input(Ids)[{step}] does not give {sources} sources over its "
                         f"{ids.size} ids")
    if scores.size != ids.size:
        raise ValueError(f"beam_search_decode: Input(Scores)[{step}] has {scores.size} "
                         f"values for {ids.size} ids")
    return ids, scores, src, sent


def beam_search_decode(step_ids: Sequence[Any], step_scores: Sequence[Any],
                       lods: Sequence[Sequence[Sequence[int]]], beam_size: int,
                       end_id: int) -> tuple[np.ndarray, np.ndarray, list[list[int]]]:
    """The hypotheses of a beam search, as Paddle's CPU kernel: (sentence ids int64 [N],
    sentence scores [N] in the scores' dtype, their LoD [hypotheses per source, ids per
    hypothesis]).

    Each step t holds the kept candidates of a beam_search step with its LoD [source
    offsets over the prefixes (the rows of step t - 1), each prefix's offsets over the
    candidates]. Going back from the last step, a source's hypotheses are its candidates at
    the last step it has any (more than beam_size: refused, as Paddle's bounds check does);
    each is extended back through its prefixes, skipping the repeated end_id of a finished
    hypothesis. A source's beam_size hypotheses are listed by their last score, descending,
    ties in candidate order (Paddle's insertion sort); fewer than beam_size are refused
    (Paddle's sort reads a score of the missing ones and crashes), except none at beam_size
    1 (one empty hypothesis)."""
    steps = len(step_ids)
    if steps == 0:
        raise ValueError("beam_search_decode: beam search steps, the size of the tensor "
                         "array Input(Ids), should be larger than 0, but received 0")
    if len(step_scores) != steps:
        raise ValueError(f"beam_search_decode: The size of Input(Ids) and Input(Scores) "
                         f"should be the same ({steps} and {len(step_scores)} steps)")
    sources = len(lods[0][0]) - 1 if lods[0] else 0
    if sources <= 0:
        raise ValueError("beam_search_decode: source_num, the sequence number of the first "
                         "decoding step (Input(Ids)[0].lod[0]), should be larger than 0")
    tokens: list[list[tuple[np.ndarray, np.ndarray, np.ndarray]]] = [[] for _ in range(sources)]
    state: list[np.ndarray | None] = [None] * sources
    for t in range(steps - 1, -1, -1):
        ids, scores, src, sent = _decode_step(t, step_ids[t], step_scores[t], lods[t], sources)
        for s in range(sources):
            lo, hi = sent[src[s]], sent[src[s + 1]]
            cand = state[s]
            if cand is None:  # the last step with candidates: they start the hypotheses
                if hi == lo:
                    continue
                if hi - lo > beam_size:
                    raise ValueError(f"beam_search_decode: source {s} has {hi - lo} "
                                     f"candidates at step {t}, more than beam_size "
                                     f"{beam_size} (index out of range)")
                cand = np.arange(lo, hi)
                keep = np.ones(cand.size, bool)
            else:
                if cand.size and (cand[0] < lo or cand[-1] >= hi):
                    raise ValueError(f"beam_search_decode: the LoD of step {t + 1} names "
                                     f"prefix rows outside source {s}'s candidates "
                                     f"[{lo}, {hi}) of step {t}")
                keep = ids[cand] != end_id
            tokens[s].append((ids[cand], scores[cand], keep))
            state[s] = np.searchsorted(sent, cand, side="right") - 1
    return _decode_output(tokens, beam_size, step_scores[0].dtype)


def _decode_output(tokens: list[list[tuple[np.ndarray, np.ndarray, np.ndarray]]],
                   beam_size: int, dtype: Any) -> tuple[np.ndarray, np.ndarray,
                                                        list[list[int]]]:
    """The sources' hypotheses (per source: one (ids, scores, kept) per step, last step
    first) joined, each in step order, sorted within its source."""
    out_ids, out_scores, lengths, counts = [], [], [], []
    for s, records in enumerate(tokens):
        n = records[0][0].size if records else 0
        if n < beam_size and not (n == 0 and beam_size == 1):
            raise ValueError(f"beam_search_decode: source {s} has {n} hypotheses, fewer "
                             f"than beam_size {beam_size} (Paddle's kernel reads a score of "
                             f"the missing ones and crashes)")
        if n == 0:
            lengths.append(0)
            counts.append(1)
            continue
        ids, scores, keep = (np.stack([r[i] for r in reversed(records)], axis=1)
                             for i in range(3))
        last = records[0][1]
        key = ~last if np.issubdtype(last.dtype, np.integer) else -last
        order = np.argsort(key, kind="stable")
        ids, scores, keep = ids[order], scores[order], keep[order]
        out_ids.append(ids[keep])
        out_scores.append(scores[keep])
        lengths.extend(keep.sum(axis=1).tolist())
        counts.append(n)
    sentence = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    source = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    return (np.concatenate(out_ids or [np.zeros(0, np.int64)]).astype(np.int64),
            np.concatenate(out_scores or [np.zeros(0, dtype)]).astype(dtype),
            [source.tolist(), sentence.tolist()])
