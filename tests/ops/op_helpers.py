"""Helpers the op tests share: inputs, running an op through both forms, comparisons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

from compat.arg_mapping import phi_kernel_name
from compat.predictor import LoadedModel, load_model
from compat.single_op import run_single_op, run_single_op_tensors
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OP_KERNELS
from legacy_fluid.framework.op_registry import OP_INFOS
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.trace import OpTrace
from legacy_fluid.framework.var_type import VarType, dtypes_without_legacy_kernel
from legacy_fluid.io import save_inference_model
from phi.common import Backend, DataType
from phi.core.kernel_factory import KERNELS

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
        if slot == "XShape":  # dims only: the paths agree on them (xshape_dims)
            xshape_dims(op, inputs, attrs, outputs)
            continue
        for a, b in zip(legacy[slot], phi[slot], strict=True):
            assert (a.dtype, a.shape) == (b.dtype, b.shape), f"{op}.{slot}"
            assert same(a, b), f"{op}.{slot}: legacy != phi"
    return phi, phi_trace


def xshape_dims(op: str, inputs: dict[str, Any], attrs: dict[str, Any],
                outputs: Sequence[str] | Mapping[str, int] = ("Out", "XShape")
                ) -> tuple[int, ...]:
    """The dims `op` gives its XShape, the same on the legacy and the PHI path, as its LoD;
    it holds no buffer on either (as Paddle's: it records [0, *X.dims] for the grad op, and
    a fetch gives an empty [0] tensor)."""
    metas = []
    for path in ("legacy", "phi"):
        xshape = run_single_op_tensors(op, inputs, attrs, outputs, path).outputs["XShape"][0]
        assert not xshape.initialized(), f"{op}.XShape [{path}] holds a buffer"
        metas.append((tuple(xshape.dims), xshape.lod))
    assert metas[0] == metas[1], f"{op}.XShape: legacy {metas[0]} != phi {metas[1]}"
    return metas[0][0]


def run_both(op: str, inputs: dict[str, Any], attrs: dict[str, Any],
             outputs: Sequence[str] = ("Out",)) -> dict[str, list[np.ndarray]]:
    """`run_both_traced` without the trace."""
    return run_both_traced(op, inputs, attrs, outputs)[0]


def out_of(op: str, inputs: dict[str, Any], attrs: dict[str, Any] | None = None) -> np.ndarray:
    """The first "Out" of `op`, after `run_both` checked both paths agree."""
    return run_both(op, inputs, attrs or {})["Out"][0]


def assert_matches_ref(got, ref, rtol=0.0, atol=0.0):
    """Exact (default) or tolerant comparison with the reference, same dims and dtype kind."""
    ref = np.asarray(ref)
    assert got.shape == ref.shape, (got.shape, ref.shape)
    if rtol == 0.0 and atol == 0.0:
        assert got.dtype == ref.dtype, (got.dtype, ref.dtype)
        assert np.array_equal(got, ref, equal_nan=True)
    else:
        np.testing.assert_allclose(got.astype(np.float64), ref.astype(np.float64),
                                   rtol=rtol, atol=atol)


def assert_close(got: np.ndarray, ref: Any, rtol: float = 1e-5, atol: float = 1e-6,
                 dtype: Any = None) -> None:
    """Same dims (and `dtype` when given), values within tolerance, NaN where ref has NaN."""
    assert got.shape == np.shape(ref), (got.shape, np.shape(ref))
    if dtype is not None:
        assert got.dtype == np.dtype(dtype)
    got = got.astype(np.complex128 if got.dtype.kind == "c" else np.float64)
    np.testing.assert_allclose(got, np.asarray(ref), rtol=rtol, atol=atol, equal_nan=True)


def assert_refused(op: str, inputs: dict[str, Any], attrs: dict[str, Any],
                   outputs: Sequence[str] | Mapping[str, int], match: str) -> None:
    """`op` raises an error matching `match` on the legacy and on the PHI path."""
    for mode in ("legacy", "phi"):
        with pytest.raises(Exception, match=match):
            run_single_op(op, inputs, attrs, outputs, mode)


#: One op of a test program: (type, inputs, outputs, attrs), slots -> variable names.
ProgramOp = tuple[str, dict[str, list[str]], dict[str, list[str]], dict[str, Any]]


def saved_model(tmp_path: Path, feeds: Mapping[str, tuple[DataType, list[int]]],
                ops: Sequence[ProgramOp], fetches: Sequence[str]) -> LoadedModel:
    """A program of `ops` between feed and fetch ops, saved as an inference model under
    `tmp_path` and loaded back. `feeds`: name -> (dtype, dims); the other variables are
    declared as the ops name them (their meta comes from running)."""
    program = ProgramDesc()
    block = program.global_block()
    block.var("feed", type=VarType.FEED_MINIBATCH, dtype=None)
    block.var("fetch", type=VarType.FETCH_LIST, dtype=None)
    for col, (name, (dtype, dims)) in enumerate(feeds.items()):
        block.var(name, dtype=dtype, shape=list(dims))
        block.append_op("feed", {"X": ["feed"]}, {"Out": [name]}, {"col": col})
    for op_type, inputs, outputs, attrs in ops:
        for names in outputs.values():
            for name in names:
                block.var(name)
        block.append_op(op_type, inputs, outputs, attrs)
    for col, name in enumerate(fetches):
        block.append_op("fetch", {"X": [name]}, {"Out": ["fetch"]}, {"col": col})
    save_inference_model(tmp_path / "model", program, list(feeds), list(fetches))
    return load_model(tmp_path / "model")


def snap(array: np.ndarray) -> dict:
    """A small summary for syrupy: shape, dtype and the first 8 values rounded to 5 decimals
    (tests/ops/conftest.py compares them within that rounding)."""
    flat = np.asarray(array).astype(np.float64).reshape(-1)[:8]
    return {"shape": list(array.shape), "dtype": str(array.dtype),
            "values": [round(float(v), 5) for v in flat]}


def is_registered_grad_op(op_type: str) -> bool:
    """A backward op fluidphi registers (by its class: Paddle names some `*_grad2`)."""
    return OP_INFOS.has(op_type) and issubclass(OP_INFOS.info(op_type).op_class, GradOp)


def phi_cpu_dtypes(kernel: str) -> set[str]:
    """The dtypes PHI kernel `kernel` is registered for on the CPU."""
    return {str(k.dtype) for k in KERNELS.kernels_of(kernel) if k.backend is Backend.CPU}


def cpu_dtypes_by_form(op_type: str) -> dict[str, set[str]]:
    """The CPU dtypes of `op_type`'s legacy class kernels ("legacy", always present) and of
    its PHI kernel ("PHI <name>", when fluidphi has one)."""
    forms = {"legacy": {str(k.data_type) for k in OP_KERNELS.kernels_of(op_type)
                        if k.place.is_cpu}}
    name = phi_kernel_name(op_type)
    if KERNELS.has_kernel(name):
        forms[f"PHI {name}"] = phi_cpu_dtypes(name)
    return forms


def held_dtypes(form: str, wanted: set[str]) -> set[str]:
    """The dtypes a form of cpu_dtypes_by_form is held to, of Paddle's `wanted`: the legacy
    form lacks those no fluid kernel is keyed on (var_type.dtypes_without_legacy_kernel),
    the PHI form holds them all."""
    if form != "legacy":
        return set(wanted)
    return set(wanted) - {str(d) for d in dtypes_without_legacy_kernel()}
