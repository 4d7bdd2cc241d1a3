"""Input files opened for reading only when they are regular files.

A FIFO, socket or device given where a model, params or array file is expected would
block a plain `open` (a FIFO waits for a writer) or read forever (/dev/zero). The path is
stat'ed first, then opened with O_NONBLOCK (a FIFO swapped in between the two cannot block
the open) and fstat'ed again: only a regular file is ever read.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

from legacy_fluid.io.atomic_write import not_a_regular_file
from legacy_fluid.io.errors import MissingModelFileError, ModelFormatError


def open_regular(path: str | os.PathLike[str], what: str = "file") -> tuple[BinaryIO, int]:
    """`path` opened for binary reading and its size; `ModelFormatError` (naming the path)
    for anything but an existing regular file, which is then never opened. The caller
    closes the file."""
    p = Path(path)
    try:
        kind = not_a_regular_file(os.stat(p).st_mode)
    except FileNotFoundError:
        raise MissingModelFileError(f"{what} not found", path=p) from None
    except (OSError, ValueError) as e:  # a NUL byte, a name too long, no permission ...
        raise ModelFormatError(f"{what} cannot be read: {getattr(e, 'strerror', None) or e}",
                               path=p) from None
    if kind is None:
        try:
            fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_BINARY", 0))
        except OSError as e:
            raise ModelFormatError(f"{what} cannot be read: {e.strerror or e}",
                                   path=p) from None
        info = os.fstat(fd)
        kind = not_a_regular_file(info.st_mode)  # replaced between the stat and the open?
        if kind is None:
            if hasattr(os, "set_blocking"):
                os.set_blocking(fd, True)
            return os.fdopen(fd, "rb"), info.st_size
        os.close(fd)
    raise ModelFormatError(f"the {what} is {kind}, not a regular file (it is not opened)",
                           path=p)
