"""tools/plain_op_converter.py and tools/maker_differences.py: the rewrites the converter
makes (literal calls, loops over op types), the op_compat entry it lists a maker's
attributes in, and the first difference the classification names."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import libcst as cst
import pytest

from legacy_fluid.framework.op_proto import AttrProto, OpProto, VarProto
from legacy_fluid.framework.var_type import AttrType
from phi.op_defs import ArgType, OpCompatDef, OpNames, SourceLine

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _tool(name: str) -> ModuleType:
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    return importlib.import_module(name)


@pytest.fixture(scope="module")
def converter() -> ModuleType:
    return _tool("plain_op_converter")


SOURCE = '''\
register_operator("lit", Op, LitMaker)
for _op in ("a", "b", "c"):
    register_operator(_op, Op, Maker)
for _op in ("d", "e"):
    register_operator(_op, Op, Maker)
for _op, _cls, _maker in (("f", Op, Maker),):
    register_operator(_op, _cls, _maker)
'''


def _rewrite(converter: ModuleType, plain: set[str]) -> tuple[str, list[str]]:
    dropper = converter._DropMakers(plain)
    return cst.parse_module(SOURCE).visit(dropper).code, dropper.dropped


def test_literal_calls_and_loops_over_op_types_are_rewritable(
        converter: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "some_op.py"
    path.write_text(SOURCE, encoding="utf-8")
    # the (op, class, maker) tuple loop is left alone (the codemod corpus' form)
    assert converter.literal_registrations([path]) == {"lit", "a", "b", "c", "d", "e"}


def test_a_loop_is_split_into_its_plain_ops_and_the_rest(converter: ModuleType) -> None:
    code, dropped = _rewrite(converter, {"lit", "a", "c", "d", "e", "f"})
    assert sorted(dropped) == ["a", "c", "d", "e", "lit"]
    assert 'register_operator("lit", Op)\n' in code
    assert 'for _op in ("a", "c"):\n    register_operator(_op, Op)\n' \
           'for _op in ("b",):\n    register_operator(_op, Op, Maker)\n' in code
    assert 'for _op in ("d", "e"):\n    register_operator(_op, Op)\n' in code
    assert "register_operator(_op, _cls, _maker)" in code


def test_a_makers_attributes_past_the_kernels_become_legacy_attrs(
        converter: ModuleType) -> None:
    proto = OpProto("elementwise_floordiv", [VarProto("X"), VarProto("Y")], [VarProto("Out")],
                    [AttrProto("axis", AttrType.INT, -1),
                     AttrProto("use_mkldnn", AttrType.BOOLEAN, False, extra=True)])
    blank = OpCompatDef(OpNames("floor_divide", "elementwise_floordiv"), SourceLine("", 0))
    entry = converter._with_listed_attrs(blank, proto, kernel_attrs=0)
    assert [(a.type, a.name, a.default) for a in entry.legacy_attrs] == [
        (ArgType.INT, "axis", "-1")]
    assert [(a.type, a.name, a.default) for a in entry.extra.attrs] == [
        (ArgType.BOOL, "use_mkldnn", "false")]
    # an extra attribute before a non-extra one does not trail: the entry stays
    proto.attrs.reverse()
    assert converter._with_listed_attrs(blank, proto, kernel_attrs=0) is blank


def test_the_first_difference_names_its_kind() -> None:
    explain = _tool("maker_differences")._slot_difference
    x, y = VarProto("X"), VarProto("Y")
    assert explain("input", [x, y], [y, x], ("dispensable",))[0] == "input order"
    assert explain("input", [x, y], [x], ("dispensable",)) == (
        "input only in the maker", "input Y")
    assert explain("input", [x], [x, y], ("dispensable",))[0] == "input only in the yaml"
    assert explain("input", [x], [VarProto("X", dispensable=True)], ("dispensable",)) == (
        "input dispensable", "input X: maker False / yaml True")
    assert explain("input", [x, y], [x, y], ("dispensable",)) is None
    fed, yaml_attr = AttrProto("k", AttrType.INT, 1), AttrProto("k", AttrType.FLOAT, 1.0)
    assert explain("attr", [fed], [yaml_attr], ("type", "default"))[0] == "attr type"
