"""Math family: sum (add_n); abs, exp, sqrt, log, square, rsqrt, floor, ceil, reciprocal,
sin, cos; pow, clip, log_softmax; assign_value, assign; equal, not_equal, less_than,
less_equal, greater_than, greater_equal; logical_and / logical_or / logical_not; where
(reductions, cumsum, gather, expand_v2 and tile: test_reduce_index_ops.py).

Every case runs through the legacy kernel and the PHI kernel: both must give identical
outputs (dtype, dims, values), both must match a NumPy reference computed here, and the
traces must name the path asked for. Attribute-less calls stand for old programs whose
descs omit attributes (the proto defaults apply).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from compat.arg_mapping import phi_kernel_name
from compat.single_op import run_single_op
from legacy_fluid.framework.op_registry import OP_INFOS
from phi.common import CPUPlace, Scalar
from phi.core.dense_tensor import DenseTensor
from tests.ops.op_helpers import BF16, assert_close, assert_refused, out_of, rand, same, snap

# -- registration facts ----------------------------------------------------------------------

PHI_NAMES = {
    "sum": "add_n", "abs": "abs", "exp": "exp", "sqrt": "sqrt", "log": "log",
    "square": "square", "rsqrt": "rsqrt", "floor": "floor", "ceil": "ceil",
    "reciprocal": "reciprocal", "sin": "sin", "cos": "cos", "pow": "pow", "clip": "clip",
    "log_softmax": "log_softmax", "reduce_max": "max", "reduce_min": "min",
    "reduce_prod": "prod", "cumsum": "cumsum", "gather": "gather", "expand_v2": "expand",
    "tile": "tile", "assign_value": "assign_value", "assign": "assign", "equal": "equal",
    "not_equal": "not_equal", "less_than": "less_than", "less_equal": "less_equal",
    "greater_than": "greater_than", "greater_equal": "greater_equal",
    "logical_and": "logical_and", "logical_or": "logical_or", "logical_not": "logical_not",
    "where": "where",
}


def test_phi_names() -> None:
    assert {op: phi_kernel_name(op) for op in PHI_NAMES} == PHI_NAMES


@pytest.mark.parametrize("op, attrs", [
    ("pow", {"factor": 1.0}),
    ("log_softmax", {"axis": -1}),
    ("cumsum", {"axis": -1, "flatten": False, "exclusive": False, "reverse": False}),
    ("gather", {"axis": 0}),
    ("expand_v2", {"shape": []}),
    ("tile", {"repeat_times": []}),
    ("equal", {"axis": -1, "force_cpu": False}),
    ("less_than", {"axis": -1, "force_cpu": False}),
    ("reduce_max", {"dim": [0], "keep_dim": False, "reduce_all": False, "in_dtype": -1,
                    "out_dtype": -1}),
    ("assign_value", {"values": [], "bool_values": [], "fp32_values": [], "fp64_values": [],
                      "int32_values": [], "int64_values": []}),
])
def test_proto_defaults(op: str, attrs: dict[str, Any]) -> None:
    proto = OP_INFOS.info(op).proto
    assert {k: proto.attr(k).default for k in attrs} == attrs


@pytest.mark.parametrize("op, required", [("clip", ["min", "max"]),
                                          ("assign_value", ["shape", "dtype"])])
def test_required_attrs_have_no_default(op: str, required: list[str]) -> None:
    proto = OP_INFOS.info(op).proto
    assert [proto.attr(a).default for a in required] == [None] * len(required)


#: Paddle 3.3.1's runtime extras of the elementwise ops (elementwise_min: two more)
_ELEMENTWISE_EXTRAS = {"use_mkldnn", "use_onednn", "onednn_data_type", "use_quantizer",
                       "mkldnn_data_type", "Scale_x", "Scale_y", "Scale_out"}


@pytest.mark.parametrize("op, extras", [
    ("sum", {"use_mkldnn", "mkldnn_data_type"}),
    ("abs", {"use_mkldnn"}),
    ("exp", {"use_mkldnn", "use_cudnn", "use_onednn"}),
    ("clip", {"use_mkldnn", "mkldnn_data_type"}),
    ("log_softmax", {"use_mkldnn", "use_onednn"}),
    ("expand_v2", {"use_mkldnn", "mkldnn_data_type"}),
    *[(op, _ELEMENTWISE_EXTRAS) for op in ("elementwise_add", "elementwise_sub",
                                           "elementwise_mul", "elementwise_div",
                                           "elementwise_max", "elementwise_pow")],
    ("elementwise_min", {*_ELEMENTWISE_EXTRAS, "x_data_format", "y_data_format"}),
])
def test_extra_attrs(op: str, extras: set[str]) -> None:
    proto = OP_INFOS.info(op).proto
    assert {a.name for a in proto.attrs if a.extra and not a.generated} == extras
    assert not any(a.extra for a in proto.attrs if a.name not in extras and not a.generated)


# -- sum (add_n) -----------------------------------------------------------------------------

@pytest.mark.parametrize("n, dtype", [(1, np.float32), (2, np.float32), (3, np.float64),
                                      (2, np.int64), (3, np.int32), (2, np.float16),
                                      (2, BF16), (2, np.complex64)])
def test_sum(n: int, dtype) -> None:
    xs = [rand((3, 4), i, dtype) for i in range(n)]
    out = out_of("sum", {"X": xs}, {"use_mkldnn": False, "mkldnn_data_type": "float32"})
    ref = xs[0].astype(np.float64 if np.dtype(dtype).kind != "c" else np.complex128)
    for x in xs[1:]:
        ref = ref + x.astype(ref.dtype)
    if np.dtype(dtype).kind in "iu":
        np.testing.assert_array_equal(out, ref.astype(dtype))
        assert out.dtype == dtype
    else:
        tol = 1e-2 if dtype in (np.float16, BF16) else 1e-6
        assert_close(out, ref, rtol=tol, atol=tol, dtype=dtype)


def test_sum_is_left_to_right_in_float32() -> None:
    xs = [np.float32([1e8, 1.0]), np.float32([1.0, 1e8]), np.float32([-1e8, -1e8])]
    out = out_of("sum", {"X": xs})
    np.testing.assert_array_equal(out, (xs[0] + xs[1]) + xs[2])


def test_sum_keeps_lod() -> None:
    xs = [DenseTensor(rand((3, 2), 1), lod=[[0, 1, 3]]), DenseTensor(rand((3, 2), 2))]
    for mode in ("legacy", "phi"):
        program_out, _ = run_single_op("sum", {"X": xs}, {}, ["Out"], mode)
        assert program_out["Out"][0].shape == (3, 2)


def test_sum_dims_must_agree() -> None:
    assert_refused("sum", {"X": [rand((3, 4), 1), rand((4, 3), 2)]}, {}, ["Out"], "same dims")


# -- unary math ------------------------------------------------------------------------------

UNARY_REF = {
    "abs": np.abs, "exp": np.exp, "sqrt": np.sqrt, "log": np.log, "square": np.square,
    "rsqrt": lambda x: 1 / np.sqrt(x), "floor": np.floor, "ceil": np.ceil,
    "reciprocal": lambda x: 1 / x, "sin": np.sin, "cos": np.cos,
}
POSITIVE = {"sqrt", "log", "rsqrt", "reciprocal"}
UNARY_CASES = [
    *[(op, dt) for op in UNARY_REF for dt in (np.float32, np.float64)],
    ("abs", np.int32), ("abs", np.int64), ("abs", np.complex64), ("abs", np.complex128),
    ("square", np.int32), ("square", np.int64), ("square", np.complex64),
    ("floor", np.int32), ("floor", np.int8), ("ceil", np.int64), ("ceil", np.uint8),
    ("floor", np.float16), ("ceil", BF16), ("exp", np.float16), ("log", BF16),
    ("exp", np.complex64), ("sqrt", np.complex128), ("log", np.complex64),
    ("reciprocal", np.complex128), ("sin", np.complex64), ("cos", np.complex128),
]


@pytest.mark.parametrize("op, dtype", UNARY_CASES,
                         ids=[f"{op}-{np.dtype(dt).name}" for op, dt in UNARY_CASES])
def test_unary(op: str, dtype) -> None:
    kind = np.dtype(dtype).kind
    if kind in "iu":
        x = rand((3, 5), 7, dtype, low=0 if kind == "u" else None)
    elif kind == "c":
        x = rand((3, 5), 7, dtype)
    else:
        x = rand((3, 5), 7, np.float32, scale=2.0, low=0.1 if op in POSITIVE else None)
        x = x.astype(dtype)
    out = out_of(op, {"X": x}, {})
    wide = x.astype(np.complex128 if kind == "c" else np.float64)
    ref = UNARY_REF[op](wide)
    if kind in "iu":
        np.testing.assert_array_equal(out, ref.astype(dtype))
        assert out.dtype == dtype
        return
    want = dtype
    if op == "abs" and kind == "c":
        want = np.float32 if dtype == np.complex64 else np.float64
    tol = {np.dtype(np.float16): 2e-3, BF16: 1e-2}.get(np.dtype(dtype), 1e-5)
    assert_close(out, ref, rtol=tol, atol=tol, dtype=want)


@pytest.mark.parametrize("op, x, ref", [
    ("log", [0.0, -1.0, np.inf], [-np.inf, np.nan, np.inf]),
    ("sqrt", [-4.0, 0.0, np.inf], [np.nan, 0.0, np.inf]),
    ("rsqrt", [0.0, 4.0], [np.inf, 0.5]),
    ("reciprocal", [0.0, -0.0, 4.0], [np.inf, -np.inf, 0.25]),
    ("abs", [-0.0, -np.inf, np.nan], [0.0, np.inf, np.nan]),
    ("floor", [-1.5, 1.5, np.nan], [-2.0, 1.0, np.nan]),
    ("ceil", [-1.5, 1.5, -0.2], [-1.0, 2.0, -0.0]),
    ("exp", [-np.inf, 100.0], [0.0, np.inf]),
])
def test_unary_special_values(op: str, x, ref) -> None:
    out = out_of(op, {"X": np.float32(x)})
    np.testing.assert_array_equal(out, np.float32(ref))


def test_unary_keeps_lod_and_ignores_old_extras() -> None:
    x = DenseTensor(rand((4, 2), 3), lod=[[0, 2, 4]])
    out = out_of("exp", {"X": x}, {"use_mkldnn": False, "use_cudnn": True})
    assert_close(out, np.exp(x.numpy().astype(np.float64)))


def test_elementwise_carries_retired_extras() -> None:
    """An old program's x_data_format / y_data_format (extras the elementwise_add proto no
    longer declares) are carried along unread, as any attribute the proto lacks."""
    x, y = rand((3, 4), 5), rand((4,), 6)
    out = out_of("elementwise_add", {"X": x, "Y": y},
                 {"axis": -1, "x_data_format": "", "y_data_format": "NCHW"})
    assert_close(out, x.astype(np.float64) + y)


# -- pow / clip / log_softmax ----------------------------------------------------------------

@pytest.mark.parametrize("case", [
    dict(attrs={"factor": 2.0}, ref=lambda x: x ** 2),
    dict(attrs={"factor": 0.5}, positive=True, ref=np.sqrt),
    dict(attrs={"factor": -1.5}, positive=True, ref=lambda x: x ** -1.5),
    dict(attrs={}, ref=lambda x: x),  # old program: factor defaults to 1.0
    dict(attrs={"factor": 7.0}, factor_tensor=np.float32([3.0]), ref=lambda x: x ** 3),
    dict(attrs={"factor": 2.5}, dtype=np.int32, ref=lambda x: x ** 2),  # factor cast to int
    dict(attrs={"factor": 3.0}, dtype=np.int64, ref=lambda x: x ** 3),
    dict(attrs={"factor": 2.0}, dtype=np.float64, factor_tensor=np.int64([2]),
         ref=lambda x: x ** 2),
], ids=["square", "sqrt", "neg_frac", "default", "factor_tensor", "int32_trunc", "int64",
        "f64_int_tensor"])
def test_pow(case) -> None:
    dtype = case.get("dtype", np.float32)
    x = rand((3, 4), 11, dtype, low=0.2 if case.get("positive") else None)
    inputs = {"X": x}
    if "factor_tensor" in case:
        inputs["FactorTensor"] = case["factor_tensor"]
    out = out_of("pow", inputs, case["attrs"])
    ref = case["ref"](x.astype(np.float64 if dtype != np.int64 else np.int64))
    if np.dtype(dtype).kind in "iu":
        np.testing.assert_array_equal(out, ref.astype(dtype))
        assert out.dtype == dtype
    else:
        assert_close(out, ref, dtype=dtype)


def test_pow_negative_integer_exponent_truncates() -> None:
    x = np.int32([-2, -1, 1, 2, 4])
    out = out_of("pow", {"X": x}, {"factor": -1.0})
    np.testing.assert_array_equal(out, np.int32([0, -1, 1, 0, 0]))


@pytest.mark.parametrize("case", [
    dict(attrs={"min": -0.5, "max": 0.5}, lo=-0.5, hi=0.5),
    dict(attrs={"min": -1.0, "max": 9.0}, mn=np.float32([0.25]), lo=0.25, hi=9.0),
    dict(attrs={"min": -1.0, "max": 9.0}, mn=np.float32([-0.3]), mx=np.float64([0.1]),
         lo=-0.3, hi=0.1),
    dict(attrs={"min": 2.5, "max": 7.7}, dtype=np.int32, lo=2, hi=7),  # bounds cast to int
    dict(attrs={"min": -3.0, "max": 3.0}, dtype=np.int64, lo=-3, hi=3),
    dict(attrs={"min": 0.0, "max": 0.0}, dtype=np.float64, lo=0.0, hi=0.0),
], ids=["attrs", "min_tensor", "both_tensors", "int32_trunc", "int64", "equal_bounds"])
def test_clip(case) -> None:
    dtype = case.get("dtype", np.float32)
    x = rand((4, 5), 13, dtype, scale=2.0)
    inputs = {"X": x}
    if "mn" in case:
        inputs["Min"] = case["mn"]
    if "mx" in case:
        inputs["Max"] = case["mx"]
    out = out_of("clip", inputs, case["attrs"])
    lo, hi = np.asarray(case["lo"]).astype(dtype), np.asarray(case["hi"]).astype(dtype)
    ref = np.where(x < lo, lo, np.where(x > hi, hi, x))
    assert out.dtype == dtype
    np.testing.assert_array_equal(out, ref)


def test_clip_passes_nan_and_rejects_inverted_bounds() -> None:
    out = out_of("clip", {"X": np.float32([np.nan, -5, 5])}, {"min": -1.0, "max": 1.0})
    np.testing.assert_array_equal(out, np.float32([np.nan, -1, 1]))
    assert_refused("clip", {"X": np.float32([1.0])}, {"min": 1.0, "max": 0.0}, ["Out"],
                   "greater than")


def _log_softmax_ref(x: np.ndarray, axis: int) -> np.ndarray:
    """Paddle's: shifted logits clipped at -64 before exp."""
    x = x.astype(np.float64)
    s = np.maximum(x - x.max(axis=axis, keepdims=True), -64.0)
    return s - np.log(np.exp(s).sum(axis=axis, keepdims=True))


