"""Sorting ops where Paddle's indices cannot be compared, and searchsorted's refusal.

The sort_search fixture cases that fetch only the values (Paddle orders equal elements as
libstdc++'s introsort / introselect leave them) run here with Indices too: fluidphi's
indices must point at the values it returns, be distinct, and keep equal elements in
index order.
"""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from tests.conformance.op_cases import load_family
from tests.conformance.op_fixtures import family_fixtures

FAMILY = "sort_search"
VALUE_ONLY = [c for c in load_family(FAMILY).CASES if c.fetch == ("Out",)]
PATHS = ("legacy", "phi")


def _same_or_both_nan(a: np.ndarray, b: np.ndarray) -> bool:
    return bool(np.all((a == b) | (np.isnan(a) & np.isnan(b)))) if a.dtype.kind == "f" \
        else bool(np.array_equal(a, b))


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("case", VALUE_ONLY, ids=[c.name for c in VALUE_ONLY])
def test_indices_point_at_the_values_in_index_order(case, path: str) -> None:
    fixtures = family_fixtures(FAMILY)
    entry = fixtures.entry(case)
    (x,) = fixtures.feeds(case.name).values()
    attrs = {k: v for k, v in entry["attrs"].items()}
    got, _ = run_single_op(case.op, {"X": x}, attrs, ["Out", "Indices"], mode=path)
    out, idx = got["Out"][0], got["Indices"][0]
    axis = int(attrs.get("axis", -1)) % x.ndim
    keep = case.op in ("top_k_v2", "argsort")
    picked = np.take_along_axis(x, idx if keep else np.expand_dims(idx, axis), axis=axis)
    assert _same_or_both_nan(picked if keep else picked.squeeze(axis), out)
    if keep:  # distinct, and equal values in ascending index order
        srt = np.sort(idx, axis=axis)
        assert (np.diff(srt, axis=axis) > 0).all()
        vals = np.take_along_axis(x, idx, axis=axis)
        same = (vals[..., 1:] == vals[..., :-1]) | (np.isnan(vals[..., 1:])
                                                   & np.isnan(vals[..., :-1])) \
            if x.dtype.kind == "f" else vals[..., 1:] == vals[..., :-1]
        assert (np.diff(idx, axis=-1)[same] > 0).all()


@pytest.mark.parametrize("path", PATHS)
def test_top_k_unsorted_comes_sorted(path: str) -> None:
    """Paddle's `sorted` false order is introselect's arrangement; fluidphi sorts."""
    x = np.float32([[5, 1, 9, 3, 7, 2]])
    got, _ = run_single_op("top_k_v2", {"X": x}, {"k": 3, "sorted": False},
                           ["Out", "Indices"], mode=path)
    np.testing.assert_array_equal(got["Out"][0], [[9, 7, 5]])
    np.testing.assert_array_equal(got["Indices"][0], [[2, 4, 0]])


@pytest.mark.parametrize("path", PATHS)
def test_searchsorted_refuses_mismatched_leading_dims(path: str) -> None:
    seq = np.zeros((2, 4), np.float32)
    with pytest.raises(Exception, match="must be 1-D or share the first N-1 dims"):
        run_single_op("searchsorted", {"SortedSequence": seq,
                                       "Values": np.zeros((3, 2), np.float32)},
                      {}, ["Out"], mode=path)
