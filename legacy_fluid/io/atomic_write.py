"""Writing a file so that readers see either the old file or the complete new one.

Every file fluidphi writes (models, parameters, reports, migrated modules) goes
through here: a temp file in the target's folder, then `os.replace`. The new file
keeps the old one's permissions, or gets the usual ones for a new file (0o666
less the umask) rather than the temp file's private 0o600.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


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
    target.parent.mkdir(parents=True, exist_ok=True)
    mode = _mode_for(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            if callable(data):
                data(f)
            else:
                f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """`atomic_write_bytes` for UTF-8 text, written as given (no newline translation)."""
    atomic_write_bytes(path, text.encode("utf-8"))