@pytest.mark.parametrize("axis, dtype", [(-1, np.float32), (0, np.float32), (1, np.float64),
                                         (None, np.float32), (2, np.float64)])
def test_log_softmax(axis, dtype) -> None:
    x = rand((2, 3, 5), 17, dtype, scale=4.0)
    attrs = {} if axis is None else {"axis": axis}
    out = out_of("log_softmax", {"X": x}, attrs)
    assert_close(out, _log_softmax_ref(x, -1 if axis is None else axis), dtype=dtype)


def test_log_softmax_large_values_stay_finite() -> None:
    """Paddle 3.3.1 clips x - max at -64: [1000, 0, -1000] -> [0, -64, -64] (up to the
    log of the sum)."""
    x = np.float32([[1000.0, 0.0, -1000.0]])
    out = out_of("log_softmax", {"X": x}, {"axis": 1})
    assert np.isfinite(out).all()
    assert_close(out, _log_softmax_ref(x, 1))
    np.testing.assert_allclose(out[0, 1:], [-64.0, -64.0], rtol=1e-6)


def test_log_softmax_axis_out_of_range() -> None:
    assert_refused("log_softmax", {"X": rand((2, 3), 1)}, {"axis": 2}, ["Out"], "out of range")


# -- assign_value / assign -------------------------------------------------------------------

