"""Paddle's complex-gradient-to-real rule (its executors' HandleComplexGradToRealGrad), on
every path: after a kernel whose kernel type is complex, an output named like a gradient
(the name before its last `@GRAD` differs from it) that came out complex becomes the real
dtype of its forward variable (that name before the last `@GRAD`) when the scope holds one
of a real dtype, keeping the real part; otherwise it stays as the kernel wrote it.

Paddle 3.3.1 fetches a real X@GRAD (float32 for float32 X, float64 for float64 X) from an
eig -> eig_grad program whose eig_grad kernel writes a complex gradient."""

from __future__ import annotations

import numpy as np
import pytest

from compat.dual_dispatch import PathMode
from compat.static import Executor
from legacy_fluid.framework.grad_names import forward_var_name
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.scope import Scope
from phi.common import DataType
from phi.kernels.funcs import linalg_solve_grad as funcs

RUNS = [(PathMode.LEGACY, False), (PathMode.PHI, False), (PathMode.PHI, True),
        (PathMode.AUTO, True)]


def _eig_then_grad(x_dtype: str, grad_name: str) -> ProgramDesc:
    """x -> eig -> eig_grad with fed cotangents, its X@GRAD written to `grad_name`."""
    complex_dtype = "complex64" if x_dtype in ("float32", "complex64") else "complex128"
    program = ProgramDesc()
    block = program.global_block()
    block.var("x", dtype=DataType.parse(x_dtype), shape=[3, 3])
    for name, shape in (("w", [3]), ("v", [3, 3]), ("cw", [3]), ("cv", [3, 3])):
        block.var(name, dtype=DataType.parse(complex_dtype), shape=shape)
    block.var(grad_name, dtype=DataType.parse(x_dtype), shape=[3, 3])
    block.append_op("eig", {"X": ["x"]}, {"Eigenvalues": ["w"], "Eigenvectors": ["v"]}, {})
    block.append_op("eig_grad", {"Eigenvalues": ["w"], "Eigenvectors": ["v"],
                                 "Eigenvalues@GRAD": ["cw"], "Eigenvectors@GRAD": ["cv"]},
                    {"X@GRAD": [grad_name]}, {})
    return program


def _feeds(x_dtype: str) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(7)
    p = rng.uniform(-1, 1, (3, 3)) + 2 * np.eye(3)
    x = p @ np.diag([1.0, 2.0, 4.0]) @ np.linalg.inv(p)
    if x_dtype.startswith("complex"):
        x = x + 0.1j * rng.uniform(-1, 1, (3, 3))
    complex_dtype = "complex64" if x_dtype in ("float32", "complex64") else "complex128"
    cw = rng.uniform(-1, 1, 3) + 1j * rng.uniform(-1, 1, 3)
    cv = rng.uniform(-1, 1, (3, 3)) + 1j * rng.uniform(-1, 1, (3, 3))
    return {"x": x.astype(x_dtype), "cw": cw.astype(complex_dtype),
            "cv": cv.astype(complex_dtype)}


def _complex_grad(feeds: dict[str, np.ndarray]) -> np.ndarray:
    """eig_grad's complex answer for these feeds (fluidphi's math, on NumPy's eig)."""
    complex_dtype = feeds["cw"].dtype
    w, v = np.linalg.eig(feeds["x"])
    w, v = w.astype(complex_dtype), v.astype(complex_dtype)
    out = np.empty(v.shape, complex_dtype)
    funcs.eig_grad(np, w, v, feeds["cw"], feeds["cv"], out)
    return out


def _run(program: ProgramDesc, feeds: dict[str, np.ndarray], fetch: str, path: PathMode,
         planned: bool) -> list[np.ndarray]:
    """Two runs of one executor (a plan's second run is its compiled steps)."""
    executor = Executor(path=path, planned=planned)
    scope = Scope()
    return [executor.run(program, feed=feeds, fetch_list=[fetch], scope=scope)[0]
            for _ in range(2)]


@pytest.mark.parametrize(("path", "planned"), RUNS)
@pytest.mark.parametrize("x_dtype", ["float32", "float64"])
@pytest.mark.parametrize("grad_name", ["x@GRAD", "x@GRAD@RENAME@block0@0"])
def test_a_real_forward_variable_gets_the_real_part(path: PathMode, planned: bool,
                                                    x_dtype: str, grad_name: str) -> None:
    feeds = _feeds(x_dtype)
    want = _complex_grad(feeds)
    assert np.abs(want.imag).max() > 1e-3  # the rule drops something
    for got in _run(_eig_then_grad(x_dtype, grad_name), feeds, grad_name, path, planned):
        assert got.dtype == np.dtype(x_dtype)
        np.testing.assert_allclose(got, want.real, rtol=1e-4 if x_dtype == "float32" else 1e-9,
                                   atol=1e-5 if x_dtype == "float32" else 1e-12)


@pytest.mark.parametrize(("path", "planned"), RUNS)
@pytest.mark.parametrize(("x_dtype", "grad_name"), [
    ("complex128", "x@GRAD"),  # a complex forward variable keeps its complex gradient
    ("float64", "y@GRAD"),  # no variable `y`: nothing says which real type it should take
])
def test_the_gradient_stays_complex_without_a_real_forward_variable(
        path: PathMode, planned: bool, x_dtype: str, grad_name: str) -> None:
    feeds = _feeds(x_dtype)
    for got in _run(_eig_then_grad(x_dtype, grad_name), feeds, grad_name, path, planned):
        assert got.dtype == np.complex128
        np.testing.assert_allclose(got, _complex_grad(feeds), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize(("path", "planned"), RUNS)
def test_an_output_not_named_like_a_gradient_stays_complex(path: PathMode,
                                                            planned: bool) -> None:
    """The forward op eig writes complex outputs of a real x: they are no gradients."""
    feeds = _feeds("float64")
    for got in _run(_eig_then_grad("float64", "x@GRAD"), feeds, "v", path, planned):
        assert got.dtype == np.complex128


def test_forward_var_name_cuts_at_the_last_grad_suffix() -> None:
    assert forward_var_name("x@GRAD") == "x"
    assert forward_var_name("x@GRAD@RENAME@block0@1") == "x"
    assert forward_var_name("x@GRAD@GRAD") == "x@GRAD"
    assert forward_var_name("x") == "x"
