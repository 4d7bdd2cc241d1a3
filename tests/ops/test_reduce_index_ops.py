"""Math family, reductions and indexing: reduce_max / reduce_min / reduce_prod, cumsum,
gather, expand_v2, tile (the rest of the family is in test_math_ops.py).

Every case runs through the legacy kernel and the PHI kernel: both must give identical
outputs, both must match a NumPy reference computed here.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.ops.op_helpers import assert_close, assert_refused, out_of, rand

# -- reduce_max / reduce_min / reduce_prod ---------------------------------------------------

REDUCE_REF = {"reduce_max": np.max, "reduce_min": np.min, "reduce_prod": np.prod}
REDUCE_ATTRS = [
    ({"dim": [1], "keep_dim": False, "reduce_all": False}, (1,), False),
    ({"dim": [-1], "keep_dim": True}, (2,), True),
    ({"dim": [0, 2], "keep_dim": False}, (0, 2), False),
    ({"dim": [1], "reduce_all": True}, (0, 1, 2), False),
    ({"dim": [], "keep_dim": True}, (0, 1, 2), True),
    ({}, (0,), False),  # old program: dim defaults to [0]
]


@pytest.mark.parametrize("op", list(REDUCE_REF))
@pytest.mark.parametrize("attrs, axes, keep", REDUCE_ATTRS,
                         ids=["dim1", "last_keep", "two_dims", "reduce_all", "empty_dim",
                              "defaults"])
def test_reduce(op: str, attrs, axes, keep) -> None:
    x = rand((2, 3, 4), 19, np.float32, scale=1.5)
    out = out_of(op, {"X": x}, attrs)
    ref = REDUCE_REF[op](x.astype(np.float64), axis=axes, keepdims=keep)
    assert_close(out, ref, dtype=np.float32)


@pytest.mark.parametrize("op", list(REDUCE_REF))
@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float64])
def test_reduce_dtypes(op: str, dtype) -> None:
    x = rand((3, 4), 23, dtype)
    out = out_of(op, {"X": x}, {"dim": [0]})
    ref = REDUCE_REF[op](x, axis=0, dtype=dtype) if op == "reduce_prod" else \
        REDUCE_REF[op](x, axis=0)
    assert out.dtype == dtype
    np.testing.assert_allclose(out, ref, rtol=1e-12)


def test_reduce_prod_int32_wraps_and_max_propagates_nan() -> None:
    x = np.full((40,), 3, np.int32)
    out = out_of("reduce_prod", {"X": x}, {"dim": [0]})
    np.testing.assert_array_equal(out, np.prod(x, dtype=np.int32))
    y = np.float32([[1.0, np.nan], [2.0, 3.0]])
    np.testing.assert_array_equal(out_of("reduce_max", {"X": y}, {"dim": [1]}),
                                  np.float32([np.nan, 3.0]))
    np.testing.assert_array_equal(out_of("reduce_min", {"X": y}, {"dim": [0]}),
                                  np.float32([1.0, np.nan]))


# -- cumsum ----------------------------------------------------------------------------------

def _cumsum_ref(x, axis, flatten, exclusive, reverse):
    w = x.reshape(-1) if flatten else x
    ax = 0 if flatten else axis
    if reverse:
        w = np.flip(w, ax)
    c = np.cumsum(w, axis=ax, dtype=x.dtype)
    if exclusive:
        c = c - w
    if reverse:
        c = np.flip(c, ax)
    return c


@pytest.mark.parametrize("attrs", [
    {}, {"axis": 0}, {"axis": 1}, {"axis": -2, "reverse": True},
    {"axis": 2, "exclusive": True}, {"axis": 1, "exclusive": True, "reverse": True},
    {"flatten": True}, {"flatten": True, "reverse": True, "exclusive": True},
], ids=["defaults", "axis0", "axis1", "neg_reverse", "exclusive", "excl_reverse", "flatten",
        "flatten_excl_rev"])
@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.int64])
def test_cumsum(attrs, dtype) -> None:
    x = rand((2, 3, 4), 29, dtype)
    out = out_of("cumsum", {"X": x}, attrs)
    ref = _cumsum_ref(x, attrs.get("axis", -1), attrs.get("flatten", False),
                      attrs.get("exclusive", False), attrs.get("reverse", False))
    assert out.dtype == dtype and out.shape == ref.shape
    if dtype == np.float32:
        assert_close(out, ref)
    else:
        np.testing.assert_array_equal(out, ref)


def test_cumsum_exclusive_starts_at_zero_and_sums_sequentially() -> None:
    x = np.float32([1e8, 1.0, 1.0, -1e8])
    out = out_of("cumsum", {"X": x}, {"exclusive": True})
    np.testing.assert_array_equal(out, np.float32([0.0, 1e8, 1e8 + 1, 1e8 + 2]))


def test_cumsum_axis_out_of_range() -> None:
    assert_refused("cumsum", {"X": rand((2, 3), 1)}, {"axis": 2}, ["Out"], "out of range")


# -- gather ----------------------------------------------------------------------------------

@pytest.mark.parametrize("case", [
    dict(index=np.int64([2, 0, 2]), attrs={}, axis=0),  # old program: axis defaults to 0
    dict(index=np.int32([1, 3]), attrs={"axis": 1}, axis=1),
    dict(index=np.int64([-1, 0]), attrs={"axis": 2}, axis=2),
    dict(index=np.int64([[1], [0]]), attrs={"axis": 0}, axis=0),  # [N, 1] ids
    dict(index=np.int64(3), attrs={"axis": 1}, axis=1),  # 0-D id drops the axis
    dict(index=np.int64([0, 4]), attrs={"axis": 0}, axis_tensor=np.int32([1]), axis=1),
    dict(index=np.int64([1]), attrs={"axis": -1}, axis=2),
], ids=["default_axis", "axis1_int32", "negative_ids", "n_by_1", "scalar_id", "axis_tensor",
        "negative_axis"])
@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.bool_])
def test_gather(case, dtype) -> None:
    x = rand((3, 5, 4), 31, dtype)
    inputs = {"X": x, "Index": case["index"]}
    if "axis_tensor" in case:
        inputs["Axis"] = case["axis_tensor"]
    out = out_of("gather", inputs, case["attrs"])
    index = case["index"]
    ref = np.take(x, index.reshape(-1) if index.ndim else index, axis=case["axis"])
    assert out.dtype == x.dtype
    np.testing.assert_array_equal(out, ref)


def test_gather_index_out_of_range() -> None:
    assert_refused("gather", {"X": rand((3, 2), 1), "Index": np.int64([3])}, {}, ["Out"],
                   "out of range")


# -- expand_v2 / tile ------------------------------------------------------------------------

@pytest.mark.parametrize("case", [
    dict(x=(3, 1), inputs={}, attrs={"shape": [3, 4]}, want=(3, 4)),
    dict(x=(3, 1), inputs={}, attrs={"shape": [2, -1, 4]}, want=(2, 3, 4)),
    dict(x=(1, 4), inputs={"Shape": np.int32([5, 4])}, attrs={"shape": [9, 9]}, want=(5, 4)),
    dict(x=(2, 1), inputs={"expand_shapes_tensor": [np.int64([2]), np.int64([6])]},
         attrs={}, want=(2, 6)),
    dict(x=(2, 1), inputs={"Shape": np.int64([2, 3]),
                           "expand_shapes_tensor": [np.int64([2]), np.int64([7])]},
         attrs={}, want=(2, 3)),  # Shape wins over the tensor list
    dict(x=(4,), inputs={}, attrs={"shape": [-1, 4], "use_mkldnn": False}, want=None),
], ids=["attr", "minus_one_keeps", "shape_tensor", "tensor_list", "shape_wins", "bad_lead"])
def test_expand_v2(case) -> None:
    x = rand(case["x"], 37)
    inputs = {"X": x, **case["inputs"]}
    if case["want"] is None:
        assert_refused("expand_v2", inputs, case["attrs"], ["Out"], "positive")
        return
    out = out_of("expand_v2", inputs, case["attrs"])
    np.testing.assert_array_equal(out, np.broadcast_to(x, case["want"]))


def test_expand_v2_rejects_non_singleton_dims() -> None:
    assert_refused("expand_v2", {"X": rand((3, 2), 1)}, {"shape": [3, 4]}, ["Out"], "cannot expand")


@pytest.mark.parametrize("dtype", [np.int32, np.bool_, np.float16])
def test_expand_v2_dtypes(dtype) -> None:
    x = rand((1, 3), 41, dtype)
    out = out_of("expand_v2", {"X": x}, {"shape": [2, 2, 3]})
    assert out.dtype == x.dtype
    np.testing.assert_array_equal(out, np.broadcast_to(x, (2, 2, 3)))


@pytest.mark.parametrize("case", [
    dict(x=(2, 3), inputs={}, attrs={"repeat_times": [2, 1]}, reps=(2, 1)),
    dict(x=(3,), inputs={}, attrs={"repeat_times": [2, 2]}, reps=(2, 2)),
    dict(x=(2, 1, 3), inputs={}, attrs={"repeat_times": [4]}, reps=(4,)),
    dict(x=(2, 3), inputs={"RepeatTimes": np.int32([1, 3])}, attrs={"repeat_times": [5]},
         reps=(1, 3)),
    dict(x=(2, 3), inputs={"repeat_times_tensor": [np.int64([2]), np.int64([2])]},
         attrs={}, reps=(2, 2)),
    dict(x=(2, 3), inputs={}, attrs={"repeat_times": [0, 2]}, reps=(0, 2)),
    dict(x=(2, 3), inputs={}, attrs={}, reps=()),  # old program: no repeats
], ids=["attr", "more_reps", "fewer_reps", "tensor", "tensor_list", "zero", "defaults"])
def test_tile(case) -> None:
    x = rand(case["x"], 43, np.float64)
    out = out_of("tile", {"X": x, **case["inputs"]}, case["attrs"])
    ref = np.tile(x, case["reps"])
    assert out.dtype == x.dtype
    np.testing.assert_array_equal(out, ref)


def test_tile_rejects_negative_repeats() -> None:
    assert_refused("tile", {"X": rand((2,), 1)}, {"repeat_times": [-1]}, ["Out"], ">= 0")