@pytest.mark.parametrize("case", [
    dict(attrs={"shape": [3], "dtype": 3, "int64_values": [5, 0, 3], "fp32_values": [],
                "bool_values": [], "int32_values": [], "fp64_values": []},
         ref=np.int64([5, 0, 3])),  # exactly as Paddle 2.6 writes it
    dict(attrs={"shape": [2, 2], "dtype": 5, "fp32_values": [0.5, -1.25, 3.0, 1e-3]},
         ref=np.float32([[0.5, -1.25], [3.0, 1e-3]])),
    dict(attrs={"shape": [2], "dtype": 2, "int32_values": [7, -8]}, ref=np.int32([7, -8])),
    dict(attrs={"shape": [3], "dtype": 0, "bool_values": [1, 0, 1]},
         ref=np.bool_([True, False, True])),
    dict(attrs={"shape": [1], "dtype": 6, "fp64_values": [0.1]}, ref=np.float64([0.1])),
    dict(attrs={"shape": [2], "dtype": 3, "values": [2**40, -3]},
         ref=np.int64([2**40, -3])),  # Paddle 3.x: one `values` list
    dict(attrs={"shape": [2], "dtype": 4, "fp32_values": [1.5, -2.0]},
         ref=np.float16([1.5, -2.0])),
    dict(attrs={"shape": [], "dtype": 5, "fp32_values": [4.0]}, ref=np.float32(4.0)),
], ids=["paddle26_int64", "fp32", "int32", "bool", "fp64", "scalars_3x", "fp16", "0d"])
def test_assign_value(case) -> None:
    out = out_of("assign_value", {}, case["attrs"])
    assert out.dtype == case["ref"].dtype
    np.testing.assert_array_equal(out, case["ref"])


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_assign_value_scalars_attr(mode: str) -> None:
    """A 3.x desc: `values` is a SCALARS attribute holding Scalars (as program_io loads it)."""
    from compat.dual_dispatch import DualDispatchRunner
    from legacy_fluid.framework.executor import Executor
    from legacy_fluid.framework.program_desc import ProgramDesc
    from legacy_fluid.framework.scope import Scope
    from legacy_fluid.framework.var_type import AttrType

    program = ProgramDesc()
    block = program.global_block()
    block.var("out")
    op = block.append_op("assign_value", {}, {"Out": ["out"]}, {"shape": [3], "dtype": 6})
    op.set_attr("values", [Scalar(0.1), Scalar(-2), Scalar(True)], AttrType.SCALARS)
    executor = Executor(CPUPlace(), DualDispatchRunner(mode))
    (got,) = executor.run(program, Scope(), {}, fetch_list=["out"])
    assert executor.last_trace[0].path == mode
    assert got.numpy().dtype == np.float64
    np.testing.assert_array_equal(got.numpy(), [0.1, -2.0, 1.0])


