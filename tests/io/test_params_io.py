"""Parameter files: byte-identical round trips, Paddle's own records, malformed input."""

from __future__ import annotations

import struct
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from io_test_helpers import DATA, file_id, real_params_files
from unsigned_float8_values import UNSIGNED_FLOAT8

from legacy_fluid.framework.program_desc import VarDesc
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.io import (
    MissingModelFileError,
    ModelFormatError,
    load_combined_params,
    load_program,
    load_separate_params,
    persistable_var_names,
    save_combined_params,
    save_separate_params,
)
from legacy_fluid.io.params_io import tensor_to_bytes
from legacy_fluid.proto import framework_pb2 as pb
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor

PARAMS = real_params_files()


def _record(arr: np.ndarray, lod=(), *, version: int = 0, tensor_version: int = 0,
            desc: bytes | None = None) -> bytes:
    """A tensor record written independently of params_io, from the layout spec."""
    out = struct.pack("<IQ", version, len(lod))
    for level in lod:
        out += struct.pack("<Q", 8 * len(level)) + np.asarray(level, "<u8").tobytes()
    if desc is None:
        dtype = {np.dtype("float32"): pb.VarType.FP32, np.dtype("int64"): pb.VarType.INT64,
                 np.dtype("int32"): pb.VarType.INT32}[arr.dtype]
        desc = pb.VarType.TensorDesc(data_type=dtype, dims=list(arr.shape)).SerializeToString()
    out += struct.pack("<Ii", tensor_version, len(desc)) + desc
    return out + np.ascontiguousarray(arr).tobytes()


# ---------------------------------------------------------------------------
# real files
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("path", PARAMS, ids=[file_id(p) for p in PARAMS])
def test_real_params_round_trip_is_byte_identical(path: Path, tmp_path: Path) -> None:
    program = load_program(path.with_suffix(".pdmodel"))
    names = persistable_var_names(program)
    tensors = load_combined_params(path, names, program.global_block().vars)
    assert list(tensors) == names
    for name, t in tensors.items():
        v = program.global_block().vars[name]
        assert t.dtype == v.dtype and list(t.dims) == v.shape
    out = tmp_path / "out.pdiparams"
    save_combined_params(out, tensors)
    assert out.read_bytes() == path.read_bytes()


def test_paddle_lod_tensor_record(tmp_path: Path) -> None:
    raw = (DATA / "lod_tensor.bin").read_bytes()
    t = load_combined_params(DATA / "lod_tensor.bin", ["t"])["t"]
    assert t.dtype == DataType.INT32 and t.dims == (6, 2)
    assert t.lod == [[0, 2, 3], [0, 1, 4, 6]]
    np.testing.assert_array_equal(t.numpy(), np.arange(12, dtype=np.int32).reshape(6, 2))
    assert tensor_to_bytes(t) == raw
    assert raw == _record(np.arange(12, dtype=np.int32).reshape(6, 2), [[0, 2, 3], [0, 1, 4, 6]])


def test_separate_layout_from_paddle(tmp_path: Path) -> None:
    d = DATA / "old_layout"
    program = load_program(d / "__model__")
    names = persistable_var_names(program)
    tensors = load_separate_params(d, names, program.global_block().vars)
    combined = load_combined_params(DATA / "old_combined" / "__params__", names)
    for n in names:
        np.testing.assert_array_equal(tensors[n].numpy(), combined[n].numpy())
    save_separate_params(tmp_path, tensors)
    for n in names:
        assert (tmp_path / n).read_bytes() == (d / n).read_bytes()


