"""String fields of a parsed ProgramDesc, decoded or refused as a format error.

proto2 does not check UTF-8 when parsing, and the upb backend hands back
`bytes` for a string field whose content is not valid UTF-8. Names (of vars,
ops, slots, attributes) are used as text everywhere, so such a field is a
`ModelFormatError` naming where it is; attribute *values* of that kind are
kept raw by `attr_codec` and refused by `legacy_fluid.io.validate`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from legacy_fluid.io.errors import ModelFormatError

_SHOWN_BYTES = 40


def text(value: Any, what: str) -> str:
    """`value` when it is a `str`; a ModelFormatError naming `what` otherwise."""
    if isinstance(value, str):
        return value
    raw = bytes(value)
    shown = raw[:_SHOWN_BYTES] + (b"..." if len(raw) > _SHOWN_BYTES else b"")
    raise ModelFormatError(f"{what} is not valid UTF-8 text", expected="UTF-8",
                           found=repr(shown))


def texts(values: Iterable[Any], what: str) -> list[str]:
    return [text(v, what) for v in values]


def located(exc: ModelFormatError, where: str) -> ModelFormatError:
    """The same problem, prefixed with where in the program it is."""
    return ModelFormatError(f"{where}: {exc.problem}", path=exc.path, var=exc.var,
                            expected=exc.expected, found=exc.found)