def test_assign_value_count_must_fill_shape() -> None:
    assert_refused("assign_value", {}, {"shape": [2, 2], "dtype": 5, "fp32_values": [1.0]},
                   ["Out"], "do not fill")


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.bool_, np.float16, BF16])
def test_assign(dtype) -> None:
    x = rand((3, 2), 47, np.float32 if dtype == BF16 else dtype)
    x = x.astype(dtype)
    out = out_of("assign", {"X": x})
    assert out.dtype == x.dtype
    assert same(out, x)


def test_assign_copies_and_keeps_lod() -> None:
    x = DenseTensor(rand((3, 2), 1), lod=[[0, 1, 3]])
    out = out_of("assign", {"X": x})
    np.testing.assert_array_equal(out, x.numpy())


# -- comparisons -----------------------------------------------------------------------------

COMPARE_REF = {"equal": np.equal, "not_equal": np.not_equal, "less_than": np.less,
               "less_equal": np.less_equal, "greater_than": np.greater,
               "greater_equal": np.greater_equal}


@pytest.mark.parametrize("op", list(COMPARE_REF))
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.int64, np.float16,
                                   BF16, np.bool_])
def test_compare(op: str, dtype) -> None:
    if np.dtype(dtype).kind in "fV" or dtype == BF16:
        base = np.float32([[0.5, -1.0, 2.0], [np.nan, 3.0, -0.0]])
        other = np.float32([[0.5, 1.0, -2.0], [np.nan, 3.0, 0.0]])
        x, y = base.astype(dtype), other.astype(dtype)
    else:
        x, y = rand((4, 3), 53, dtype), rand((4, 3), 59, dtype)
    out = out_of(op, {"X": x, "Y": y}, {"axis": -1, "force_cpu": False})
    wide = np.float64 if np.dtype(dtype).kind != "b" else np.bool_
    ref = COMPARE_REF[op](x.astype(wide), y.astype(wide))
    assert out.dtype == np.bool_
    np.testing.assert_array_equal(out, ref)


