"""Each op yaml file's entries by name, as spans of its text, so that one entry can be
parsed alone: a run looks up a dozen of the several hundred entries of ops.yaml and
backward.yaml, and parsing only those keeps the whole-file parse off its start.

The index is built from the lines alone (`- op : NAME` / `- backward_op : NAME` at the
start of a line begins an entry, which runs to the next one). Whatever the lines cannot
vouch for (another top-level item, a name seen twice, a span that is not one mapping)
makes the lookup answer None, and the caller parses the whole file, which reports the
problem precisely.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from pathlib import Path

from phi.op_defs.model import OpDef
from phi.op_defs.parse import parse_op
from phi.op_defs.yaml_loading import load_yaml

_SECTION = re.compile(r"# -- ([A-Za-z_][A-Za-z0-9_]*)")
_ENTRY = re.compile(r"- (?:backward_op|op) : ([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?:#.*)?$")


@dataclass(frozen=True)
class EntrySpan:
    """Where one entry lies in its file's text."""

    start: int
    end: int
    #: the first word of the `# -- word ---` header above the entry
    section: str
    #: the 1-based line of the entry's first line
    line: int


@dataclass(frozen=True)
class FileIndex:
    """One yaml file's text and its entries' spans by op name."""

    path: Path
    text: str
    spans: dict[str, EntrySpan]


def index_text(path: Path, text: str) -> FileIndex | None:
    """The entries of `text` by name; None when its lines hold anything else at the top
    level, or a name twice (the whole-file parse says what is wrong)."""
    starts: list[tuple[str, int, str, int]] = []
    section = ""
    offset = 0
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        if (m := _SECTION.match(line)) is not None:
            section = m.group(1).lower()
        elif (m := _ENTRY.match(line)) is not None:
            starts.append((m.group(1), offset, section, number))
        elif line[:1] not in ("", " ", "\t", "#", "\n", "\r"):
            return None  # a top-level item the index cannot name
        offset += len(line)
    spans: dict[str, EntrySpan] = {}
    for i, (name, start, where, number) in enumerate(starts):
        if name in spans:
            return None
        end = starts[i + 1][1] if i + 1 < len(starts) else len(text)
        spans[name] = EntrySpan(start, end, where, number)
    return FileIndex(path, text, spans)


@functools.cache
def file_index(path: Path) -> FileIndex | None:
    """`index_text` of the file at `path` (read once per process); None when it cannot
    be read (the whole-file parse reports that too)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    return index_text(path, text)


def parse_entry(index: FileIndex, name: str) -> OpDef | None:
    """The entry `name` of the indexed file, parsed alone exactly as the whole-file parse
    parses it; None when the file has no such entry or its span is not one mapping."""
    span = index.spans.get(name)
    if span is None:
        return None
    try:
        entries = load_yaml(index.text[span.start:span.end])
    except Exception:  # the whole-file parse reports it, with the file named
        return None
    if not isinstance(entries, list) or len(entries) != 1 or not isinstance(entries[0], dict):
        return None
    return replace(parse_op(entries[0], index.path.name), section=span.section,
                   line=span.line)
