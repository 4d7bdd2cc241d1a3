"""Input arrays for `fluidphi run`: `--input` specs read from .npy / .npz files.

Every file is checked before its data is read: a .npy header must describe
exactly the bytes that follow it (a header claiming terabytes is refused, not
allocated), object arrays (pickles) are refused, a zip must hold arrays.
Files are read by their content, as `numpy.load` does, whatever their suffix.

`--input` forms:

* `NAME=FILE.npy` / `NAME=FILE.npz`: the feed NAME; from an .npz its array
  NAME (or the only array when it is unnamed, `arr_0` as `np.savez` names it);
* `FILE.npy`: the model's only feed;
* `FILE.npz`: every array of the file, each feeding the feed of its name.

A feed given twice, and an .npz array named after no feed, are errors.
"""

from __future__ import annotations

import math
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np
import numpy.lib.format as npy_format

NPY_MAGIC = b"\x93NUMPY"
ZIP_MAGIC = b"PK\x03\x04"
EMPTY_ZIP_MAGIC = b"PK\x05\x06"
#: `np.savez(file, array)` names its one array so: taken for any single feed.
UNNAMED_KEY = "arr_0"
_READ_ERRORS = (ValueError, OSError, EOFError, zipfile.BadZipFile, zlib.error,
                NotImplementedError, KeyError, SyntaxError)


class InputError(ValueError):
    """An --input spec or file cannot be used; the message names the spec and the file."""


@dataclass(frozen=True)
class InputSpec:
    text: str  # as given on the command line
    name: str | None  # the feed named by NAME=, if any
    path: Path


def parse_spec(text: str) -> InputSpec:
    name, sep, file = text.partition("=")
    if not sep:
        return InputSpec(text, None, Path(text))
    if not name or not file:
        raise InputError(f"--input {text}: expected NAME=FILE (a .npy or .npz file)")
    return InputSpec(text, name, Path(file))


def _read_npy(f: BinaryIO, what: str, size: int) -> np.ndarray:
    """The .npy array at `f`'s position, `size` bytes in all; its header is checked
    against that size before the data is read."""
    start = f.tell()
    if f.read(len(NPY_MAGIC)) != NPY_MAGIC:
        raise InputError(f"{what} is not a readable .npy/.npz file: it starts with neither "
                         "NumPy's magic bytes nor a zip header")
    f.seek(start)
    try:
        version = npy_format.read_magic(f)
        if version == (1, 0):
            shape, fortran, dtype = npy_format.read_array_header_1_0(f)
        elif version == (2, 0):
            shape, fortran, dtype = npy_format.read_array_header_2_0(f)
        else:
            raise InputError(f"{what} is a .npy file of format version {version}, which "
                             "fluidphi does not read (1.0 and 2.0 are read)")
    except _READ_ERRORS as e:
        raise InputError(f"{what} has a corrupt .npy header ({e})") from None
    if dtype.hasobject:
        raise InputError(f"{what} holds Python objects (pickled data), which fluidphi never "
                         "loads; save plain numeric arrays")
    nbytes = math.prod(shape) * dtype.itemsize
    left = size - (f.tell() - start)
    if nbytes != left:
        raise InputError(f"{what}: its header describes a {dtype} array of shape "
                         f"{list(shape)} ({nbytes:,} bytes), but {left:,} bytes follow it "
                         "(truncated or corrupt file)")
    data = bytearray(nbytes)
    try:
        if f.readinto(data) != nbytes:
            raise EOFError("the data ends early")
        flat = np.frombuffer(data, dtype=dtype)
        return flat.reshape(shape, order="F" if fortran else "C")
    except _READ_ERRORS as e:
        raise InputError(f"{what} cannot be read ({e})") from None


def _read_npz(path: Path, what: str) -> dict[str, np.ndarray]:
    arrays: dict[str, np.ndarray] = {}
    try:
        with zipfile.ZipFile(path) as zf:
            for info in zf.infolist():
                if info.is_dir() or not info.filename.endswith(".npy"):
                    continue
                key = info.filename[: -len(".npy")]
                with zf.open(info) as member:
                    arrays[key] = _read_npy(member, f"{what}, array '{key}',", info.file_size)
    except InputError:
        raise
    except _READ_ERRORS as e:
        raise InputError(f"{what} is not a readable .npy/.npz file: a corrupt zip ({e})"
                         ) from None
    if not arrays:
        raise InputError(f"{what} is an .npz file that holds no arrays")
    return arrays


def read_array_file(path: Path, what: str) -> np.ndarray | dict[str, np.ndarray]:
    """One array (.npy content) or arrays by name (.npz content)."""
    if not path.is_file():
        state = "is not a regular file" if path.exists() else "does not exist"
        raise InputError(f"{what} {state} (expected a .npy or .npz file)")
    try:
        with open(path, "rb") as f:
            head = f.read(len(NPY_MAGIC))
            if head.startswith((ZIP_MAGIC, EMPTY_ZIP_MAGIC)):
                return _read_npz(path, what)
            f.seek(0)
            return _read_npy(f, what, path.stat().st_size)
    except OSError as e:
        raise InputError(f"{what} cannot be read: {e.strerror or e}") from None


def _pick(arrays: dict[str, np.ndarray], name: str, what: str) -> np.ndarray:
    if name in arrays:
        return arrays[name]
    if list(arrays) == [UNNAMED_KEY]:
        return arrays[UNNAMED_KEY]
    raise InputError(f"{what} has no array named '{name}' (it holds: {', '.join(arrays)})")


def read_inputs(specs: list[str], feed_names: list[str]) -> dict[str, np.ndarray]:
    """Fed arrays by feed name from `--input` specs (see the module docstring)."""
    feeds: dict[str, np.ndarray] = {}
    given_by: dict[str, str] = {}

    def put(name: str, array: np.ndarray, spec: str) -> None:
        if name in feeds:
            raise InputError(f"feed '{name}' is given twice (by --input {given_by[name]} and "
                             f"--input {spec}); give each feed once")
        feeds[name], given_by[name] = array, spec

    for text in specs:
        spec = parse_spec(text)
        what = f"--input {text}: '{spec.path}'"
        content = read_array_file(spec.path, what)
        if spec.name is not None:
            array = content if isinstance(content, np.ndarray) else _pick(content, spec.name,
                                                                         what)
            put(spec.name, array, text)
        elif isinstance(content, np.ndarray) or list(content) == [UNNAMED_KEY]:
            if len(feed_names) != 1:
                raise InputError(f"--input {text}: the model has {len(feed_names)} feeds "
                                 f"({', '.join(feed_names) or 'none'}); use --input "
                                 "NAME=FILE.npy, or an .npz whose arrays are named after "
                                 "the feeds")
            array = content if isinstance(content, np.ndarray) else content[UNNAMED_KEY]
            put(feed_names[0], array, text)
        else:
            unknown = [k for k in content if k not in feed_names]
            if unknown:
                raise InputError(f"{what} holds array(s) {', '.join(unknown)} named after no "
                                 f"feed of the model ({', '.join(feed_names) or 'none'})")
            for key, array in content.items():
                put(key, array, text)
    return feeds
