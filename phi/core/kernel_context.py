"""`KernelContext`: the device context plus a kernel's arguments, in arg-def order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from phi.core.device_context import DeviceContext


@dataclass
class KernelContext:
    dev_ctx: DeviceContext
    inputs: list[Any] = field(default_factory=list)
    attrs: list[Any] = field(default_factory=list)
    outputs: list[Any] = field(default_factory=list)

    def emplace_back_input(self, tensor: Any) -> None:
        self.inputs.append(tensor)

    def emplace_back_attr(self, value: Any) -> None:
        self.attrs.append(value)

    def emplace_back_output(self, tensor: Any) -> None:
        self.outputs.append(tensor)
