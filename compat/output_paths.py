"""Output paths checked before any work starts, so that a long run never ends in
"cannot write". No folder is created here (the atomic writer makes missing folders
when it writes, `legacy_fluid.io.atomic_write`); whether the nearest existing folder
takes new files is tried with a temp file that is removed at once.

An output is written only as a regular file, new or replacing a regular file (or the
symlink at the path, which the atomic writer replaces by the file: the link's target is
never touched). A folder, a character or block device (`/dev/null`), a FIFO or a socket
at the path is refused here, naming what it is, and again by the atomic writer at write
time. Names longer than the file system takes (each component against NAME_MAX, the
whole against PATH_MAX) are refused here too, before the run rather than after it.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from legacy_fluid.io.atomic_write import not_a_regular_file


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


def _nearest_folder(path: Path) -> Path:
    """The nearest existing folder at or above `path` (stat errors such as a name too
    long count as missing)."""
    for folder in (path, *path.parents):
        if os.path.isdir(folder):
            return folder
    return Path(".")


def _limit(folder: Path, name: str, fallback: int) -> int:
    try:
        value = os.pathconf(folder, name)
    except (AttributeError, OSError, ValueError):  # no pathconf (Windows), or no such name
        return fallback
    return value if value and value > 0 else fallback


def _check_length(path: Path, option: str) -> None:
    """Each component within NAME_MAX bytes and the whole within PATH_MAX, as the file
    system under the nearest existing folder counts them."""
    base = _nearest_folder(path.absolute())
    name_max = _limit(base, "PC_NAME_MAX", 255)
    for part in path.parts:
        size = len(os.fsencode(part))
        if size > name_max and part != path.anchor:
            short = part if len(part) <= 40 else part[:37] + "..."
            raise OutputPathError(f"{option} '{path}' cannot be written: the name '{short}' "
                                  f"is {size} bytes, more than the {name_max} the file system "
                                  "takes")
    path_max = _limit(base, "PC_PATH_MAX", 4096)
    size = len(os.fsencode(os.path.abspath(path)))
    if size >= path_max:
        raise OutputPathError(f"{option} '{path}' cannot be written: the path is {size} "
                              f"bytes, more than the {path_max - 1} the system takes")


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
    """`path` can be written as a regular file (created, or replacing a regular file)."""
    _check_length(path, option)
    if path.is_dir():
        raise OutputPathError(f"{option} '{path}' cannot be written: it is a folder (give a "
                              "file name)")
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        mode = None
    what = None if mode is None or stat.S_ISLNK(mode) else not_a_regular_file(mode)
    if what:
        raise OutputPathError(f"{option} '{path}' cannot be written: it is {what}, not a "
                              "regular file (outputs are written only as regular files)")
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputPathError(f"{option} '{path}' cannot be written: the file exists and is "
                              "read-only")
    _check_parent(path, option)


def check_output_dir(path: Path, option: str, files: Iterable[str] = ()) -> None:
    """Files can be written into the folder `path` (which may not exist yet); `files`, the
    names to be written there, are checked as output files."""
    _check_length(path, option)
    if path.exists() and not path.is_dir():
        what = not_a_regular_file(os.stat(path).st_mode)
        raise OutputPathError(f"{option} '{path}' cannot be written: "
                              + (f"it is {what}" if what else "it exists as a file")
                              + " (give a folder)")
    if path.is_dir():
        if not _writable_dir(path):
            raise OutputPathError(f"{option} '{path}' cannot be written: the folder is not "
                                  "writable")
    else:
        _check_parent(path, option)
    for name in files:
        check_output_file(path / name, option)
