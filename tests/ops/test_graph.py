"""Neighbor sampling where Paddle's values cannot be reproduced: graph_sample_neighbors,
weighted_sample_neighbors and graph_khop_sampler draw from a larger neighborhood with a
std::mt19937 seeded by std::random_device. fluidphi draws from its own generator
(`phi.kernels.funcs.random.seed_all` fixes it); these tests check what Paddle's kernels
guarantee (picks are distinct neighbors of their node, counts, dtypes) and the
distribution with fixed thresholds. Exact cases (every neighbor kept) and Paddle's
refusals while running are Paddle fixtures (tests/conformance/op_cases/graph.py); the
refusals Paddle makes while building a program are here. docs/random.md."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from phi.kernels.funcs.random import seed_all

PATHS = ("legacy", "phi")
#: node 0: neighbors 10, 11 (weights 1, 3); node 1: 20, 21, 22 (weights 1, 1, 2); node 2: 30.
ROW = np.array([10, 11, 20, 21, 22, 30], np.int64)
COL_PTR = np.array([0, 2, 5, 6], np.int64)
WEIGHTS = np.array([1.0, 3.0, 1.0, 1.0, 2.0, 5.0], np.float32)
EIDS = np.arange(6, dtype=np.int64) * 100
#: the 0.1 % points of chi-square with 1 and 2 degrees of freedom
CHI2_999 = {1: 10.83, 2: 13.82}


def _sample(path: str, nodes: np.ndarray, sample_size: int, weighted: bool = False,
            eids: bool = False) -> tuple[np.ndarray, ...]:
    seed_all(7)
    if weighted:
        op, outs = "weighted_sample_neighbors", ["out_neighbors", "out_count", "out_eids"]
        inputs = {"row": ROW, "colptr": COL_PTR, "edge_weight": WEIGHTS, "input_nodes": nodes}
        attrs = {"sample_size": sample_size, "return_eids": eids}
        if eids:
            inputs["eids"] = EIDS
    else:
        op, outs = "graph_sample_neighbors", ["Out", "Out_Count", "Out_Eids"]
        inputs = {"Row": ROW, "Col_Ptr": COL_PTR, "X": nodes}
        attrs = {"sample_size": sample_size, "return_eids": eids, "flag_perm_buffer": False}
        if eids:
            inputs["Eids"] = EIDS
    result, trace = run_single_op(op, inputs, attrs, outs, path)
    assert trace.path == path
    return tuple(result[slot][0] for slot in (outs if eids else outs[:2]))


def _chi_square(counts: np.ndarray, p: np.ndarray) -> float:
    expected = p * counts.sum()
    return float(((counts - expected) ** 2 / expected).sum())


@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("path", PATHS)
def test_picks_are_distinct_neighbors_with_their_eids(path: str, weighted: bool) -> None:
    nodes = np.tile(np.array([0, 1, 2], np.int64), 500)
    out, count, eids = _sample(path, nodes, 2, weighted, eids=True)
    assert count.dtype == np.int32 and count.tolist() == [2, 2, 1] * 500
    assert out.dtype == np.int64 and out.shape == (2500,)
    assert (ROW[eids // 100] == out).all()  # each eid names its picked edge
    pairs = out[:2000].reshape(-1, 2)[np.tile([True, True, False, False], 250)[:1000]]
    assert (pairs[:, 0] != pairs[:, 1]).all()
    start = np.repeat(COL_PTR[nodes], count)
    stop = np.repeat(COL_PTR[nodes + 1], count)
    assert ((eids // 100 >= start) & (eids // 100 < stop)).all()


@pytest.mark.parametrize("path", PATHS)
def test_uniform_sampling_is_uniform(path: str) -> None:
    out, count = _sample(path, np.ones(3000, np.int64), 1)
    assert count.tolist() == [1] * 3000
    counts = np.array([(out == v).sum() for v in (20, 21, 22)])
    assert counts.sum() == 3000 and _chi_square(counts, np.full(3, 1 / 3)) < CHI2_999[2]


@pytest.mark.parametrize("path", PATHS)
def test_weighted_sampling_follows_the_weights(path: str) -> None:
    out, _ = _sample(path, np.zeros(4000, np.int64), 1, weighted=True)
    counts = np.array([(out == 10).sum(), (out == 11).sum()])
    assert counts.sum() == 4000 and _chi_square(counts, np.array([0.25, 0.75])) < CHI2_999[1]
    out, _ = _sample(path, np.ones(4000, np.int64), 1, weighted=True)
    counts = np.array([(out == v).sum() for v in (20, 21, 22)])
    assert _chi_square(counts, np.array([0.25, 0.25, 0.5])) < CHI2_999[2]


@pytest.mark.parametrize("path", PATHS)
def test_weighted_picks_come_in_ascending_key_order(path: str) -> None:
    """Of two picks among weights 1, 1, 2, Paddle's heap pops the smaller A-Res key
    log2(u) / w first: the heavier neighbor 22, when picked, comes first more often."""
    out, _ = _sample(path, np.ones(4000, np.int64), 2, weighted=True)
    pairs = out.reshape(-1, 2)
    with_22 = pairs[(pairs == 22).any(axis=1)]
    assert (with_22[:, 1] == 22).mean() > 0.5


@pytest.mark.parametrize("path", PATHS)
def test_khop_sampled_edges_are_graph_edges(path: str) -> None:
    seed_all(3)
    x = np.array([1, 0, 2], np.int64)
    result, _ = run_single_op("graph_khop_sampler",
                              {"Row": ROW, "Col_Ptr": COL_PTR, "X": x, "Eids": EIDS},
                              {"sample_sizes": [2], "return_eids": True},
                              ["Out_Src", "Out_Dst", "Sample_Index", "Reindex_X", "Out_Eids"],
                              path)
    src, dst, index, reindex_x, eids = (result[s][0] for s in
                                        ("Out_Src", "Out_Dst", "Sample_Index", "Reindex_X",
                                         "Out_Eids"))
    assert src.shape == dst.shape == (5, 1) and reindex_x.tolist() == [0, 1, 2]
    assert index[:3].tolist() == [1, 0, 2]
    assert dst.ravel().tolist() == [0, 0, 1, 1, 2]
    assert (ROW[eids // 100] == index[src.ravel()]).all()
    assert ((eids // 100 >= COL_PTR[index[dst.ravel()]])
            & (eids // 100 < COL_PTR[index[dst.ravel()] + 1])).all()


@pytest.mark.parametrize(("op", "inputs", "attrs", "match"), [
    ("graph_sample_neighbors", {"Row": ROW, "Col_Ptr": COL_PTR, "X": np.zeros((2, 2), np.int64)},
     {"sample_size": 1, "return_eids": False, "flag_perm_buffer": False},
     "last dim of a 2-D X should be 1"),
    ("graph_sample_neighbors", {"Row": ROW, "Col_Ptr": COL_PTR, "X": np.zeros(2, np.int64)},
     {"sample_size": 1, "return_eids": True, "flag_perm_buffer": False}, "needs the Eids"),
    ("graph_khop_sampler", {"Row": ROW, "Col_Ptr": COL_PTR, "X": np.zeros(2, np.int64)},
     {"sample_sizes": [], "return_eids": False}, "at least one layer"),
    ("graph_sample_neighbors", {"Row": ROW, "Col_Ptr": COL_PTR, "X": np.array([3])},
     {"sample_size": 1, "return_eids": False, "flag_perm_buffer": False},
     r"node 3 is out of range.*\[0, 3\)"),
])
@pytest.mark.parametrize("path", PATHS)
def test_refusals(path: str, op: str, inputs: dict, attrs: dict, match: str) -> None:
    outs = (["Out", "Out_Count", "Out_Eids"] if op == "graph_sample_neighbors"
            else ["Out_Src", "Out_Dst", "Sample_Index", "Reindex_X", "Out_Eids"])
    with pytest.raises(Exception, match=match):
        run_single_op(op, inputs, attrs, outs, path)
