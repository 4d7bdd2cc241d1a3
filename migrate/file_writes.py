"""`--write`: nothing is replaced before every target is checked (still holding the bytes
that were read, writable, its folder writable), and a run's writes are one unit: the
ops.yaml files first, then the modules, each through a temp file and `os.replace`; when a
write fails, every file of the run written so far gets its old bytes back. (Concurrent
runs on one tree exclude each other: `tree_lock`.)
"""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from legacy_fluid.io.atomic_write import atomic_write_bytes
from migrate.source_files import digest_of


@dataclass
class Change:
    path: Path
    old: str | None  # None: the file does not exist yet
    new: str
    encoding: str = "utf-8"
    digest: str | None = None  # sha256 of the bytes read; None for a new file

    @property
    def unit(self) -> Path:
        """The folder: its modules and its ops.yaml are written together."""
        return self.path.parent


@dataclass
class WriteReport:
    written: list[Path] = field(default_factory=list)
    failed: dict[Path, str] = field(default_factory=dict)  # path -> one paragraph


def write_atomic(path: Path, text: str, encoding: str = "utf-8") -> None:
    """Parse-check Python, then write via a temp file in the same directory + os.replace."""
    if path.suffix == ".py":
        try:
            cst.parse_module(text)
        except cst.ParserSyntaxError as exc:
            raise SyntaxError(f"{path}: {exc}") from exc
        compile(text, str(path), "exec")
    atomic_write_bytes(path, text.encode(encoding))


def _writable(mode: int) -> bool:
    return bool(mode & stat.S_IWUSR)


def check_target(change: Change) -> str:
    """'' when `change` may be written, else one paragraph saying why not."""
    path = change.path
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        return f"{path}: cannot be checked before writing ({exc.strerror}); not written."
    if change.digest is None:
        if st is not None:
            return f"{path}: appeared while the codemod ran; not overwritten."
    else:
        if st is None or not stat.S_ISREG(st.st_mode):
            return f"{path}: was moved or replaced while the codemod ran; not written."
        try:
            same = digest_of(path.read_bytes()) == change.digest
        except OSError as exc:
            return f"{path}: cannot be read back before writing ({exc.strerror}); not written."
        if not same:
            return (f"{path}: changed since the codemod read it (an edit made during the "
                    "run?); not rewritten, so that edit is kept. Run the codemod again.")
        if not _writable(st.st_mode) or not os.access(path, os.W_OK):
            return f"{path}: is read-only; not rewritten (make it writable to migrate it)."
    folder = path.parent
    try:
        folder_mode = folder.stat().st_mode
    except OSError as exc:
        return f"{folder}: cannot be checked before writing {path.name} ({exc.strerror})."
    if not _writable(folder_mode) or not os.access(folder, os.W_OK | os.X_OK):
        return f"{folder}: is not writable, so {path.name} cannot be replaced there; not written."
    try:
        change.new.encode(change.encoding)
    except UnicodeEncodeError as exc:
        return (f"{path}: the migrated text has {exc.object[exc.start]!r}, which its "
                f"encoding {change.encoding} cannot hold; not written.")
    return ""


def _restore(change: Change) -> None:
    if change.old is None:
        with contextlib.suppress(FileNotFoundError):
            change.path.unlink()
    else:
        atomic_write_bytes(change.path, change.old.encode(change.encoding))


def write_unit(changes: list[Change], report: WriteReport) -> None:
    """Write `changes` (ops.yaml files first); all of them or, on a failure, none."""
    ordered = sorted(changes, key=lambda c: (c.path.suffix == ".py", str(c.path)))
    done: list[Change] = []
    for change in ordered:
        try:
            problem = check_target(change)  # again, right before replacing: an edit made
            if problem:                     # while the others were written is kept too
                raise ValueError(problem)
            write_atomic(change.path, change.new, change.encoding)
        except (OSError, SyntaxError, ValueError) as exc:
            for d in reversed(done):
                with contextlib.suppress(OSError):
                    _restore(d)
            why = getattr(exc, "strerror", None) or str(exc)
            for c in ordered:
                report.failed[c.path] = (
                    f"{change.path}: could not be written ({why}); "
                    + ("nothing this run would write was written." if c is change else
                       f"{c.path} was left as it was, to stay consistent with it."))
            return
        done.append(change)
    report.written.extend(c.path for c in done)
