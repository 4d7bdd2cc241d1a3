"""Option values turned into their Python types without Typer's Pydantic adapters where
the value is plainly valid: Typer builds a Pydantic `TypeAdapter` per parameter on every
invocation, and importing Pydantic and building the adapters is a good part of a short
run's start (docs/inference.md, "Cold start and crop files").

A value the quick rules do not vouch for (anything but a str for str, a non-empty str for
a path, a canonical decimal int inside the option's bounds, an enum's value, lists of
those) goes to Typer's own coercion, so errors and their messages are Typer's.
tests/cli/test_cli_coercion.py checks both give equal results for every verb's options.
"""

from __future__ import annotations

import re
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

#: the quick rules could not vouch for the value
_UNSURE = object()
_CANONICAL_INT = re.compile(r"-?(0|[1-9][0-9]*)")


def _quick_leaf(annotation: Any, info: Any, value: Any) -> Any:
    if annotation is str:
        return value if type(value) is str else _UNSURE
    if annotation is Path:
        if isinstance(value, Path):
            return value
        return Path(value) if type(value) is str and value else _UNSURE
    if annotation is int:
        if type(value) is str and _CANONICAL_INT.fullmatch(value):
            value = int(value)
        if type(value) is not int:
            return _UNSURE
        low, high = info.min, info.max
        return value if (low is None or value >= low) and (high is None or value <= high) \
            else _UNSURE
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        if isinstance(value, annotation):
            return value
        for member in annotation:
            if type(value) is str and type(member.value) is str and member.value == value:
                return member
    return _UNSURE


def _plain(info: Any) -> bool:
    """No parser, click type, clamping or path checks: what the quick rules assume."""
    return (getattr(info, "parser", None) is None and getattr(info, "click_type", None) is None
            and not getattr(info, "clamp", False) and not getattr(info, "exists", False)
            and not getattr(info, "resolve_path", False)
            and not getattr(info, "allow_dash", False)
            and getattr(info, "path_type", None) is None
            and getattr(info, "case_sensitive", True))


class QuickCoercion:
    """A parameter's coercion: the quick rules, else Typer's own (built on first need)."""

    def __init__(self, descriptor: Any, full: Any) -> None:
        self._descriptor = descriptor
        self._full_builder = full
        self._full: Any = None
        annotation = descriptor.annotation
        self._is_list = get_origin(annotation) is list
        self._leaf = get_args(annotation)[0] if self._is_list else annotation
        self._info = descriptor.parameter_info

    def full(self) -> Any:
        if self._full is None:
            self._full = self._full_builder(self._descriptor)
        return self._full

    def quick(self, value: Any, multiple: bool) -> Any:
        """The coerced value, or `_UNSURE`."""
        if value is None:
            return () if multiple else None
        if not self._is_list:
            return _UNSURE if multiple else _quick_leaf(self._leaf, self._info, value)
        if not isinstance(value, (list, tuple)):
            return _UNSURE
        items = [_quick_leaf(self._leaf, self._info, v) for v in value]
        return _UNSURE if any(i is _UNSURE for i in items) else items

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        result = self.quick(value, bool(param.multiple or param.nargs == -1))
        if result is _UNSURE:
            return self.full().coerce(value, param=param, ctx=ctx)
        return result


def install_quick_coercion(params: list[Any]) -> None:
    """Give each Typer parameter whose coercion is not built yet the quick one (Typer
    builds it lazily into `_runtime_param`; a Typer without that hook is left alone)."""
    try:
        from typer._coercion import build_runtime_param
    except ImportError:  # pragma: no cover - another Typer: its own coercion throughout
        return
    for param in params:
        descriptor = getattr(param, "type_descriptor", None)
        if (descriptor is None or getattr(param, "_runtime_param", _UNSURE) is not None
                or descriptor.file_annotation is not None
                or not _plain(descriptor.parameter_info)):
            continue
        param._runtime_param = QuickCoercion(descriptor, build_runtime_param)
