"""Test programs grown to a given count of what a program size limit counts
(`legacy_fluid.io.limits`): the bundled example with `n` blocks, ops, arguments, ..."""

from __future__ import annotations

from legacy_fluid.proto import framework_pb2 as pb
from tests.cli.malformed import EXAMPLE


def example_message() -> pb.ProgramDesc:
    return pb.ProgramDesc.FromString((EXAMPLE / "model.pdmodel").read_bytes())


def grown_program(kind: str, n: int) -> pb.ProgramDesc:
    """The example with `n` of `kind` where the limit counts them."""
    m = example_message()
    relu = m.blocks[0].ops[3]
    if kind == "blocks":
        for i in range(1, n):
            b = m.blocks.add()
            b.idx, b.parent_idx = i, 0
    elif kind == "ops":
        for _ in range(n - len(m.blocks[0].ops)):
            m.blocks[0].ops.append(relu)
    elif kind == "vars":
        template = pb.VarDesc()
        template.CopyFrom(m.blocks[0].vars[-1])
        for i in range(n - len(m.blocks[0].vars)):
            m.blocks[0].vars.add().CopyFrom(template)
            m.blocks[0].vars[-1].name = f"extra_{i}"
    elif kind == "op_args":
        relu.inputs[0].arguments.extend([relu.inputs[0].arguments[0]] * (n - 2))
    elif kind == "op_slots":
        for i in range(n - 2):
            relu.inputs.add().parameter = f"S{i}"
    elif kind == "op_attrs":
        for i in range(n - len(relu.attrs)):
            a = relu.attrs.add()
            a.name, a.type, a.i = f"a{i}", pb.INT, 0
    elif kind == "attr_elements":
        a = relu.attrs.add()
        a.name, a.type = "many", pb.INTS
        a.ints.extend([1] * n)
    elif kind == "name_bytes":
        relu.attrs[0].name = "n" * n
    return m
