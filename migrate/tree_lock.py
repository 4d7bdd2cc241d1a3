"""Concurrent `--write` runs on one tree exclude each other.

A writing run holds an exclusive `flock` on every folder it may write (each module's
folder and each folder given) from before it reads the first file until its last write;
folders are locked in one global order (sorted real paths), so two runs never wait on
each other in a cycle. A run that finds a folder locked says so and waits. The locks are
the kernel's: they go with the process, whatever way it ends.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def tree_lock(folders: Iterable[Path], on_wait: Callable[[Path], None] | None = None
              ) -> Iterator[None]:
    """Hold an exclusive lock on each of `folders` (waiting for other holders)."""
    fds: list[int] = []
    try:
        for folder in sorted({Path(os.path.realpath(f)) for f in folders}):
            fd = os.open(folder, os.O_RDONLY)
            fds.append(fd)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if on_wait is not None:
                    on_wait(folder)
                fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        for fd in reversed(fds):
            os.close(fd)  # closing the descriptor releases its lock


def folders_written(paths: Iterable[Path], files: Iterable[Path]) -> set[Path]:
    """The folders a write over `paths` (discovered as `files`) may change."""
    out = {p for p in paths if p.is_dir()}
    out.update(f.parent for f in files)
    return out