@pytest.mark.parametrize("op", list(COMPARE_REF))
@pytest.mark.parametrize("y_shape, axis, view", [
    ((4,), -1, (1, 1, 4)),
    ((3,), 1, (1, 3, 1)),
    ((2, 3), 0, (2, 3, 1)),
    ((3, 1), 1, (1, 3, 1)),
    ((1,), -1, (1, 1, 1)),
], ids=["trailing", "axis1", "axis0", "axis1_with_1", "scalar"])
def test_compare_broadcast(op: str, y_shape, axis, view) -> None:
    x = rand((2, 3, 4), 61, np.int64)
    y = rand(y_shape, 67, np.int64)
    out = out_of(op, {"X": x, "Y": y}, {"axis": axis})
    np.testing.assert_array_equal(out, COMPARE_REF[op](x, y.reshape(view)))


def test_compare_defaults_and_force_cpu() -> None:
    x, y = np.int64([[1, 0, 3]]), np.int64([0])
    np.testing.assert_array_equal(out_of("equal", {"X": x, "Y": y}), [[False, True, False]])
    out = out_of("less_equal", {"X": x, "Y": y}, {"force_cpu": True})
    np.testing.assert_array_equal(out, [[False, True, False]])


def test_equal_is_exact() -> None:
    x = np.float64([1.0, 1.0, np.inf, np.nan])
    y = np.float64([1.0 + 1e-12, 1.0, np.inf, np.nan])
    np.testing.assert_array_equal(out_of("equal", {"X": x, "Y": y}), [False, True, True, False])
    np.testing.assert_array_equal(out_of("not_equal", {"X": x, "Y": y}),
                                  [True, False, False, True])