def test_paddle_unsigned_and_float8_tensors() -> None:
    """Paddle 3.3.1's save_combine output for uint16/32/64 and float8 tensors loads with
    the dtypes the program declares and the stored bits (the byte-identical round trip is
    test_real_params_round_trip_is_byte_identical's)."""
    d = DATA / "unsigned_float8"
    program = load_program(d / "model.pdmodel")
    names = persistable_var_names(program)
    assert names == sorted(UNSIGNED_FLOAT8)
    tensors = load_combined_params(d / "model.pdiparams", names, program.global_block().vars)
    for name, (var_type, bits_dtype, bits) in UNSIGNED_FLOAT8.items():
        t = tensors[name]
        assert t.dtype == VarType[var_type].to_phi(), name
        assert t.numpy().dtype == t.dtype.to_numpy()
        expected = np.array(bits, dtype=bits_dtype)
        assert t.numpy().view(expected.dtype).tolist() == expected.tolist(), name


# ---------------------------------------------------------------------------
# hypothesis round trips
# ---------------------------------------------------------------------------
_DTYPES = [np.dtype(t) for t in (np.bool_, np.int8, np.uint8, np.int16, np.int32, np.int64,
                                 np.float16, np.float32, np.float64, np.complex64,
                                 np.complex128, np.uint16, np.uint32, np.uint64)]
_DTYPES += [np.dtype(t) for t in (ml_dtypes.bfloat16, ml_dtypes.float8_e4m3fn,
                                  ml_dtypes.float8_e5m2)]


@st.composite
def _tensors(draw) -> DenseTensor:
    dtype = draw(st.sampled_from(_DTYPES))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5))
    n = int(np.prod(shape, dtype=np.int64))
    # arbitrary bit patterns: NaN payloads, -0.0, bools other than 0/1 all must survive
    raw = draw(st.binary(min_size=n * dtype.itemsize, max_size=n * dtype.itemsize))
    arr = np.frombuffer(raw, dtype=dtype).reshape(shape).copy()
    # a consistent LoD (what the reader accepts): built from the innermost level out, each
    # level ending where the next one's sequences end, the innermost at the first dim
    lod: list[list[int]] = []
    end = shape[0] if shape else draw(st.integers(0, 4))
    for _ in range(draw(st.integers(0, 3))):
        cuts = sorted(draw(st.lists(st.integers(0, end), max_size=4)))
        lod.insert(0, [0, *cuts, end])
        end = len(cuts) + 1
    return DenseTensor(arr, lod=lod)


def _bits(t: DenseTensor) -> bytes:
    return np.ascontiguousarray(t.numpy()).tobytes()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_tensors(), max_size=5))
def test_combined_round_trip(tmp_path_factory, tensors: list[DenseTensor]) -> None:
    d = tmp_path_factory.mktemp("combined")
    items = [(f"v{i}", t) for i, t in enumerate(tensors)]
    path = d / "p.pdiparams"
    save_combined_params(path, items)
    data = path.read_bytes()
    back = load_combined_params(path, [n for n, _ in items])
    for (name, t) in items:
        got = back[name]
        assert got.dtype == t.dtype and got.dims == t.dims and got.lod == t.lod
        assert _bits(got) == _bits(t)
        assert got.numpy().flags.writeable and got.numpy().flags.aligned
    save_combined_params(path, back)
    assert path.read_bytes() == data
    assert data == b"".join(tensor_to_bytes(t) for _, t in items)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_tensors(), min_size=1, max_size=3))
def test_separate_round_trip(tmp_path_factory, tensors: list[DenseTensor]) -> None:
    d = tmp_path_factory.mktemp("separate")
    items = {f"sub/v{i}" if i % 2 else f"v{i}": t for i, t in enumerate(tensors)}
    save_separate_params(d, items)
    back = load_separate_params(d, list(items))
    for name, t in items.items():
        assert _bits(back[name]) == _bits(t) and back[name].lod == t.lod
        assert (d / name).read_bytes() == tensor_to_bytes(t)


def test_numpy_arrays_are_accepted(tmp_path: Path) -> None:
    save_combined_params(tmp_path / "p", {"a": np.ones((2, 3), np.float32), "b": np.int64(5)})
    back = load_combined_params(tmp_path / "p", ["a", "b"])
    assert back["b"].dims == () and back["b"].numpy() == 5


