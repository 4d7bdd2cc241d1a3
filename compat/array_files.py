"""The one reader of .npy / .npz array files given as inputs (`run --input`, `train --feed`,
`train --params FILE.npz`).

Every check is made before the data it guards is read:

* only a regular file is opened (a FIFO or device is refused, never blocked on);
* a .npy header must describe exactly the bytes that follow it, hold no Python objects
  (pickles are never loaded) and a tensor dtype;
* a zip's members must lie inside the file, be stored or deflated (as np.savez and
  np.savez_compressed write them) and declare no more than deflate can produce from their
  compressed bytes (1032:1); a member is inflated in bounded chunks, and one that inflates
  beyond its declared size, short of it, or to a wrong CRC is refused;
* what the arrays will take is charged to a `ReadBudget` (the memory limit, `--max-memory`)
  from the headers, before any array is allocated: a 100-byte member declaring 4 GiB is
  refused, never allocated.

Files are read by their content, as `numpy.load` does, whatever their suffix.
"""

from __future__ import annotations

import io
import math
import struct
import tokenize
import zipfile
import zlib
from pathlib import Path
from typing import BinaryIO

import numpy as np
import numpy.lib.format as npy_format

from compat.memory_guard import Limit, format_bytes
from legacy_fluid.io.errors import MissingModelFileError, ModelFormatError
from legacy_fluid.io.input_files import open_regular
from legacy_fluid.io.tensor_checks import dims_problem
from phi.common import DataType

NPY_MAGIC = b"\x93NUMPY"
ZIP_MAGIC = b"PK\x03\x04"
EMPTY_ZIP_MAGIC = b"PK\x05\x06"
#: deflate never inflates one compressed byte to more than 1032 bytes
MAX_DEFLATE_RATIO = 1032
CHUNK = 1 << 20
#: the longest .npy header read (NumPy writes a few hundred bytes)
MAX_HEADER = 1 << 16
#: a zip local file header: its size and (offsets of) its name and extra field lengths
_LOCAL = struct.Struct("<4s2B4HL2L2H")
_NAME_LEN, _EXTRA_LEN = 10, 11
#: what NumPy's header parser and the zip reader raise on malformed bytes (the header's
#: dict goes through tokenize, whose TokenError is no SyntaxError)
_READ_ERRORS = (ValueError, OSError, EOFError, zipfile.BadZipFile, zlib.error,
                NotImplementedError, KeyError, SyntaxError, tokenize.TokenError, struct.error)


class InputError(ValueError):
    """An input array file cannot be used; the message names the option, the file and why."""


class ReadBudget:
    """Bytes the arrays read may still take: the memory limit, shared by every file read."""

    def __init__(self, limit: Limit | None = None) -> None:
        self.limit = limit
        self.left = None if limit is None else limit.bytes

    def take(self, nbytes: int, what: str) -> None:
        if self.left is None or self.limit is None:
            return
        if nbytes > self.left:
            spent = "" if self.left == self.limit.bytes else (
                f" (of {format_bytes(self.limit.bytes or 0)}, the rest taken by the inputs "
                "read before it)")
            raise InputError(f"{what}: its arrays would take {format_bytes(nbytes)} "
                             f"({nbytes:,} bytes), more than the {format_bytes(self.left)} "
                             f"left of the memory limit{spent} ({self.limit.source}); nothing "
                             "was read into memory. Raise the limit with --max-memory SIZE "
                             "(e.g. 16GiB, or none), or give smaller inputs")
        self.left -= nbytes


def _read_exact(f: BinaryIO, out: memoryview) -> int:
    """Fill `out` from `f` in bounded chunks; the number of bytes read."""
    done = 0
    while done < len(out):
        got = f.readinto(out[done: done + CHUNK])
        if not got:
            break
        done += got
    return done


