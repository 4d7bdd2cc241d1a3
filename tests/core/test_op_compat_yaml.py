"""phi/op_compat.yaml's model: entries parse into typed, frozen fields with their line; every
malformed entry is refused with file:line, the op and what was expected."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from phi.op_defs import (
    OP_COMPAT_YAML,
    ArgType,
    OpCompatError,
    OpNames,
    TensorAttrKind,
    load_op_compat,
    op_compat_defs,
    render_entry,
    render_op_compat,
)

GOOD = """\
# a comment line
- op : add (elementwise_add)
  backward : add_grad (elementwise_add_grad), add_double_grad (elementwise_add_grad_grad)

- op : slice
  inputs : {input : Input}
  attrs : {axes : axes}
  scalar :
    value : {data_type : float, tensor_name : ValueTensor}
  int_array :
    starts : {data_type : int, tensor_name : StartsTensor, tensors_name : StartsTensorList}
  legacy_attrs : [int axis = -1, str mode]
  extra :
    inputs : [Bias]
    attrs : [bool use_cudnn = false, str data_format]
    outputs : [XShape]
  manual_signature : [slice]
"""


def _load(tmp_path: Path, text: str) -> tuple:
    path = tmp_path / "op_compat.yaml"
    path.write_text(text, encoding="utf-8")
    return load_op_compat(path)


def test_entries_parse_into_frozen_typed_fields_with_their_line(tmp_path: Path) -> None:
    add, sl = _load(tmp_path, GOOD)
    assert add.names == OpNames("add", "elementwise_add") and add.names.renamed
    assert add.backward == (OpNames("add_grad", "elementwise_add_grad"),
                            OpNames("add_double_grad", "elementwise_add_grad_grad"))
    assert (str(add.source), str(sl.source)) == ("op_compat.yaml:2", "op_compat.yaml:5")
    assert sl.names == OpNames("slice", "slice") and not sl.names.renamed
    assert sl.inputs == (("input", "Input"),) and sl.attrs == (("axes", "axes"),)
    value, starts = sl.tensor_attrs
    assert (value.kind, value.tensor_name, value.tensors_name) == (
        TensorAttrKind.SCALAR, "ValueTensor", None)
    assert (starts.kind, starts.tensor_slots) == (
        TensorAttrKind.INT_ARRAY, ("StartsTensor", "StartsTensorList"))
    assert sl.tensor_attr("starts") is starts and sl.tensor_attr("axes") is None
    assert sl.extra.inputs == ("Bias",) and sl.extra.outputs == ("XShape",)
    assert [(a.type, a.name, a.default) for a in sl.extra.attrs] == [
        (ArgType.BOOL, "use_cudnn", "false"), (ArgType.STR, "data_format", None)]
    assert [(a.type, a.name, a.default) for a in sl.legacy_attrs] == [
        (ArgType.INT, "axis", "-1"), (ArgType.STR, "mode", None)]
    assert sl.unmapped_attr_names == ("axis", "mode", "use_cudnn", "data_format")
    assert sl.manual_signature == ("slice",)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sl.names = OpNames("x", "y")  # type: ignore[misc]


@pytest.mark.parametrize(("text", "problem"), [
    ("- op : add\n  kernel : add\n", "op 'add': unknown keys ['kernel']"),
    ("- op : add (elementwise add)\n", "is not `phi_name` or `phi_name (legacy_name)`"),
    ("- inputs : {x : X}\n", "an entry is a mapping starting with `op :`"),
    ("- op : a\n  scalar :\n    axis : {tensor_name : T, dtype : int}\n",
     "unknown keys ['dtype']"),
    ("- op : a\n  scalar :\n    axis : {tensors_name : Ts}\n", "a Scalar takes one tensor"),
    ("- op : a\n  int_array :\n    shape : {data_type : int}\n", "names no tensor"),
    ("- op : a\n  extra :\n    attrs : [use_cudnn]\n", "is not `type name`"),
    ("- op : a\n  extra :\n    attrs : [boolean use_cudnn]\n", "is not a ArgType"),
    ("- op : a\n  extra :\n    attrs : [Tensor Bias]\n", "a tensor is an input"),
    ("- op : a\n  extra :\n    params : [x]\n", "`extra`: unknown keys ['params']"),
    ("- op : a\n  inputs : [X]\n", "`inputs` must be a non-empty mapping"),
    ("- op : a\n  inputs : {x : X, y : X}\n", "maps two PHI names to one legacy name"),
    ("- op : a (b)\n  manual_signature : [c]\n", "neither this op nor one of its backward"),
    ("- op : a\n  scalar :\n    k : {tensor_name : K}\n  extra :\n    inputs : [K]\n",
     "'K' is extra and also feeds a kernel attribute"),
    ("- op : a\n  legacy_attrs : [int axis]\n  extra :\n    attrs : [int axis]\n",
     "'axis' is in `legacy_attrs` and also extra or fed"),
    ("- op : a\n  legacy_attrs : [int axis, bool axis]\n", "names an attribute twice"),
    ("- op : a\n  legacy_attrs : [Tensor K]\n", "`legacy_attrs` 'K': a tensor is an input"),
    ("- op : a\n  legacy_attrs : int axis\n", "`legacy_attrs` must be a non-empty list"),
    ("- op : a (b)\n- op : c (b)\n", "legacy op 'b' is already described at op_compat.yaml:1"),
    ("op : a\n", "the file is a list of `- op :` entries"),
    ("- op : a\n  scalar :\n    k : {tensor_name : K}\n  scalar :\n    j : {tensor_name : J}\n",
     "op_compat.yaml:4: key 'scalar' is given twice"),
    ("- op : a\n  inputs : {x : X, x : Y}\n", "op_compat.yaml:2: key 'x' is given twice"),
    ("- op : [a\n", "not valid yaml"),
])
def test_a_malformed_entry_is_refused_naming_file_line_and_op(tmp_path: Path, text: str,
                                                                problem: str) -> None:
    with pytest.raises(OpCompatError) as err:
        _load(tmp_path, text)
    assert problem in str(err.value)
    assert str(err.value).startswith("op_compat.yaml")


def test_the_error_names_the_line_of_the_bad_entry(tmp_path: Path) -> None:
    with pytest.raises(OpCompatError, match=r"op_compat.yaml:4: op 'b': unknown keys"):
        _load(tmp_path, "- op : a\n\n# b follows\n- op : b\n  args : x\n")


def test_the_project_file_parses() -> None:
    entries = op_compat_defs()
    assert all(str(e.source).startswith("phi/op_compat.yaml:") for e in entries)


def test_the_project_file_is_written_in_the_one_writers_form() -> None:
    """phi/op_compat.yaml is what `render_op_compat` writes for its own entries (after the
    header comment), so an entry has one spelling and a rewrite keeps every byte."""
    text = OP_COMPAT_YAML.read_text(encoding="utf-8")
    header = text[: text.index("- op :")]
    assert render_op_compat(op_compat_defs(), header) == text


def test_rendering_an_entry_and_parsing_it_gives_it_back(tmp_path: Path) -> None:
    entries = _load(tmp_path, GOOD)
    again = _load(tmp_path, render_op_compat(entries))
    assert [dataclasses.replace(e, source=None) for e in again] == \
        [dataclasses.replace(e, source=None) for e in entries]
    assert render_entry(entries[0]) == ("- op : add (elementwise_add)\n  backward : add_grad "
                                        "(elementwise_add_grad), add_double_grad "
                                        "(elementwise_add_grad_grad)\n")
