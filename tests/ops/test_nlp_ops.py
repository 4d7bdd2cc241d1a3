"""NLP family: lookup_table(_v2), layer_norm, transpose(2), slice, gelu, arg_max,
reduce_sum, reduce_mean, range (concat, split, stack, (un)squeeze(2), fill_any_like and
shape: test_nlp_shape_ops.py).

Every case runs through the legacy kernel and the PHI kernel: both must agree bit for bit
and match an independent NumPy reference computed here (float64 where math is involved).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from compat.single_op import run_single_op
from legacy_fluid.framework.op_registry import OP_INFOS
from phi.common import GPUPlace
from phi.kernels.funcs import gelu as gelu_funcs
from tests.conformance.proto_check import proto_problems
from tests.ops.op_helpers import assert_matches_ref, rand, run_both_traced, xshape_dims

PROTOS = Path(__file__).resolve().parents[1] / "fixtures" / "models" / "op_protos.json"


def ids(shape, high, seed, dtype=np.int64):
    return np.random.default_rng(seed).integers(0, high, shape).astype(dtype)


# -- lookup_table_v2 / lookup_table -----------------------------------------------------------

def ref_embedding(w, idx, padding_idx=-1):
    """Rows of w; ids equal to padding_idx (if not -1) give zeros, even beyond the table."""
    pad = (idx == padding_idx) if padding_idx != -1 else np.zeros(idx.shape, bool)
    return w[np.where(pad, 0, idx)] * ~pad[..., None]


W = rand((10, 6), 1)


@pytest.mark.parametrize("ids_arr, attrs", [
    (ids((2, 5), 10, 2), {"padding_idx": -1}),
    (ids((2, 5), 10, 3), {}),                                   # old program: default -1
    (np.array([[0, 3], [3, 9]]), {"padding_idx": 3}),
    (np.array([[0, 3], [3, 9]], np.int32), {"padding_idx": 0}),
    (ids((7,), 10, 4), {"padding_idx": -1, "is_sparse": True}),  # extra attr ignored
    (ids((2, 3, 4), 10, 5), {"padding_idx": 9}),
    (np.array([1, 12]), {"padding_idx": 12}),                   # padding id beyond the table
])
def test_lookup_table_v2(ids_arr, attrs):
    outs, trace = run_both_traced("lookup_table_v2", {"W": W, "Ids": ids_arr}, attrs, ["Out"])
    assert trace.kernel == "embedding"
    assert_matches_ref(outs["Out"][0], ref_embedding(W, ids_arr, attrs.get("padding_idx", -1)))


def test_lookup_table_v2_fp64_table_keeps_int_ids():
    w = rand((5, 3), 6, np.float64)
    idx = np.array([[4, 0, 2]])
    outs, trace = run_both_traced("lookup_table_v2", {"W": w, "Ids": idx}, {}, ["Out"])
    assert "float64" in trace.key and not trace.transforms
    assert_matches_ref(outs["Out"][0], w[idx])


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_lookup_table_v2_out_of_range(mode):
    with pytest.raises(Exception, match="out of range"):
        run_single_op("lookup_table_v2", {"W": W, "Ids": np.array([1, 10])}, {}, ["Out"], mode)


@pytest.mark.parametrize("ids_arr, attrs", [
    (ids((4, 1), 10, 7), {}),
    (ids((2, 3, 1), 10, 8), {"padding_idx": 4, "is_test": True}),
    (np.array([[2], [5], [2]]), {"padding_idx": 2}),
])
def test_lookup_table_v1(ids_arr, attrs):
    outs, trace = run_both_traced("lookup_table", {"W": W, "Ids": ids_arr}, attrs, ["Out"])
    assert trace.kernel == "lookup_table"
    pad = attrs.get("padding_idx", -1)
    assert_matches_ref(outs["Out"][0], ref_embedding(W, ids_arr[..., 0], pad))


# -- layer_norm -------------------------------------------------------------------------------

def ref_layer_norm(x, scale, bias, eps, axis):
    left = int(np.prod(x.shape[:axis]))
    rows = x.astype(np.float64).reshape(left, -1)
    mean = rows.mean(1)
    var = ((rows - mean[:, None]) ** 2).mean(1)
    y = (rows - mean[:, None]) / np.sqrt(var + eps)[:, None]
    if scale is not None:
        y = y * scale.reshape(1, -1)
    if bias is not None:
        y = y + bias.reshape(1, -1)
    return y.reshape(x.shape), mean.reshape(x.shape[:axis]), var.reshape(x.shape[:axis])


@pytest.mark.parametrize("shape, attrs, with_scale, with_bias, dtype", [
    ((2, 16, 32), {"begin_norm_axis": 2, "epsilon": 1e-5}, True, True, np.float32),
    ((4, 3, 8), {}, True, True, np.float32),                      # old program: axis 1, 1e-5
    ((3, 5, 7), {"begin_norm_axis": 1, "epsilon": 1e-3}, False, False, np.float32),
    ((6, 10), {"begin_norm_axis": 1}, True, False, np.float64),
    ((2, 3, 4, 5), {"begin_norm_axis": 3, "is_test": True}, False, True, np.float32),
])
def test_layer_norm(shape, attrs, with_scale, with_bias, dtype):
    axis = attrs.get("begin_norm_axis", 1)
    right = int(np.prod(shape[axis:]))
    x = rand(shape, 11, dtype, 3.0) + dtype(1.5)
    inputs = {"X": x}
    scale = rand((right,), 12, dtype) if with_scale else None
    bias = rand((right,), 13, dtype) if with_bias else None
    if with_scale:
        inputs["Scale"] = scale
    if with_bias:
        inputs["Bias"] = bias
    outs, trace = run_both_traced("layer_norm", inputs, attrs, ["Y", "Mean", "Variance"])
    assert trace.kernel == "layer_norm"
    y, mean, var = ref_layer_norm(x, scale, bias, attrs.get("epsilon", 1e-5), axis)
    tol = dict(rtol=1e-5, atol=2e-5) if dtype == np.float32 else dict(rtol=1e-12, atol=1e-12)
    for slot, ref in (("Y", y), ("Mean", mean), ("Variance", var)):
        assert outs[slot][0].dtype == dtype
        assert_matches_ref(outs[slot][0], ref, **tol)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_layer_norm_bad_axis(mode):
    with pytest.raises(Exception, match="begin_norm_axis"):
        run_single_op("layer_norm", {"X": rand((2, 3), 1)}, {"begin_norm_axis": 2},
                      ["Y", "Mean", "Variance"], mode)


# -- transpose / transpose2 -------------------------------------------------------------------

@pytest.mark.parametrize("op, shape, axis, dtype", [
    ("transpose2", (2, 16, 4, 8), [0, 2, 1, 3], np.float32),
    ("transpose2", (3, 4, 5), [2, 0, 1], np.int64),
    ("transpose2", (3, 4, 5), [-1, 0, 1], np.float64),
    ("transpose2", (5,), [0], np.bool_),
    ("transpose", (2, 3), [1, 0], np.float32),
    ("transpose", (2, 3, 4), [0, 2, 1], np.int32),
])
def test_transpose(op, shape, axis, dtype):
    x = (rand(shape, 21, np.float64) * 10).astype(dtype)
    slots = ["Out", "XShape"] if op == "transpose2" else ["Out"]
    outs, trace = run_both_traced(op, {"X": x}, {"axis": axis}, slots)
    assert trace.kernel == "transpose"
    assert_matches_ref(outs["Out"][0], np.transpose(x, [a % len(shape) for a in axis]))
    if op == "transpose2":  # the PHI kernel has no XShape argument: the op's dims all the same
        assert xshape_dims(op, {"X": x}, {"axis": axis}) == (0, *shape)


def test_transpose2_xshape_dims():
    from legacy_fluid.framework.execution_context import InferShapeContext, RuntimeContext
    from legacy_fluid.framework.op_registry import create_op
    from legacy_fluid.framework.program_desc import OpDesc
    from legacy_fluid.framework.scope import Scope
    from phi.core.dense_tensor import DenseTensor

    scope = Scope()
    scope.var("x").value = DenseTensor(rand((2, 3, 4), 1))
    scope.var("o")
    scope.var("xs")
    op = create_op(OpDesc("transpose2", {"X": ["x"]}, {"Out": ["o"], "XShape": ["xs"]},
                          {"axis": [2, 0, 1]}))
    op.infer_shape(InferShapeContext(op, RuntimeContext.build(op, scope)))
    assert scope.find_var("o").get_tensor().dims == (4, 2, 3)
    assert scope.find_var("xs").get_tensor().dims == (0, 2, 3, 4)


# -- slice ------------------------------------------------------------------------------------

X3 = rand((3, 4, 5), 31)


@pytest.mark.parametrize("attrs, index", [
    ({"axes": [1], "starts": [0], "ends": [1], "infer_flags": [1], "decrease_axis": [1]},
     (slice(None), 0)),
    ({"axes": [0, 2], "starts": [1, -3], "ends": [3, 100]},
     (slice(1, 3), slice(None), slice(-3, None))),
    ({"axes": [2], "starts": [-100], "ends": [-1]}, (slice(None), slice(None), slice(0, -1))),
    ({"axes": [1], "starts": [3], "ends": [1]}, (slice(None), slice(3, 1))),        # empty
    ({"axes": [1], "starts": [-1], "ends": [-2]}, (slice(None), slice(-1, -2))),    # empty
    ({"axes": [0], "starts": [7], "ends": [9]}, (slice(7, 9),)),                     # empty
    ({"axes": [0, 1, 2], "starts": [1, 2, 3], "ends": [2, 3, 4],
      "decrease_axis": [0, 1, 2]}, (1, 2, 3)),                                       # 0-D
    ({"axes": [-1], "starts": [1], "ends": [3]}, (slice(None), slice(None), slice(1, 3))),
])
def test_slice(attrs, index):
    outs, trace = run_both_traced("slice", {"Input": X3}, attrs, ["Out"])
    assert trace.kernel == "slice"
    assert_matches_ref(outs["Out"][0], X3[index])


@pytest.mark.parametrize("inputs, attrs, index", [
    ({"StartsTensor": np.array([1, 0]), "EndsTensor": np.array([3, 2], np.int32)},
     {"axes": [0, 2], "starts": [0, 0], "ends": [1, 1], "infer_flags": [-1, -1]},
     (slice(1, 3), slice(None), slice(0, 2))),
    ({"StartsTensorList": [np.array([1]), np.array([2], np.int32)]},
     {"axes": [1, 2], "starts": [-1, -1], "ends": [3, 5], "infer_flags": [-1, -1]},
     (slice(None), slice(1, 3), slice(2, 5))),
    ({"EndsTensorList": [np.array([-1])]},
     {"axes": [2], "starts": [1], "ends": [5], "infer_flags": [-1], "decrease_axis": []},
     (slice(None), slice(None), slice(1, -1))),
    ({"StartsTensor": np.array([2]), "EndsTensorList": [np.array([3])]},
     {"axes": [1], "starts": [0], "ends": [0], "infer_flags": [-1], "decrease_axis": [1]},
     (slice(None), 2)),
])
def test_slice_tensor_bounds(inputs, attrs, index):
    outs, _ = run_both_traced("slice", {"Input": X3, **inputs}, attrs, ["Out"])
    assert_matches_ref(outs["Out"][0], X3[index])


def test_slice_int_and_bool():
    x = np.arange(24, dtype=np.int64).reshape(4, 6)
    outs, _ = run_both_traced("slice", {"Input": x}, {"axes": [1], "starts": [2], "ends": [-1]},
                              ["Out"])
    assert_matches_ref(outs["Out"][0], x[:, 2:-1])
    b = x % 3 == 0
    outs, _ = run_both_traced("slice", {"Input": b}, {"axes": [0], "starts": [1], "ends": [3]},
                              ["Out"])
    assert_matches_ref(outs["Out"][0], b[1:3])


# -- gelu -------------------------------------------------------------------------------------

_ERF = np.vectorize(math.erf, otypes=[np.float64])


def ref_gelu(x, approximate):
    x = x.astype(np.float64)
    if approximate:
        return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1 + _ERF(x / math.sqrt(2)))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("attrs", [{}, {"approximate": False}, {"approximate": True},
                                   {"approximate": False, "use_mkldnn": False}])
def test_gelu(dtype, attrs):
    x = np.concatenate([rand((4, 250), 41, dtype, 3.0).ravel(),
                        np.array([0.0, -0.0, 1e-30, -40.0, 40.0, 7.5, -7.5], dtype)])
    outs, trace = run_both_traced("gelu", {"X": x}, attrs, ["Out"])
    assert trace.kernel == "gelu"
    tol = dict(rtol=2e-6, atol=2e-7) if dtype == np.float32 else dict(rtol=1e-13, atol=1e-15)
    assert_matches_ref(outs["Out"][0], ref_gelu(x, attrs.get("approximate", False)), **tol)
    assert outs["Out"][0].dtype == dtype


def test_erf_accuracy():
    x = np.concatenate([np.linspace(-7, 7, 20001), np.logspace(-300, 1, 301),
                        -np.logspace(-300, 1, 301)])
    got = gelu_funcs.erf(np, x)
    ref = _ERF(x)
    rel = np.abs(got - ref) / np.maximum(np.abs(ref), 1e-300)
    assert rel.max() < 2e-15
    special = gelu_funcs.erf(np, np.array([np.inf, -np.inf, np.nan, 0.0, -0.0]))
    assert special[0] == 1 and special[1] == -1 and np.isnan(special[2])
    assert special[3] == 0 and np.signbit(special[4])


# -- arg_max / reduce_sum / reduce_mean -------------------------------------------------------

XA = np.array([[[1.0, 5.0, 5.0, -2.0], [7.0, 7.0, 0.0, 3.0], [0.5, 0.25, 9.0, 9.0]],
               [[4.0, 4.0, 4.0, 4.0], [-1.0, -3.0, -1.0, -2.0], [2.0, 8.0, 1.0, 8.0]]],
              np.float32)


@pytest.mark.parametrize("x, attrs, ref, ref_dtype", [
    (XA, {"axis": 2}, XA.argmax(2), np.int64),
    (XA, {"axis": -1, "keepdims": True, "dtype": 2}, XA.argmax(-1)[..., None], np.int32),
    (XA, {"axis": 1, "dtype": 3}, XA.argmax(1), np.int64),
    (XA, {"axis": 0, "flatten": True}, np.array(XA.argmax()), np.int64),          # 0-D
    (XA, {"axis": 0, "flatten": True, "keepdims": True}, XA.argmax().reshape(1, 1, 1),
     np.int64),
    (XA.astype(np.int32), {"axis": 0, "dtype": -1}, XA.argmax(0), np.int64),
    (XA.astype(np.float64), {"axis": 1}, XA.argmax(1), np.int64),
])
def test_arg_max(x, attrs, ref, ref_dtype):
    outs, trace = run_both_traced("arg_max", {"X": x}, attrs, ["Out"])
    assert trace.kernel == "argmax"
    assert_matches_ref(outs["Out"][0], np.asarray(ref).astype(ref_dtype))


XR = rand((3, 4, 5), 101)


@pytest.mark.parametrize("x, attrs, axes, keep, ref_dtype, kernel", [
    (XR, {"dim": [1]}, (1,), False, np.float32, "sum"),
    (XR, {}, (0,), False, np.float32, "sum"),                         # old program: dim [0]
    (XR, {"dim": [0, -1], "keep_dim": True}, (0, 2), True, np.float32, "sum"),
    (XR, {"dim": [1], "reduce_all": True}, (0, 1, 2), False, np.float32, "sum_raw"),
    (XR, {"dim": []}, (0, 1, 2), False, np.float32, "sum"),
    (XR, {"dim": [2], "out_dtype": 6}, (2,), False, np.float64, "sum"),
    ((XR * 10).astype(np.int32), {"dim": [1]}, (1,), False, np.int64, "sum"),
    (XR > 0, {"dim": [0, 1, 2], "keep_dim": True}, (0, 1, 2), True, np.int64, "sum"),
    ((XR * 10).astype(np.int64), {"dim": [2], "reduce_all": True, "keep_dim": True}, (0, 1, 2),
     True, np.int64, "sum_raw"),
])
def test_reduce_sum(x, attrs, axes, keep, ref_dtype, kernel):
    outs, trace = run_both_traced("reduce_sum", {"X": x}, attrs, ["Out"])
    assert trace.kernel == kernel
    ref = x.astype(np.float64 if x.dtype.kind == "f" else np.int64).sum(axis=axes, keepdims=keep)
    got = outs["Out"][0]
    assert got.dtype == ref_dtype
    if x.dtype.kind == "f":
        assert_matches_ref(got, ref, rtol=1e-6, atol=1e-6)
    else:
        assert_matches_ref(got, ref.astype(ref_dtype))


@pytest.mark.parametrize("x, attrs, axes, keep, kernel", [
    (XR, {"dim": [1]}, (1,), False, "mean"),
    (XR, {}, (0,), False, "mean"),                                    # old program: dim [0]
    (XR, {"dim": [-1, 0], "keep_dim": True}, (0, 2), True, "mean"),
    (XR, {"reduce_all": True}, (0, 1, 2), False, "mean_raw"),
    (XR.astype(np.float64), {"dim": [0, 1, 2]}, (0, 1, 2), False, "mean"),
    (np.array([[-1, -2, 7], [0, 0, 2]], np.int64), {"dim": [0]}, (0,), False, "mean"),
    (np.array([[-1, -2, 7], [0, 0, 2]], np.int32), {"reduce_all": True}, (0, 1), False,
     "mean_raw"),
])
def test_reduce_mean(x, attrs, axes, keep, kernel):
    outs, trace = run_both_traced("reduce_mean", {"X": x}, attrs, ["Out"])
    assert trace.kernel == kernel
    got = outs["Out"][0]
    assert got.dtype == x.dtype
    if x.dtype.kind == "f":
        assert_matches_ref(got, x.astype(np.float64).mean(axis=axes, keepdims=keep), rtol=1e-6,
                           atol=1e-7)
    else:  # integer mean: C++ division, truncating toward zero
        s = x.astype(np.int64).sum(axis=axes, keepdims=keep)
        n = int(np.prod([x.shape[a] for a in axes]))
        assert_matches_ref(got, (np.sign(s) * (np.abs(s) // n)).astype(x.dtype))


# -- range ------------------------------------------------------------------------------------

def ref_range(start, end, step, dtype):
    """Paddle's CPU loop: the value is accumulated one step at a time in the output type."""
    start, end, step = dtype(start), dtype(end), dtype(step)
    if (end > start and step < 0) or (end < start and step > 0):
        return np.array([], dtype)
    n = (abs(int(end) - int(start)) + abs(int(step)) - 1) // abs(int(step)) \
        if np.dtype(dtype).kind == "i" else math.ceil(abs((end - start) / step))
    values, v = [], start
    for _ in range(n):
        values.append(v)
        v = dtype(v + step)
    return np.array(values, dtype)


