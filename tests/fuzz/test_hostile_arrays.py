"""Generated hostile .npy / .npz input files (`run --input`, `train --feed`, `--params`).

Every generated file is a valid archive of generated arrays with some of its bytes, header
fields or zip sizes changed. Whatever the change, the one reader (`compat.array_files`)
either returns exactly the arrays an honest reader finds in the file or refuses it with an
`InputError`; it never raises anything else, never allocates more than the memory limit
and never takes long.
"""

from __future__ import annotations

import io
import struct
import time
import zipfile
from pathlib import Path

import numpy as np
import numpy.lib.format as npy_format
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from compat.array_files import InputError, ReadBudget, read_array_file
from compat.memory_guard import Limit

LIMIT = Limit(64 << 20, "the test's limit")
DTYPES = ["float32", "float64", "int32", "int64", "bool", "uint8", "float16", "complex64"]

_settings = settings(max_examples=150, deadline=None, database=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture,
                                            HealthCheck.too_slow])


@st.composite
def arrays(draw: st.DrawFn) -> np.ndarray:
    shape = draw(st.lists(st.integers(0, 5), max_size=3))
    dtype = draw(st.sampled_from(DTYPES))
    size = int(np.prod(shape)) if shape else 1
    raw = draw(st.binary(min_size=size * np.dtype(dtype).itemsize,
                         max_size=size * np.dtype(dtype).itemsize))
    return np.frombuffer(raw, dtype=dtype).reshape(shape).copy()


def _npy_bytes(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    npy_format.write_array(buf, array, allow_pickle=False)
    return buf.getvalue()


def _npz_bytes(named: dict[str, np.ndarray], compressed: bool) -> bytes:
    buf = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(buf, **named)
    return buf.getvalue()


@st.composite
def edits(draw: st.DrawFn, data: bytes) -> bytes:
    """`data` with up to three byte-level edits: flips, sets, cuts, insertions."""
    out = bytearray(data)
    for _ in range(draw(st.integers(0, 3))):
        if not out:
            break
        at = draw(st.integers(0, len(out) - 1))
        kind = draw(st.sampled_from(["flip", "set", "cut", "insert", "size"]))
        if kind == "flip":
            out[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "set":
            out[at] = draw(st.integers(0, 255))
        elif kind == "cut":
            del out[at:]
        elif kind == "insert":
            out[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "size" and at + 4 <= len(out):  # a 32-bit field set to something big
            out[at:at + 4] = struct.pack("<I", draw(st.sampled_from(
                [0xFFFFFFFF, 1 << 31, 1 << 24, 0])))
    return bytes(out)


def _honest(path: Path) -> dict[str, np.ndarray] | np.ndarray | None:
    """What NumPy's own reader finds (None where it cannot read it)."""
    try:
        loaded = np.load(path, allow_pickle=False)
        if isinstance(loaded, np.ndarray):
            return loaded
        with loaded:  # the .npy members: other members are not arrays np.savez wrote
            names = [n[:-4] for n in loaded.zip.namelist() if n.endswith(".npy")]
            return {k: loaded[k] for k in names}
    except Exception:  # any refusal of NumPy's: ours must refuse or read the original
        return None


def _check(path: Path, original: dict[str, np.ndarray] | np.ndarray) -> None:
    start = time.perf_counter()
    try:
        got = read_array_file(path, f"--input {path}", ReadBudget(LIMIT))
    except InputError as e:
        assert str(e).startswith(f"--input {path}"), e
        got = None
    assert time.perf_counter() - start < 5
    if got is None:
        return
    want = _honest(path)
    if want is None:  # NumPy refuses it (a local header it will not take, say): what we
        want = original  # read must then be exactly what was written before the edits
    if isinstance(got, dict):
        assert isinstance(want, dict) and sorted(got) == sorted(want)
        for name, value in got.items():
            np.testing.assert_array_equal(value, want[name])
            assert value.dtype == want[name].dtype and value.shape == want[name].shape
    else:
        np.testing.assert_array_equal(got, want)
        assert got.dtype == want.dtype and got.shape == want.shape


@_settings
@given(arrays(), st.data())
def test_an_edited_npy_file_is_read_exactly_or_refused(tmp_path: Path, array: np.ndarray,
                                                        data: st.DataObject) -> None:
    path = tmp_path / "x.npy"
    path.write_bytes(data.draw(edits(_npy_bytes(array))))
    _check(path, array)


@_settings
@given(st.dictionaries(st.text("abcxyz_/", min_size=1, max_size=6), arrays(), max_size=3),
       st.booleans(), st.data())
def test_an_edited_npz_archive_is_read_exactly_or_refused(
        tmp_path: Path, named: dict[str, np.ndarray], compressed: bool,
        data: st.DataObject) -> None:
    path = tmp_path / "x.npz"
    path.write_bytes(data.draw(edits(_npz_bytes(named, compressed))))
    _check(path, named)


@_settings
@given(st.integers(1, 1 << 40), st.sampled_from(DTYPES), st.booleans())
def test_a_header_claiming_more_than_the_limit_is_refused_unread(
        tmp_path: Path, elements: int, dtype: str, zipped: bool) -> None:
    """The header's shape is all the reader trusts: what it would take is charged to the
    limit before anything is allocated."""
    nbytes = elements * np.dtype(dtype).itemsize
    assume(nbytes != 64)  # a header that tells the truth about the 64 bytes is read
    header = io.BytesIO()
    npy_format.write_array_header_1_0(header, {"descr": np.dtype(dtype).str,
                                               "fortran_order": False, "shape": (elements,)})
    body = header.getvalue() + b"\0" * 64
    path = tmp_path / ("x.npz" if zipped else "x.npy")
    if zipped:
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
            zf.writestr("x.npy", body)
    else:
        path.write_bytes(body)
    try:
        read_array_file(path, "--input x", ReadBudget(LIMIT))
    except InputError:
        return
    raise AssertionError(f"a header claiming {nbytes} bytes over 64 bytes of data was read")
