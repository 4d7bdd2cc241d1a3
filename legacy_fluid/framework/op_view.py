"""`OpView`: what an execution context reads of the operator it runs (a Protocol, so
`execution_context` need not import `operator`, which imports it)."""

from __future__ import annotations

from typing import Any, Protocol


class OpView(Protocol):
    """An operator's type, slots and attributes (`OperatorBase` satisfies it)."""

    type: str
    inputs: dict[str, list[str]]
    outputs: dict[str, list[str]]
    attrs: dict[str, Any]
