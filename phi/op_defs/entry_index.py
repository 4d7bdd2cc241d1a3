"""Each op yaml file's entries by name, as spans of its text, so that one entry can be
parsed alone: a run looks up a dozen of the several hundred entries of ops.yaml,
backward.yaml and op_compat.yaml, and parsing only those keeps the whole-file parses
off its start.

The index is built from the lines alone (`- op : NAME` / `- backward_op : NAME` at the
start of a line begins an entry, which runs to the next one; op_compat.yaml's entries
are found by their legacy names, from `- op : phi (legacy)` and `  backward : ...`).
Whatever the lines cannot vouch for (another top-level item, a name seen twice, a span
that is not one mapping) makes the lookup answer None, and the caller parses the whole
file, which reports the problem precisely.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from pathlib import Path

from phi.op_defs import op_compat
from phi.op_defs.model import OpDef
from phi.op_defs.op_compat import OpCompatDef, SourceLine
from phi.op_defs.parse import parse_op
from phi.op_defs.yaml_loading import load_yaml, load_yaml_with_node

_SECTION = re.compile(r"# -- ([A-Za-z_][A-Za-z0-9_]*)")
_ENTRY = re.compile(r"- (?:backward_op|op) : ([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?:#.*)?$")
_COMPAT_OP = re.compile(r"- op : ([^#]*?)[ \t]*$")
_COMPAT_BACKWARD = re.compile(r"  backward : ([^#]*?)[ \t]*$")
_TOP_LEVEL_OK = ("", " ", "\t", "#", "\n", "\r")


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
        elif line[:1] not in _TOP_LEVEL_OK:
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


@dataclass(frozen=True)
class CompatIndex:
    """op_compat.yaml's text and its entries' spans by every legacy name they describe."""

    shown: str
    text: str
    spans: dict[str, EntrySpan]
    #: per entry start: the legacy names the lines give it
    names: dict[int, frozenset[str]]


def _legacy_name(text: str) -> str | None:
    match = op_compat._OP_NAME.match(text.strip())
    return None if match is None else (match[2] or match[1])


def compat_index_text(shown: str, text: str) -> CompatIndex | None:
    """op_compat.yaml's entries by legacy name; None when a line is not what the one
    writer (`render_entry`) writes for the entry start and its backward ops, or a legacy
    name is given twice (the whole-file parse says what is wrong)."""
    starts: list[tuple[int, int, list[str]]] = []
    offset = 0
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        if line.startswith("- "):
            m = _COMPAT_OP.match(line)
            name = None if m is None else _legacy_name(m[1])
            if name is None:
                return None
            starts.append((offset, number, [name]))
        elif "backward" in line.partition(":")[0]:
            m = _COMPAT_BACKWARD.match(line)
            if m is None or not starts:
                return None
            for part in m[1].split(","):
                name = _legacy_name(part)
                if name is None:
                    return None
                starts[-1][2].append(name)
        elif line[:1] not in _TOP_LEVEL_OK:
            return None
        offset += len(line)
    spans: dict[str, EntrySpan] = {}
    names: dict[int, frozenset[str]] = {}
    for i, (start, number, legacy) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        names[start] = frozenset(legacy)
        for name in legacy:
            if name in spans:
                return None
            spans[name] = EntrySpan(start, end, "", number)
    return CompatIndex(shown, text, spans, names)


@functools.cache
def compat_index(path: Path, shown: str) -> CompatIndex | None:
    """`compat_index_text` of op_compat.yaml at `path` (read once per process)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    return compat_index_text(shown, text)


def parse_compat_entry(index: CompatIndex, legacy: str) -> OpCompatDef | None:
    """The entry describing legacy op `legacy`, parsed alone exactly as the whole-file
    parse parses it; None when it is not indexed or anything about it is not plain (the
    whole-file parse then answers, and reports any problem with its line)."""
    span = index.spans.get(legacy)
    if span is None:
        return None
    try:
        raw, node = load_yaml_with_node(index.text[span.start:span.end])
        if not isinstance(raw, list) or len(raw) != 1 or node is None:
            return None
        op_compat._check_no_repeated_key(node, index.shown)
        entry = op_compat.parse_entry(raw[0], SourceLine(index.shown, span.line))
    except Exception:
        return None
    found = {entry.names.legacy, *(b.legacy for b in entry.backward)}
    return entry if found == index.names[span.start] else None
