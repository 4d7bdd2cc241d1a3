"""Slice family: feed, fetch, scale, sign, relu, elementwise_{add,sub,mul,div,max,min,pow},
matmul_v2, matmul (v1), mul, softmax, fill_constant, reshape2, reshape (v1), cast.

Every case runs through the legacy kernel and the PHI kernel: both must give identical
outputs (dtype, dims, values) and match a NumPy reference computed here.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.dual_dispatch import DualDispatchRunner
from compat.predictor import load_model, run_model
from compat.single_op import run_single_op
from legacy_fluid.framework.executor import Executor
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import VarType
from phi.common import CPUPlace, DataType, Place
from phi.core.dense_tensor import DenseTensor
from tests.ops.op_helpers import BF16, assert_close, rand, run_both, snap, xshape_dims

MODELS = Path(__file__).resolve().parents[1] / "fixtures" / "models"


# -- feed / fetch ------------------------------------------------------------------------------

def _feed_fetch_program(fetch_cols=(1, 0)) -> ProgramDesc:
    """feed x (col 0), y (col 1); z = relu(x); fetch z at fetch_cols[0], y at fetch_cols[1]."""
    program = ProgramDesc()
    block = program.global_block()
    block.var("feed", type=VarType.FEED_MINIBATCH, dtype=None)
    block.var("fetch", type=VarType.FETCH_LIST, dtype=None)
    for name in ("x", "y", "z"):
        block.var(name)
    block.append_op("feed", {"X": ["feed"]}, {"Out": ["x"]}, {"col": 0})
    block.append_op("feed", {"X": ["feed"]}, {"Out": ["y"]}, {"col": 1})
    block.append_op("relu", {"X": ["x"]}, {"Out": ["z"]}, {})
    block.append_op("fetch", {"X": ["z"]}, {"Out": ["fetch"]}, {"col": fetch_cols[0]})
    block.append_op("fetch", {"X": ["y"]}, {"Out": ["fetch"]}, {"col": fetch_cols[1]})
    return program


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_feed_fetch_program(mode: str) -> None:
    x = rand((2, 3), 1)
    y = np.arange(4, dtype=np.int64)
    executor = Executor(CPUPlace(), DualDispatchRunner(mode))
    fetched = executor.run(_feed_fetch_program(), Scope(), {"x": x, "y": y})
    assert [t.path for t in executor.last_trace] == [mode] * 5
    assert [t.type for t in executor.last_trace] == ["feed", "feed", "relu", "fetch", "fetch"]
    assert len(fetched) == 2
    y_out, z_out = fetched
    assert isinstance(z_out.data, np.ndarray) and z_out.place == CPUPlace()
    np.testing.assert_array_equal(z_out.numpy(), np.maximum(x, 0))
    assert y_out.dtype is DataType.INT64 and y_out.numpy().tolist() == [0, 1, 2, 3]
    assert y_out.data is not y  # fetch hands back copies, feed never aliases the caller's array


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_fetch_grows_list_and_feed_keeps_lod(mode: str) -> None:
    x = DenseTensor(rand((5, 2), 2), lod=[[0, 2, 5]])
    executor = Executor(CPUPlace(), DualDispatchRunner(mode))
    fetched = executor.run(_feed_fetch_program(fetch_cols=(2, 0)), Scope(),
                           {"x": x, "y": np.ones((1,), np.float32)})
    assert len(fetched) == 3 and fetched[1] is None
    assert fetched[2].lod == [[0, 2, 5]]
    np.testing.assert_array_equal(fetched[2].numpy(), np.maximum(x.numpy(), 0))


def test_feed_fetch_agree_and_snapshot(snapshot) -> None:
    x = np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)
    results = []
    for mode in ("legacy", "phi"):
        fetched = Executor(CPUPlace(), DualDispatchRunner(mode)).run(
            _feed_fetch_program(), Scope(), {"x": x, "y": np.float64([1.5, -2.0])})
        results.append([t.numpy() for t in fetched])
    for a, b in zip(*results, strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    assert [snap(a) for a in results[1]] == snapshot


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_mlp_model_runs_on_both_paths(path: str) -> None:
    """The exported mlp uses only this family's ops: feed, matmul_v2, elementwise_add,
    relu, softmax, fetch."""
    model = load_model(MODELS / "mlp" / "model")
    with np.load(MODELS / "mlp" / "inputs_b4.npz") as f:
        feeds = dict(f)
    with np.load(MODELS / "mlp" / "outputs_b4.npz") as f:
        expected = dict(f)
    result = run_model(model, feeds, path=path)
    assert {t.path for t in result.trace} == {path}
    for name, got in result.outputs.items():
        ref = expected[name] if name in expected else next(iter(expected.values()))
        assert_close(got, ref, rtol=1e-5, atol=1e-6)


# -- scale -------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", [
    dict(attrs={"scale": 2.5, "bias": 1.0}, ref=lambda x: x * 2.5 + 1.0),
    dict(attrs={"scale": 2.5, "bias": 1.0, "bias_after_scale": False},
         ref=lambda x: (x + 1.0) * 2.5),
    dict(attrs={}, ref=lambda x: x),  # old program: every attribute defaulted
    dict(attrs={"scale": 9.0, "bias": 0.5}, scale_tensor=np.float32([-3.0]),
         ref=lambda x: x * -3.0 + 0.5),
    dict(attrs={"scale": 3.0, "bias": 2.0}, dtype=np.int32, ref=lambda x: x * 3 + 2),
    dict(attrs={"scale": 2.0, "bias": 1.0, "bias_after_scale": False}, dtype=np.int64,
         scale_tensor=np.float32([4.0]), ref=lambda x: (x + 1) * 4),
], ids=["after", "before", "defaults", "scale_tensor", "int32", "int64_tensor_before"])
def test_scale(case) -> None:
    dtype = case.get("dtype", np.float32)
    x = (rand((3, 4), 3, scale=5) if dtype == np.float32
         else np.arange(-6, 6, dtype=dtype).reshape(3, 4))
    inputs = {"X": x}
    if "scale_tensor" in case:
        inputs["ScaleTensor"] = case["scale_tensor"]
    out = run_both("scale", inputs, case["attrs"])["Out"][0]
    assert out.dtype == dtype
    ref = case["ref"](x.astype(np.float64))
    if dtype == np.float32:
        assert_close(out, ref)
    else:
        np.testing.assert_array_equal(out, ref.astype(dtype))


# -- relu / sign -------------------------------------------------------------------------------

SPECIAL = np.array([np.nan, -0.0, 0.0, -1.5, 2.25, np.inf, -np.inf], np.float32)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_relu(dtype) -> None:
    x = np.concatenate([rand(13, 4), SPECIAL]).astype(dtype)
    out = run_both("relu", {"X": x}, {})["Out"][0]
    ref = np.where(x > 0, x, 0)  # NaN -> 0 as Paddle's `x > 0 ? x : 0`
    assert out.dtype == dtype
    np.testing.assert_array_equal(out, ref)


def test_relu_keeps_lod_and_shape() -> None:
    x = DenseTensor(rand((4, 3), 5), lod=[[0, 1, 4]])
    out = run_both("relu", {"X": x}, {"use_mkldnn": False, "use_cudnn": False})["Out"][0]
    assert out.shape == (4, 3)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.int64, np.int8,
                                   np.int16])
def test_sign(dtype) -> None:
    """Paddle 3.3.1's CPU sign dtypes (no float16 / bfloat16 there; complex: fixtures)."""
    if np.dtype(dtype).kind == "i":
        x = np.array([-7, -1, 0, 1, 5, 100], dtype=dtype)
    else:
        x = np.concatenate([rand(9, 6), SPECIAL]).astype(dtype)
    out = run_both("sign", {"X": x}, {})["Out"][0]
    assert out.dtype == np.dtype(dtype)
    xf = x.astype(np.float64)
    ref = np.where(np.isnan(xf), np.nan, np.where(xf > 0, 1.0, np.where(xf < 0, -1.0, 0.0)))
    np.testing.assert_array_equal(out.astype(np.float64), ref)


