"""Binary ops over operands of different element types compute in the promoted type on
every path, as Paddle's loader and Executor make them (casts inserted at load); mixes
Paddle refuses are refused before anything runs.

The expected result types are what Paddle 3.3.1's static Executor returned for the same
one-op programs (elementwise_sub/add/mul/div/pow/mod, built with `append_op`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from compat.dual_dispatch import PathMode
from compat.predictor import load_model, run_model
from compat.single_op import run_single_op
from compat.static import Executor
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.type_promotion import (
    PROMOTED_SLOTS,
    TypePromotionError,
    promote_operand_types,
    promoted_dtype,
)
from legacy_fluid.io import ModelFormatError, save_inference_model
from phi.common import DataType

# (x dtype, y dtype) -> the dtype Paddle 3.3.1 computed in
PADDLE_PROMOTIONS = {
    ("float32", "complex64"): "complex64",
    ("complex64", "float32"): "complex64",
    ("float64", "complex64"): "complex128",
    ("float32", "complex128"): "complex128",
    ("int32", "complex64"): "complex64",
    ("float16", "float32"): "float32",
    ("float32", "float64"): "float64",
    ("float64", "float32"): "float64",
}
# mixes Paddle 3.3.1 refuses with InvalidType
PADDLE_REFUSES = [("int32", "float32"), ("float32", "int32"), ("int64", "int32"),
                  ("bool", "float32"), ("int32", "int64")]
NUMPY_OPS = {"elementwise_sub": np.subtract, "elementwise_add": np.add,
             "elementwise_mul": np.multiply, "elementwise_div": np.divide}


def _one_op(op_type: str, xd: str, yd: str) -> ProgramDesc:
    program = ProgramDesc()
    block = program.global_block()
    block.var("x", dtype=DataType.parse(xd), shape=[-1, 3])
    block.var("y", dtype=DataType.parse(yd), shape=[-1, 3])
    block.var("out", dtype=DataType.parse(xd), shape=[-1, 3])
    block.append_op(op_type, {"X": ["x"], "Y": ["y"]}, {"Out": ["out"]}, {"axis": -1})
    return program


def _operands(xd: str, yd: str) -> tuple[np.ndarray, np.ndarray]:
    x = (np.arange(6).reshape(2, 3) + 1).astype(xd)
    y = (np.full((2, 3), 2 + 3j) if "complex" in yd else np.full((2, 3), 2)).astype(yd)
    return x, y


@pytest.mark.parametrize("op_type", sorted(NUMPY_OPS))
@pytest.mark.parametrize(("xd", "yd"), sorted(PADDLE_PROMOTIONS))
def test_loaded_programs_compute_in_the_promoted_type(tmp_path: Path, op_type: str, xd: str,
                                                      yd: str) -> None:
    save_inference_model(tmp_path / "m", _one_op(op_type, xd, yd), ["x", "y"], ["out"],
                         Scope())
    model = load_model(tmp_path / "m")
    common = PADDLE_PROMOTIONS[xd, yd]
    assert model.program.op_types().count("cast") == (xd != common) + (yd != common)
    x, y = _operands(xd, yd)
    want = NUMPY_OPS[op_type](x.astype(common), y.astype(common))
    for path in PathMode:
        for passes in (True, False):
            got = run_model(model, {"x": x, "y": y}, path=path, passes=passes).outputs["out"]
            assert got.dtype == np.dtype(common), (path, passes)
            np.testing.assert_allclose(got, want, rtol=1e-6)


@pytest.mark.parametrize(("xd", "yd"), PADDLE_REFUSES)
def test_mixes_paddle_refuses_are_refused_at_load(tmp_path: Path, xd: str, yd: str) -> None:
    save_inference_model(tmp_path / "m", _one_op("elementwise_sub", xd, yd), ["x", "y"],
                         ["out"], Scope())
    with pytest.raises(ModelFormatError, match=rf"'elementwise_sub'.*'x' is {xd}.*'y' is {yd}"):
        load_model(tmp_path / "m")


def test_the_static_executor_promotes_programs_it_is_given() -> None:
    program = _one_op("elementwise_sub", "float32", "complex64")
    x, y = _operands("float32", "complex64")
    (got,) = Executor().run(program, feed={"x": x, "y": y}, fetch_list=["out"], scope=Scope())
    assert got.dtype == np.complex64
    np.testing.assert_allclose(got, x - y)
    bad = _one_op("elementwise_add", "int64", "float32")
    with pytest.raises(ModelFormatError, match="cannot be promoted"):
        Executor().run(bad, feed={"x": x, "y": y}, fetch_list=["out"], scope=Scope())


def test_promotion_is_idempotent_and_names_casts_as_paddle() -> None:
    program = _one_op("elementwise_mul", "float16", "float64")
    (cast,) = promote_operand_types(program)
    assert (cast.source, cast.target, cast.dtype) == ("x", "x.cast_fp64", DataType.FLOAT64)
    assert program.global_block().ops[1].input("X") == ["x.cast_fp64"]
    assert promote_operand_types(program) == []


def test_the_lattice() -> None:
    f16, bf16, f32, f64 = (DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
                           DataType.FLOAT64)
    c64, c128 = DataType.COMPLEX64, DataType.COMPLEX128
    assert promoted_dtype(f16, bf16) == f32
    assert promoted_dtype(bf16, f64) == f64
    assert promoted_dtype(c64, f64) == c128
    assert promoted_dtype(DataType.INT8, c64) == c64
    assert promoted_dtype(DataType.BOOL, c128) == c128
    with pytest.raises(TypePromotionError):
        promoted_dtype(DataType.INT32, DataType.INT64)
    assert PROMOTED_SLOTS["atan2"] == ("X1", "X2")


def test_paddle_agrees(tmp_path: Path) -> None:
    """With Paddle installed (the conformance extra): its Executor gives the types above."""
    paddle = pytest.importorskip("paddle", reason="Paddle (the conformance extra) is not "
                                 "installed; the table above was taken from Paddle 3.3.1")
    paddle.enable_static()
    for (xd, yd), common in PADDLE_PROMOTIONS.items():
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [2, 3], xd)
            y = paddle.static.data("y", [2, 3], yd)
            out = main.global_block().create_var(name="out", dtype=xd)
            main.global_block().append_op(type="elementwise_sub", inputs={"X": x, "Y": y},
                                          outputs={"Out": out}, attrs={"axis": -1})
        xv, yv = _operands(xd, yd)
        (got,) = paddle.static.Executor(paddle.CPUPlace()).run(
            main, feed={"x": xv, "y": yv}, fetch_list=[out])
        assert got.dtype == np.dtype(common), (xd, yd)


@pytest.mark.parametrize("op_type", sorted(NUMPY_OPS))
@pytest.mark.parametrize("mode", [PathMode.PHI, PathMode.LEGACY])
def test_a_complex_kernel_casts_its_real_operand(op_type: str, mode: PathMode) -> None:
    """Without the loader's casts (a program run on the framework's own executor), the
    complex kernel still sees both operands as complex: nothing is dropped."""
    x, y = _operands("float32", "complex64")
    outs, _ = run_single_op(op_type, {"X": x, "Y": y}, {"axis": -1}, ["Out"], mode=mode)
    (got,) = outs["Out"]
    assert got.dtype == np.complex64
    np.testing.assert_allclose(got, NUMPY_OPS[op_type](x.astype(np.complex64), y), rtol=1e-6)


@pytest.mark.parametrize(("xd", "yd"), PADDLE_REFUSES)
@pytest.mark.parametrize("mode", [PathMode.PHI, PathMode.LEGACY])
def test_the_single_op_runner_refuses_what_paddle_refuses(xd: str, yd: str,
                                                          mode: PathMode) -> None:
    """One op run in isolation (tests, `migrate --verify`) refuses an unpromotable mix
    too, naming the op and both operands, instead of computing in X's type."""
    x, y = _operands(xd, yd)
    with pytest.raises(TypePromotionError,
                       match=rf"'elementwise_div': X 'X@0' is {xd} and Y 'Y@0' is {yd}"):
        run_single_op("elementwise_div", {"X": x, "Y": y}, {"axis": -1}, ["Out"], mode=mode)
