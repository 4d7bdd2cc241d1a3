"""Read and write parameter tensors in Paddle's binary layouts.

One tensor is stored as (all integers little-endian):

====================  =====================================================
uint32                format version of the LoD tensor, 0
uint64                number of LoD levels, L
L times:              uint64 byte size of the level (8 * number of offsets),
                      then that many bytes of uint64 offsets
uint32                format version of the tensor, 0
int32                 byte size D of the descriptor that follows
D bytes               a serialized `VarType.TensorDesc` (data_type, dims)
numel * itemsize      the elements, C order
====================  =====================================================

A *combined* file (`.pdiparams`, `__params__`; written by `save_combine`) is
these records back to back, in the order of the names the program gives
(sorted persistable names for `save_inference_model`) and nothing else. The
*separate* layout is a directory with one such record per file, each file
named after its variable.

Every reader checks each length against what is left of the file before
reading and reports problems as `ModelFormatError`. Nothing read is ever
executed (no pickle).
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from legacy_fluid.framework.program_desc import VarDesc
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.io.atomic_write import atomic_write_bytes
from legacy_fluid.io.errors import ModelFormatError
from legacy_fluid.io.input_files import open_regular
from legacy_fluid.io.tensor_checks import MAX_ELEMENTS, MAX_RANK, dims_problem, lod_problem
from legacy_fluid.proto import framework_pb2 as pb
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor

__all__ = [
    "TensorLike",
    "check_against_desc",
    "load_combined_params",
    "load_separate_params",
    "read_tensor",
    "save_combined_params",
    "save_separate_params",
    "tensor_to_bytes",
    "write_tensor",
]

TensorLike = DenseTensor | np.ndarray
Tensors = Mapping[str, TensorLike] | Sequence[tuple[str, TensorLike]]

_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_I32 = struct.Struct("<i")
_LOD_TENSOR_VERSION = 0
_TENSOR_VERSION = 0
# Sanity bounds that tell a corrupt header from a real one before allocating.
_MAX_LOD_LEVELS = 64
_MAX_DESC_BYTES = 1 << 20


# ---------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------
class _Reader:
    """A binary file read with bounds checks that name the file and variable."""

    def __init__(self, f: BinaryIO, path: str | os.PathLike[str], size: int) -> None:
        self.f = f
        self.path = os.fspath(path)
        self.size = size
        self.pos = 0
        self.var: str | None = None

    @property
    def left(self) -> int:
        return self.size - self.pos

    def error(self, problem: str, expected: Any = None, found: Any = None) -> ModelFormatError:
        return ModelFormatError(problem, path=self.path, var=self.var,
                                expected=expected, found=found)

    def truncated(self, what: str, n: int) -> ModelFormatError:
        return self.error(f"file is truncated: {what} at byte offset {self.pos} needs {n} bytes",
                          expected=f"{n} bytes", found=f"{max(self.left, 0)} bytes left")

    def read(self, n: int, what: str) -> bytes:
        if n > self.left:
            raise self.truncated(what, n)
        data = self.f.read(n)
        if len(data) != n:  # the file shrank while being read
            raise self.truncated(what, n)
        self.pos += n
        return data

    def unpack(self, s: struct.Struct, what: str) -> int:
        return s.unpack(self.read(s.size, what))[0]

    def read_into(self, arr: np.ndarray, what: str) -> None:
        view = arr.reshape(-1).view(np.uint8)
        n = view.size
        if n > self.left:
            raise self.truncated(what, n)
        got = self.f.readinto(view) if n else 0
        if got != n:
            raise self.truncated(what, n)
        self.pos += n


def _dtype_name(dtype: DataType | None) -> str:
    return "unknown" if dtype is None else str(dtype)


def read_tensor(r: _Reader, name: str, desc: VarDesc | None = None) -> DenseTensor:
    """Read one tensor record at the reader's position."""
    r.var = name
    version = r.unpack(_U32, "the LoD tensor version")
    if version != _LOD_TENSOR_VERSION:
        raise r.error("unsupported LoD tensor format version (or not a tensor record)",
                      expected=_LOD_TENSOR_VERSION, found=version)
    levels = r.unpack(_U64, "the number of LoD levels")
    if levels > _MAX_LOD_LEVELS:
        raise r.error("implausible number of LoD levels (corrupt record?)",
                      expected=f"at most {_MAX_LOD_LEVELS}", found=levels)
    lod: list[np.ndarray] = []
    for level in range(levels):
        nbytes = r.unpack(_U64, f"the byte size of LoD level {level}")
        if nbytes % 8:
            raise r.error(f"LoD level {level} byte size is not a multiple of 8",
                          expected="a multiple of 8", found=nbytes)
        if nbytes > r.left:
            raise r.truncated(f"LoD level {level}", nbytes)
        lod.append(np.frombuffer(r.read(nbytes, f"LoD level {level}"), dtype="<u8"))
    version = r.unpack(_U32, "the tensor version")
    if version != _TENSOR_VERSION:
        raise r.error("unsupported tensor format version", expected=_TENSOR_VERSION,
                      found=version)
    desc_size = r.unpack(_I32, "the tensor descriptor size")
    if not 0 <= desc_size <= _MAX_DESC_BYTES:
        raise r.error("implausible tensor descriptor size (corrupt record?)",
                      expected=f"0..{_MAX_DESC_BYTES} bytes", found=desc_size)
    raw_desc = r.read(desc_size, "the tensor descriptor")
    tdesc = pb.VarType.TensorDesc()
    try:
        tdesc.ParseFromString(raw_desc)
    except Exception as e:  # DecodeError, or a missing required field
        raise r.error(f"the tensor descriptor is not a valid VarType.TensorDesc: {e}") from e
    try:
        dtype = VarType(tdesc.data_type).to_phi()
        np_dtype = dtype.to_numpy().newbyteorder("<")
    except (ValueError, TypeError) as e:
        raise r.error("tensor element type is not supported",
                      expected="one of bool/int8/uint8/int16/uint16/int32/uint32/int64/"
                               "uint64/float16/bfloat16/float32/float64/complex64/"
                               "complex128/float8_e4m3fn/float8_e5m2",
                      found=f"VarType {tdesc.data_type}") from e
    dims = tuple(int(d) for d in tdesc.dims)
    if any(d < 0 for d in dims):
        raise r.error("tensor dims must not be negative in a params file",
                      expected="dims >= 0", found=list(dims))
    problem = dims_problem(dims)
    if problem is not None:
        raise r.error(f"implausible tensor dims (corrupt record?): {problem}",
                      expected=f"at most {MAX_RANK} dims, {MAX_ELEMENTS} elements",
                      found=list(dims)[:MAX_RANK])
    problem = lod_problem(lod, dims[0] if dims else 0)
    if problem is not None:
        raise r.error(f"inconsistent LoD: {problem}")
    if desc is not None:
        check_against_desc(dtype, dims, desc, path=r.path)
    numel = 1
    for d in dims:
        numel *= d
    nbytes = numel * np_dtype.itemsize
    if nbytes > r.left:
        raise r.truncated(f"the data of a {_dtype_name(dtype)} tensor of dims {list(dims)}",
                          nbytes)
    arr = np.empty(dims, dtype=np_dtype)
    r.read_into(arr, "the tensor data")
    if not np_dtype.isnative:  # pragma: no cover - big-endian hosts only
        arr = arr.astype(np_dtype.newbyteorder("="))
    return DenseTensor(arr, lod=[level.tolist() for level in lod])


