"""The codemod on a package whose shared ctx helpers trace under a module switch
(tests/migrate/corpus/pkg_trace, issue 23, cm42): `if _TRACE: print(f"[team] {ctx.op_type}:
alloc {slot} {data.shape}")` in `common/utils.py`, lifted into the op modules. The values
substituted into f-string fields (the op's name, the slot literal, class constants) are
merged into the f-strings' text, so the generated code parses on Python 3.9-3.11, and the
branch a constant `_TRACE = False` rules out is dropped. Negative twins: a constant whose
quotes and backslash no f-string field of Python 3.11 spells stays legacy, named; a switch
a function rebinds at run time (`global _TRACE`) is not folded, and the kernel whose helper
reads it stays legacy, named (an import of it would keep its value of import time).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    function_source,
    migrate,
    run_package_ops,
    unary,
    verified_rows,
    write_copy,
)

PACKAGE = "pkg_trace"
_TAGS = [{"tag": "t"}, {"tag": ""}, {"tag": "x" * 45}, {"tag": "{a}"}]
CASES = {op: _TAGS for op in ("tr_square", "tr_tagged", "tr_padded", "tr_quoted", "tr_loud")}
_LEGACY = frozenset({"tr_quoted", "tr_loud"})
_LOUD = ("passes ctx to alloc_traced() of loud.py, which reads '_TRACE', and a function "
         "rebinds it (`global _TRACE`): an import here would keep its value of import time")
_QUOTED = "reads self.LABEL inside an f-string, where its value's quotes cannot be spelled"


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [f"{PACKAGE}.ops.unary", f"{PACKAGE}.ops.labels"], CASES,
                           mode, legacy=_LEGACY if mode == "phi" else frozenset())


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("trace"), PACKAGE, _run)


def test_the_tracing_kernels_migrate_and_verify_identical(written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert {k: r["status"] for k, r in got.items()} == {
        "SquareKernel": "migrated", "TaggedKernel": "migrated", "PaddedKernel": "migrated",
        "QuotedKernel": "skipped", "LoudKernel": "skipped"}
    assert got["QuotedKernel"]["reason"].startswith(_QUOTED), got["QuotedKernel"]
    assert got["LoudKernel"]["reason"].startswith(_LOUD), got["LoudKernel"]
    assert written["after_ops"] == written["before_ops"]
    before = written["before_ops"]
    assert before["tr_tagged {'tag': ''}"] == 'tr_tagged: attribute "tag" is empty'
    assert before["tr_tagged {'tag': '" + "x" * 45 + "'}"].startswith("tr_tagged: tag 'xxx")


def test_the_generated_f_strings_parse_and_the_dead_trace_goes(written: dict[str, Any]) -> None:
    unary_text = (written["pkg"] / "ops" / "unary.py").read_text()
    labels = (written["pkg"] / "ops" / "labels.py").read_text()
    for text in (unary_text, labels):
        ast.parse(text, feature_version=(3, 9))
    # utils' `_TRACE = False`: the branch is gone, and with it the import of the switch
    assert "_TRACE" not in unary_text and "[team]" not in unary_text
    assert """raise ValueError('tr_tagged: attribute "tag" is empty')""" in unary_text
    assert 'raise ValueError(f"tr_tagged: tag {tag!r} is too long for {{tag}}")' in unary_text
    assert "len(f\"   pad|'pad'|{tag}\")" in labels
    # loud's switch is rebound by enable_trace(): the kernel reading it stays as it was
    assert "class LoudKernel(OpKernel):" in labels and "import _TRACE" not in labels


_KERNEL = '''
class UnaryKernel(OpKernel):
    NAME = VALUE

    def compute(self, ctx):
        x = ctx.input("X").data
        out = ctx.output("Out").mutable_data(ctx.place)
        BODY
'''


@pytest.mark.parametrize(("value", "body", "expected"), [
    # the op's name and a class constant, in fields of either quote: merged into the text
    ("'n'", 'print(f"{ctx.op_type}/{self.NAME}")', 'print("unary/n")'),
    ("'n'", "print(f'{ctx.op_type}/{self.NAME}')", "print('unary/n')"),
    ("'a{b}'", 'print(f"{self.NAME} {x}")', 'print(f"a{{b}} {x}")'),
    ("'n'", 'print(f"{self.NAME!r:>5} {x}")', "print(f\"  'n' {x}\")"),
    # a field holding more than the literal: the literal respelled with the other quote
    ("('a', 'b')", 'print(f"{self.NAME[0]} {x}")', "print(f\"{('a', 'b')[0]} {x}\")"),
])
def test_a_value_substituted_into_an_f_string_field_parses(value: str, body: str,
                                                           expected: str) -> None:
    source = unary(_KERNEL.replace("VALUE", value).replace("BODY", body))
    result = migrate(source)
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    assert record.status == "migrated", record.reason
    text = function_source(result, "unary_kernel")
    assert f"    {expected}\n" in text, text
    ast.parse(text, feature_version=(3, 9))