# -- elementwise -------------------------------------------------------------------------------

# (x shape, y shape, axis or None (attribute absent), x view shape, y view shape)
BROADCASTS = {
    "same": ((2, 3, 4), (2, 3, 4), -1, (2, 3, 4), (2, 3, 4)),
    "trailing": ((2, 3, 4), (4,), -1, (2, 3, 4), (1, 1, 4)),
    "old_program_default": ((2, 3, 4), (3, 4), None, (2, 3, 4), (1, 3, 4)),
    "axis1": ((2, 3, 4), (3,), 1, (2, 3, 4), (1, 3, 1)),
    "axis0": ((2, 3, 4), (2, 3), 0, (2, 3, 4), (2, 3, 1)),
    "axis_neg2": ((2, 3, 4), (3,), -2, (2, 3, 4), (1, 3, 1)),
    "trimmed_trailing_ones": ((2, 3, 4), (4, 1), 2, (2, 3, 4), (1, 1, 4)),
    "trimmed_two_ones": ((2, 3, 4, 5), (5, 1, 1), 3, (2, 3, 4, 5), (1, 1, 1, 5)),
    "y_bigger": ((3,), (2, 3), -1, (1, 3), (2, 3)),
    "y_bigger_axis": ((3,), (2, 3, 4), 1, (1, 3, 1), (2, 3, 4)),
    "both_stretch": ((2, 1, 4), (3, 1), -1, (2, 1, 4), (1, 3, 1)),
    "scalar_like": ((2, 3), (1,), -1, (2, 3), (1, 1)),
}

