"""Malformed programs: one clear error naming what is wrong, from every verb that loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from legacy_fluid.framework.var_type import AttrType
from tests.cli.malformed import EXAMPLE, MARK, assert_clean_error, edited, invoke

X = EXAMPLE / "x.npy"


def _verbs(model: Path, tmp_path: Path) -> list[tuple[str, ...]]:
    return [("inspect", str(model)), ("run", str(model), "-i", str(X)),
            ("coverage", "--model", str(model), "--out", str(tmp_path / "cov"))]


def _op(msg, i):
    return msg.blocks[0].ops[i]


BAD_UTF8 = {
    "var name": (lambda m: setattr(m.blocks[0].vars[0], "name", MARK), "block 0, var #0: var name"),
    "op type": (lambda m: setattr(_op(m, 3), "type", MARK), "block 0, op #3: op type"),
    "slot name": (lambda m: setattr(_op(m, 3).inputs[0], "parameter", MARK),
                  "input slot name"),
    "argument": (lambda m: _op(m, 3).outputs[0].arguments.__setitem__(0, MARK),
                 "output 'Out' var name"),
    "attr name": (lambda m: setattr(_op(m, 2).attrs[0], "name", MARK), "attribute name"),
    "op_version_map": (lambda m: setattr(m.op_version_map.pair[0], "op_name", MARK),
                       "op_version_map: op name"),
}


@pytest.mark.parametrize("field", list(BAD_UTF8))
def test_invalid_utf8_in_any_name_is_a_format_error(tmp_path: Path, field: str) -> None:
    edit, where = BAD_UTF8[field]
    model = edited(tmp_path / "m", edit, bad_utf8=True)
    for args in _verbs(model, tmp_path):
        assert_clean_error(invoke(*args), "model.pdmodel", where, "not valid UTF-8")


def test_invalid_utf8_attribute_value_is_refused_at_load(tmp_path: Path) -> None:
    def edit(m):
        _op(m, 3).attrs.add(name="note", type=AttrType.STRING, s=MARK)

    model = edited(tmp_path / "m", edit, bad_utf8=True)
    assert_clean_error(invoke("run", model, "-i", X), "op #3 'relu'", "attribute 'note'",
                       "STRING value is not valid UTF-8")


def test_unknown_attribute_type_names_op_and_attribute(tmp_path: Path) -> None:
    model = edited(tmp_path / "m", lambda m: _op(m, 9).attrs.add(name="future", type=99, i=1))
    for args in _verbs(model, tmp_path):
        assert_clean_error(invoke(*args), "op #9 'softmax'", "attribute 'future'",
                           "attribute type 99")


def _second_fetch(m, col: int) -> None:
    f = m.blocks[0].ops.add()
    f.CopyFrom(_op(m, 10))
    f.inputs[0].arguments[0] = "relu_1.tmp_0"
    next(a for a in f.attrs if a.name == "col").i = col


@pytest.mark.parametrize(("col", "needle"), [
    (0, "both use fetch column 0"),
    (5, "fetch columns must be 0 .. 1 for 2 fetch op(s); found column 5"),
    (2**31 - 1, "found column 2147483647"),
])
def test_fetch_columns_must_be_unique_and_contiguous(tmp_path: Path, col: int,
                                                     needle: str) -> None:
    model = edited(tmp_path / "m", lambda m: _second_fetch(m, col))
    for args in _verbs(model, tmp_path):
        assert_clean_error(invoke(*args), needle)


def test_feed_column_past_the_end(tmp_path: Path) -> None:
    model = edited(tmp_path / "m", lambda m: setattr(
        next(a for a in _op(m, 0).attrs if a.name == "col"), "i", 1))
    assert_clean_error(invoke("run", model, "-i", X), "feed columns must be 0 .. 0")


def test_fetch_of_a_var_no_op_writes(tmp_path: Path) -> None:
    def edit(m):
        _op(m, 10).inputs[0].arguments[0] = "linear_2.tmp_0"
        del m.blocks[0].ops[7]  # the matmul that wrote linear_2.tmp_0

    model = edited(tmp_path / "m", edit)
    assert_clean_error(invoke("inspect", model), "fetches 'linear_2.tmp_0'",
                       "no earlier op writes")


def _add_block(m, parent: int) -> None:
    b = m.blocks.add()
    b.idx, b.parent_idx = len(m.blocks) - 1, parent


@pytest.mark.parametrize(("edit", "needle"), [
    (lambda m: setattr(m.blocks[0], "parent_idx", 0), "block 0 (the global block) has parent_idx"),
    (lambda m: _add_block(m, 7), "block 1 has parent_idx 7"),
    (lambda m: (_add_block(m, 2), _add_block(m, 1)), "parent blocks form a cycle"),
    (lambda m: setattr(m.blocks[0], "idx", 3), "block #0 says its idx is 3"),
])
def test_block_parents_out_of_range_or_cyclic(tmp_path: Path, edit, needle: str) -> None:
    model = edited(tmp_path / "m", edit)
    for args in _verbs(model, tmp_path):
        assert_clean_error(invoke(*args), needle)


@pytest.mark.parametrize(("version", "needle"), [
    (3004000, "version 3004000 (Paddle 3.4.0, newer than fluidphi knows)"),
    (-1, "version -1 (negative)"),
])
def test_program_version_out_of_range(tmp_path: Path, version: int, needle: str) -> None:
    model = edited(tmp_path / "m", lambda m: setattr(m.version, "version", version))
    assert_clean_error(invoke("run", model, "-i", X), needle, "expected 0 .. 3003001")


def test_older_versions_load(tmp_path: Path) -> None:
    model = edited(tmp_path / "m", lambda m: setattr(m.version, "version", 0))
    assert invoke("run", model, "-i", X).exit_code == 0


def _set_dims(m, name: str, dim: int) -> None:
    var = next(v for v in m.blocks[0].vars if v.name == name)
    var.type.lod_tensor.tensor.dims[0] = dim


@pytest.mark.parametrize(("edit", "needle"), [
    (lambda m: _op(m, 3).inputs[0].arguments.__setitem__(0, "nowhere"),
     "op #3 'relu' names variable 'nowhere', which is not declared"),
    # a parameter (an op's output may carry Paddle 2.x's negative products: tests/io)
    (lambda m: _set_dims(m, "linear_0.w_0", -7),
     "'linear_0.w_0' (used by op #1 'matmul_v2') has dims"),
    (lambda m: setattr(m.blocks[0].vars[1].type.lod_tensor.tensor, "data_type", 99),
     "element type 99"),
    (lambda m: setattr(_op(m, 0).attrs[0], "type", AttrType.FLOAT),
     "op #0 'feed' has no INT attribute 'col'"),
])
def test_used_vars_and_feed_ops_are_checked(tmp_path: Path, edit, needle: str) -> None:
    model = edited(tmp_path / "m", edit)
    assert_clean_error(invoke("run", model, "-i", X), needle)


def test_var_lookup_ends_on_cyclic_parents_built_in_memory() -> None:
    from legacy_fluid.framework.program_desc import BlockDesc, ProgramDesc

    program = ProgramDesc([BlockDesc(0, 0), BlockDesc(1, 2), BlockDesc(2, 1)])
    assert program.blocks[0].find_var_recursive("x") is None
    assert program.blocks[1].find_var_recursive("x") is None
    program.blocks[0].var("x")
    program.blocks[1].parent_idx = 0
    assert program.blocks[2].find_var_recursive("x") is program.blocks[0].vars["x"]
