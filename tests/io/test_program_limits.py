"""Program size limits (legacy_fluid/io/limits.py) and block validation in linear time."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from legacy_fluid.framework.program_desc import BlockDesc, ProgramDesc
from legacy_fluid.io import ModelFormatError, load_program, program_from_bytes
from legacy_fluid.io.limits import LIMITS
from legacy_fluid.io.validate import program_problems
from legacy_fluid.proto import framework_pb2 as pb
from tests.cli.malformed import EXAMPLE, assert_clean_error, invoke, write_model
from tests.io.program_growth import example_message, grown_program

ROOT = Path(__file__).resolve().parent.parent.parent


COUNTED = ["blocks", "ops", "vars", "op_args", "op_slots", "op_attrs", "attr_elements",
           "name_bytes"]


@pytest.mark.parametrize("kind", COUNTED)
def test_each_limit_refuses_one_past_it_and_takes_it_exactly(kind: str,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """Small limits so the programs stay small; the rule is the same at the real ones."""
    small = 50
    monkeypatch.setitem(LIMITS, kind, (small, LIMITS[kind][1]))
    program_from_bytes(grown_program(kind, small).SerializeToString())  # at the limit: loads
    with pytest.raises(ModelFormatError) as err:
        program_from_bytes(grown_program(kind, small + 1).SerializeToString(), source="p.pdmodel")
    text = str(err.value)
    assert text.startswith("p.pdmodel: ") and f"{small + 1:,} {LIMITS[kind][1]}" in text
    assert f"over fluidphi's limit of {small:,}" in text


def test_the_limits_leave_a_wide_margin_over_real_programs() -> None:
    """The committed model fixtures, measured (the limits' docstring gives all 3289)."""
    files = [*ROOT.glob("tests/fixtures/models*/*/model.pdmodel"), EXAMPLE / "model.pdmodel"]
    assert len(files) > 15
    most: dict[str, int] = dict.fromkeys(COUNTED, 0)
    for path in files:
        m = pb.ProgramDesc.FromString(path.read_bytes())
        most["blocks"] = max(most["blocks"], len(m.blocks))
        most["ops"] = max(most["ops"], sum(len(b.ops) for b in m.blocks))
        most["vars"] = max(most["vars"], sum(len(b.vars) for b in m.blocks))
        for b in m.blocks:
            most["name_bytes"] = max([most["name_bytes"], *(len(v.name) for v in b.vars)])
            for op in b.ops:
                slots = [*op.inputs, *op.outputs]
                most["op_slots"] = max(most["op_slots"], len(slots))
                most["op_args"] = max(most["op_args"], sum(len(s.arguments) for s in slots))
                most["op_attrs"] = max(most["op_attrs"], len(op.attrs))
                most["attr_elements"] = max([most["attr_elements"], *(
                    max(len(a.ints), len(a.floats), len(a.strings), len(a.longs))
                    for a in op.attrs)])
    for kind, found in most.items():
        assert 0 < found and LIMITS[kind][0] >= 100 * found, (kind, found)


def test_a_million_arguments_in_one_op_is_refused_before_any_work(tmp_path: Path) -> None:
    m = example_message()
    relu = m.blocks[0].ops[3]
    relu.inputs[0].arguments.extend([relu.inputs[0].arguments[0]] * 1_000_000)
    model = write_model(tmp_path / "m", m)
    start = time.perf_counter()
    for verb in (("run", model, "-i", EXAMPLE / "x.npy"), ("check", model), ("inspect", model)):
        assert_clean_error(invoke(*verb), "block 0, op #3 'relu': 1,000,002 arguments",
                           "over fluidphi's limit of 100,000")
    assert time.perf_counter() - start < 30


def test_a_program_file_over_the_byte_limit_is_not_read(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LIMITS, "program_bytes", (100, LIMITS["program_bytes"][1]))
    (tmp_path / "m.pdmodel").write_bytes(b"\0" * 101)
    with pytest.raises(ModelFormatError, match="101 bytes in a program file, over fluidphi's "
                                               "limit of 100"):
        load_program(tmp_path / "m.pdmodel")


def _nested(n: int) -> ProgramDesc:
    return ProgramDesc([BlockDesc(0, -1)] + [BlockDesc(i, i - 1) for i in range(1, n)])


@pytest.mark.parametrize("order", ["outward", "inward"])
def test_block_validation_is_linear_in_the_blocks(order: str) -> None:
    """100,000 nested blocks (quadratic before: 10,000 took ~34 s), parents listed before
    or after their children."""
    n = 100_000
    program = _nested(n)
    if order == "inward":  # block i's parent is i + 1, the last block's is 0
        for b in program.blocks[1:]:
            b.parent_idx = b.idx + 1 if b.idx + 1 < n else 0
    start = time.perf_counter()
    problems = program_problems(program)
    assert time.perf_counter() - start < 3
    assert len(problems) == 1 and "levels of block nesting, over fluidphi's limit of 100" \
        in problems[0], problems


def test_nesting_at_the_depth_limit_is_sound_and_a_long_cycle_is_found_once() -> None:
    depth = LIMITS["depth"][0]
    assert program_problems(_nested(depth + 1)) == []
    program = _nested(50_000)
    program.blocks[1].parent_idx = 49_999  # 1 -> 49999 -> ... -> 2 -> 1
    start = time.perf_counter()
    problems = program_problems(program)
    assert time.perf_counter() - start < 3
    assert problems == ["block 1: its parent blocks form a cycle (through block 1)"]


def test_deep_nesting_is_refused_by_every_verb(tmp_path: Path) -> None:
    m = example_message()
    for i in range(1, 150):
        b = m.blocks.add()
        b.idx, b.parent_idx = i, i - 1
    model = write_model(tmp_path / "m", m)
    for verb in (("run", model, "-i", EXAMPLE / "x.npy"), ("check", model)):
        assert_clean_error(invoke(*verb), "block 101: 101 levels of block nesting")
