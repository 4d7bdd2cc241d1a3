"""`op_def(name)` parses one entry alone until the whole files are parsed: every entry read
alone equals the whole-file parse's, and what the lines cannot vouch for falls back."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import phi.op_defs as defs
from phi.op_defs import BACKWARD_YAML, OPS_YAML, OpDefError, backward_defs, op_defs
from phi.op_defs.entry_index import (
    compat_index,
    compat_index_text,
    file_index,
    index_text,
    parse_compat_entry,
    parse_entry,
)

ENTRY = """\
- op : {name}
  args : (Tensor x)
  output : Tensor(out)
  kernel :
    func : {name}
"""


@pytest.mark.parametrize("path", [OPS_YAML, BACKWARD_YAML], ids=lambda p: p.name)
def test_every_entry_alone_equals_the_whole_file_parse(path: Path) -> None:
    index = file_index(path)
    assert index is not None
    whole = op_defs() if path == OPS_YAML else backward_defs()
    assert list(index.spans) == [d.name for d in whole]
    for full in whole:
        alone = parse_entry(index, full.name)
        assert alone == full
        assert (alone.file, alone.section, alone.line) == (full.file, full.section, full.line)


def test_lines_the_index_cannot_vouch_for_give_no_index() -> None:
    one, two = ENTRY.format(name="a"), ENTRY.format(name="b")
    index = index_text(Path("ops.yaml"), "# -- math ---\n" + one + "\n" + two)
    assert index is not None
    assert (index.spans["b"].section, index.spans["b"].line) == ("math", 8)
    assert index_text(Path("ops.yaml"), one + one) is None  # a name twice
    assert index_text(Path("ops.yaml"), one + "- args : (Tensor x)\n  op : c\n") is None
    assert index_text(Path("ops.yaml"), "---\n" + one) is None


def test_an_entry_that_is_not_one_mapping_is_left_to_the_whole_parse() -> None:
    text = ENTRY.format(name="a") + "- op : b\n  args : [unclosed\n"
    index = index_text(Path("ops.yaml"), text)
    assert index is not None
    assert parse_entry(index, "b") is None
    assert parse_entry(index, "missing") is None
    assert parse_entry(index, "a").name == "a"


def test_a_bad_entry_alone_names_file_and_op() -> None:
    index = index_text(Path("ops.yaml"), ENTRY.format(name="a").replace("(Tensor x)", "(x)"))
    with pytest.raises(OpDefError, match=r"ops\.yaml: op 'a'"):
        parse_entry(index, "a")


def test_a_lookup_parses_neither_whole_file() -> None:
    script = textwrap.dedent("""
        import phi.op_defs as d
        assert d.op_def("matmul").name == "matmul"
        assert d.op_def("matmul_grad").forward.op == "matmul"
        assert d.op_compat_of("matmul_v2").names.phi == "matmul"
        assert d.op_compat_of("no_such_legacy_op") is None
        print(d._by_name.cache_info().currsize, d.op_defs.cache_info().currsize,
              d._compat_by_legacy.cache_info().currsize)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["0", "0", "0"]


COMPAT = """\
# header
- op : argmax (arg_max)
  inputs : {x : X}

- op : matmul (matmul_v2)
  backward : matmul_grad (matmul_v2_grad), matmul_double_grad
  attrs : {transpose_x : trans_x}
"""


def test_every_op_compat_entry_alone_equals_the_whole_file_parse() -> None:
    index = compat_index(defs.OP_COMPAT_YAML, "phi/op_compat.yaml")
    assert index is not None
    whole = {legacy: entry for entry in defs.op_compat_defs()
             for legacy in (entry.names.legacy, *(b.legacy for b in entry.backward))}
    assert set(index.spans) == set(whole)
    for legacy, full in whole.items():
        alone = parse_compat_entry(index, legacy)
        assert alone == full and alone.source == full.source


def test_op_compat_lines_index_legacy_names() -> None:
    index = compat_index_text("op_compat.yaml", COMPAT)
    assert index is not None
    assert sorted(index.spans) == ["arg_max", "matmul_double_grad", "matmul_v2",
                                   "matmul_v2_grad"]
    entry = parse_compat_entry(index, "matmul_v2_grad")
    assert entry.names.phi == "matmul" and str(entry.source) == "op_compat.yaml:5"
    assert parse_compat_entry(index, "argmax") is None  # a PHI name, not a legacy one
    twice = COMPAT + "- op : arg_max\n"
    assert compat_index_text("op_compat.yaml", twice) is None
    assert compat_index_text("op_compat.yaml", COMPAT + "other : 1\n") is None
    assert compat_index_text("op_compat.yaml", COMPAT.replace("  backward : ",
                                                              "  backward: ")) is None


def test_an_op_compat_entry_the_lines_misname_is_left_to_the_whole_parse() -> None:
    repeated = COMPAT.replace("  attrs : {transpose_x : trans_x}",
                              "  attrs : {transpose_x : trans_x}\n  attrs : {a : b}")
    index = compat_index_text("op_compat.yaml", repeated)
    assert index is not None
    assert parse_compat_entry(index, "matmul_v2") is None  # a repeated key
    index = compat_index_text("op_compat.yaml", COMPAT)
    forged = type(index)(index.shown, index.text, index.spans,
                         {**index.names, index.spans["arg_max"].start: frozenset({"x"})})
    assert parse_compat_entry(forged, "arg_max") is None