EW_OPS = {
    "elementwise_add": np.add,
    "elementwise_sub": np.subtract,
    "elementwise_mul": np.multiply,
    "elementwise_div": np.divide,
    "elementwise_max": np.maximum,
    "elementwise_min": np.minimum,
    "elementwise_pow": np.power,
}


def _ew_inputs(op, xs, ys, dtype=np.float32):
    x, y = rand(xs, 7), rand(ys, 8)
    if op == "elementwise_pow":
        x = np.abs(x) + 0.5
    if op == "elementwise_div":
        y = np.where(np.abs(y) < 0.1, 0.5, y).astype(np.float32)
    return x.astype(dtype), y.astype(dtype)


@pytest.mark.parametrize("case", sorted(BROADCASTS))
@pytest.mark.parametrize("op", sorted(EW_OPS))
def test_elementwise_broadcast(op: str, case: str) -> None:
    xs, ys, axis, xv, yv = BROADCASTS[case]
    x, y = _ew_inputs(op, xs, ys)
    attrs = {} if axis is None else {"axis": axis}
    out = run_both(op, {"X": x, "Y": y}, attrs)["Out"][0]
    ref = EW_OPS[op](x.reshape(xv).astype(np.float64), y.reshape(yv).astype(np.float64))
    assert out.dtype == np.float32
    assert_close(out, ref, rtol=2e-6, atol=1e-6)


#: op -> the half types Paddle 3.3.1 registers no CPU kernel of the op for
_NO_CPU_KERNEL = {
    "elementwise_add": (np.dtype(np.float16), BF16),
    "elementwise_div": (np.dtype(np.float16), BF16),
    **{op: (np.dtype(np.float16),) for op in ("elementwise_sub", "elementwise_mul",
                                             "elementwise_max", "elementwise_min",
                                             "elementwise_pow")},
}


@pytest.mark.parametrize("dtype", [np.float64, np.float16, BF16, np.int32, np.int64])
@pytest.mark.parametrize("op", sorted(EW_OPS))
def test_elementwise_dtypes(op: str, dtype) -> None:
    if np.dtype(dtype).kind == "i":
        x = np.array([[-7, 7, 9, 2], [3, -8, 5, 6]], dtype=dtype)
        y = np.array([2, -2, 4, 3], dtype=dtype)
    else:
        x, y = _ew_inputs(op, (2, 4), (4,), dtype)
    if np.dtype(dtype) in _NO_CPU_KERNEL.get(op, ()):
        # Paddle 3.3.1 registers no such CPU kernel; neither does fluidphi
        with pytest.raises(Exception, match=r"no kernel"):
            run_both(op, {"X": x, "Y": y}, {"axis": -1})
        return
    out = run_both(op, {"X": x, "Y": y}, {"axis": -1})["Out"][0]
    assert out.dtype == np.dtype(dtype)
    if np.dtype(dtype).kind == "i":
        ref = {"elementwise_div": np.trunc(x / y),  # C++ integer division truncates
               "elementwise_pow": np.trunc(np.power(x.astype(np.float64),
                                                    y.astype(np.float64)))}.get(
            op, EW_OPS[op](x.astype(np.float64), y.astype(np.float64)))
        np.testing.assert_array_equal(out.astype(np.float64), ref)
    else:
        ref = EW_OPS[op](x.astype(np.float64), y.astype(np.float64))
        tol = {np.dtype(np.float64): 1e-12, np.dtype(np.float16): 2e-3, BF16: 1.6e-2}
        assert_close(out.astype(np.float64), ref, rtol=tol[np.dtype(dtype)], atol=1e-6)


