"""The kernel signature of every registered legacy op over contexts built from its proto:
what tests/compat/test_op_compat.py compares with the recorded `signatures.json`.

Contexts: every slot fed (`all`); only the non-dispensable inputs fed (`required`); and
`required` plus one dispensable input (`+Slot`), which is how a tensor replaces a Scalar /
IntArray attribute. Attributes are the proto's defaults. A mapping that raises records
its error class (a hand-written check that refuses the context).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from compat.arg_mapping import get_kernel_signature
from compat.arg_mapping_context import ArgumentMappingContext
from legacy_fluid.framework.op_proto import OpProto
from legacy_fluid.framework.op_registry import OP_INFOS

RECORDED = Path(__file__).with_name("signatures.json")


class SlotsContext(ArgumentMappingContext):
    """A description-time context over named slots (one dense variable each)."""

    def __init__(self, proto: OpProto, inputs: set[str]) -> None:
        self.op_type = proto.type
        self.inputs = inputs
        self.outputs = {v.name for v in proto.outputs}
        self.attrs = {a.name: a.default for a in proto.attrs if a.default is not None}

    def has_input(self, name: str) -> bool:
        return name in self.inputs

    def has_output(self, name: str) -> bool:
        return name in self.outputs

    def has_attr(self, name: str) -> bool:
        return name in self.attrs

    def attr(self, name: str) -> Any:
        return self.attrs[name]

    def input_size(self, name: str) -> int:
        return int(name in self.inputs)

    def output_size(self, name: str) -> int:
        return int(name in self.outputs)

    def is_dense_tensor_input(self, name: str) -> bool:
        return name in self.inputs

    def is_selected_rows_input(self, name: str) -> bool:
        return False

    def is_dense_tensor_output(self, name: str) -> bool:
        return name in self.outputs

    @property
    def is_runtime(self) -> bool:
        return False


def contexts(proto: OpProto) -> dict[str, SlotsContext]:
    required = {v.name for v in proto.inputs if not v.dispensable}
    out = {"all": SlotsContext(proto, {v.name for v in proto.inputs}),
           "required": SlotsContext(proto, required)}
    for v in proto.inputs:
        if v.dispensable:
            out[f"+{v.name}"] = SlotsContext(proto, required | {v.name})
    return out


def _signature(proto: OpProto, ctx: SlotsContext) -> str:
    try:
        return str(get_kernel_signature(proto, ctx))
    except Exception as err:
        return f"raises {type(err).__name__}"


def library_ops() -> list[str]:
    """fluidphi's registered legacy op types (not those a test registers)."""
    return sorted(op for op, info in OP_INFOS.items()
                  if info.op_class.__module__.startswith("legacy_fluid."))


def signatures() -> dict[str, dict[str, str]]:
    """op type -> context label -> kernel signature (as text), for every library op."""
    return {op: {label: _signature(OP_INFOS.get(op).proto, ctx)
                 for label, ctx in contexts(OP_INFOS.get(op).proto).items()}
            for op in library_ops()}


def record() -> None:
    RECORDED.write_text(json.dumps(signatures(), indent=1, sort_keys=True) + "\n",
                        encoding="utf-8")


if __name__ == "__main__":
    record()