def test_unstorable_dtype(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match=r"'u'.*datetime64"):
        save_combined_params(tmp_path / "p", {"u": np.zeros(2, "datetime64[s]")})
    assert not (tmp_path / "p").exists()


# ---------------------------------------------------------------------------
# malformed input
# ---------------------------------------------------------------------------
def _two_vars(tmp_path: Path) -> tuple[Path, bytes]:
    data = _record(np.arange(6, dtype=np.float32).reshape(2, 3), [[0, 1, 2]]) + \
        _record(np.arange(4, dtype=np.int64))
    path = tmp_path / "model.pdiparams"
    path.write_bytes(data)
    return path, data


def test_reference_records_load(tmp_path: Path) -> None:
    path, _data = _two_vars(tmp_path)
    out = load_combined_params(path, ["a", "b"])
    assert out["a"].lod == [[0, 1, 2]] and out["b"].numpy().tolist() == [0, 1, 2, 3]


def test_every_truncation_is_reported(tmp_path: Path) -> None:
    path, data = _two_vars(tmp_path)
    first_len = len(_record(np.arange(6, dtype=np.float32).reshape(2, 3), [[0, 1, 2]]))
    for cut in range(len(data)):
        path.write_bytes(data[:cut])
        with pytest.raises(ModelFormatError) as info:
            load_combined_params(path, ["a", "b"])
        msg = str(info.value)
        assert str(path) in msg and "truncated" in msg, (cut, msg)
        assert f"variable '{'a' if cut < first_len else 'b'}'" in msg, (cut, msg)
        assert "expected" in msg and "found" in msg


def test_trailing_bytes(tmp_path: Path) -> None:
    path, data = _two_vars(tmp_path)
    path.write_bytes(data + b"\x00" * 5)
    with pytest.raises(ModelFormatError, match=r"5 trailing bytes after the last variable 'b'"):
        load_combined_params(path, ["a", "b"])
    # a file with a variable more than the program has
    path.write_bytes(data)
    with pytest.raises(ModelFormatError, match=r"trailing bytes") as info:
        load_combined_params(path, ["a"])
    assert f"expected {len(data) - len(_record(np.arange(4, dtype=np.int64)))} bytes" \
        in str(info.value)


def test_trailing_bytes_in_separate_file(tmp_path: Path) -> None:
    (tmp_path / "w").write_bytes(_record(np.zeros(3, np.float32)) + b"junk")
    with pytest.raises(ModelFormatError, match=r"variable 'w'.*4 trailing bytes"):
        load_separate_params(tmp_path, ["w"])


def test_wrong_dtype_against_desc(tmp_path: Path) -> None:
    path, _ = _two_vars(tmp_path)
    descs = {"a": VarDesc("a", dtype=DataType.FLOAT32, shape=[2, 3]),
             "b": VarDesc("b", dtype=DataType.FLOAT32, shape=[4])}
    with pytest.raises(ModelFormatError) as info:
        load_combined_params(path, ["a", "b"], descs)
    msg = str(info.value)
    assert "variable 'b'" in msg and "dtype" in msg and "expected float32, found int64" in msg
    assert info.value.var == "b" and info.value.path == str(path)


@pytest.mark.parametrize(("shape", "ok"), [
    ([2, 3], True), ([-1, 3], True), ([-1, -1], True), ([2, 4], False), ([3, 2], False),
    ([6], False), ([2, 3, 1], False), ([], False),
])
def test_dims_against_desc(tmp_path: Path, shape: list[int], ok: bool) -> None:
    path, _ = _two_vars(tmp_path)
    descs = {"a": VarDesc("a", dtype=DataType.FLOAT32, shape=shape)}
    if ok:
        load_combined_params(path, ["a", "b"], descs)
        return
    with pytest.raises(ModelFormatError) as info:
        load_combined_params(path, ["a", "b"], descs)
    assert f"expected {shape}, found [2, 3]" in str(info.value)
    assert "variable 'a'" in str(info.value) and "dims" in str(info.value)


