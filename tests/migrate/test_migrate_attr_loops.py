"""Loops over a class constant naming attributes, where that constant is an empty tuple (a
template base's `ATTRS = ()`): unrolled into no iteration."""

from __future__ import annotations

import pytest
from migrate_helpers import assert_skipped, dedent, function_source, migrate, unary


def _kernel(body: str, attrs: str = "()") -> str:
    return unary(f"\n\nclass UnaryKernel(OpKernel):\n    ATTRS = {attrs}\n\n"
                 "    def compute(self, ctx: ExecutionContext) -> None:\n"
                 + "".join(f"        {line}\n" for line in dedent(body).splitlines()))


@pytest.mark.parametrize(("body", "expected"), [
    ('''
    kw = {n: ctx.attr(n) for n in self.ATTRS}
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * (1 + len(kw))
    ''', "    kw = {}\n"),
    ('''
    kw = {}
    for name in self.ATTRS:
        kw[name] = ctx.attr(name)
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * (1 + len(kw))
    ''', "    kw = {}\n    dev_ctx"),
    ('''
    vals = [ctx.attr(n) for n in self.ATTRS]
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * (1 + len(vals))
    ''', "    vals = []\n"),
])
def test_an_empty_constant_runs_no_iteration(body: str, expected: str) -> None:
    result = migrate(_kernel(body))
    assert [r.status.value for r in result.records] == ["migrated"], result.records
    text = function_source(result, "unary_kernel")
    assert expected in text and "ctx.attr" not in text and "alpha" not in text, text


def test_a_loop_over_the_subclass_tuple_reads_its_attributes() -> None:
    result = migrate(_kernel('''
    kw = {}
    for name in self.ATTRS:
        kw[name] = ctx.attr(name)
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * kw["alpha"]
    ''', attrs='("alpha",)'))
    text = function_source(result, "unary_kernel")
    assert 'kw["alpha"] = alpha' in text and "alpha: float" in text, text


def test_the_loop_variable_read_after_an_empty_loop_is_still_refused() -> None:
    assert_skipped(migrate(_kernel('''
    for name in self.ATTRS:
        ctx.attr(name)
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * len(name)
    ''')), "reads attribute by a computed name (ctx.attr(name))")


def test_a_has_attr_loop_over_a_module_constant_reads_literal_names() -> None:
    source = _kernel('''
    present = [ctx.has_attr(n) for n in NAMES]
    scale = 0.0
    for n in NAMES:
        scale += ctx.attr(n)
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * scale * len(present)
    ''').replace("\n\nclass UnaryKernel", '\n\nNAMES = ("alpha",)\n\n\nclass UnaryKernel', 1)
    result = migrate(source)
    assert [r.status.value for r in result.records] == ["migrated"], result.records
    text = function_source(result, "unary_kernel")
    assert "    present = [True]\n" in text and "    scale += alpha\n" in text, text


@pytest.mark.parametrize(("names", "changed", "reason"), [
    ('NAMES = ["alpha"]', 'NAMES.append("use_cudnn")', "'NAMES' is changed or handed out "
     "through `.append` (`NAMES.append(\"use_cudnn\")`)"),
    ('NAMES = ("alpha",)', 'NAMES = ("use_cudnn",)', "'NAMES' is bound more than once in "
     "its module (`NAMES = (\"use_cudnn\",)`)"),
])
def test_a_loop_over_a_module_name_that_changes_stays_legacy(names: str, changed: str,
                                                            reason: str) -> None:
    source = _kernel('''
    kw = {n: ctx.attr(n) for n in NAMES}
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * len(kw)
    ''').replace("\n\nclass UnaryKernel", f"\n\n{names}\n{changed}\n\n\nclass UnaryKernel", 1)
    assert_skipped(migrate(source), f"reads by the names NAMES lists, which are not provably "
                                    f"constant ({reason})")


def test_names_an_instance_attribute_shadows_stay_legacy() -> None:
    source = _kernel('''
    kw = {n: ctx.attr(n) for n in getattr(self, "ATTRS")}
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * len(kw)
    ''', '("alpha",)') + dedent('''

        def widen(kernel):
            kernel.ATTRS = ("alpha", "use_cudnn")
    ''')
    assert_skipped(migrate(source), 'reads by the names getattr(self, "ATTRS") lists, which '
                                    "are not provably constant ('ATTRS' is also assigned "
                                    "outside its class body)")
