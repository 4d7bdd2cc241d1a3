"""NLP family, shape ops: concat, split, stack, (un)squeeze(2), fill_any_like, shape.

Every case runs through the legacy kernel and the PHI kernel: both must agree bit for bit
and match an independent NumPy reference computed here.
"""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from tests.ops.op_helpers import assert_matches_ref, rand, run_both_traced, xshape_dims

# -- concat / split / stack -------------------------------------------------------------------

@pytest.mark.parametrize("shapes, attrs, axis", [
    ([(2, 3), (2, 5)], {"axis": 1}, 1),
    ([(2, 3, 4), (1, 3, 4), (3, 3, 4)], {}, 0),                 # old program: axis 0
    ([(2, 3, 4), (2, 3, 1)], {"axis": -1}, -1),
    ([(2, 0, 4), (2, 3, 4)], {"axis": 1}, 1),                    # an empty input
])
def test_concat(shapes, attrs, axis):
    xs = [rand(s, 51 + i) for i, s in enumerate(shapes)]
    outs, trace = run_both_traced("concat", {"X": xs}, attrs, ["Out"])
    assert trace.kernel == "concat"
    assert_matches_ref(outs["Out"][0], np.concatenate(xs, axis=axis))


def test_concat_axis_tensor():
    xs = [np.arange(6, dtype=np.int64).reshape(2, 3), np.ones((2, 2), np.int64)]
    outs, _ = run_both_traced("concat", {"X": xs, "AxisTensor": np.array([1], np.int32)},
                              {"axis": 0}, ["Out"])
    assert_matches_ref(outs["Out"][0], np.concatenate(xs, axis=1))


X_SPLIT = rand((4, 6, 3), 61)


@pytest.mark.parametrize("inputs, attrs, n, kernel, bounds, axis", [
    ({}, {"num": 2, "axis": 1}, 2, "split_with_num", [0, 3, 6], 1),
    ({}, {"num": 3, "axis": -2}, 3, "split_with_num", [0, 2, 4, 6], 1),
    ({}, {"sections": [1, -1, 2], "axis": 1}, 3, "split", [0, 1, 4, 6], 1),
    ({}, {"sections": [2, 2]}, 2, "split", [0, 2, 4], 0),           # old program: axis 0
    ({"AxisTensor": np.array([2])}, {"sections": [1, 2], "axis": 0}, 2, "split", [0, 1, 3], 2),
    ({"SectionsTensorList": [np.array([4], np.int32), np.array([2], np.int32)]},
     {"sections": [], "axis": 1}, 2, "split", [0, 4, 6], 1),
    ({"AxisTensor": np.array([0], np.int32)}, {"num": 4, "axis": 1}, 4, "split_with_num",
     [0, 1, 2, 3, 4], 0),
])
def test_split(inputs, attrs, n, kernel, bounds, axis):
    outs, trace = run_both_traced("split", {"X": X_SPLIT, **inputs}, attrs, {"Out": n})
    assert trace.kernel == kernel
    refs = np.split(X_SPLIT, bounds[1:-1], axis=axis)
    for got, ref in zip(outs["Out"], refs, strict=True):
        assert_matches_ref(got, ref)


@pytest.mark.parametrize("attrs", [{"num": 4, "axis": 1}, {"sections": [2, 2], "axis": 1},
                                   {"sections": [-1, -1, 3], "axis": 1}])
@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_split_bad_sections(attrs, mode):
    n = attrs.get("num") or len(attrs["sections"])
    with pytest.raises(Exception, match="split"):
        run_single_op("split", {"X": X_SPLIT}, attrs, {"Out": n}, mode)


@pytest.mark.parametrize("dtype", ["int16", "complex64", "complex128"])
@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_split_by_num_refuses_what_paddle_has_no_cpu_kernel_for(dtype, mode):
    """Paddle 3.3.1: "There are no kernels which are registered in the split operator" for
    `num` > 0 on int16 / complex X (split_with_num); by sections it runs them."""
    x = X_SPLIT.astype(dtype)
    with pytest.raises(Exception, match=f"split.*{dtype}"):
        run_single_op("split", {"X": x}, {"num": 2, "axis": 1}, {"Out": 2}, mode)
    outs, _ = run_single_op("split", {"X": x}, {"sections": [3, 3], "axis": 1}, {"Out": 2}, mode)
    for got, ref in zip(outs["Out"], np.split(x, 2, axis=1), strict=True):
        np.testing.assert_array_equal(got, ref)


@pytest.mark.parametrize("n, shape, attrs, axis", [
    (3, (2, 4), {"axis": 0}, 0),
    (2, (2, 4), {}, 0),                                          # old program: axis 0
    (2, (2, 3, 4), {"axis": -1}, -1),
    (4, (5,), {"axis": 1}, 1),
])
def test_stack(n, shape, attrs, axis):
    xs = [rand(shape, 71 + i) for i in range(n)]
    outs, trace = run_both_traced("stack", {"X": xs}, attrs, ["Y"])
    assert trace.kernel == "stack"
    assert_matches_ref(outs["Y"][0], np.stack(xs, axis=axis))


