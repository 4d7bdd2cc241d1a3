"""The one writer of ops.yaml entries: `OpDef` -> text that `parse_op` reads back equal."""

from __future__ import annotations

from enum import Enum
from typing import Any

from phi.common import DataLayout, DataType
from phi.op_defs.model import ArgDef, OpDef, OutputDef


def render_default(value: Any) -> str:
    """A Python default as ops.yaml spells it; ValueError for values it cannot hold."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, DataType):
        return f"DataType::{value.name}"
    if isinstance(value, DataLayout):
        return f"DataLayout::{value.name}"
    if isinstance(value, Enum):
        raise ValueError(f"default {value!r}: no yaml spelling for {type(value).__name__}")
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "{" + ", ".join(render_default(v) for v in value) + "}"
    raise ValueError(f"default {value!r}: no yaml spelling for {type(value).__name__}")


def render_arg(arg: ArgDef) -> str:
    text = f"{arg.type} {arg.name}"
    return text + (f"={render_default(arg.default)}" if arg.has_default else "")


def render_output(out: OutputDef) -> str:
    size = f"{{{out.size}}}" if out.size else ""
    return f"Tensor{'[]' if out.is_list else ''}({out.name}){size}"


def render_op(op: OpDef) -> str:
    """One entry, ending with a newline (entries are separated by blank lines)."""
    lines = [f"- backward_op : {op.name}" if op.forward else f"- op : {op.name}"]
    if op.forward is not None:
        lines.append(f"  forward : {op.forward.op} "
                     f"({', '.join(render_arg(a) for a in op.forward.args)}) -> "
                     f"{', '.join(render_output(o) for o in op.forward.outputs)}")
    lines += [f"  args : ({', '.join(render_arg(a) for a in op.args)})",
              f"  output : {', '.join(render_output(o) for o in op.outputs)}"]
    if op.optional:
        lines.append(f"  optional : {', '.join(op.optional)}")
    if op.infer_meta is not None:
        lines += ["  infer_meta :", f"    func : {op.infer_meta.func}"]
        if op.infer_meta.param is not None:
            lines.append(f"    param : [{', '.join(op.infer_meta.param)}]")
    lines += ["  kernel :", f"    func : {', '.join(op.kernel.func)}"]
    if op.kernel.data_type is not None:
        lines.append(f"    data_type : {op.kernel.data_type}")
    if op.backward:
        lines.append(f"  backward : {op.backward}")
    if op.no_need_buffer:
        lines.append(f"  no_need_buffer : {', '.join(op.no_need_buffer)}")
    if op.inplace:
        lines.append("  inplace : " + ", ".join(f"({a} -> {b})" for a, b in op.inplace))
    return "\n".join(lines) + "\n"