@pytest.mark.parametrize(("record", "match"), [
    (_record(np.zeros(2, np.float32), version=1), "LoD tensor format version.*expected 0, found 1"),
    (_record(np.zeros(2, np.float32), tensor_version=3), "tensor format version.*found 3"),
    (_record(np.zeros(2, np.float32), desc=b"\xff\xff\xff"), "not a valid VarType.TensorDesc"),
    (_record(np.zeros(2, np.float32),
             desc=pb.VarType.TensorDesc(data_type=pb.VarType.SIZE_T, dims=[2])
             .SerializeToString()), "element type is not supported.*VarType 19"),
    (_record(np.zeros(0, np.float32),
             desc=pb.VarType.TensorDesc(data_type=pb.VarType.FP32, dims=[-2])
             .SerializeToString()), "dims must not be negative"),
    (struct.pack("<IQ", 0, 1) + struct.pack("<Q", 7) + b"\x00" * 7, "not a multiple of 8"),
    (struct.pack("<IQ", 0, 2**40), "implausible number of LoD levels"),
    (struct.pack("<IQ", 0, 0) + struct.pack("<Ii", 0, -5), "implausible tensor descriptor size"),
    (b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, "LoD tensor format version"),
    (_record(np.zeros(0, np.float32),
             desc=pb.VarType.TensorDesc(data_type=pb.VarType.FP32, dims=[0, 2**62])
             .SerializeToString()), "implausible tensor dims.*product exceeds"),
    (_record(np.zeros(0, np.float32),
             desc=pb.VarType.TensorDesc(data_type=pb.VarType.FP32, dims=[0] * 70)
             .SerializeToString()), "implausible tensor dims.*70 dims"),
    (_record(np.zeros(3, np.float32), lod=[[0, 2, 1, 3]]), "inconsistent LoD.*decrease"),
    (_record(np.zeros(3, np.float32), lod=[[1, 3]]), "inconsistent LoD.*starts at 1"),
    (_record(np.zeros(3, np.float32), lod=[[0, 2]]), "ends at 2, but the tensor has 3 rows"),
    (_record(np.zeros(3, np.float32), lod=[[0, 1, 2], [0, 3]]),
     "level 0 ends at 2, but level 1 holds 1 sequences"),
    (_record(np.zeros(3, np.float32), lod=[[0]]), "level 0 has 1 offset"),
], ids=["lod-version", "tensor-version", "bad-desc", "size_t", "negative-dim", "lod-bytes",
        "lod-levels", "desc-size", "png", "huge-zero-size", "rank-70", "lod-decreasing",
        "lod-start", "lod-height", "lod-levels-disagree", "lod-one-offset"])
def test_corrupt_records(tmp_path: Path, record: bytes, match: str) -> None:
    path = tmp_path / "p.pdiparams"
    path.write_bytes(record)
    with pytest.raises(ModelFormatError, match=match) as info:
        load_combined_params(path, ["w"])
    assert "variable 'w'" in str(info.value) and str(path) in str(info.value)


def test_missing_params_files(tmp_path: Path) -> None:
    with pytest.raises(MissingModelFileError, match=r"params file not found"):
        load_combined_params(tmp_path / "none.pdiparams", ["a"])
    with pytest.raises(MissingModelFileError, match=r"variable 'a'"):
        load_separate_params(tmp_path, ["a"])


def test_unsafe_names_in_separate_layout(tmp_path: Path) -> None:
    for name in ("../escape", "/abs", "", "a\0b", "a//b", "a/", ".", "..", "x" * 256,
                 "é" * 128, "d/" + "x" * 256, "d/" * 2100 + "x"):
        with pytest.raises(ModelFormatError, match=r"file name"):
            save_separate_params(tmp_path, {name: np.zeros(1, np.float32)})
        with pytest.raises(ModelFormatError, match=r"file name"):
            load_separate_params(tmp_path, [name])
