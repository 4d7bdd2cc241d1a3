"""`op_def(name)` parses one entry alone until the whole files are parsed: every entry read
alone equals the whole-file parse's, and what the lines cannot vouch for falls back."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from phi.op_defs import BACKWARD_YAML, OPS_YAML, OpDefError, backward_defs, op_defs
from phi.op_defs.entry_index import file_index, index_text, parse_entry

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
        print(d._by_name.cache_info().currsize, d.op_defs.cache_info().currsize)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["0", "0"]