def test_elementwise_special_values() -> None:
    x = np.array([np.nan, 1.0, -2.0, 0.0], np.float32)
    y = np.array([0.0, np.nan, 0.5, -1.0], np.float32)
    assert np.isnan(run_both("elementwise_max", {"X": x, "Y": y}, {})["Out"][0][:2]).all()
    assert np.isnan(run_both("elementwise_min", {"X": x, "Y": y}, {})["Out"][0][:2]).all()
    powed = run_both("elementwise_pow", {"X": x, "Y": y}, {})["Out"][0]
    assert np.isnan(powed[2]) and powed[3] == np.inf
    with pytest.raises(Exception, match="division by zero"):
        run_single_op("elementwise_div", {"X": np.int32([1, 2]), "Y": np.int32([1, 0])}, {},
                      ["Out"], "legacy")


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16"])
@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_elementwise_div_with_an_axis_refuses_what_paddle_has_no_cpu_kernel_for(dtype, mode):
    """Paddle 3.3.1 finds no kernel for elementwise_div with `axis` != -1 (divide_raw) on
    int8 / uint8 / int16; with axis -1 (divide) it runs them."""
    x, y = np.full((2, 3), 7, dtype), np.array([1, 2, 3], dtype)
    with pytest.raises(Exception, match=f"elementwise_div.*{dtype}"):
        run_single_op("elementwise_div", {"X": x, "Y": y}, {"axis": 1}, ["Out"], mode)
    out, _ = run_single_op("elementwise_div", {"X": x, "Y": y}, {"axis": -1}, ["Out"], mode)
    np.testing.assert_array_equal(out["Out"][0], np.array([[7, 3, 2]] * 2, dtype))


def test_elementwise_rejects_bad_axis() -> None:
    with pytest.raises(Exception, match=r"broadcast|fit"):
        run_single_op("elementwise_add", {"X": rand((2, 3, 4), 1), "Y": rand((4,), 2)},
                      {"axis": 1}, ["Out"], "phi")


# -- matmul_v2 / matmul / mul ----------------------------------------------------------------

MATMUL_V2 = {
    "plain": ((2, 3), (3, 4), {}),
    "trans_x": ((3, 2), (3, 4), {"trans_x": True}),
    "trans_y": ((2, 3), (4, 3), {"trans_y": True}),
    "both": ((3, 2), (4, 3), {"trans_x": True, "trans_y": True}),
    "vec_vec": ((5,), (5,), {}),
    "vec_mat": ((5,), (2, 5, 3), {"trans_x": True}),  # a vector ignores its flag
    "mat_vec": ((2, 4, 5), (5,), {}),
    "batch_broadcast": ((2, 1, 3, 4), (5, 4, 2), {}),
    "batch_mat": ((3, 2, 4), (4, 6), {"trans_y": False}),
}


def _ref_matmul(x, y, tx, ty, alpha=1.0):
    a, b = x.astype(np.float64), y.astype(np.float64)
    if a.ndim >= 2 and tx:
        a = np.swapaxes(a, -1, -2)
    if b.ndim >= 2 and ty:
        b = np.swapaxes(b, -1, -2)
    return np.asarray(np.matmul(a, b) * alpha)


@pytest.mark.parametrize("case", sorted(MATMUL_V2))
def test_matmul_v2(case: str) -> None:
    xs, ys, attrs = MATMUL_V2[case]
    x, y = rand(xs, 11), rand(ys, 12)
    out = run_both("matmul_v2", {"X": x, "Y": y}, attrs)["Out"][0]
    ref = _ref_matmul(x, y, attrs.get("trans_x", False), attrs.get("trans_y", False))
    assert out.dtype == np.float32
    assert_close(out, ref)


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.int64])
def test_matmul_v2_dtypes(dtype) -> None:
    """Paddle's CPU dtypes besides float32 (small integers multiply exactly)."""
    x, y = (rand((3, 8), 13) * 10).astype(dtype), (rand((8, 2), 14) * 10).astype(dtype)
    out = run_both("matmul_v2", {"X": x, "Y": y}, {"trans_x": False, "trans_y": False})["Out"][0]
    assert out.dtype == np.dtype(dtype)
    if out.dtype.kind == "i":
        np.testing.assert_array_equal(out, np.matmul(x, y))
    else:
        assert_close(out, _ref_matmul(x, y, False, False), rtol=1e-12, atol=1e-2)


