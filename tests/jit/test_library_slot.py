"""The library slot: fluid's LibraryType.NUMBA and PHI's Backend.NUMBA, a run's library
preference, its fallback to the plain kernels, and the clear error when Numba is missing."""

from __future__ import annotations

import numpy as np
import pytest

import phi.jit
from compat.kernel_library import (
    KernelLibrary,
    LibraryUnavailableError,
    preferred,
    use_library,
)
from compat.single_op import run_single_op
from legacy_fluid.framework.op_kernel_type import LibraryType, OpKernelType
from phi.common import Backend, CPUPlace, DataLayout, DataType, Place
from phi.common.backend import LIBRARY_BACKENDS
from phi.core.kernel_key import KernelKey

X = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)


def test_library_type_and_backend_map_both_ways() -> None:
    key = OpKernelType(DataType.FLOAT32, CPUPlace(), library_type=LibraryType.NUMBA)
    assert key.to_kernel_key() == KernelKey(Backend.NUMBA, DataLayout.ANY, DataType.FLOAT32)
    assert OpKernelType.from_kernel_key(key.to_kernel_key()) == key
    assert Place.from_backend(Backend.NUMBA).is_cpu and LIBRARY_BACKENDS[Backend.NUMBA] is \
        Backend.CPU


def test_the_preference_applies_to_plain_cpu_kernel_types_only(emulated: Place) -> None:
    cpu = OpKernelType(DataType.FLOAT32, CPUPlace())
    assert preferred(cpu, KernelLibrary.NUMBA).library_type is LibraryType.NUMBA
    assert preferred(cpu, KernelLibrary.PLAIN) == cpu
    onednn = cpu.with_library(LibraryType.MKLDNN)  # an op's own use_mkldnn wins
    assert preferred(onednn, KernelLibrary.NUMBA) == onednn
    device = OpKernelType(DataType.FLOAT32, emulated)
    assert preferred(device, KernelLibrary.NUMBA) == device


def test_unknown_library_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="expected one of: plain, numba"):
        use_library("mkl")


def test_asking_for_numba_without_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(phi.jit, "unavailable_reason", lambda: "numba is not installed")
    with pytest.raises(LibraryUnavailableError, match=r"numba is not installed.*'jit' extra"):
        use_library("numba")
    assert use_library(None) is KernelLibrary.PLAIN  # plain needs nothing


def test_an_op_without_a_compiled_kernel_runs_plain_without_a_note() -> None:
    pytest.importorskip("numba", reason="the compiled kernel library needs the 'jit' extra")
    out, trace = run_single_op("relu", {"X": X}, {}, ["Out"], "phi", library="numba")
    assert "CPU" in trace.key and trace.note_kind is None
    np.testing.assert_array_equal(out["Out"][0], np.maximum(X, 0))
    _, trace = run_single_op("softmax", {"X": X}, {"axis": -1}, ["Out"], "phi",
                             library="numba")
    assert "NUMBA" in trace.key


def test_the_preference_leaves_devices_alone(emulated: Place) -> None:
    pytest.importorskip("numba", reason="the compiled kernel library needs the 'jit' extra")
    _, trace = run_single_op("softmax", {"X": X}, {"axis": -1}, ["Out"], "phi", emulated,
                             library="numba")
    assert trace.key.startswith("(EMULATED,")