def _read_npy(f: BinaryIO, what: str, size: int, budget: ReadBudget) -> np.ndarray:
    """The .npy array at `f`'s position, `size` bytes in all; its header is checked (and its
    bytes charged to `budget`) before the data is read."""
    head = f.read(len(NPY_MAGIC) + 2)
    if head[: len(NPY_MAGIC)] != NPY_MAGIC:
        if not head:
            raise InputError(f"{what} is empty (expected a .npy or .npz file)")
        raise InputError(f"{what} is not a readable .npy/.npz file: it starts with neither "
                         "NumPy's magic bytes nor a zip header")
    version = (head[-2], head[-1]) if len(head) == len(NPY_MAGIC) + 2 else None
    try:
        if version not in ((1, 0), (2, 0)):
            raise InputError(f"{what} is a .npy file of format version {version}, which "
                             "fluidphi does not read (1.0 and 2.0 are read)")
        length_field = f.read(2 if version == (1, 0) else 4)
        length = int.from_bytes(length_field, "little")
        if len(length_field) not in (2, 4) or length > MAX_HEADER:
            raise InputError(f"{what} has a corrupt .npy header (it claims {length:,} "
                             f"bytes, at most {MAX_HEADER:,} are read)")
        header = io.BytesIO(length_field + f.read(length))
        read_header = (npy_format.read_array_header_1_0 if version == (1, 0)
                       else npy_format.read_array_header_2_0)
        shape, fortran, dtype = read_header(header, max_header_size=MAX_HEADER)
    except InputError:
        raise
    except _READ_ERRORS as e:
        raise InputError(f"{what} has a corrupt .npy header ({e})") from None
    if dtype.hasobject:
        raise InputError(f"{what} holds Python objects (pickled data), which fluidphi never "
                         "loads; save plain numeric arrays")
    try:
        DataType.from_numpy(dtype)
    except (TypeError, ValueError, KeyError):
        raise InputError(f"{what} holds an array of dtype {dtype}, which is no tensor dtype "
                         "(numbers or bools)") from None
    problem = dims_problem(shape)
    if problem is not None:
        raise InputError(f"{what}: its header describes an array of {problem}")
    nbytes = math.prod(shape) * dtype.itemsize
    left = size - f.tell()
    if nbytes != left:
        raise InputError(f"{what}: its header describes a {dtype} array of shape "
                         f"{list(shape)} ({nbytes:,} bytes), but {left:,} bytes follow it "
                         "(truncated or corrupt file)")
    budget.take(nbytes, what)
    data = bytearray(nbytes)
    try:
        if _read_exact(f, memoryview(data)) != nbytes:
            raise EOFError("the data ends early")
        flat = np.frombuffer(data, dtype=dtype)
        return flat.reshape(shape, order="F" if fortran else "C")
    except InputError:
        raise
    except _READ_ERRORS as e:
        raise InputError(f"{what} cannot be read ({e})") from None


class _Member(io.RawIOBase):
    """One zip member's bytes, inflated in bounded chunks from the archive's compressed
    bytes; reading past its declared size, or ending short of it or with a wrong CRC, is an
    `InputError`."""

    def __init__(self, f: BinaryIO, info: zipfile.ZipInfo, what: str) -> None:
        super().__init__()
        self.f, self.info, self.what = f, info, what
        f.seek(info.header_offset)
        header = f.read(_LOCAL.size)
        if len(header) != _LOCAL.size or header[:4] != ZIP_MAGIC:
            raise InputError(f"{what} is a corrupt zip: its local header is missing")
        fields = _LOCAL.unpack(header)
        encoding = "utf-8" if info.flag_bits & 0x800 else "cp437"
        if f.read(fields[_NAME_LEN]) != info.orig_filename.encode(encoding, "replace"):
            raise InputError(f"{what} is a corrupt zip: its local header names another file "
                             "than its directory entry")
        f.seek(fields[_EXTRA_LEN], 1)
        self.compressed_left = info.compress_size
        self.inflate = (zlib.decompressobj(-15) if info.compress_type == zipfile.ZIP_DEFLATED
                        else None)
        self.pending = b""
        self.pos = 0
        self.crc = 0

    def readable(self) -> bool:
        return True

    def tell(self) -> int:
        return self.pos

    def _more(self) -> bytes:
        """The next chunk of the member's bytes (b'' at the end of its compressed data)."""
        while True:
            if self.inflate is not None and self.inflate.eof:
                return b""
            raw = (self.inflate.unconsumed_tail if self.inflate is not None else b"")
            if not raw:
                raw = self.f.read(min(CHUNK, self.compressed_left))
                self.compressed_left -= len(raw)
            if self.inflate is None or not raw:
                return raw
            out = self.inflate.decompress(raw, CHUNK)
            if out:
                return out

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        room = self.info.file_size - self.pos
        if room <= 0:
            return 0  # the declared end; `finish` checks that nothing follows
        if not self.pending:
            self.pending = self._more()
            if not self.pending:
                self._check_end()
                return 0
        n = min(len(buffer), len(self.pending), room)
        chunk, self.pending = self.pending[:n], self.pending[n:]
        buffer[:n] = chunk
        self.pos += n
        self.crc = zlib.crc32(chunk, self.crc)
        return n

    def _check_end(self) -> None:
        if self.pos != self.info.file_size or (self.inflate is not None
                                               and not self.inflate.eof):
            raise InputError(f"{self.what} inflates to {self.pos:,} bytes, not the "
                             f"{self.info.file_size:,} its zip entry declares (corrupt zip)")
        if self.crc != self.info.CRC:
            raise InputError(f"{self.what} fails its CRC check (corrupt zip)")

    def finish(self) -> None:
        """After the array: the member must end here, as declared."""
        if self.pending or self._more():
            raise InputError(f"{self.what} inflates beyond the {self.info.file_size:,} bytes "
                             "its zip entry declares (a zip bomb or a corrupt zip)")
        self._check_end()


