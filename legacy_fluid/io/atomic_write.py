"""Writing a file so that readers see either the old file or the complete new one.

Every file fluidphi writes (models, parameters, reports, migrated modules) goes
through here: a temp file in the target's folder, then `os.replace`. The new file
keeps the old one's permissions, or gets the usual ones for a new file (0o666
less the umask) rather than the temp file's private 0o600.

Only regular files are written: a folder, device, FIFO or socket at the path is refused
(`NotARegularFileError`, before the temp file is made and again just before the
replace), so that `os.replace` never swaps out, say, `/dev/null`. A symlink at the path
is replaced by the new file (its target is left alone).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISSOCK, "a socket"))


class NotARegularFileError(OSError):
    """The path holds something other than a regular file (or a symlink)."""


def not_a_regular_file(mode: int) -> str | None:
    """What a file of `mode` is, when it is neither a regular file nor a symlink."""
    if stat.S_ISREG(mode) or stat.S_ISLNK(mode):
        return None
    return next((what for test, what in _KINDS if test(mode)), "not a regular file")


def _refuse_special(target: Path) -> None:
    try:
        mode = os.lstat(target).st_mode
    except FileNotFoundError:
        return
    what = not_a_regular_file(mode)
    if what:
        raise NotARegularFileError(errno.EEXIST, f"it is {what}, not a regular file: "
                                   "refusing to replace it", str(target))


def _mode_for(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes | Callable[[Any], None]
                       ) -> None:
    """Write `path` via a temp file in the same directory and `os.replace`.

    `data` is the content, or a function that writes it to the open file.
    Either the old file or the complete new one exists at every moment; missing
    folders are made.
    """
    target = Path(path)
    _refuse_special(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_for(target)
    # the temp name stays within NAME_MAX however long the target's name is
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:64]}.", suffix=".tmp",
                               dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            if callable(data):
                data(f)
            else:
                f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        _refuse_special(target)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """`atomic_write_bytes` for UTF-8 text, written as given (no newline translation)."""
    atomic_write_bytes(path, text.encode("utf-8"))
