"""The yaml files of the op model, read with libyaml when PyYAML has it (several times
faster than the pure-Python reader; a run reads op_compat.yaml on its first mapping)."""

from __future__ import annotations

from typing import Any

import yaml

_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """`yaml.safe_load(text)`."""
    return yaml.load(text, Loader=_LOADER)


def load_yaml_with_node(text: str) -> tuple[Any, yaml.Node | None]:
    """The document and its node tree (for line numbers), from one parse."""
    loader = _LOADER(text)
    try:
        node = loader.get_single_node()
        return (None if node is None else loader.construct_document(node)), node
    finally:
        loader.dispose()
