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