@pytest.mark.parametrize("dtype", [np.float16, BF16])
def test_matmul_v2_no_cpu_half_kernel(dtype) -> None:
    """Paddle 3.3.1 registers no float16 / bfloat16 matmul on CPU; neither does fluidphi."""
    x, y = rand((3, 8), 13).astype(dtype), rand((8, 2), 14).astype(dtype)
    with pytest.raises(Exception, match=r"(?i)kernel"):
        run_both("matmul_v2", {"X": x, "Y": y}, {"trans_x": False, "trans_y": False})


@pytest.mark.parametrize("case", [
    ((2, 3), (3, 4), {}),  # old program: transpose_X/Y and alpha defaulted
    ((3, 2), (4, 3), {"transpose_X": True, "transpose_Y": True, "alpha": 0.5}),
    ((2, 3, 4), (2, 4, 5), {"alpha": 2.0}),
    ((2, 3, 4), (4, 5), {"alpha": 0.3, "head_number": 1}),
    ((4,), (4,), {"alpha": 1.5}),
    ((4,), (4, 3), {}),
], ids=["defaults", "transposed_alpha", "batched", "batch_mat", "vec_vec", "vec_mat"])
def test_matmul_v1(case) -> None:
    xs, ys, attrs = case
    x, y = rand(xs, 15), rand(ys, 16)
    out = run_both("matmul", {"X": x, "Y": y}, attrs)["Out"][0]
    ref = _ref_matmul(x, y, attrs.get("transpose_X", False), attrs.get("transpose_Y", False),
                      attrs.get("alpha", 1.0))
    assert_close(out, ref)


@pytest.mark.parametrize("case", [
    ((2, 6), (6, 3), {}),
    ((2, 3, 4), (12, 5), {"x_num_col_dims": 1}),
    ((2, 3, 4), (4, 5, 2), {"x_num_col_dims": 2, "y_num_col_dims": 1}),
    ((2, 3, 4), (2, 6, 5), {"x_num_col_dims": 1, "y_num_col_dims": 2}),
], ids=["plain", "flatten_x", "x2_y1", "x1_y2"])
def test_mul(case) -> None:
    xs, ys, attrs = case
    x, y = rand(xs, 17), rand(ys, 18)
    xn, yn = attrs.get("x_num_col_dims", 1), attrs.get("y_num_col_dims", 1)
    out = run_both("mul", {"X": x, "Y": y}, attrs)["Out"][0]
    x2 = x.reshape(int(np.prod(xs[:xn])), -1).astype(np.float64)
    y2 = y.reshape(int(np.prod(ys[:yn])), -1).astype(np.float64)
    assert_close(out, (x2 @ y2).reshape(*xs[:xn], *ys[yn:]))


# -- softmax -----------------------------------------------------------------------------------

def _ref_softmax(x, axis):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@pytest.mark.parametrize("case", [
    ((3, 5), None, np.float32, 1.0),  # old program: axis defaulted to -1
    ((2, 3, 4), 1, np.float32, 1.0),
    ((2, 3, 4), 0, np.float64, 1.0),
    ((2, 7), -1, np.float32, 1000.0),  # large logits: must not overflow
], ids=["default_axis", "axis1", "axis0_fp64", "stable"])
def test_softmax(case) -> None:
    shape, axis, dtype, scale = case
    x = rand(shape, 19, dtype, scale)
    attrs = {} if axis is None else {"axis": axis}
    out = run_both("softmax", {"X": x}, attrs)["Out"][0]
    assert out.dtype == np.dtype(dtype)
    assert np.isfinite(out).all()
    assert_close(out, _ref_softmax(x, -1 if axis is None else axis), rtol=1e-5, atol=1e-7)


def test_softmax_rejects_bad_axis() -> None:
    with pytest.raises(Exception, match="out of range"):
        run_single_op("softmax", {"X": rand((2, 3), 1)}, {"axis": 2}, ["Out"], "legacy")


# -- fill_constant -----------------------------------------------------------------------------