@pytest.mark.parametrize("start, end, step, dtype", [
    (0, 1, 0.1, np.float32),
    (0.0, 1.0, 0.3, np.float32),
    (-1, 2.5, 0.5, np.float64),
    (10, 0, -3, np.int64),
    (0, 16, 1, np.int64),                      # position ids
    (-5, 7, 4, np.int32),
    (1.0, 0.5, 0.1, np.float32),               # step points away: empty
    (3, 3, 1, np.int32),                       # empty
])
def test_range(start, end, step, dtype):
    inputs = {"Start": np.array([start], dtype), "End": np.array([end], dtype),
              "Step": np.array([step], dtype)}
    outs, trace = run_both_traced("range", inputs, {}, ["Out"])
    assert trace.kernel == "arange"
    assert_matches_ref(outs["Out"][0], ref_range(start, end, step, dtype))


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_range_zero_step(mode):
    one = np.array([1], np.int64)
    with pytest.raises(Exception, match="step"):
        run_single_op("range", {"Start": one, "End": one * 5, "Step": one * 0}, {}, ["Out"], mode)


# -- protos against Paddle's (tests/fixtures/models/op_protos.json, Paddle 3.3.1) -------------

def _paddle_protos():
    if not PROTOS.exists():
        pytest.skip("op_protos.json not present")
    return json.loads(PROTOS.read_text())["ops"]


