"""The orders libstdc++'s std::sort, std::nth_element and std::partial_sort leave behind,
for Paddle kernels that rank scores with them (descending: `comp(a, b) = key[a] > key[b]`).

Those algorithms are not stable: equal keys come out in an order fixed by the algorithm's
steps, and std::nth_element leaves its first k elements in no sorted order at all. To give
Paddle's answers exactly, these functions replay GCC's steps:

- introsort / introselect: median-of-three pivot moved to the front, Hoare's unguarded
  partition, a heap fallback past 2 * log2(n) levels, insertion sort below 16 (sort) or
  3 (select) elements. Each partition is vectorised: the k-th swap pairs the k-th element
  from the left that may not stay left with the k-th from the right that may not stay right,
  for as long as the first lies left of the second.
- partial_sort: heap select then sort_heap; replayed step by step (a Python loop over the
  elements), used only when equal keys or NaN make the order depend on it. Distinct keys
  have one sorted order, taken from NumPy directly.
"""

from __future__ import annotations

import numpy as np

#: std::sort's insertion-sort threshold (_S_threshold).
_SORT_THRESHOLD = 16


def _distinct(keys: np.ndarray) -> bool:
    """No NaN and no two equal keys: every correct sort gives the same order."""
    if np.isnan(keys).any():
        return False
    ordered = np.sort(keys)
    return not (ordered[1:] == ordered[:-1]).any()


def _descending(keys: np.ndarray) -> np.ndarray:
    return np.argsort(-keys, kind="stable")


# -- heap steps (GCC's bits/stl_heap.h), on lists of keys and indices -------------------------

def _push_heap(keys: list, idx: list, hole: int, top: int, key: float, item: int) -> None:
    parent = (hole - 1) // 2
    while hole > top and keys[parent] > key:
        keys[hole], idx[hole] = keys[parent], idx[parent]
        hole = parent
        parent = (hole - 1) // 2
    keys[hole], idx[hole] = key, item


