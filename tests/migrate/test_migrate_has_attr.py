"""`ctx.has_attr(NAME)`: True for an attribute the proto declares with a default (every desc
fluidphi builds has it), so its branches fold; refused, with the case named, otherwise."""

from __future__ import annotations

import pytest
from migrate_helpers import UNARY, assert_skipped, dedent, function_source, migrate, unary

from migrate.has_attr_folds import always_set, why_undecided
from migrate.static_facts import UNKNOWN_DEFAULT, AttrSlot, StaticProto


def _kernel(body: str) -> str:
    return unary("\n\nclass UnaryKernel(OpKernel):\n"
                 "    def compute(self, ctx: ExecutionContext) -> None:\n"
                 + "".join(f"        {line}\n" for line in dedent(body).splitlines()))


def _migrated(body: str) -> str:
    result = migrate(_kernel(body))
    assert [r.status.value for r in result.records] == ["migrated"], result.records
    return function_source(result, "unary_kernel")


@pytest.mark.parametrize("body", [
    '''
    a = ctx.attr("alpha") if ctx.has_attr("alpha") else 3.0
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''',
    '''
    a = 3.0
    if ctx.has_attr("alpha"):
        a = ctx.attr("alpha")
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''',
    '''
    if not ctx.has_attr("alpha"):
        a = 3.0
    else:
        a = ctx.attr("alpha")
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''',
])
def test_a_declared_attribute_with_a_default_is_always_there(body: str) -> None:
    text = _migrated(body)
    # the branch taken is all that is left: no test, no fallback read
    assert "alpha: float" in text and "    a = alpha\n" in text, text
    assert not [w for w in ("has_attr", "if ", "else", "True") if w in text], text


def test_true_and_x_is_x() -> None:
    text = _migrated('''
    a = ctx.attr("alpha")
    if ctx.has_attr("alpha") and a > 0:
        a = -a
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''')
    assert "if a > 0:" in text and "True" not in text, text


def test_an_undeclared_attribute_is_refused() -> None:
    assert_skipped(migrate(_kernel('''
    a = 2.0 if ctx.has_attr("beta") else 3.0
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''')), "ctx.has_attr('beta'), which depends on the OpDesc: the op proto does not declare "
           "'beta'")


def test_an_attribute_declared_without_a_default_is_refused() -> None:
    source = _kernel('''
    a = ctx.attr("gamma") if ctx.has_attr("gamma") else 3.0
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''').replace(UNARY.split("\n")[5], UNARY.split("\n")[5] + '\n        self.add_attr('
                 '"gamma", AttrType.FLOAT, None, "no default")')
    assert '"gamma", AttrType.FLOAT, None' in source
    assert_skipped(migrate(source), "ctx.has_attr('gamma'), which depends on the OpDesc: the op "
                                    "proto declares 'gamma' with no default")


def test_which_attributes_every_desc_has() -> None:
    proto = StaticProto("op", "Maker", attrs=[AttrSlot("a", "FLOAT", 1.0),
                                              AttrSlot("b", "FLOAT", None),
                                              AttrSlot("c", "FLOAT", UNKNOWN_DEFAULT),
                                              AttrSlot("d", "BOOLEAN", False)])
    assert [always_set(proto, n) for n in "abcde"] == [True, False, False, True, False]
    assert "cannot read" in why_undecided(proto, "c")
    assert "does not declare" in why_undecided(proto, "e")
