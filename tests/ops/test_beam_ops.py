"""beam_search's selection against a one-candidate-at-a-time model of Paddle's CPU kernel.

Paddle's kernel inserts each source's candidates one by one into a list of beam_size
(descending score, then descending row; an equal one goes after those already there, and one
equal to a full list's last entry replaces it). fluidphi selects with one vectorised sort and
settles a tie group straddling the last slot separately; these tests draw scores from a few
values, so ties are everywhere, and compare with the sequential model. The Paddle fixtures
(family beam) pin the model itself, ties included.
"""

from __future__ import annotations

import numpy as np
import pytest

from phi.kernels.funcs.beam import beam_search


def _insert(top: list[tuple[float, int, int]], item: tuple[float, int, int],
            beam_size: int) -> None:
    """item: (score, row, id); the sequential insertion described in the module docstring."""
    def less(a, b):
        return a[0] < b[0] or (a[0] == b[0] and a[1] < b[1])

    if len(top) == beam_size:
        if less(item, top[-1]):
            return
        top.pop()
    at = len(top)
    while at > 0 and less(top[at - 1], item):
        at -= 1
    top.insert(at, item)


def _sequential(pre_ids, pre_scores, ids, scores, high, beam_size, end_id):
    per_row: dict[int, list[tuple[float, int, int]]] = {}
    for s in range(len(high) - 1):
        top: list[tuple[float, int, int]] = []
        for r in range(high[s], high[s + 1]):
            if pre_ids[r] == end_id:
                _insert(top, (float(pre_scores[r]), r, end_id), beam_size)
                continue
            for d in range(scores.shape[1]):
                _insert(top, (float(scores[r, d]), r, int(ids[r, d])), beam_size)
        if all(i == end_id and pre_ids[r] == end_id for _, r, i in top):
            top = []
        for item in top:
            per_row.setdefault(item[1], []).append(item)
    items = [it for r in range(high[-1]) for it in per_row.get(r, [])]
    counts = [len(per_row.get(r, [])) for r in range(high[-1])]
    return ([i for _, _, i in items], [s for s, _, _ in items], [r for _, r, _ in items],
            [0, *np.cumsum(counts).tolist()])


@pytest.mark.parametrize("seed", range(40))
def test_ties_settle_as_paddles_sequential_insertion(seed: int) -> None:
    rng = np.random.default_rng(seed)
    sources = int(rng.integers(1, 4))
    lengths = rng.integers(0, 4, sources)
    high = [0, *np.cumsum(lengths).tolist()]
    rows, width = high[-1], int(rng.integers(1, 6))
    beam_size, end_id = int(rng.integers(1, 5)), 0
    pre_ids = rng.integers(0, 3, rows).astype(np.int64)
    pre_scores = rng.choice([-1.0, -0.5, 0.0], rows).astype(np.float32)
    ids = rng.integers(0, 3, (rows, width)).astype(np.int64)
    scores = rng.choice([-2.0, -1.0, -0.5, 0.0], (rows, width)).astype(np.float32)
    got_ids, got_scores, got_parent, lod = beam_search(
        pre_ids.reshape(-1, 1), pre_scores.reshape(-1, 1), ids, scores,
        [high, list(range(rows + 1))], 0, beam_size, end_id, True)
    want_ids, want_scores, want_parent, want_low = _sequential(
        pre_ids, pre_scores, ids, scores, high, beam_size, end_id)
    assert got_ids.reshape(-1).tolist() == want_ids
    assert got_scores.reshape(-1).tolist() == want_scores
    assert got_parent.tolist() == want_parent
    assert lod == [high, want_low]


def test_a_lod_not_covering_the_rows_is_refused() -> None:
    scores = np.ones((3, 2), np.float32)
    with pytest.raises(ValueError, match="does not cover its 3 rows"):
        beam_search(np.zeros((3, 1), np.int64), np.zeros((3, 1), np.float32), None, scores,
                    [[0, 2]], 0, 2, 0, True)
