"""Helpers the op tests share: inputs, running an op through both forms, comparisons."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ml_dtypes
import numpy as np

from compat.single_op import run_single_op
from legacy_fluid.framework.trace import OpTrace

BF16 = np.dtype(ml_dtypes.bfloat16)


def rand(shape, seed, dtype=np.float32, scale=1.0, low=None) -> np.ndarray:
    """Seeded test data in `dtype`: N(0, scale) floats (|x| + low when `low` is given),
    integers in [low or -5, 6), random bools, complex with N(0, 1) parts."""
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind in "iu":
        return rng.integers(-5 if low is None else low, 6, size=shape).astype(dtype)
    if np.dtype(dtype).kind == "b":
        return rng.random(shape) > 0.5
    if np.dtype(dtype).kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    x = rng.standard_normal(shape) * scale
    if low is not None:
        x = np.abs(x) + low
    return x.astype(dtype)


def same(a: np.ndarray, b: np.ndarray) -> bool:
    """Equal element for element (NaNs equal each other in inexact dtypes)."""
    inexact = a.dtype.kind in "fc" or a.dtype == BF16
    if a.dtype == BF16:
        a, b = a.astype(np.float32), b.astype(np.float32)
    return bool(np.array_equal(a, b, equal_nan=inexact))


def run_both_traced(op: str, inputs: dict[str, Any], attrs: dict[str, Any],
                    outputs: Sequence[str] = ("Out",)
                    ) -> tuple[dict[str, list[np.ndarray]], OpTrace]:
    """Run `op` on the legacy and the PHI path; assert each took its path and that both
    wrote the same dtypes, dims and values. Returns the outputs and the PHI trace."""
    legacy, legacy_trace = run_single_op(op, inputs, attrs, outputs, "legacy")
    phi, phi_trace = run_single_op(op, inputs, attrs, outputs, "phi")
    assert legacy_trace.path == "legacy"
    assert phi_trace.path == "phi"
    assert legacy.keys() == phi.keys()
    for slot in legacy:
        if slot == "XShape":  # declared (dims only) by the legacy op, never computed
            continue
        for a, b in zip(legacy[slot], phi[slot], strict=True):
            assert (a.dtype, a.shape) == (b.dtype, b.shape), f"{op}.{slot}"
            assert same(a, b), f"{op}.{slot}: legacy != phi"
    return phi, phi_trace


def run_both(op: str, inputs: dict[str, Any], attrs: dict[str, Any],
             outputs: Sequence[str] = ("Out",)) -> dict[str, list[np.ndarray]]:
    """`run_both_traced` without the trace."""
    return run_both_traced(op, inputs, attrs, outputs)[0]


def assert_close(got: np.ndarray, ref: Any, rtol: float = 1e-5, atol: float = 1e-6,
                 dtype: Any = None) -> None:
    """Same dims (and `dtype` when given), values within tolerance, NaN where ref has NaN."""
    assert got.shape == np.shape(ref), (got.shape, np.shape(ref))
    if dtype is not None:
        assert got.dtype == np.dtype(dtype)
    got = got.astype(np.complex128 if got.dtype.kind == "c" else np.float64)
    np.testing.assert_allclose(got, np.asarray(ref), rtol=rtol, atol=atol, equal_nan=True)


def save_program(prefix: Any, feeds: dict[str, tuple[Any, list[int]]],
                 ops: Sequence[tuple[str, dict[str, list[str]], dict[str, list[str]],
                                     dict[str, Any]]],
                 fetches: Sequence[str]) -> Any:
    """Save a parameterless program (feeds: name -> (DataType, dims); ops: (type, inputs,
    outputs, attrs) in order) as a legacy inference model at `prefix`; returns `prefix`."""
    from legacy_fluid.framework.program_desc import ProgramDesc
    from legacy_fluid.framework.scope import Scope
    from legacy_fluid.framework.var_type import VarType
    from legacy_fluid.io import save_inference_model

    program = ProgramDesc()
    block = program.global_block()
    for name, (dtype, dims) in feeds.items():
        block.var(name, type=VarType.LOD_TENSOR, dtype=dtype, shape=list(dims))
    for _, _, outs, _ in ops:
        for name in (n for names in outs.values() for n in names):
            block.var(name, type=VarType.LOD_TENSOR)
    for op_type, ins, outs, attrs in ops:
        block.append_op(op_type, ins, outs, attrs)
    save_inference_model(prefix, program, list(feeds), list(fetches), Scope())
    return prefix
