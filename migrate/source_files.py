"""Python source files as the codemod reads and writes them: bytes decoded by their own
encoding (PEP 263 coding line, UTF-8 BOM), text kept with its line endings, and written
back in the same encoding (BOM included), so a file the codemod leaves alone stays
byte-identical and a rewritten one keeps its form.
"""

from __future__ import annotations

import ast
import hashlib
import io
import tokenize
from dataclasses import dataclass
from pathlib import Path


class SourceError(Exception):
    """A file that cannot be read as Python source; `str(exc)` is one paragraph naming it."""


@dataclass(frozen=True)
class SourceText:
    text: str  # decoded, line endings as in the file, no BOM
    encoding: str  # as `tokenize.detect_encoding` names it ('utf-8-sig' when a BOM starts it)
    digest: str  # sha256 of the bytes read: `--write` checks the file still holds them

    def encode(self, text: str) -> bytes:
        return text.encode(self.encoding)


def digest_of(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def decode_source(data: bytes, name: str) -> SourceText:
    """`data` as Python source text; SourceError when its encoding is unknown or wrong."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:
        if not str(exc.msg).startswith("invalid or missing encoding declaration"):
            raise SourceError(f"{name}: cannot be read as Python source ({exc.msg}). "
                              "Expected UTF-8, or a PEP 263 coding line naming the file's "
                              "encoding.") from None
        encoding = "utf-8"  # no coding line: UTF-8 it must be (the decode says where not)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise SourceError(f"{name}: is not valid {encoding} (byte {exc.start}: "
                          f"{data[exc.start:exc.start + 1]!r}). Expected UTF-8, or a PEP 263 "
                          "coding line naming the file's encoding.") from None
    except LookupError:
        raise SourceError(f"{name}: names an unknown encoding {encoding!r} in its coding "
                          "line.") from None
    return SourceText(text, encoding, digest_of(data))


def read_source(path: Path) -> SourceText:
    """The file's source text; SourceError (one paragraph) when it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(f"{path}: cannot be read ({exc.strerror or exc}).") from None
    return decode_source(data, str(path))


def runnable_source(path: Path) -> str | None:
    """The text of `path` when Python could import it as a module: a regular file (links
    followed; never a FIFO, device or folder, which are not opened) whose bytes decode by
    its own encoding; None when Python could not, so nothing in it runs."""
    if not path.is_file():
        return None
    try:
        return read_source(path).text
    except SourceError:
        return None


def compiles(text: str) -> bool:
    """Whether Python compiles `text` (a module LibCST cannot parse may still run)."""
    try:
        ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def file_state(path: Path) -> tuple[Path, int, int]:
    """A cache key for what a file holds now: its resolved path, mtime and size."""
    resolved = path.resolve()
    st = resolved.stat()
    return resolved, st.st_mtime_ns, st.st_size