@pytest.mark.parametrize("case", [
    dict(attrs={"shape": [2, 3], "value": 1.5}, ref=np.full((2, 3), 1.5, np.float32)),
    dict(attrs={}, ref=np.zeros((), np.float32)),  # old program: everything defaulted
    dict(attrs={"shape": [4], "dtype": int(VarType.INT32), "value": -3.7},
         ref=np.full(4, -3, np.int32)),
    dict(attrs={"shape": [2], "dtype": int(VarType.INT64), "value": 0.0,
                "str_value": "123456789"}, ref=np.full(2, 123456789, np.int64)),
    dict(attrs={"shape": [2], "dtype": int(VarType.FP64), "value": 0.1, "str_value": "0.1"},
         ref=np.full(2, 0.1, np.float64)),
    dict(attrs={"shape": [3], "str_value": "-inf"}, ref=np.full(3, -np.inf, np.float32)),
    dict(attrs={"shape": [2, 2], "dtype": int(VarType.BOOL), "value": 2.0},
         ref=np.ones((2, 2), bool)),
    dict(attrs={"shape": [1], "value": 2.0}, inputs={"ShapeTensor": np.int32([2, 3])},
         ref=np.full((2, 3), 2.0, np.float32)),
    dict(attrs={"shape": [1], "dtype": int(VarType.FP16), "value": 2.0},
         inputs={"ShapeTensorList": [np.int64([3]), np.int32([1])]},
         ref=np.full((3, 1), 2.0, np.float16)),
    dict(attrs={"shape": [2], "value": 1.0, "str_value": "5"},
         inputs={"ValueTensor": np.float32([7.25])}, ref=np.full(2, 7.25, np.float32)),
    dict(attrs={"shape": [2], "value": 1.0, "force_cpu": True, "place_type": 0},
         ref=np.ones(2, np.float32)),
], ids=["attr", "defaults", "int32_trunc", "int64_str", "fp64_str", "str_inf", "bool",
        "shape_tensor", "shape_tensor_list", "value_tensor", "force_cpu"])
def test_fill_constant(case) -> None:
    out = run_both("fill_constant", case.get("inputs", {}), case["attrs"])["Out"][0]
    ref = case["ref"]
    assert out.dtype == ref.dtype and out.shape == ref.shape
    np.testing.assert_array_equal(out, ref)


def test_fill_constant_shape_tensor_wins_over_list() -> None:
    out = run_both("fill_constant", {"ShapeTensor": np.int64([1, 2]),
                                     "ShapeTensorList": [np.int32([5])]},
                   {"shape": [7], "value": 3.0})["Out"][0]
    assert out.shape == (1, 2)


# -- reshape2 / reshape ------------------------------------------------------------------------

@pytest.mark.parametrize("case", [
    dict(attrs={"shape": [0, -1]}, out=(2, 12)),
    dict(attrs={"shape": [4, 6]}, out=(4, 6)),
    dict(attrs={"shape": [-1, 0, 2]}, out=(4, 3, 2)),
    dict(attrs={"shape": [0, 0, 4, 1]}, out=(2, 3, 4, 1)),
    dict(attrs={"shape": [1, 1]}, inputs={"Shape": np.int32([4, -1])}, out=(4, 6)),
    dict(attrs={"shape": [1, 1]}, inputs={"ShapeTensor": [np.int64([4]), np.int32([0]),
                                                          np.int32([-1])]}, out=(4, 3, 2)),
    dict(attrs={"shape": [1, 1]}, inputs={"Shape": np.int32([4, -1]),
                                          "ShapeTensor": [np.int32([2]), np.int32([-1])]},
         out=(2, 12)),
], ids=["keep_infer", "plain", "infer_first", "keep_all", "shape_input", "shape_tensor_list",
        "shape_tensor_wins"])
@pytest.mark.parametrize("op", ["reshape2", "reshape"])
def test_reshape(op: str, case) -> None:
    x = rand((2, 3, 4), 21)
    outputs = {"Out": 1, "XShape": 1} if op == "reshape2" else {"Out": 1}
    inputs = {"X": x, **case.get("inputs", {})}
    outs = run_both(op, inputs, case["attrs"], outputs)
    np.testing.assert_array_equal(outs["Out"][0], x.reshape(case["out"]))
    if op == "reshape2":
        assert xshape_dims(op, inputs, case["attrs"], outputs) == (0, 2, 3, 4)


