"""The one `.npz` writer of the CLI (`run --output`, `train --output`): any variable name.

`np.savez(f, **arrays)` takes the names as keyword arguments, so a variable named `file`
or `allow_pickle` breaks it (a TypeError, or the array silently dropped). Here each array
is written as the zip member `NAME.npy` with `numpy.lib.format.write_array`, which is
what `np.savez` writes and what `np.load` reads back under the key `NAME` (0-d arrays keep
shape `()`). Names may hold any character but NUL: a zip member's name ends at a NUL, so
such a name could not be read back as it was written and is refused. A `/` is kept (it
reads back unchanged: `np.load(...)["a/b"]`).
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterable, Mapping
from typing import IO

import numpy as np
from numpy.lib import format as npy_format

from compat.output_paths import OutputPathError


class NpzNameError(OutputPathError):
    """A name that cannot be a member of an .npz as it is."""


def check_npz_names(names: Iterable[str], option: str) -> None:
    """Every name can be written to and read back from an .npz unchanged."""
    bad = [n for n in names if "\x00" in n]
    if bad:
        shown = ", ".join(repr(n) for n in bad)
        raise NpzNameError(f"{option}: variable {shown} cannot be stored in an .npz (a NUL "
                           "character ends a zip member's name); fetch it under another name")


def write_npz(f: IO[bytes], arrays: Mapping[str, np.ndarray], option: str = "--output") -> None:
    """`arrays` into the open binary file `f` as an uncompressed .npz, one `NAME.npy` each."""
    check_npz_names(arrays, option)
    with zipfile.ZipFile(f, mode="w", compression=zipfile.ZIP_STORED, allowZip64=True) as zf:
        for name, value in arrays.items():
            with zf.open(name + ".npy", "w", force_zip64=True) as member:
                npy_format.write_array(member, np.asanyarray(value), allow_pickle=False)