def test_equal_complex() -> None:
    x = np.complex64([1 + 2j, 3j])
    y = np.complex64([1 + 2j, 3])
    np.testing.assert_array_equal(out_of("equal", {"X": x, "Y": y}), [True, False])


# -- logical ---------------------------------------------------------------------------------

@pytest.mark.parametrize("op, ref", [("logical_and", np.logical_and),
                                     ("logical_or", np.logical_or)])
@pytest.mark.parametrize("dtype", [np.bool_, np.int32, np.float32, np.int8, np.complex64])
def test_logical_binary(op: str, ref, dtype) -> None:
    x = (rand((3, 4), 71, np.int64) % 2).astype(dtype)
    y = (rand((4,), 73, np.int64) % 3).astype(dtype)
    out = out_of(op, {"X": x, "Y": y})
    assert out.dtype == np.bool_
    np.testing.assert_array_equal(out, ref(x != 0, y != 0))


@pytest.mark.parametrize("dtype", [np.bool_, np.int64, np.float64, np.int16])
def test_logical_not(dtype) -> None:
    x = (rand((2, 5), 79, np.int64) % 2).astype(dtype)
    out = out_of("logical_not", {"X": x})
    assert out.dtype == np.bool_
    np.testing.assert_array_equal(out, x == 0)


