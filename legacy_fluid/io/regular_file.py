"""Open a model or params file only when it is a regular file.

A FIFO, socket or device where a model, params or per-variable parameter file should be
would block a reader forever (or stream without end), so each input is `stat`ed before it
is opened and refused unless it is a regular file; it is then opened with `O_NONBLOCK`
(a FIFO swapped in between the two steps cannot block the open) and checked again on the
open descriptor.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

from legacy_fluid.io.errors import MissingModelFileError, ModelFormatError

__all__ = ["open_regular"]


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device")):
        if test(mode):
            return name
    return "not a regular file"


def open_regular(path: Path, what: str) -> tuple[BinaryIO, int]:
    """(`path` opened for binary reading, its size); `what` names the file in errors.
    The caller closes the file."""
    try:
        st = os.stat(path)
    except FileNotFoundError as e:
        raise MissingModelFileError(f"{what} not found", path=path) from e
    except (OSError, ValueError) as e:  # a NUL byte, a name too long, no permission ...
        raise ModelFormatError(f"{what} cannot be read: {e}", path=path) from e
    if not stat.S_ISREG(st.st_mode):
        raise ModelFormatError(f"the {what} is {_kind(st.st_mode)}, not a regular file "
                               "(it is not opened)", path=path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise ModelFormatError(f"{what} cannot be opened: {e.strerror}", path=path) from e
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):  # replaced between the stat and the open
        os.close(fd)
        raise ModelFormatError(f"the {what} is {_kind(st.st_mode)}, not a regular file",
                               path=path)
    return os.fdopen(fd, "rb"), st.st_size
