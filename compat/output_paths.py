"""Output paths checked before any work starts, so that a long run never ends in
"cannot write". No folder is created here (the atomic writer makes missing folders
when it writes, `legacy_fluid.io.atomic_write`); whether the nearest existing folder
takes new files is tried with a temp file that is removed at once.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class OutputPathError(ValueError):
    """An output path that cannot be written; the message names the option and the path."""


def _writable_dir(d: Path) -> bool:
    """Files can be made in `d`: tried for real (a temp file made and removed at once), as
    permission bits do not tell for root, read-only mounts or /proc."""
    if not os.access(d, os.W_OK | os.X_OK):
        return False
    try:
        with tempfile.TemporaryFile(dir=d):
            return True
    except OSError:
        return False


def _check_parent(path: Path, option: str) -> None:
    """The nearest existing folder above `path` must be a folder we may write in."""
    parent = path.parent
    while not parent.exists():
        if parent.is_symlink():  # a dangling link
            raise OutputPathError(f"{option} '{path}' cannot be written: '{parent}' is a "
                                  "broken link")
        parent = parent.parent
    if not parent.is_dir():
        raise OutputPathError(f"{option} '{path}' cannot be written: '{parent}' is a file, "
                              "not a folder")
    if not _writable_dir(parent):
        raise OutputPathError(f"{option} '{path}' cannot be written: folder '{parent}' is "
                              "not writable")


def check_output_file(path: Path, option: str) -> None:
    """`path` can be written as a file (created, or replaced)."""
    if path.is_dir():
        raise OutputPathError(f"{option} '{path}' cannot be written: it is a folder (give a "
                              "file name)")
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputPathError(f"{option} '{path}' cannot be written: the file exists and is "
                              "read-only")
    _check_parent(path, option)


def check_output_dir(path: Path, option: str) -> None:
    """Files can be written into the folder `path` (which may not exist yet)."""
    if path.exists() and not path.is_dir():
        raise OutputPathError(f"{option} '{path}' cannot be written: it exists as a file "
                              "(give a folder)")
    if path.is_dir():
        if not _writable_dir(path):
            raise OutputPathError(f"{option} '{path}' cannot be written: the folder is not "
                                  "writable")
        return
    _check_parent(path, option)