def test_reshape2_old_program_default_shape() -> None:
    """`shape` defaults to [] in old programs: a 1-element tensor becomes 0-D."""
    outs = run_both("reshape2", {"X": np.float32([[4.5]])}, {}, {"Out": 1, "XShape": 1})
    assert outs["Out"][0].shape == () and float(outs["Out"][0]) == 4.5
    assert xshape_dims("reshape2", {"X": np.float32([[4.5]])}, {}) == (0, 1, 1)


def test_reshape_rejects_bad_shapes() -> None:
    x = rand((2, 3), 22)
    for shape, msg in (([-1, -1], "only one"), ([0, 0, 0], "only 2 dims"),
                       ([5, -1], "cannot take"), ([7], "cannot take")):
        with pytest.raises(Exception, match=msg):
            run_single_op("reshape2", {"X": x}, {"shape": shape}, {"Out": 1, "XShape": 1},
                          "legacy")


# -- cast --------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", [
    (np.float32, VarType.INT32, np.int32),
    (np.float32, VarType.BOOL, np.bool_),
    (np.float32, VarType.FP16, np.float16),
    (np.float32, VarType.BF16, BF16),
    (np.float32, VarType.UINT8, np.uint8),
    (np.int64, VarType.FP64, np.float64),
    (np.int32, VarType.INT64, np.int64),
    (np.float64, VarType.FP32, np.float32),
    (np.bool_, VarType.FP32, np.float32),
], ids=["f32_i32", "f32_bool", "f32_f16", "f32_bf16", "f32_u8", "i64_f64", "i32_i64",
        "f64_f32", "bool_f32"])
def test_cast(case) -> None:
    src, out_var_type, dst = case
    if src == np.bool_:
        x = np.array([True, False, True])
    elif np.dtype(src).kind == "i":
        x = np.array([-3, 0, 7, 2**20], dtype=src)
    else:
        x = np.array([-1.75, -0.5, 0.0, 0.25, 2.5, 99.9], dtype=src)
        if dst == np.uint8:
            x = np.abs(x)
    attrs = {"in_dtype": int(VarType.from_phi(DataType.from_numpy(x.dtype))),
             "out_dtype": int(out_var_type)}
    out = run_both("cast", {"X": x}, attrs)["Out"][0]
    assert out.dtype == np.dtype(dst)
    if np.dtype(dst).kind in "iub":
        ref = np.trunc(x.astype(np.float64)).astype(dst) if dst != np.bool_ else x != 0
    else:
        ref = x.astype(np.float64).astype(dst)
    np.testing.assert_array_equal(out, ref)


# -- GPU registrations (on the conftest `emulated` device, which runs the GPU kernels) -----

@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_ops_have_gpu_kernels(mode: str, emulated: Place) -> None:
    cases = [
        ("elementwise_add", {"X": rand((2, 3), 1), "Y": rand((3,), 2)}, {"axis": -1}),
        ("elementwise_mul", {"X": rand((2, 3), 1), "Y": rand((3,), 2)}, {"axis": 1}),
        ("matmul_v2", {"X": rand((2, 3), 1), "Y": rand((3, 2), 2)}, {}),
        ("matmul", {"X": rand((2, 3), 1), "Y": rand((3, 2), 2)}, {"alpha": 2.0}),
        ("mul", {"X": rand((2, 3), 1), "Y": rand((3, 2), 2)}, {}),
        ("softmax", {"X": rand((2, 3), 1)}, {}),
        ("relu", {"X": rand((2, 3), 1)}, {}),
        ("sign", {"X": rand((2, 3), 1)}, {}),
        ("reshape2", {"X": rand((2, 3), 1)}, {"shape": [3, 2]}),
        ("fill_constant", {}, {"shape": [2], "value": 1.0}),
    ]
    for op, inputs, attrs in cases:
        outputs = {"Out": 1, "XShape": 1} if op == "reshape2" else {"Out": 1}
        cpu, _ = run_single_op(op, inputs, attrs, outputs, mode)
        gpu, trace = run_single_op(op, inputs, attrs, outputs, mode, place=emulated)
        assert trace.path == mode, op
        assert "EMULATED" in trace.key or "emulated" in trace.key, (op, trace.key)
        assert np.array_equal(cpu["Out"][0], gpu["Out"][0]), op


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_feed_fetch_on_gpu(mode: str, emulated: Place) -> None:
    x = rand((2, 3), 3)
    executor = Executor(emulated, DualDispatchRunner(mode))
    fetched = executor.run(_feed_fetch_program(), Scope(), {"x": x, "y": np.int32([1, 2])})
    keys = [t.key.lower() for t in executor.last_trace]
    assert all("emulated" in k for k in keys[:3]) and all("cpu" in k for k in keys[3:])
    assert all(t.transforms == [] for t in executor.last_trace)
    np.testing.assert_array_equal(fetched[1].numpy(), np.maximum(x, 0))
    assert fetched[0].place == CPUPlace() and fetched[1].place == CPUPlace()


