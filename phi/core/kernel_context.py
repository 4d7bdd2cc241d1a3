"""`KernelContext`: one call's arguments (PHI's KernelContext), in arg-def order.

The argument builder fills one per op run; the InferMeta plan reads it and the
kernel is called with it, so the arguments are gathered once for both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from phi.core.device_context import DeviceContext


@dataclass
class KernelContext:
    dev_ctx: DeviceContext | None
    inputs: list[Any] = field(default_factory=list)
    attrs: list[Any] = field(default_factory=list)
    outputs: list[Any] = field(default_factory=list)