# -- where -----------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.float64, np.bool_, np.int32])
def test_where(dtype) -> None:
    cond = rand((3, 4), 83, np.bool_)
    x, y = rand((3, 4), 89, dtype), rand((3, 4), 97, dtype)
    out = out_of("where", {"Condition": cond, "X": x, "Y": y})
    assert out.dtype == x.dtype
    np.testing.assert_array_equal(out, np.where(cond, x, y))


#: Paddle 3.3.1's legacy where (its InferMeta) refuses these with "The dims of Inputs(X) and
#: Inputs(Y) should be same" / "The [0] th of Inputs(Condition) and Inputs(X) should be same"
_UNEQUAL_WHERE = [(((2, 3), (2, 3), (3,)), r"X \[2, 3\] and Y \[3\]"),
                  (((2, 3), (3,), (2, 3)), r"Condition \[2, 3\] and X \[3\]"),
                  (((1, 3), (2, 3), (2, 3)), r"Condition \[1, 3\] and X \[2, 3\]"),
                  (((2, 3), (2, 3), (1, 3)), r"X \[2, 3\] and Y \[1, 3\]"),
                  (((6,), (2, 3), (2, 3)), r"Condition \[6\] and X \[2, 3\]")]


@pytest.mark.parametrize(("shapes", "names"), _UNEQUAL_WHERE,
                         ids=[str(s) for s, _ in _UNEQUAL_WHERE])
@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_where_refuses_unequal_dims_as_paddle(shapes, names, path) -> None:
    c_shape, x_shape, y_shape = shapes
    inputs = {"Condition": rand(c_shape, 83, np.bool_), "X": rand(x_shape, 89),
              "Y": rand(y_shape, 97)}
    with pytest.raises(Exception, match=rf"where: {names} must have the same dims") as err:
        run_single_op("where", inputs, {}, ["Out"], path)
    assert "where" in str(err.value)


def test_where_api_refuses_unequal_dims_as_paddles_op_api() -> None:
    """fluidphi's generated `where` is the op's API (as Paddle's `_C_ops.where`, which
    refuses [2, 3] beside [3] with the InferMeta's message), not `paddle.where`, which
    broadcasts in Python before calling the op: broadcast first (`expand`)."""
    from phi import api

    where = api.functions()["where"]
    cond = api.Tensor(np.ones((2, 3), np.bool_))
    x, y = api.Tensor(np.ones((2, 3), np.float32)), api.Tensor(np.zeros(3, np.float32))
    with pytest.raises(ValueError, match=r"where: X \[2, 3\] and Y \[3\] must have the same"):
        where(cond, x, y)
    same = api.Tensor(np.zeros((2, 3), np.float32))
    np.testing.assert_array_equal(where(cond, x, same).numpy(), np.ones((2, 3), np.float32))


# -- a small program mixing the family ---------------------------------------------------------

