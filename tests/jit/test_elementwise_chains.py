"""Elementwise chains fused at plan time (compat/passes/elementwise_chain.py): with the
compiled library the chain runs as one generated kernel and gives the plain ops'
answers (floats within a few ulps: Numba's exp / log / tanh / erf are libm's, NumPy's
its own SIMD code; integers exactly); the trace names what each fused op replaced;
intermediates that are fetched or read twice stay; without Numba nothing changes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compat.passes import optimize
from compat.plan import PlannedExecutor
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import VarType
from phi.common import DataType

pytest.importorskip("numba", reason="the compiled kernel library needs the 'jit' extra")

FUSED = "fused_elementwise_chain"
FLOAT_UNARY = [("relu", {}), ("relu6", {}), ("leaky_relu", {"alpha": 0.1}), ("sigmoid", {}),
               ("tanh", {}), ("exp", {}), ("log", {}), ("sqrt", {}), ("abs", {}),
               ("square", {}), ("silu", {}), ("swish", {"beta": 1.0}),
               ("hard_swish", {"threshold": 6.0, "scale": 6.0, "offset": 3.0}),
               ("gelu", {"approximate": False}), ("gelu", {"approximate": True}),
               ("scale", {"scale": 1.5, "bias": -0.25, "bias_after_scale": True}),
               ("scale", {"scale": -2.0, "bias": 0.5, "bias_after_scale": False})]
FLOAT_BINARY = ["elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div"]
INT_BINARY = ["elementwise_add", "elementwise_sub", "elementwise_mul"]
VAR_TYPES = {"float32": VarType.FP32, "float64": VarType.FP64, "int32": VarType.INT32,
             "int64": VarType.INT64}


class Builder:
    """A program of one block: feeds with values, then element ops."""

    def __init__(self) -> None:
        self.program = ProgramDesc()
        self.block = self.program.global_block()
        self.feed: dict[str, np.ndarray] = {}
        self.types: list[str] = []

    def input(self, name: str, value: np.ndarray) -> str:
        self.block.var(name, shape=[-1 if d == 0 else d for d in value.shape] or [1],
                       dtype=DataType.from_numpy(value.dtype))
        self.feed[name] = value
        return name

    def add(self, type_: str, inputs: dict[str, list[str]], attrs: dict[str, object],
            rank: int, dtype: str) -> str:
        out = f"t{len(self.types)}"
        self.block.var(out, shape=[-1] * rank, dtype=DataType.from_numpy(dtype))
        self.block.append_op(type_, inputs, {"Out": [out]}, attrs)
        self.types.append(type_)
        return out


def _values(rng: np.random.Generator, shape: tuple[int, ...], dtype: str,
            edges: bool) -> np.ndarray:
    if dtype.startswith("int"):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
    x = (rng.standard_normal(shape) * 3).astype(dtype)
    if edges and x.size:
        flat = x.reshape(-1)
        picks = rng.choice(flat.size, size=min(flat.size, 5), replace=False)
        flat[picks] = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0], dtype)[:len(picks)]
    return x


@st.composite
def chains(draw: st.DrawFn) -> tuple[Builder, str]:
    """A chain of 1..5 element ops over a feed, binary ops reading another feed whose
    shape broadcasts the way Paddle's axis rule allows (trailing dims, some of them 1,
    or aligned at an axis), over floats with NaN / inf or over wrapping integers."""
    dtype = draw(st.sampled_from(["float32", "float64", "int32", "int64"]))
    shape = tuple(draw(st.lists(st.integers(1, 5), min_size=1, max_size=3)))
    if draw(st.integers(0, 9)) == 0:
        shape = (0, *shape[1:])
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    edges = draw(st.booleans())
    b = Builder()
    value = b.input("x", _values(rng, shape, dtype, edges))
    rank = len(shape)
    for k in range(draw(st.integers(1, 5))):
        floats = not dtype.startswith("int")
        binary = draw(st.booleans())
        if not binary and not floats:
            target = draw(st.sampled_from(["float32", "float64", dtype]))
            value = b.add("cast", {"X": [value]}, {"in_dtype": int(VAR_TYPES[dtype]),
                                                   "out_dtype": int(VAR_TYPES[target])},
                          rank, target)
            dtype = target
            continue
        if not binary:
            type_, attrs = draw(st.sampled_from(FLOAT_UNARY))
            value = b.add(type_, {"X": [value]}, attrs, rank, dtype)
            continue
        type_ = draw(st.sampled_from(FLOAT_BINARY if floats else INT_BINARY))
        start = draw(st.integers(0, rank - 1))
        length = draw(st.integers(1, rank - start))
        side = [d if draw(st.booleans()) else 1 for d in shape[start:start + length]]
        aligned = start + length == rank
        axis = -1 if aligned and draw(st.booleans()) else start
        other = b.input(f"y{k}", _values(rng, tuple(side), dtype, edges))
        inputs = {"X": [value], "Y": [other]}
        if aligned and axis == -1 and draw(st.booleans()):
            inputs = {"X": [other], "Y": [value]}  # the smaller operand first
        value = b.add(type_, inputs, {"axis": axis}, rank, dtype)
    return b, value


def _run(b: Builder, out: str, library: str) -> tuple[np.ndarray, PlannedExecutor]:
    executor = PlannedExecutor(passes=True, library=library)
    return executor.run(b.program, Scope(), b.feed, [out])[0].numpy(), executor


def assert_chain_matches(got: np.ndarray, want: np.ndarray) -> None:
    """Integers exactly; floats within a few ulps of the output's scale (an ulp of a
    transcendental carries through the ops after it), NaN and inf where the plain has."""
    assert got.dtype == want.dtype and got.shape == want.shape
    if want.dtype.kind in "iu":
        np.testing.assert_array_equal(got, want)
        return
    finite = np.abs(want[np.isfinite(want)])
    scale = max(1.0, float(finite.max())) if finite.size else 1.0
    eps = float(np.finfo(want.dtype).eps)
    np.testing.assert_allclose(got, want, rtol=64 * eps, atol=64 * eps * scale)


@settings(max_examples=30, deadline=None, database=None)
@given(chains())
def test_generated_chains_match_the_plain_ops(case: tuple[Builder, str]) -> None:
    b, out = case
    want, _ = _run(b, out, "plain")
    got, executor = _run(b, out, "numba")
    assert_chain_matches(got, want)
    fused = [t for t in executor.last_trace if t.type == FUSED]
    if len(b.types) > 1:
        assert [t.fused for t in fused] == [b.types]
        assert "NUMBA" in fused[0].key
    else:
        assert not fused


def _residual_chain() -> Builder:
    """x [-1, 4, 5] + y [5] -> gelu -> scale -> * z [4] at axis 1 -> sigmoid."""
    b = Builder()
    rng = np.random.default_rng(3)
    x = b.input("x", rng.standard_normal((3, 4, 5)).astype("float32"))
    y = b.input("y", rng.standard_normal(5).astype("float32"))
    z = b.input("z", rng.standard_normal(4).astype("float32"))
    v = b.add("elementwise_add", {"X": [x], "Y": [y]}, {"axis": -1}, 3, "float32")
    v = b.add("gelu", {"X": [v]}, {"approximate": False}, 3, "float32")
    v = b.add("scale", {"X": [v]}, {"scale": 2.0, "bias": 0.5}, 3, "float32")
    v = b.add("elementwise_mul", {"X": [v], "Y": [z]}, {"axis": 1}, 3, "float32")
    b.add("sigmoid", {"X": [v]}, {}, 3, "float32")
    return b


def test_the_trace_names_what_the_fused_op_replaced() -> None:
    b = _residual_chain()
    want, _ = _run(b, "t4", "plain")
    got, executor = _run(b, "t4", "numba")
    assert_chain_matches(got, want)
    fused = [t for t in executor.last_trace if t.type == FUSED]
    assert [t.fused for t in fused] == [["elementwise_add", "gelu", "scale", "elementwise_mul",
                                         "sigmoid"]]
    assert len(executor.last_trace) == 1 and "NUMBA" in fused[0].key
    again = executor.run(b.program, Scope(), b.feed, ["t4"])[0].numpy()  # the planned run
    np.testing.assert_array_equal(again, got)
    assert any("-> fused_elementwise_chain (t4)" in n for n in executor.last_plan.notes)


def test_fetched_and_shared_intermediates_stay() -> None:
    b = _residual_chain()
    got, executor = _run(b, "t4", "numba")
    fetched = executor.run(b.program, Scope(), b.feed, ["t4", "t1"])
    np.testing.assert_array_equal(fetched[0].numpy(), got)
    want_t1 = PlannedExecutor(passes=False).run(b.program, Scope(), b.feed, ["t1"])[0]
    np.testing.assert_array_equal(fetched[1].numpy(), want_t1.numpy())
    assert [t.fused for t in executor.last_trace if t.type == FUSED] == [
        ["elementwise_add", "gelu"], ["scale", "elementwise_mul", "sigmoid"]]
    shared = Builder()  # t0 read twice: it stays, the chains meet there
    x = shared.input("x", np.linspace(-3, 3, 12, dtype="float32").reshape(3, 4))
    t0 = shared.add("tanh", {"X": [x]}, {}, 2, "float32")
    t1 = shared.add("exp", {"X": [t0]}, {}, 2, "float32")
    t2 = shared.add("elementwise_mul", {"X": [t0], "Y": [t1]}, {"axis": -1}, 2, "float32")
    got, executor = _run(shared, t2, "numba")
    assert_chain_matches(got, _run(shared, t2, "plain")[0])
    assert [t.type for t in executor.last_trace] == ["tanh", FUSED]
    assert executor.last_trace[1].fused == ["exp", "elementwise_mul"]


def test_integer_chains_wrap_as_the_plain_kernels() -> None:
    b = Builder()
    x = b.input("x", np.array([[2**30, -(2**31), 7]], dtype="int32"))
    y = b.input("y", np.array([4, 3, -1], dtype="int32"))
    v = b.add("elementwise_mul", {"X": [x], "Y": [y]}, {"axis": -1}, 2, "int32")
    v = b.add("elementwise_add", {"X": [v], "Y": [y]}, {"axis": -1}, 2, "int32")
    v = b.add("cast", {"X": [v]}, {"in_dtype": 2, "out_dtype": 5}, 2, "float32")
    want, _ = _run(b, v, "plain")
    got, executor = _run(b, v, "numba")
    np.testing.assert_array_equal(got, want)
    assert executor.last_trace[0].fused == ["elementwise_mul", "elementwise_add", "cast"]


def test_unsupported_ops_and_dtypes_are_left_alone() -> None:
    b = Builder()  # float16 is not compiled, nor a cast from float to int
    x = b.input("x", np.ones((2, 3), "float16"))
    v = b.add("relu", {"X": [x]}, {}, 2, "float16")
    v = b.add("scale", {"X": [v]}, {"scale": 2.0}, 2, "float16")
    v = b.add("cast", {"X": [v]}, {"in_dtype": 4, "out_dtype": 2}, 2, "int32")
    rewrite = optimize(b.program, Scope(), "numba", [v])
    assert [o.type for o in rewrite.ops] == ["relu", "scale", "cast"]
    b = Builder()  # relu6 at another threshold: its PHI kernel assumes 6
    x = b.input("x", np.ones((2, 3), "float32"))
    v = b.add("relu6", {"X": [x]}, {"threshold": 3.0}, 2, "float32")
    v = b.add("exp", {"X": [v]}, {}, 2, "float32")
    assert [o.type for o in optimize(b.program, Scope(), "numba", [v]).ops] == ["relu6",
                                                                                 "exp"]


@pytest.mark.parametrize("slot", ["ScaleTensor", "BiasTensor"])
def test_a_scale_fed_by_a_tensor_stays_a_scale(slot: str) -> None:
    """The chain computes a scale from its attributes: one whose tensor overrides them stays
    the plain op, and the compiled run reads the tensor."""
    b = Builder()
    x = b.input("x", np.array([[1, -2, 3], [4, 5, -6]], "float32"))
    t = b.input("t", np.array([2.5], "float32"))
    v = b.add("relu", {"X": [x]}, {}, 2, "float32")
    v = b.add("scale", {"X": [v], slot: [t]}, {"scale": 1.5, "bias": 0.5}, 2, "float32")
    v = b.add("exp", {"X": [v]}, {}, 2, "float32")
    assert [o.type for o in optimize(b.program, Scope(), "numba", [v]).ops] == [
        "relu", "scale", "exp"]
    want, _ = _run(b, v, "plain")
    got, _ = _run(b, v, "numba")
    np.testing.assert_array_equal(got, want)
    relu = np.maximum(b.feed["x"], 0)
    scaled = relu * 2.5 + 0.5 if slot == "ScaleTensor" else relu * 1.5 + 2.5
    np.testing.assert_allclose(want, np.exp(scaled), rtol=1e-6)


def test_without_the_library_nothing_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    import phi.jit

    b = _residual_chain()
    types = [o.type for o in b.block.ops]
    assert [o.type for o in optimize(b.program, Scope(), "plain", ["t4"]).ops] == types
    monkeypatch.setattr(phi.jit, "unavailable_reason", lambda: "numba is not installed")
    assert [o.type for o in optimize(b.program, Scope(), "numba", ["t4"]).ops] == types


def test_the_generated_source_is_cached_on_disk() -> None:
    from phi.jit.runtime import cache_dir

    b = _residual_chain()
    _run(b, "t4", "numba")
    files = list((cache_dir() / "chains").glob("chain_*.py"))
    assert files
    assert any("math.erf" in f.read_text(encoding="utf-8") for f in files)


def test_empty_and_zero_dim_batches() -> None:
    b = _residual_chain()
    b.feed["x"] = np.zeros((0, 4, 5), "float32")
    got, executor = _run(b, "t4", "numba")
    assert got.shape == (0, 4, 5) and got.dtype == np.float32
    assert executor.last_trace[0].type == FUSED


def test_lod_passes_through_and_other_ranks_are_refused() -> None:
    from phi.core.dense_tensor import DenseTensor

    b = Builder()
    x = b.input("x", np.arange(6, dtype="float32").reshape(3, 2))
    v = b.add("relu", {"X": [x]}, {}, 2, "float32")
    v = b.add("scale", {"X": [v]}, {"scale": 3.0}, 2, "float32")
    executor = PlannedExecutor(passes=True, library="numba")
    lod = [[0, 2, 3]]
    out = executor.run(b.program, Scope(), {"x": DenseTensor(b.feed["x"], lod=lod)}, [v])[0]
    assert executor.last_trace[0].type == FUSED
    assert out.lod == lod  # as relu and scale pass X's LoD on
    np.testing.assert_array_equal(out.numpy(), np.arange(6, dtype="float32").reshape(3, 2) * 3)
    with pytest.raises(Exception, match="expected 2 dims"):  # declared [-1, 2], fed 1-D
        PlannedExecutor(passes=True, library="numba").run(
            b.program, Scope(), {"x": np.ones(2, "float32")}, [v])


def test_the_phi_path_keeps_the_chain_unfused() -> None:
    """The fused op's kernel is a class kernel: a run held to the PHI path leaves the
    chain as it is (and still gets the plain answer)."""
    b = _residual_chain()
    want, _ = _run(b, "t4", "plain")
    executor = PlannedExecutor(passes=True, library="numba", mode="phi")
    got = executor.run(b.program, Scope(), b.feed, ["t4"])[0].numpy()
    assert FUSED not in [t.type for t in executor.last_trace]
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize(("text", "says"), [
    ("{", "malformed"),
    ('{"ranks":[1],"rank":1,"leaves":[[0,0]],"steps":[["add",[0,1],[],""]]}',
     "expected 2 of the 1 values"),
    ('{"ranks":[1],"rank":1,"leaves":[[1,0]],"steps":[["relu",[0],[],""]]}',
     "names no input"),
    ('{"ranks":[1],"rank":1,"leaves":[[0,0]],"steps":[["relu6",[0],[],""]]}',
     "expected \\('threshold',\\)"),
    ('{"ranks":[1],"rank":1,"leaves":[[0,0]],"steps":[["erfinv",[0],[],""]]}',
     "not a ElementOp"),
])
def test_a_malformed_chain_attribute_is_refused(text: str, says: str) -> None:
    from phi.jit.elementwise_chain import Chain

    with pytest.raises(ValueError, match=says):
        Chain.from_json(text)