@pytest.mark.parametrize("op", ["lookup_table_v2", "layer_norm", "slice", "transpose2"])
def test_proto_matches_paddle(op):
    ref = _paddle_protos().get(op)
    if ref is None:
        pytest.skip(f"{op} not in op_protos.json")
    assert proto_problems(OP_INFOS.info(op).proto, ref, strict=False) == []


# -- snapshots: one small deterministic output per op ----------------------------------------

def _snap(arr):
    arr = np.asarray(arr)
    values = np.round(arr.astype(np.float64), 5) if arr.dtype.kind in "fc" else arr
    return {"dtype": str(arr.dtype), "shape": list(arr.shape), "values": values.ravel().tolist()}


XS = (np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 11.5) / 4

SNAPSHOT_CASES = {
    "lookup_table_v2": ({"W": XS.reshape(6, 4), "Ids": np.array([[5, 0], [2, 2]])},
                        {"padding_idx": 2}, ["Out"]),
    "lookup_table": ({"W": XS.reshape(6, 4), "Ids": np.array([[1], [4]])}, {}, ["Out"]),
    "layer_norm": ({"X": XS, "Scale": np.linspace(0.5, 2, 4, dtype=np.float32),
                    "Bias": np.full(4, 0.25, np.float32)}, {"begin_norm_axis": 2},
                   ["Y", "Mean", "Variance"]),
    "transpose2": ({"X": XS}, {"axis": [2, 0, 1]}, ["Out", "XShape"]),
    "transpose": ({"X": XS[0]}, {"axis": [1, 0]}, ["Out"]),
    "slice": ({"Input": XS}, {"axes": [1, 2], "starts": [0, -3], "ends": [1, 100],
                              "decrease_axis": [1]}, ["Out"]),
    "gelu": ({"X": XS}, {}, ["Out"]),
    "gelu_tanh": ({"X": XS}, {"approximate": True}, ["Out"]),
    "concat": ({"X": [XS[0], XS[1][:2]]}, {"axis": 0}, ["Out"]),
    "split": ({"X": XS}, {"sections": [1, -1], "axis": 2}, {"Out": 2}),
    "stack": ({"X": [XS[0], XS[1]]}, {"axis": 1}, ["Y"]),
    "squeeze2": ({"X": XS[:1, :, :1]}, {}, ["Out", "XShape"]),
    "unsqueeze2": ({"X": XS[0]}, {"axes": [0, -1]}, ["Out", "XShape"]),
    "fill_any_like": ({"X": XS}, {"value": 3.75, "dtype": 3}, ["Out"]),
    "shape": ({"Input": XS}, {}, ["Out"]),
    "arg_max": ({"X": XS * np.cos(XS)}, {"axis": 1}, ["Out"]),
    "reduce_sum": ({"X": XS}, {"dim": [0, 2], "keep_dim": True}, ["Out"]),
    "reduce_mean": ({"X": XS}, {"dim": [1]}, ["Out"]),
    "range": ({"Start": np.array([0.5], np.float32), "End": np.array([2.0], np.float32),
               "Step": np.array([0.2], np.float32)}, {}, ["Out"]),
}