def check_against_desc(dtype: DataType, dims: Sequence[int], desc: VarDesc, *,
                       path: str | os.PathLike[str] | None = None) -> None:
    """Raise if a stored tensor contradicts its VarDesc (dtype, rank, fixed dims)."""
    if desc.dtype is not None and desc.dtype != dtype:
        raise ModelFormatError("stored tensor's dtype contradicts the program",
                               path=path, var=desc.name,
                               expected=_dtype_name(desc.dtype), found=_dtype_name(dtype))
    shape = list(desc.shape)
    if len(shape) != len(dims) or any(s >= 0 and s != d for s, d in zip(shape, dims)):
        raise ModelFormatError("stored tensor's dims contradict the program",
                               path=path, var=desc.name, expected=shape, found=list(dims))


def load_combined_params(path: str | os.PathLike[str], names: Sequence[str],
                         var_descs: Mapping[str, VarDesc] | None = None
                         ) -> dict[str, DenseTensor]:
    """Read a combined params file holding `names`, in that order.

    With `var_descs`, each tensor's dtype and dims are checked against its
    VarDesc. The whole file must be consumed: leftover bytes are an error.
    """
    p = Path(path)
    f, size = open_regular(p, "params file")
    out: dict[str, DenseTensor] = {}
    with f:
        r = _Reader(f, p, size)
        for name in names:
            out[name] = read_tensor(r, name, (var_descs or {}).get(name))
        if r.left:
            r.var = None
            last = f"after the last variable '{names[-1]}'" if names else "but no variable"
            raise r.error(f"{r.left} trailing bytes {last}: the file holds more than the "
                          "program's persistable variables",
                          expected=f"{r.pos} bytes", found=f"{size} bytes")
    return out


#: The longest file name and path (bytes) Linux file systems take.
NAME_MAX, PATH_MAX = 255, 4096