def test_program_of_math_ops() -> None:
    """mask = x > 0; y = where(mask, sqrt(|x|), exp(x)); out = clip(cumsum(y), -1, 3)."""
    from compat.dual_dispatch import DualDispatchRunner
    from legacy_fluid.framework.executor import Executor
    from legacy_fluid.framework.program_desc import ProgramDesc
    from legacy_fluid.framework.scope import Scope

    x = rand((2, 6), 101)
    program = ProgramDesc()
    block = program.global_block()
    for name in ("x", "zero", "mask", "a", "s", "e", "y", "c", "out"):
        block.var(name)
    block.append_op("assign_value", {}, {"Out": ["zero"]},
                    {"shape": [1], "dtype": 5, "fp32_values": [0.0]})
    block.append_op("greater_than", {"X": ["x"], "Y": ["zero"]}, {"Out": ["mask"]}, {})
    block.append_op("abs", {"X": ["x"]}, {"Out": ["a"]}, {})
    block.append_op("sqrt", {"X": ["a"]}, {"Out": ["s"]}, {})
    block.append_op("exp", {"X": ["x"]}, {"Out": ["e"]}, {})
    block.append_op("where", {"Condition": ["mask"], "X": ["s"], "Y": ["e"]},
                    {"Out": ["y"]}, {})
    block.append_op("cumsum", {"X": ["y"]}, {"Out": ["c"]}, {"axis": 1})
    block.append_op("clip", {"X": ["c"]}, {"Out": ["out"]}, {"min": -1.0, "max": 3.0})
    results = []
    for mode in ("legacy", "phi", "auto"):
        executor = Executor(CPUPlace(), DualDispatchRunner(mode))
        (got,) = executor.run(program, Scope(), {"x": x}, fetch_list=["out"])
        if mode != "auto":
            assert {t.path for t in executor.last_trace} == {mode}
        results.append(got.numpy())
    assert all(np.array_equal(results[0], r) for r in results[1:])
    w = x.astype(np.float64)
    ref = np.clip(np.cumsum(np.where(w > 0, np.sqrt(np.abs(w)), np.exp(w)), axis=1), -1, 3)
    assert_close(results[0], ref)


# -- snapshots -------------------------------------------------------------------------------

_X = np.linspace(-1.5, 2.0, 8, dtype=np.float32).reshape(2, 4)
_P = np.linspace(0.25, 2.0, 8, dtype=np.float32).reshape(2, 4)
_I = np.arange(-3, 5, dtype=np.int64).reshape(2, 4)
SNAPSHOT_CASES: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "sum": ("sum", {"X": [_X, _P, _X]}, {}),
    **{op: (op, {"X": _P if op in POSITIVE else _X}, {}) for op in UNARY_REF},
    "pow": ("pow", {"X": _P}, {"factor": 1.5}),
    "clip": ("clip", {"X": _X}, {"min": -0.5, "max": 1.0}),
    "log_softmax": ("log_softmax", {"X": _X}, {"axis": 1}),
    "reduce_max": ("reduce_max", {"X": _X}, {"dim": [1]}),
    "reduce_min": ("reduce_min", {"X": _X}, {"dim": [0], "keep_dim": True}),
    "reduce_prod": ("reduce_prod", {"X": _P}, {"reduce_all": True}),
    "cumsum": ("cumsum", {"X": _X}, {"axis": 1, "exclusive": True, "reverse": True}),
    "gather": ("gather", {"X": _X, "Index": np.int64([3, 0])}, {"axis": 1}),
    "expand_v2": ("expand_v2", {"X": _X[:1]}, {"shape": [2, -1]}),
    "tile": ("tile", {"X": _X[:, :2]}, {"repeat_times": [1, 2]}),
    "assign_value": ("assign_value", {}, {"shape": [2, 2], "dtype": 3,
                                          "int64_values": [4, -1, 0, 9]}),
    "assign": ("assign", {"X": _I}, {}),
    **{op: (op, {"X": _I, "Y": _I[:, ::-1].copy()}, {}) for op in COMPARE_REF},
    "logical_and": ("logical_and", {"X": _I, "Y": _I % 2}, {}),
    "logical_or": ("logical_or", {"X": _I % 2, "Y": _I % 3}, {}),
    "logical_not": ("logical_not", {"X": _I}, {}),
    "where": ("where", {"Condition": _X > 0, "X": _X, "Y": _P}, {}),
}


@pytest.mark.parametrize("name", list(SNAPSHOT_CASES))
def test_snapshot(name: str, snapshot) -> None:
    op, inputs, attrs = SNAPSHOT_CASES[name]
    out = out_of(op, inputs, attrs)
    assert snap(out) == snapshot