@pytest.mark.parametrize("name", sorted(SNAPSHOT_CASES))
def test_snapshot(name, snapshot):
    inputs, attrs, outputs = SNAPSHOT_CASES[name]
    op = name.removesuffix("_tanh")
    outs, _ = run_both_traced(op, inputs, attrs, outputs)
    assert {slot: [_snap(a) for a in arrs] for slot, arrs in outs.items()
            if slot != "XShape"} == snapshot


# -- GPU: same results as the CPU -------------------------------------------------------------

@pytest.mark.gpu
@pytest.mark.parametrize("name", sorted(SNAPSHOT_CASES))
@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_gpu_matches_cpu(name, mode):
    inputs, attrs, outputs = SNAPSHOT_CASES[name]
    op = name.removesuffix("_tanh")
    cpu, _ = run_single_op(op, inputs, attrs, outputs, mode)
    gpu, trace = run_single_op(op, inputs, attrs, outputs, mode, place=GPUPlace(0))
    assert trace.path == mode
    for slot in cpu:
        if slot == "XShape":
            continue
        for a, b in zip(cpu[slot], gpu[slot], strict=True):
            assert a.shape == b.shape and a.dtype == b.dtype
            np.testing.assert_allclose(b, a, rtol=1e-6, atol=1e-6)
