"""Grad kernels that read an index-like input as it is fed (Indices, medians, indices,
Condition, ShuffleIdx: the legacy ops keep them unmoved, so a fed host array reaches the
kernel as host memory) run on the emulated device, whose memory refuses to mix with host
arrays as CUDA memory does: the kernel must copy that input to its device. Each case runs
through the legacy and the PHI path on CPU and on the device; the device's outputs equal
the CPU's bit for bit, and the CPU's equal the gradient written out here."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from compat.single_op import run_single_op
from phi.backends.devices import device_type
from phi.common import CPUPlace, CustomPlace

G23 = np.arange(1, 7, dtype=np.float32).reshape(2, 3)
X23 = np.zeros((2, 3), np.float32)


def _put(shape: tuple[int, ...], axis: int, indices: np.ndarray, grad: np.ndarray) -> np.ndarray:
    out = np.zeros(shape, grad.dtype)
    np.put_along_axis(out, indices, grad, axis)
    return out


MEDIAN_GRAD = np.array([[2.0], [4.0], [6.0]], np.float32)


def _median_expected() -> np.ndarray:
    want = np.zeros((3, 4), np.float32)
    want[0, 1] = want[0, 2] = MEDIAN_GRAD[0, 0] / 2  # two middle elements: half each
    want[1, 0] = want[1, 3] = MEDIAN_GRAD[1, 0] / 2
    want[2, 2] = MEDIAN_GRAD[2, 0]  # both indices the same element: all of it
    return want


def _cum_expected() -> np.ndarray:
    want = np.zeros((2, 3), np.float32)
    for r, row in enumerate([[0, 0, 2], [0, 1, 1]]):
        for c, i in enumerate(row):
            want[r, i] += G23[r, c]
    return want


IDX_ARGSORT = np.array([[1, 0, 0], [0, 1, 1]], np.int64)
IDX_TOPK = np.array([[2, 0], [1, 2]], np.int64)
IDX_KTH = np.array([[2], [0]], np.int64)
IDX_MODE = np.array([1, 0, 1], np.int64)
IDX_CUM = np.array([[0, 0, 2], [0, 1, 1]], np.int64)
COND = np.array([[True, False], [False, True]])
G22 = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
G34 = np.arange(12, dtype=np.float32).reshape(3, 4)

#: (op, inputs, attrs, output slots, {slot: expected X@GRAD-like value})
CASES: list[tuple[str, dict[str, Any], dict[str, Any], list[str], dict[str, np.ndarray]]] = [
    ("argsort_grad", {"X": X23, "Indices": IDX_ARGSORT, "Out@GRAD": G23}, {"axis": 0},
     ["X@GRAD"], {"X@GRAD": _put((2, 3), 0, IDX_ARGSORT, G23)}),
    ("top_k_v2_grad", {"X": X23, "Indices": IDX_TOPK, "Out@GRAD": G23[:, :2]}, {"k": 2},
     ["X@GRAD"], {"X@GRAD": _put((2, 3), 1, IDX_TOPK, G23[:, :2])}),
    ("kthvalue_grad", {"X": X23, "Indices": IDX_KTH, "Out@GRAD": G23[:, :1]},
     {"k": 2, "keepdim": True}, ["X@GRAD"], {"X@GRAD": _put((2, 3), 1, IDX_KTH, G23[:, :1])}),
    ("mode_grad", {"X": X23, "Indices": IDX_MODE, "Out@GRAD": G23[0]},
     {"axis": 0, "keepdim": False}, ["X@GRAD"],
     {"X@GRAD": _put((2, 3), 0, IDX_MODE[None], G23[:1])}),
    ("median_grad", {"x": G34, "out": np.zeros((3, 1), np.float32),
                     "out@GRAD": MEDIAN_GRAD,
                     "medians": np.array([[[1, 2]], [[0, 3]], [[2, 2]]], np.int64)},
     {"axis": [1], "keepdim": True, "mode": "avg"}, ["x@GRAD"], {"x@GRAD": _median_expected()}),
    ("cummax_grad", {"x": X23, "indices": IDX_CUM, "out@GRAD": G23}, {"axis": 1},
     ["x@GRAD"], {"x@GRAD": _cum_expected()}),
    ("cummin_grad", {"x": X23, "indices": IDX_CUM, "out@GRAD": G23}, {"axis": 1},
     ["x@GRAD"], {"x@GRAD": _cum_expected()}),
    ("where_grad", {"Condition": COND, "X": G22, "Y": G22, "Out@GRAD": G22}, {},
     ["X@GRAD", "Y@GRAD"], {"X@GRAD": np.where(COND, G22, 0), "Y@GRAD": np.where(COND, 0, G22)}),
    ("shuffle_batch_grad", {"ShuffleIdx": np.array([2, 0, 1], np.int64), "Out@GRAD": G34}, {},
     ["X@GRAD"], {"X@GRAD": G34[[2, 0, 1]]}),
]


@pytest.mark.parametrize("path", ["legacy", "phi"])
@pytest.mark.parametrize(("op", "inputs", "attrs", "outputs", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_host_index_input_on_device_matches_cpu(op: str, inputs: dict[str, Any],
                                                attrs: dict[str, Any], outputs: list[str],
                                                expected: dict[str, np.ndarray],
                                                path: str) -> None:
    device_type("emulated")
    cpu, cpu_trace = run_single_op(op, inputs, attrs, outputs, path, CPUPlace())
    got, trace = run_single_op(op, inputs, attrs, outputs, path, CustomPlace("emulated", 0))
    assert str(cpu_trace.path).startswith(path) and str(trace.path).startswith(path)
    for slot, want in expected.items():
        ref, out = cpu[slot][0], got[slot][0]
        np.testing.assert_array_equal(ref, want.astype(ref.dtype), err_msg=f"{op} {slot}")
        assert (out.dtype, out.shape) == (ref.dtype, ref.shape), f"{op} {slot}"
        assert out.tobytes() == ref.tobytes(), f"{op} [{path}] {slot}: device differs from CPU"