def _var_file(directory: Path, name: str) -> Path:
    """The file of variable `name` in the one-file-per-variable layout. Paddle joins the
    name to the directory, so 'sub/w' lies in a subdirectory; each part must be a plain
    file name (not empty, '.' or '..', at most NAME_MAX bytes) and there is no NUL byte."""
    size = len(name.encode("utf-8", "surrogatepass"))
    parts = name.split("/")
    why = ("it is empty" if not name else
           "it holds a NUL byte" if "\0" in name else
           "it is an absolute path" if name.startswith("/") else
           f"it is longer than {PATH_MAX} bytes" if size > PATH_MAX else
           "it has an empty, '.' or '..' path part" if any(p in ("", ".", "..") for p in parts)
           else f"a part of it is longer than {NAME_MAX} bytes"
           if any(len(p.encode("utf-8", "surrogatepass")) > NAME_MAX for p in parts) else None)
    if why is not None:
        raise ModelFormatError(f"variable name {name[:80]!r} cannot be a file name in the "
                               f"one-file-per-variable params layout: {why}", path=directory)
    return directory / name


def load_separate_params(directory: str | os.PathLike[str], names: Iterable[str],
                         var_descs: Mapping[str, VarDesc] | None = None
                         ) -> dict[str, DenseTensor]:
    """Read one file per variable from `directory` (each file named by its variable)."""
    d = Path(directory)
    out: dict[str, DenseTensor] = {}
    for name in names:
        p = _var_file(d, name)
        f, size = open_regular(p, f"parameter file of variable '{name}'")
        with f:
            r = _Reader(f, p, size)
            out[name] = read_tensor(r, name, (var_descs or {}).get(name))
            if r.left:
                raise r.error(f"{r.left} trailing bytes after the tensor",
                              expected=f"{r.pos} bytes", found=f"{size} bytes")
    return out


# ---------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------
def _as_tensor(value: TensorLike, name: str) -> DenseTensor:
    if isinstance(value, DenseTensor):
        if not value.initialized():
            raise ValueError(f"variable '{name}': tensor holds no data")
        return value
    if isinstance(value, np.ndarray) or np.isscalar(value):
        arr = np.asarray(value)
        try:
            return DenseTensor(arr)
        except TypeError as e:
            raise TypeError(f"variable '{name}': dtype {arr.dtype} cannot be stored") from e
    raise TypeError(f"variable '{name}': expected a DenseTensor or numpy array, "
                    f"got {type(value).__name__}")


def tensor_to_bytes(tensor: TensorLike, name: str = "<tensor>") -> bytes:
    """One tensor record (see the module docstring)."""
    parts: list[bytes] = []
    _write_record(parts.append, _as_tensor(tensor, name), name)
    return b"".join(parts)


def _write_record(write: Any, t: DenseTensor, name: str) -> None:
    arr = t.numpy()
    try:
        data_type = VarType.from_phi(DataType.from_numpy(arr.dtype.newbyteorder("=")))
    except TypeError as e:
        raise TypeError(f"variable '{name}': dtype {arr.dtype} cannot be stored") from e
    head = [_U32.pack(_LOD_TENSOR_VERSION), _U64.pack(len(t.lod))]
    for level in t.lod:
        offsets = np.asarray(level, dtype="<u8")
        head += [_U64.pack(offsets.nbytes), offsets.tobytes()]
    tdesc = pb.VarType.TensorDesc(data_type=int(data_type), dims=[int(d) for d in arr.shape])
    raw_desc = tdesc.SerializeToString()
    head += [_U32.pack(_TENSOR_VERSION), _I32.pack(len(raw_desc)), raw_desc]
    write(b"".join(head))
    little = arr.dtype.newbyteorder("<")
    data = np.ascontiguousarray(arr, dtype=little)
    if data.size:
        write(data.reshape(-1).view(np.uint8))


def write_tensor(f: BinaryIO, tensor: TensorLike, name: str = "<tensor>") -> None:
    """Write one tensor record to an open binary file."""
    _write_record(f.write, _as_tensor(tensor, name), name)


def _items(tensors: Tensors) -> list[tuple[str, DenseTensor]]:
    pairs = list(tensors.items()) if isinstance(tensors, Mapping) else list(tensors)
    return [(str(n), _as_tensor(t, str(n))) for n, t in pairs]


def save_combined_params(path: str | os.PathLike[str], tensors: Tensors) -> None:
    """Write a combined params file, tensors in the given order, atomically.

    `tensors` is a mapping or a sequence of (name, tensor) pairs; pass them in
    the order readers will ask for (sorted names for inference models).
    """
    items = _items(tensors)

    def write(f: BinaryIO) -> None:
        for name, t in items:
            write_tensor(f, t, name)

    atomic_write_bytes(path, write)


def save_separate_params(directory: str | os.PathLike[str], tensors: Tensors) -> None:
    """Write one file per tensor into `directory`, each atomically."""
    d = Path(directory)
    for name, t in _items(tensors):
        p = _var_file(d, name)
        atomic_write_bytes(p, lambda f, t=t, name=name: write_tensor(f, t, name))
