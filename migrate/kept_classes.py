"""The comment `--write` puts above a migrated kernel class it keeps (unregistered) for its
users, or keeps registered by a statement that does more than register
(`registration_effects`) or by its base's `__init_subclass__` (`class_registrations`), and
reading it back: a later run reports such a class as migrated earlier, with its op,
instead of as a kernel no registration names (or migrating it again)."""

from __future__ import annotations

import re

import libcst as cst

_PREFIX = "# fluidphi migrate: kept, unregistered, for its users;"
_PREFIX_REGISTERED = ("# fluidphi migrate: kept, still registered by a statement doing more "
                      "than registering;")
_PREFIX_ITSELF = ("# fluidphi migrate: kept, still registering itself through its base's "
                  "__init_subclass__;")
_PREFIX_FOLLOWED = ("# fluidphi migrate: kept, still registered by another module's code, "
                    "its PHI kernel following its keys;")
_SERVED = re.compile(r"op '([^']+)' runs on (\w+)")


def kept_comment(served: list[tuple[str, str]], registered: bool = False,
                 itself: bool = False, follows: bool = False) -> cst.EmptyLine:
    """The comment line above a kept class: each (op, function) it was migrated to
    (`registered`: its legacy registration stays too; `itself`: the class statement makes
    it, through its base's `__init_subclass__`; `follows`: another module's code registers
    it, the PHI kernel following its keys, `followed_kernels`)."""
    ops = ", ".join(f"op '{op}' runs on {func}" for op, func in served)
    prefix = (_PREFIX_FOLLOWED if follows else _PREFIX_ITSELF if itself
              else _PREFIX_REGISTERED if registered else _PREFIX)
    return cst.EmptyLine(comment=cst.Comment(f"{prefix} {ops}"))


def kept_served(cls: cst.ClassDef) -> dict[str, str]:
    """op -> PHI kernel function, from the comment an earlier write put above `cls` ({}:
    none)."""
    for line in cls.leading_lines:
        for prefix in (_PREFIX, _PREFIX_REGISTERED, _PREFIX_ITSELF, _PREFIX_FOLLOWED):
            if line.comment is not None and line.comment.value.startswith(prefix):
                return dict(_SERVED.findall(line.comment.value[len(prefix):]))
    return {}


def earlier_write(cls: cst.ClassDef) -> str:
    """The reason of a row for a class an earlier write migrated and kept ("": none)."""
    served = kept_served(cls)
    if not served:
        return ""
    return ("migrated by an earlier write (" + ", ".join(
        f"op '{op}' runs on {func}" for op, func in served.items()) + "); the class is kept"
        + (" with its legacy registration" if kept_registered(cls)
           else ", unregistered, for its users"))


def kept_registered(cls: cst.ClassDef) -> bool:
    """Whether an earlier write kept `cls` with its legacy registration."""
    return any(line.comment is not None and line.comment.value.startswith(
        (_PREFIX_REGISTERED, _PREFIX_ITSELF, _PREFIX_FOLLOWED)) for line in cls.leading_lines)
