"""The comment `--write` puts above a migrated kernel class it keeps (unregistered) for its
users, and reading it back: a later run reports such a class as migrated earlier, with
its op, instead of as a kernel no registration names."""

from __future__ import annotations

import re

import libcst as cst

_PREFIX = "# fluidphi migrate: kept, unregistered, for its users;"
_SERVED = re.compile(r"op '([^']+)' runs on (\w+)")


def kept_comment(served: list[tuple[str, str]]) -> cst.EmptyLine:
    """The comment line above a kept class: each (op, function) it was migrated to."""
    ops = ", ".join(f"op '{op}' runs on {func}" for op, func in served)
    return cst.EmptyLine(comment=cst.Comment(f"{_PREFIX} {ops}"))


def kept_served(cls: cst.ClassDef) -> dict[str, str]:
    """op -> PHI kernel function, from the comment an earlier write put above `cls` ({}:
    none)."""
    for line in cls.leading_lines:
        if line.comment is not None and line.comment.value.startswith(_PREFIX):
            return dict(_SERVED.findall(line.comment.value[len(_PREFIX):]))
    return {}
