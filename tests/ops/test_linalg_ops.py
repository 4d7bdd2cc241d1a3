"""linalg ops: inputs Paddle rejects while building the program (so no Paddle fixture can
hold them) give clear errors on both paths; Paddle's outputs are checked by the single-op
fixtures in tests/fixtures/ops/linalg."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op


def _f32(*shape: int) -> np.ndarray:
    return np.random.default_rng(sum(shape)).uniform(-1, 1, shape).astype(np.float32)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize(("op", "inputs", "attrs", "match"), [
    ("bmm", {"X": _f32(2, 3, 4), "Y": _f32(3, 4, 5)}, {}, "batch sizes differ"),
    ("bmm", {"X": _f32(3, 4), "Y": _f32(4, 5)}, {}, "must be 3-D"),
    ("trace", {"Input": _f32(3, 3)}, {"axis1": 1, "axis2": -1}, "must be different axes"),
    ("trace", {"Input": _f32(3, 3)}, {"axis1": 2}, "axis1 2 is out of range"),
    ("einsum", {"Operands": [_f32(2, 3), _f32(4, 5)]}, {"equation": "ij,jk->ik"},
     "label 'j' of 'ij,jk->ik' has sizes 3 and 4"),
    ("einsum", {"Operands": [_f32(2, 3), _f32(3, 4)]}, {"equation": "ij,jk"},
     "must be explicit"),
    ("einsum", {"Operands": [_f32(2, 3), _f32(3, 4)]}, {"equation": "...j,jk->...k"},
     "without '...'"),
    ("einsum", {"Operands": [_f32(2, 3)]}, {"equation": "ij,jk->ik"}, "names 2 operands"),
    ("cross", {"X": _f32(3, 4), "Y": _f32(3, 4)}, {"dim": 1}, "size 3 at dim 1"),
    ("cross", {"X": _f32(3, 4), "Y": _f32(3, 3)}, {}, "same dims"),
    ("dot", {"X": _f32(3), "Y": _f32(4)}, {}, "same dims"),
    ("mv", {"X": _f32(3, 4), "Vec": _f32(3)}, {}, "Vec"),
    ("addmm", {"Input": _f32(3, 5), "X": _f32(2, 4), "Y": _f32(4, 5)}, {},
     "does not broadcast"),
    ("dist", {"X": _f32(2, 3), "Y": _f32(2, 4)}, {}, "do not broadcast"),
    ("determinant", {"Input": _f32(2, 3)}, {}, "square matrices"),
    ("matrix_power", {"X": _f32(3)}, {"n": 2}, "square matrices"),
    ("cholesky", {"X": np.array([[[4.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, -1.0]]],
                                np.float32)}, {}, "matrix 1 of the batch"),
    ("norm", {"X": _f32(2, 3)}, {"axis": 2}, "axis 2 is out of range"),
    ("norm", {"X": np.float32(1.0).reshape(())}, {"axis": 0}, "at least 1 dimension"),
    ("frobenius_norm", {"X": _f32(2, 3)}, {"dim": [2]}, "axis 2 is out of range"),
    ("frobenius_norm", {"X": _f32(2, 3)}, {"dim": [0, -2]}, "duplicate"),
    ("svd", {"X": _f32(3)}, {}, "rank >= 2"),
    ("eigh", {"X": _f32(2, 3)}, {}, "square matrices"),
    ("eigh", {"X": _f32(3, 3)}, {"UPLO": "X"}, "UPLO must be"),
    ("eig", {"X": _f32(2, 3)}, {}, "square matrices"),
    ("eigvals", {"X": _f32(3)}, {}, "square matrices"),
    ("lstsq", {"X": _f32(5, 3), "Y": _f32(4, 2)}, {}, "row dimension"),
    ("bilinear_tensor_product", {"X": _f32(3, 4), "Y": _f32(2, 5), "Weight": _f32(2, 4, 5)},
     {}, "batch_size"),
    ("bilinear_tensor_product", {"X": _f32(3, 4), "Y": _f32(3, 5), "Weight": _f32(2, 4, 5),
                                 "Bias": _f32(2)}, {}, "row vector"),
    ("baddbmm", {"Input": _f32(3, 5), "X": _f32(2, 3, 4), "Y": _f32(2, 4, 5)}, {},
     "Input must be 3-D"),
    ("baddbmm", {"Input": _f32(2, 3, 5), "X": _f32(2, 3, 0), "Y": _f32(2, 0, 5)}, {},
     "X must not be empty"),
    ("lu_solve", {"b": _f32(3, 2), "lu": _f32(2, 3, 3),
                  "pivots": np.ones((2, 3), np.int32)}, {"trans": "N"}, "lu's batch dims"),
    ("lu_solve", {"b": _f32(3, 2), "lu": _f32(3, 3),
                  "pivots": np.array([1, 4, 3], np.int32)}, {"trans": "N"}, r"lie in \[1, 3\]"),
    ("lstsq", {"X": _f32(5, 3), "Y": _f32(5, 2)}, {"driver": "gelsx"}, "driver must be one of"),
    ("linear_v2", {"input": _f32(2, 3), "weight": _f32(3, 4), "bias": _f32(1, 4)}, {},
     r"bias must be 0-d or 1-D of 4 .* got dims \[1, 4\]"),
    ("linear_v2", {"input": _f32(2, 3), "weight": _f32(2, 3, 4), "bias": _f32(4)}, {},
     "weight must be 2-D"),
    ("linear_v2", {"input": _f32(2, 3), "weight": _f32(3, 4), "bias": _f32(4)},
     {"transpose_weight": True}, "last dim 3 must equal weight's in-features dim 4"),
    ("linear_v2", {"input": np.float32(1.0).reshape(()), "weight": _f32(1, 4),
                   "bias": _f32(4)}, {}, "input must be at least 1-D"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_bad_inputs_raise(op: str, inputs: dict, attrs: dict, match: str, mode: str) -> None:
    outputs = {"Output": 1} if op == "inverse" else {"Out": 1}
    outputs = {"U": 1, "S": 1, "VH": 1} if op == "svd" else outputs
    outputs = {"Eigenvalues": 1, "Eigenvectors": 1} if op in ("eigh", "eig") else outputs
    outputs = {"Solution": 1, "Rank": 1, "SingularValues": 1} if op == "lstsq" else outputs
    outputs = {"out": 1} if op in ("lu_solve", "linear_v2") else outputs
    with pytest.raises(Exception, match=match):
        run_single_op(op, inputs, attrs, outputs, mode)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize("transpose_weight", [False, True])
def test_linear_v2_any_out_features(mode: str, transpose_weight: bool) -> None:
    """Paddle 3.3.1 builds linear_v2 only where N is the dtype's byte size (so its fixtures
    keep N = 4 / 8): N = 3 and an empty inner dim (out = the bias), on exact integer values."""
    for k in (2, 0):
        x = np.arange(2 * k, dtype=np.float64).reshape(2, k)
        w = np.arange(3 * k, dtype=np.float64).reshape(k, 3) - 4
        bias = np.array([0.5, -1.0, 2.0])
        feed_w = w.T.copy() if transpose_weight else w
        got, _ = run_single_op("linear_v2", {"input": x, "weight": feed_w, "bias": bias},
                               {"transpose_weight": transpose_weight}, {"out": 1}, mode)
        want = np.einsum("mk,kn->mn", x, w) + bias
        np.testing.assert_array_equal(got["out"][0], want)


def test_slogdeterminant_of_nan_has_sign_zero() -> None:
    x = np.array([[np.nan, 1.0], [1.0, 1.0]], np.float64)
    for mode in ("legacy", "phi"):
        got, _ = run_single_op("slogdeterminant", {"Input": x}, {}, {"Out": 1}, mode)
        assert got["Out"][0][0] == 0 and np.isnan(got["Out"][0][1])


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_norm_writes_its_divisor(mode: str) -> None:
    """Norm (stripped from saved programs, so no fixture holds it) is what Out divides by."""
    x = np.array([[3.0, 4.0], [0.0, 0.0]], np.float64)
    out, _ = run_single_op("norm", {"X": x}, {"axis": 1, "epsilon": 1e-10},
                           {"Out": 1, "Norm": 1}, mode)
    np.testing.assert_allclose(out["Norm"][0], [[5.0], [1e-5]], rtol=1e-9)
    np.testing.assert_allclose(out["Out"][0], [[0.6, 0.8], [0.0, 0.0]], rtol=1e-9)


def _complex(*shape: int) -> np.ndarray:
    rng = np.random.default_rng(7)
    return (rng.uniform(-1, 1, shape) + 1j * rng.uniform(-1, 1, shape)).astype(np.complex128)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize("full", [False, True])
def test_svd_vectors_reconstruct_x(mode: str, full: bool) -> None:
    """The fixtures compare S only (U / VH are unique up to sign / phase): U and VH are
    orthonormal and U diag(S) VH gives X back."""
    x = _complex(2, 5, 3)
    out, _ = run_single_op("svd", {"X": x}, {"full_matrices": full},
                           {"U": 1, "S": 1, "VH": 1}, mode)
    u, s, vh = out["U"][0], out["S"][0], out["VH"][0]
    assert u.shape == ((2, 5, 5) if full else (2, 5, 3)) and vh.shape == (2, 3, 3)
    assert s.dtype == np.float64 and np.all(np.diff(s, axis=-1) <= 0)
    np.testing.assert_allclose((u[..., :3] * s[:, None, :]) @ vh, x, atol=1e-12)
    k = u.shape[-1]
    np.testing.assert_allclose(np.conj(np.swapaxes(u, -1, -2)) @ u,
                               np.broadcast_to(np.eye(k), (2, k, k)), atol=1e-12)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize(("op", "uplo"), [("eigh", "L"), ("eigh", "U"), ("eigvalsh", "L")])
def test_eigh_vectors_diagonalize_the_read_triangle(mode: str, op: str, uplo: str) -> None:
    """Eigenvectors V of the Hermitian matrix A built from X's `uplo` triangle (the other
    one is ignored): A V = V diag(w), V unitary, w ascending."""
    x = _complex(2, 4, 4)
    tri = np.tril(x, -1) if uplo == "L" else np.triu(x, 1)
    a = tri + np.conj(np.swapaxes(tri, -1, -2)) + np.real(np.diagonal(x, 0, -2, -1))[
        ..., None] * np.eye(4)
    out, _ = run_single_op(op, {"X": x}, {"UPLO": uplo},
                           {"Eigenvalues": 1, "Eigenvectors": 1}, mode)
    w, v = out["Eigenvalues"][0], out["Eigenvectors"][0]
    assert w.dtype == np.float64 and np.all(np.diff(w, axis=-1) >= 0)
    np.testing.assert_allclose(a @ v, v * w[:, None, :], atol=1e-12)
    np.testing.assert_allclose(np.conj(np.swapaxes(v, -1, -2)) @ v,
                               np.broadcast_to(np.eye(4), (2, 4, 4)), atol=1e-12)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
def test_eig_of_float32_diagonalizes_x(mode: str) -> None:
    """float32 random matrices have no fixture (Paddle's sgeev orders and phases them its
    own way): complex64 eigenpairs with A v = w v, unit-norm vectors; eigvals the same set."""
    x = _f32(2, 4, 4)
    out, _ = run_single_op("eig", {"X": x}, {}, {"Eigenvalues": 1, "Eigenvectors": 1}, mode)
    w, v = out["Eigenvalues"][0], out["Eigenvectors"][0]
    assert w.dtype == np.complex64 and v.dtype == np.complex64
    np.testing.assert_allclose(x @ v, v * w[:, None, :], atol=1e-5)
    np.testing.assert_allclose(np.linalg.norm(v, axis=-2), 1.0, rtol=1e-5)
    vals, _ = run_single_op("eigvals", {"X": x}, {}, {"Out": 1}, mode)
    np.testing.assert_allclose(np.sort_complex(vals["Out"][0]), np.sort_complex(w), atol=1e-5)