def _adjust_heap(keys: list, idx: list, hole: int, length: int, key: float, item: int) -> None:
    top = child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if keys[child] > keys[child - 1]:
            child -= 1
        keys[hole], idx[hole] = keys[child], idx[child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        keys[hole], idx[hole] = keys[child - 1], idx[child - 1]
        hole = child - 1
    _push_heap(keys, idx, hole, top, key, item)


def _pop_heap(keys: list, idx: list, length: int, result: int) -> None:
    key, item = keys[result], idx[result]
    keys[result], idx[result] = keys[0], idx[0]
    _adjust_heap(keys, idx, 0, length, key, item)


def _heap_select(keys: list, idx: list, mid: int) -> None:
    """make_heap on [0, mid), then every later element better than the heap's worst
    replaces it."""
    if mid >= 2:
        for parent in range((mid - 2) // 2, -1, -1):
            _adjust_heap(keys, idx, parent, mid, keys[parent], idx[parent])
    for i in range(mid, len(keys)):
        if keys[i] > keys[0]:
            _pop_heap(keys, idx, mid, i)


def _sort_heap(keys: list, idx: list, length: int) -> None:
    while length > 1:
        length -= 1
        _pop_heap(keys, idx, length, length)


def _heap_steps(keys: np.ndarray, perm: np.ndarray, lo: int, mid: int, hi: int,
                sort: bool) -> None:
    """std::__heap_select(perm + lo, perm + mid, perm + hi), then (sort) std::__sort_heap on
    [lo, mid): std::partial_sort; in place."""
    k, i = keys[perm[lo:hi]].tolist(), perm[lo:hi].tolist()
    _heap_select(k, i, mid - lo)
    if sort:
        _sort_heap(k, i, mid - lo)
    perm[lo:hi] = i


def partial_sort_order(keys: np.ndarray, k: int) -> np.ndarray:
    """The first k positions (indices into `keys`) std::partial_sort leaves, best first."""
    keys = np.asarray(keys)
    k = min(k, keys.size)
    if _distinct(keys):
        return _descending(keys)[:k]
    perm = np.arange(keys.size)
    _heap_steps(keys, perm, 0, k, keys.size, sort=True)
    return perm[:k]


# -- introsort / introselect (GCC's bits/stl_algo.h), vectorised partitions -------------------

def _move_median_to_first(keys: np.ndarray, perm: np.ndarray, lo: int, hi: int) -> None:
    a, b, c = lo + 1, lo + (hi - lo) // 2, hi - 1
    ka, kb, kc = keys[perm[a]], keys[perm[b]], keys[perm[c]]
    if ka > kb:
        pick = b if kb > kc else (c if ka > kc else a)
    elif ka > kc:
        pick = a
    elif kb > kc:
        pick = c
    else:
        pick = b
    perm[lo], perm[pick] = perm[pick], perm[lo]


def _partition(keys: np.ndarray, perm: np.ndarray, lo: int, hi: int) -> int:
    """__unguarded_partition_pivot on perm[lo:hi]; returns the cut."""
    _move_median_to_first(keys, perm, lo, hi)
    pivot = keys[perm[lo]]
    seg = keys[perm[lo + 1:hi]]
    left = np.flatnonzero(~(seg > pivot)) + lo + 1  # may not stay left
    right = (np.flatnonzero(~(pivot > seg)) + lo + 1)[::-1]  # may not stay right
    m = min(left.size, right.size)
    crossing = np.flatnonzero(left[:m] >= right[:m])
    swaps = int(crossing[0]) if crossing.size else m
    a, b = left[:swaps], right[:swaps]
    perm[a], perm[b] = perm[b].copy(), perm[a].copy()
    stops = ([int(left[swaps])] if swaps < left.size else []) + \
            ([int(right[swaps - 1])] if swaps else [])
    if not stops:
        raise ValueError("std_order: partition without a stop (keys are not comparable)")
    return min(stops)


def _introsort_loop(keys: np.ndarray, perm: np.ndarray, lo: int, hi: int, depth: int) -> None:
    while hi - lo > _SORT_THRESHOLD:
        if depth == 0:
            _heap_steps(keys, perm, lo, hi, hi, sort=True)
            return
        depth -= 1
        cut = _partition(keys, perm, lo, hi)
        _introsort_loop(keys, perm, cut, hi, depth)
        hi = cut


def _depth_limit(n: int) -> int:
    return 2 * (n.bit_length() - 1)


def sort_order(keys: np.ndarray) -> np.ndarray:
    """The permutation std::sort leaves (best first). Keys must not be NaN."""
    keys = np.asarray(keys)
    if np.isnan(keys).any():
        raise ValueError("std_order: NaN keys have no defined std::sort order")
    if _distinct(keys) or keys.size < 2:
        return _descending(keys)
    perm = np.arange(keys.size)
    _introsort_loop(keys, perm, 0, keys.size, _depth_limit(keys.size))
    # the final insertion sort is stable, and moves elements only past worse ones
    return perm[_descending(keys[perm])]


def _insertion_sort(keys: np.ndarray, perm: np.ndarray, lo: int, hi: int) -> None:
    for i in range(lo + 1, hi):
        item, key = perm[i], keys[perm[i]]
        if key > keys[perm[lo]]:
            perm[lo + 1:i + 1] = perm[lo:i].copy()
            perm[lo] = item
            continue
        j = i
        while key > keys[perm[j - 1]]:
            perm[j] = perm[j - 1]
            j -= 1
        perm[j] = item


def nth_element_order(keys: np.ndarray, nth: int) -> np.ndarray:
    """The permutation std::nth_element(first, first + nth, last) leaves: its first `nth`
    entries are the best `nth` keys, in the algorithm's (unsorted) order. Keys must not be
    NaN."""
    keys = np.asarray(keys)
    if np.isnan(keys).any():
        raise ValueError("std_order: NaN keys have no defined std::nth_element order")
    perm = np.arange(keys.size)
    lo, hi = 0, keys.size
    if nth >= hi:
        return perm
    depth = _depth_limit(hi)
    while hi - lo > 3:
        if depth == 0:
            _heap_steps(keys, perm, lo, nth + 1, hi, sort=False)
            perm[lo], perm[nth] = perm[nth], perm[lo]
            return perm
        depth -= 1
        cut = _partition(keys, perm, lo, hi)
        if cut <= nth:
            lo = cut
        else:
            hi = cut
    _insertion_sort(keys, perm, lo, hi)
    return perm