def _members(zf: zipfile.ZipFile, size: int, what: str) -> list[zipfile.ZipInfo]:
    """The archive's .npy members, each checked against the archive from its entry alone."""
    members = []
    for info in zf.infolist():
        if not info.filename.endswith(".npy") or info.is_dir():
            continue
        where = f"{what}, member '{info.filename}',"
        if info.flag_bits & 0x1:
            raise InputError(f"{where} is encrypted (np.savez never encrypts)")
        if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise InputError(f"{where} is compressed with zip method {info.compress_type}; "
                             "an .npz holds stored or deflated members (np.savez, "
                             "np.savez_compressed)")
        if info.header_offset + _LOCAL.size + info.compress_size > size:
            raise InputError(f"{where} claims {info.compress_size:,} compressed bytes beyond "
                             f"the end of the {size:,}-byte file (truncated or corrupt zip)")
        stored = info.compress_type == zipfile.ZIP_STORED
        if stored and info.file_size != info.compress_size:
            raise InputError(f"{where} is stored uncompressed but declares "
                             f"{info.file_size:,} bytes from {info.compress_size:,} (corrupt zip)")
        if info.file_size > info.compress_size * MAX_DEFLATE_RATIO + 1024:
            raise InputError(f"{where} declares {info.file_size:,} bytes inflated from "
                             f"{info.compress_size:,} compressed bytes, more than deflate can "
                             "produce (a zip bomb or a corrupt zip)")
        members.append(info)
    return members


def _read_npz(f: BinaryIO, size: int, what: str, budget: ReadBudget) -> dict[str, np.ndarray]:
    try:
        with zipfile.ZipFile(f) as zf:
            members = _members(zf, size, what)
    except InputError:
        raise
    except _READ_ERRORS as e:
        raise InputError(f"{what} is not a readable .npy/.npz file: a corrupt zip ({e})"
                         ) from None
    if not members:
        raise InputError(f"{what} is an .npz file that holds no arrays")
    names = [info.filename[: -len(".npy")] for info in members]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise InputError(f"{what} holds array '{twice[0]}' twice (corrupt or crafted zip)")
    budget.take(sum(info.file_size for info in members), what)  # from the entries alone
    unlimited = ReadBudget()  # charged above for the whole archive
    arrays: dict[str, np.ndarray] = {}
    for key, info in zip(names, members):
        member_what = f"{what}, array '{key}',"
        try:
            member = _Member(f, info, member_what)
            arrays[key] = _read_npy(member, member_what, info.file_size, unlimited)
            member.finish()
        except InputError:
            raise
        except _READ_ERRORS as e:
            raise InputError(f"{member_what} cannot be read: a corrupt zip ({e})") from None
    return arrays


def read_array_file(path: Path, what: str, budget: ReadBudget | None = None
                    ) -> np.ndarray | dict[str, np.ndarray]:
    """One array (.npy content) or arrays by name (.npz content), every check made first
    (see the module doc); `what` starts every message (the option and the file)."""
    budget = budget or ReadBudget()
    try:
        f, size = open_regular(path, "file")
    except MissingModelFileError:
        raise InputError(f"{what} does not exist (expected a .npy or .npz file)") from None
    except ModelFormatError as e:
        raise InputError(f"{what} {e.problem} (expected a .npy or .npz file)") from None
    try:
        with f:
            head = f.read(len(NPY_MAGIC))
            f.seek(0)
            if head.startswith((ZIP_MAGIC, EMPTY_ZIP_MAGIC)):
                return _read_npz(f, size, what, budget)
            return _read_npy(f, what, size, budget)
    except OSError as e:
        raise InputError(f"{what} cannot be read: {e.strerror or e}") from None