def test_fill_constant_force_cpu_on_gpu(emulated: Place) -> None:
    for mode in ("legacy", "phi"):
        _, trace = run_single_op("fill_constant", {}, {"shape": [2], "force_cpu": True},
                                 ["Out"], mode, place=emulated)
        assert "cpu" in trace.key.lower() and "emulated" not in trace.key.lower()


# -- snapshots ---------------------------------------------------------------------------------

SNAPSHOT_CASES = {
    "scale": ("scale", {"X": np.arange(6, dtype=np.float32)}, {"scale": 0.5, "bias": 1.0}),
    "relu": ("relu", {"X": np.linspace(-2, 2, 6, dtype=np.float32)}, {}),
    "sign": ("sign", {"X": np.linspace(-2, 2, 5, dtype=np.float32)}, {}),
    "elementwise_add": ("elementwise_add", {"X": np.arange(6, dtype=np.float32).reshape(2, 3),
                                            "Y": np.float32([10, 20])}, {"axis": 0}),
    "elementwise_sub": ("elementwise_sub", {"X": np.arange(4, dtype=np.float32),
                                            "Y": np.float32([1.5])}, {}),
    "elementwise_mul": ("elementwise_mul", {"X": np.arange(4, dtype=np.float32),
                                            "Y": np.float32([-2])}, {}),
    "elementwise_div": ("elementwise_div", {"X": np.int32([-7, 7, 9]),
                                            "Y": np.int32([2, -2, 4])}, {}),
    "elementwise_max": ("elementwise_max", {"X": np.float32([1, 5, -3]),
                                            "Y": np.float32([2, 4, -4])}, {}),
    "elementwise_min": ("elementwise_min", {"X": np.float32([1, 5, -3]),
                                            "Y": np.float32([2, 4, -4])}, {}),
    "elementwise_pow": ("elementwise_pow", {"X": np.float32([2, 3, 4]),
                                            "Y": np.float32([0.5, 2, -1])}, {}),
    "matmul_v2": ("matmul_v2", {"X": np.arange(6, dtype=np.float32).reshape(2, 3),
                                "Y": np.arange(6, dtype=np.float32).reshape(2, 3)},
                  {"trans_y": True}),
    "matmul": ("matmul", {"X": np.arange(6, dtype=np.float32).reshape(2, 3),
                          "Y": np.arange(6, dtype=np.float32).reshape(3, 2)}, {"alpha": 0.5}),
    "mul": ("mul", {"X": np.arange(8, dtype=np.float32).reshape(2, 2, 2),
                    "Y": np.arange(8, dtype=np.float32).reshape(4, 2)}, {}),
    "softmax": ("softmax", {"X": np.float32([[1, 2, 3], [0, 0, 0]])}, {}),
    "fill_constant": ("fill_constant", {}, {"shape": [2, 2], "dtype": 3, "str_value": "42"}),
    "reshape2": ("reshape2", {"X": np.arange(6, dtype=np.float32)}, {"shape": [0 + 3, -1]}),
    "reshape": ("reshape", {"X": np.arange(6, dtype=np.float32)}, {"shape": [2, -1]}),
    "cast": ("cast", {"X": np.float32([-1.5, 0.4, 2.9])}, {"in_dtype": 5, "out_dtype": 2}),
}


@pytest.mark.parametrize("name", sorted(SNAPSHOT_CASES))
def test_snapshot(name: str, snapshot) -> None:
    op, inputs, attrs = SNAPSHOT_CASES[name]
    out = run_both(op, inputs, attrs)["Out"][0]
    assert snap(out) == snapshot
