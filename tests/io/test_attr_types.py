"""Attributes stored with another type than their op declares.

Paddle 3.3.1 converts a few stored types when an op reads them (checked against Paddle
3.3.1 by running mutated programs: softmax's INT `axis` stored as FLOAT, LONG, BOOLEAN,
FLOAT64, STRING or INTS is refused; scale's FLOAT `scale` stored as INT or LONG runs,
as FLOAT64 or BOOLEAN is refused; BOOLEAN `bias_after_scale` stored as INT or FLOAT runs,
as LONG is refused; eye's LONG `num_columns` stored as INT or FLOAT runs (3.7 truncated to
3), as BOOLEAN or FLOAT64 is refused; fill_constant's LONGS `shape` stored as INTS or
FLOATS runs, as BOOLEANS is refused). fluidphi takes those conversions where they keep
the value and refuses every other mismatch, at load, before any op runs, on every path.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from legacy_fluid.framework.attr_types import AttrTypeError
from legacy_fluid.framework.op_registry import OP_INFOS, create_op
from legacy_fluid.framework.program_desc import BlockDesc, OpDesc, ProgramDesc
from legacy_fluid.framework.var_type import AttrType as A
from legacy_fluid.io.validate import program_problems
from phi.common import Scalar
from tests.cli.malformed import EXAMPLE, assert_clean_error, edited, invoke

#: one value per stored type, chosen so that each conversion below keeps it
VALUES = {
    A.INT: 7, A.FLOAT: 0.5, A.STRING: "x", A.INTS: [1, 2], A.FLOATS: [0.5],
    A.STRINGS: ["a"], A.BOOLEAN: True, A.BOOLEANS: [True], A.BLOCK: 0,
    A.LONG: 2**40 + 1, A.BLOCKS: [0], A.LONGS: [2**40], A.FLOAT64S: [0.25], A.VAR: "v",
    A.VARS: ["v"], A.FLOAT64: 0.1, A.SCALAR: Scalar(1.5), A.SCALARS: [Scalar(1.5)],
}
#: (declared, stored) pairs taken for the values above, with the value the op then sees
ACCEPTED = {
    (A.LONG, A.INT): 7, (A.FLOAT, A.INT): 7.0, (A.FLOAT64, A.INT): 7.0,
    (A.BOOLEAN, A.INT): True, (A.BOOLEAN, A.FLOAT): True, (A.FLOAT64, A.LONG): 2.0**40 + 1,
    (A.LONGS, A.INTS): [1, 2], (A.FLOAT64S, A.INTS): [1.0, 2.0], (A.FLOAT64S, A.FLOATS): [0.5],
}
#: attributes of each op tried (the framework's own, op_role ..., where it has none or
#: once in 25 ops)
PER_OP = 4


def _program(op: OpDesc) -> ProgramDesc:
    block = BlockDesc(0, -1)
    block.ops.append(op)
    return ProgramDesc([block])


def _library_ops() -> list[str]:
    """The op library's types: those registered by legacy_fluid.operators (test modules
    that register ops of their own at import would otherwise change the cases)."""
    return [t for t in OP_INFOS.op_types()
            if OP_INFOS.get(t).module.startswith("legacy_fluid.operators")]


def _cases() -> list[tuple[str, str, A]]:
    cases = []
    for n, op_type in enumerate(_library_ops()):
        every = OP_INFOS.get(op_type).proto.attrs
        attrs = [a for a in every if not a.generated or n % 25 == 0] or every
        cases += [(op_type, a.name, a.type) for a in attrs[:PER_OP]]
    return cases


CASES = _cases()


def test_the_cases_cover_the_op_library() -> None:
    assert {t for t, _, _ in CASES} == set(_library_ops())
    assert {d for _, _, d in CASES} >= {A.INT, A.FLOAT, A.STRING, A.INTS, A.FLOATS, A.STRINGS,
                                        A.BOOLEAN, A.LONG, A.LONGS, A.BLOCK}


def test_every_wrong_stored_type_of_every_op_is_refused_or_converted_as_paddle_does() -> None:
    """Each case: one op, one attribute stored as each type; validation (every verb's load)
    and create_op (what every path runs) agree, naming op, attribute and both types."""
    checked = refused = 0
    for op_type, name, declared in CASES:
        for stored, value in VALUES.items():
            if stored == declared:
                continue
            desc = OpDesc(op_type, attrs={name: value}, attr_types={name: stored})
            problems = [p for p in program_problems(_program(desc)) if "attribute" in p]
            checked += 1
            if (declared, stored) in ACCEPTED:
                assert problems == [], (op_type, name, stored, problems)
                op = create_op(desc)
                assert op.attrs[name] == ACCEPTED[declared, stored]
                assert type(op.attrs[name]) is type(ACCEPTED[declared, stored])
                continue
            refused += 1
            want = (f"op #0 '{op_type}': attribute '{name}' is stored as {stored.name} (")
            assert len(problems) == 1 and problems[0].startswith(want), problems
            assert f"the op declares {declared.name}:" in problems[0]
            with pytest.raises(AttrTypeError, match=f"op '{op_type}': attribute '{name}' is "
                                                    f"stored as {stored.name}"):
                create_op(desc)
    assert checked > 15 * len(CASES) and refused > 0.9 * checked


@pytest.mark.parametrize(("declared_op", "name", "stored", "value", "why"), [
    ("eye", "num_columns", A.FLOAT, 3.7, "Paddle would truncate 3.7"),
    ("eye", "num_columns", A.FLOAT, 2.0**40, "Paddle would truncate"),  # through an int32
    ("scale", "scale", A.INT, 2**24 + 1, "Paddle would round 16777217"),
    ("scale", "scale", A.LONG, 2**40 + 1, "Paddle would round"),
    ("fill_constant", "shape", A.FLOATS, [2.0, 0.5], "Paddle would truncate 0.5"),
    ("fill_constant", "shape", A.FLOATS, [float("nan")], "Paddle would truncate nan"),
    ("softmax", "axis", A.FLOAT, 1.0, "Paddle 3.3.1 refuses it too"),
    ("softmax", "axis", A.LONG, 1, "Paddle 3.3.1 refuses it too"),
    ("scale", "bias_after_scale", A.LONG, 0, "Paddle 3.3.1 refuses it too"),
    ("eye", "num_rows", A.VAR, "n", "given by variable 'n'"),
])
def test_conversions_that_change_the_value_are_refused(declared_op: str, name: str, stored: A,
                                                      value: object, why: str) -> None:
    desc = OpDesc(declared_op, attrs={name: value}, attr_types={name: stored})
    problems = program_problems(_program(desc))
    assert len(problems) == 1 and why in problems[0], problems


@pytest.mark.parametrize(("op_type", "name", "stored", "value", "seen"), [
    ("eye", "num_columns", A.FLOAT, 3.0, 3),
    ("scale", "scale", A.INT, 2**24, 16777216.0),
    ("scale", "bias_after_scale", A.FLOAT, 0.0, False),
    ("scale", "bias_after_scale", A.INT, 2, True),
    ("fill_constant", "shape", A.FLOATS, [2.0, 3.0], [2, 3]),
    ("fill_constant", "shape", A.STRINGS, [], []),  # an empty list holds no value
])
def test_value_keeping_conversions_reach_the_op_as_the_declared_type(
        op_type: str, name: str, stored: A, value: object, seen: object) -> None:
    desc = OpDesc(op_type, attrs={name: value}, attr_types={name: stored})
    assert program_problems(_program(desc)) == []
    got = create_op(desc).attrs[name]
    assert got == seen and type(got) is type(seen)


PATHS = [(path, *extra) for path in ("auto", "phi", "legacy") for extra in ((), ("--no-passes",))]


def _set_attr(msg, op_index: int, name: str, kind: A, field: str, value: object) -> None:
    attr = next(a for a in msg.blocks[0].ops[op_index].attrs if a.name == name)
    attr.Clear()
    attr.name, attr.type = name, int(kind)
    setattr(attr, field, value)


@pytest.mark.parametrize("path", PATHS, ids=" ".join)
def test_softmax_axis_stored_as_float_is_refused_on_every_path(tmp_path: Path, path) -> None:
    """The reported case: truncated to axis 0, it gave all-ones at exit 0."""
    model = edited(tmp_path / "m", lambda m: _set_attr(m, 9, "axis", A.FLOAT, "f", 0.7))
    res = invoke("run", model, "-i", EXAMPLE / "x.npy", "--path", *path,
                 "--output", tmp_path / "o.npz")
    assert_clean_error(res, "op #9 'softmax': attribute 'axis' is stored as FLOAT (0.7); "
                            "the op declares INT")
    assert not (tmp_path / "o.npz").exists()


def test_check_reports_the_attribute(tmp_path: Path) -> None:
    model = edited(tmp_path / "m", lambda m: _set_attr(m, 9, "axis", A.FLOAT, "f", 0.7))
    res = invoke("check", model, "--json")
    assert res.exit_code == 2
    problems = json.loads(res.stdout)["problems"]
    assert [p["kind"] for p in problems] == ["attribute"]
    assert "op #9 'softmax': attribute 'axis' is stored as FLOAT (0.7)" in problems[0]["message"]


@pytest.mark.parametrize("path", PATHS, ids=" ".join)
def test_a_converted_attribute_gives_the_original_answer_on_every_path(tmp_path: Path,
                                                                      path) -> None:
    """matmul_v2's BOOLEAN trans_y stored as INT 0 (Paddle reads it as false)."""
    model = edited(tmp_path / "m", lambda m: _set_attr(m, 4, "trans_y", A.INT, "i", 0))
    outs = []
    for i, m in enumerate((EXAMPLE / "model", model)):
        out = tmp_path / f"o{i}.npz"
        res = invoke("run", m, "-i", EXAMPLE / "x.npy", "--path", *path, "--output", out)
        assert res.exit_code == 0, res.output
        with np.load(out) as z:
            outs.append({k: z[k] for k in z.files})
    assert outs[0].keys() == outs[1].keys()
    for k in outs[0]:
        assert outs[0][k].tobytes() == outs[1][k].tobytes()
