"""beam_search's selection against a one-candidate-at-a-time model of Paddle's CPU kernel.

Paddle's kernel inserts each source's candidates one by one into a list of beam_size
(descending score, then descending row; an equal one goes after those already there, and one
equal to a full list's last entry replaces it). fluidphi selects with one vectorised sort and
settles a tie group straddling the last slot separately; these tests draw scores from a few
values, so ties are everywhere, and compare with the sequential model. The Paddle fixtures
(family beam) pin the model itself, ties included.

beam_search_decode: steps made by chained beam_search calls are traced back and compared with
a hypothesis-at-a-time model of Paddle's backtrace; its refusals (fewer hypotheses than
beam_size crash Paddle, so no fixture pins that one); tensor arrays fed to a saved program
(a planned run refills the array it bound) and the feed checks.
"""

from __future__ import annotations

import numpy as np
import pytest

from compat.predictor import ModelInputError, load_model, run_model
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs.beam import beam_search, beam_search_decode
from tests.conformance.op_fixtures import family_fixtures


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


def _backtrace(steps, beam_size, end_id):
    """Paddle's backtrace, one hypothesis at a time: (ids per hypothesis, last scores) per
    source, hypotheses in candidate order (unsorted)."""
    sources = len(steps[0][2][0]) - 1
    hyps = [[] for _ in range(sources)]
    rows = [[] for _ in range(sources)]
    for ids, scores, (src, sent) in reversed(steps):
        for s in range(sources):
            if not rows[s]:
                for p in range(src[s], src[s + 1]):
                    for c in range(sent[p], sent[p + 1]):
                        rows[s].append(p)
                        hyps[s].append([(int(ids[c]), float(scores[c]))])
                continue
            for k, c in enumerate(rows[s]):
                if ids[c] != end_id:
                    hyps[s][k].append((int(ids[c]), float(scores[c])))
                rows[s][k] = max(p for p in range(len(sent) - 1) if sent[p] <= c)
    return hyps


@pytest.mark.parametrize("seed", range(20))
def test_decode_matches_a_sequential_backtrace_of_chained_steps(seed: int) -> None:
    rng = np.random.default_rng(100 + seed)
    sources, beam_size, end_id = int(rng.integers(1, 4)), int(rng.integers(1, 4)), 0
    high = list(range(sources + 1))
    pre_ids = np.ones((sources, 1), np.int64)
    pre_scores = np.zeros((sources, 1), np.float32)
    steps = []
    for _ in range(int(rng.integers(1, 5))):
        rows = pre_ids.shape[0]
        width = beam_size
        ids = rng.integers(0, 4, (rows, width)).astype(np.int64)
        scores = pre_scores + rng.choice([-2.0, -1.0, -0.5], (rows, width)).astype(np.float32)
        out_ids, out_scores, _, lod = beam_search(
            pre_ids, pre_scores, ids, scores, [high, list(range(rows + 1))], 0, beam_size,
            end_id, True)
        if out_ids.size == 0:
            break
        steps.append((out_ids.reshape(-1), out_scores.reshape(-1), lod))
        pre_ids, pre_scores, high = out_ids, out_scores, lod[1]
        high = [lod[1][i] for i in lod[0]]
    hyps = _backtrace(steps, beam_size, end_id)
    if not steps or any(len(h) != beam_size for h in hyps):
        with pytest.raises(ValueError, match=r"beam_size|larger than 0"):
            beam_search_decode([s[0] for s in steps], [s[1] for s in steps],
                               [s[2] for s in steps], beam_size, end_id)
        return
    got_ids, got_scores, lod = beam_search_decode(
        [s[0] for s in steps], [s[1] for s in steps], [s[2] for s in steps], beam_size, end_id)
    want = [sorted(h, key=lambda hyp: -hyp[0][1]) for h in hyps]  # stable: ties keep order
    flat = [tok for h in want for hyp in h for tok in reversed(hyp)]
    assert got_ids.tolist() == [i for i, _ in flat]
    assert got_scores.tolist() == [x for _, x in flat]
    lengths = [len(hyp) for h in want for hyp in h]
    assert lod == [[beam_size * s for s in range(sources + 1)],
                   [0, *np.cumsum(lengths).tolist()]]


def test_decode_refuses_fewer_hypotheses_than_beam_size() -> None:
    ids, scores = np.array([3, 4], np.int64), np.array([-1.0, -2.0], np.float32)
    with pytest.raises(ValueError, match="source 0 has 2 hypotheses, fewer than beam_size 3"):
        beam_search_decode([ids], [scores], [[[0, 1], [0, 2]]], 3, 0)
    with pytest.raises(ValueError, match="should be larger than 0"):
        beam_search_decode([], [], [], 2, 0)


def _decode_model_feeds(name: str):
    fixtures = family_fixtures("beam")
    return load_model(fixtures.model_prefix(name)), fixtures.fed(name)


def test_a_planned_run_refills_the_tensor_arrays_it_bound() -> None:
    model, feeds = _decode_model_feeds("beam_search_decode_two_steps")
    run_model(model, feeds, path="auto")
    scores = [DenseTensor(-t.numpy()[::-1].copy(), lod=t.lod) for t in feeds["scores"]]
    again = {**feeds, "scores": scores}
    planned = run_model(model, again, path="auto")
    legacy = run_model(model, again, path="legacy")
    assert planned.trace[0].type == "beam_search_decode"
    for name, value in legacy.outputs.items():
        np.testing.assert_array_equal(planned.outputs[name], value)
    assert planned.lods == legacy.lods


def test_tensor_array_feeds_are_checked() -> None:
    model, feeds = _decode_model_feeds("beam_search_decode_two_steps")
    with pytest.raises(ModelInputError, match="reads it as a tensor array: give a list"):
        run_model(model, {**feeds, "ids": feeds["ids"][0]})
    bad = [DenseTensor(t.numpy().astype(np.float64), lod=t.lod) for t in feeds["scores"]]
    with pytest.raises(ModelInputError, match=r"feed 'scores'\[0\]: expected dtype"):
        run_model(model, {**feeds, "scores": bad})