# -- squeeze / unsqueeze ----------------------------------------------------------------------

@pytest.mark.parametrize("op, shape, attrs, ref_shape", [
    ("squeeze2", (1, 3, 1, 4), {"axes": [0]}, (3, 1, 4)),
    ("squeeze2", (1, 3, 1, 4), {}, (3, 4)),                       # old program: all
    ("squeeze2", (1, 3, 1), {"axes": [1, 2]}, (1, 3)),            # non-1 axis is kept
    ("squeeze2", (2, 1), {"axes": [-1]}, (2,)),
    ("squeeze", (1, 1), {"axes": []}, ()),
    ("squeeze", (5, 1, 2), {"axes": [1]}, (5, 2)),
])
def test_squeeze(op, shape, attrs, ref_shape):
    x = rand(shape, 81)
    slots = ["Out", "XShape"] if op == "squeeze2" else ["Out"]
    outs, trace = run_both_traced(op, {"X": x}, attrs, slots)
    assert trace.kernel == ("squeeze_with_xshape" if op == "squeeze2" else "squeeze")
    if op == "squeeze2":  # recorded for squeeze2_grad
        assert xshape_dims(op, {"X": x}, attrs) == (0, *shape)
        assert outs["XShape"][0].shape == (0,)  # fetched: no buffer
    assert_matches_ref(outs["Out"][0], x.reshape(ref_shape))


def ref_unsqueeze(x, axes):
    for a in axes:
        x = np.expand_dims(x, a)
    return x


@pytest.mark.parametrize("op, inputs, attrs, axes", [
    ("unsqueeze2", {}, {"axes": [0]}, [0]),
    ("unsqueeze2", {}, {"axes": [-1, 0, 2]}, [-1, 0, 2]),
    ("unsqueeze2", {"AxesTensor": np.array([1, 1], np.int32)}, {}, [1, 1]),
    ("unsqueeze2", {"AxesTensorList": [np.array([0], np.int32), np.array([3])]}, {"axes": []},
     [0, 3]),
    ("unsqueeze", {}, {"axes": [1]}, [1]),
    ("unsqueeze", {"AxesTensor": np.array([-1])}, {}, [-1]),
])
def test_unsqueeze(op, inputs, attrs, axes):
    x = rand((3, 4), 91)
    slots = ["Out", "XShape"] if op == "unsqueeze2" else ["Out"]
    outs, trace = run_both_traced(op, {"X": x, **inputs}, attrs, slots)
    assert trace.kernel == ("unsqueeze_with_xshape" if op == "unsqueeze2" else "unsqueeze")
    if op == "unsqueeze2":  # recorded for unsqueeze2_grad
        assert xshape_dims(op, {"X": x, **inputs}, attrs) == (0, 3, 4)
        assert outs["XShape"][0].shape == (0,)  # fetched: no buffer
    assert_matches_ref(outs["Out"][0], ref_unsqueeze(x, axes))


# -- fill_any_like / shape --------------------------------------------------------------------

@pytest.mark.parametrize("x, attrs, ref_dtype, ref_value", [
    (rand((2, 3), 1), {"value": 1.5}, np.float32, 1.5),             # dtype -1: X's dtype
    (rand((2, 3), 1), {}, np.float32, 0.0),                         # old program defaults
    (rand((4,), 1), {"value": 2.5, "dtype": 2}, np.int32, 2),       # INT32, truncated
    (np.ones((2, 2), np.int64), {"value": -2.7, "dtype": -1}, np.int64, -2),
    (rand((3,), 1), {"value": 0.5, "dtype": 0}, np.bool_, True),    # BOOL
    (np.ones((2,), np.int32), {"value": 0.25, "dtype": 6}, np.float64, 0.25),   # FP64
    (rand((2, 2), 1), {"value": float("inf")}, np.float32, np.inf),
])
def test_fill_any_like(x, attrs, ref_dtype, ref_value):
    outs, trace = run_both_traced("fill_any_like", {"X": x}, attrs, ["Out"])
    assert trace.kernel == "full_like"
    assert_matches_ref(outs["Out"][0], np.full(x.shape, ref_value, dtype=ref_dtype))


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_fill_any_like_out_of_range(mode):
    with pytest.raises(Exception, match="out of range"):
        run_single_op("fill_any_like", {"X": rand((2,), 1)}, {"value": 1e10, "dtype": 2},
                      ["Out"], mode)


@pytest.mark.parametrize("x", [rand((2, 3, 4), 1), np.zeros((5,), np.int64),
                               np.zeros((0, 3), np.float64), np.array(1.0, np.float32),
                               np.zeros((1, 2, 1, 7), np.bool_)])
def test_shape(x):
    outs, trace = run_both_traced("shape", {"Input": x}, {}, ["Out"])
    assert trace.kernel == "shape"
    assert_matches_ref(outs["Out"][0], np.array(x.shape, dtype=np.int32))
