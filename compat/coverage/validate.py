"""A small JSON Schema (draft 2020-12) checker covering what ``schema.json`` uses.

Keywords: ``type`` (one or a list), ``required``, ``properties``,
``additionalProperties`` (bool or schema), ``items``, ``enum``, ``const``,
``minimum``, ``pattern`` and local ``$ref`` (``#/$defs/...``). Others are
ignored, as a validator ignores unknown keywords. No third-party dependency.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

SCHEMA_PATH = Path(__file__).resolve().parent / "schema.json"

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def load_schema(path: Path = SCHEMA_PATH) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _resolve(ref: str, root: Mapping[str, Any]) -> Mapping[str, Any]:
    if not ref.startswith("#/"):
        raise ValueError(f"only local $ref is supported, not {ref!r}")
    node: Any = root
    for part in ref[2:].split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def validate(instance: Any, schema: Mapping[str, Any] | None = None) -> list[str]:
    """Every violation as ``<json path>: <message>``; empty when `instance` is valid."""
    root = schema if schema is not None else load_schema()
    errors: list[str] = []
    _check(instance, root, root, "$", errors)
    return errors


def _check(value: Any, schema: Mapping[str, Any], root: Mapping[str, Any], at: str,
           errors: list[str]) -> None:
    if "$ref" in schema:
        _check(value, _resolve(schema["$ref"], root), root, at, errors)
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[t](value) for t in types):
            errors.append(f"{at}: expected {' or '.join(types)}, got {type(value).__name__}")
            return
    if "const" in schema and value != schema["const"]:
        errors.append(f"{at}: expected the constant {schema['const']!r}, got {value!r}")
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{at}: {value!r} is not one of {schema['enum']!r}")
    if "minimum" in schema and _TYPES["number"](value) and value < schema["minimum"]:
        errors.append(f"{at}: {value!r} is below the minimum {schema['minimum']!r}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        errors.append(f"{at}: {value!r} does not match {schema['pattern']!r}")
    if isinstance(value, dict):
        for name in schema.get("required", []):
            if name not in value:
                errors.append(f"{at}: missing required property {name!r}")
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for name, item in value.items():
            where = f"{at}.{name}"
            if name in props:
                _check(item, props[name], root, where, errors)
            elif extra is False:
                errors.append(f"{at}: unexpected property {name!r}")
            elif isinstance(extra, Mapping):
                _check(item, extra, root, where, errors)
    if isinstance(value, list) and isinstance(schema.get("items"), Mapping):
        for i, item in enumerate(value):
            _check(item, schema["items"], root, f"{at}[{i}]", errors)
