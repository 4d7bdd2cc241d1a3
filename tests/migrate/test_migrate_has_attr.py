"""`ctx.has_attr(NAME)`: True for an attribute the proto declares with a default (every desc
fluidphi builds has it), so its branches fold; refused, with the case named, otherwise (an
attribute declared with no default read with a fallback too: what blocks it is named)."""

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


def _without_default(body: str, helpers: str = "") -> str:
    source = unary(helpers + "\n\nclass UnaryKernel(OpKernel):\n"
                   "    def compute(self, ctx: ExecutionContext) -> None:\n"
                   + "".join(f"        {line}\n" for line in dedent(body).splitlines()))
    line = UNARY.split("\n")[5]
    source = source.replace(line, line + '\n        self.add_attr("gamma", AttrType.FLOAT, '
                            'None, "no default")')
    assert '"gamma", AttrType.FLOAT, None' in source
    return source


_ATTR_OR = '''

def attr_or(ctx, name, default):
    return ctx.attr(name) if ctx.has_attr(name) else default
'''

_NO_DEFAULT = ("ctx.has_attr('gamma'), which depends on the OpDesc: the op proto declares "
               "'gamma' with no default")


@pytest.mark.parametrize(("body", "helpers", "reason"), [
    # a read the test does not guard: the test's value kept in a variable, an `or`
    ('''
    flag = ctx.has_attr("gamma")
    a = ctx.attr("gamma") if flag else 3.0
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', "", _NO_DEFAULT),
    ('''
    a = 3.0
    if ctx.has_attr("gamma") or ctx.has_attr("alpha"):
        a = ctx.attr("gamma")
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', "", _NO_DEFAULT),
    ('''
    a = ctx.attr("gamma") if ctx.has_attr("gamma") else 3.0
    b = ctx.attr("gamma") if ctx.has_attr("gamma") else 2.0
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a * b
    ''', "", "calls ctx.has_attr('gamma') with two fallbacks, 3.0 and 2.0"),
    ('''
    a = ctx.attr("gamma") if ctx.has_attr("gamma") else 3.0
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * ctx.attr("gamma")
    ''', "", "reads attribute 'gamma' plainly (ctx.attr) beside a ctx.has_attr('gamma') "
               "fallback"),
    ('''
    a = ctx.attr("gamma") if ctx.has_attr("gamma") else float(3)
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', "", "calls ctx.has_attr('gamma') with fallback `float(3)`, not a literal"),
])
def test_an_attribute_without_a_default_is_refused_naming_what_blocks(
        body: str, helpers: str, reason: str) -> None:
    assert_skipped(migrate(_without_default(body, helpers)), reason)


@pytest.mark.parametrize("body", ['''
    a = ctx.attr("gamma") if ctx.has_attr("gamma") else 3.0
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', '''
    if not ctx.has_attr("gamma"):
        a = 3.0
    else:
        a = ctx.attr("gamma")
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', '''
    a = attr_or(ctx, "gamma", 3.0)
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    '''])
def test_one_literal_fallback_is_the_phi_default(body: str) -> None:
    # the helper's copy takes the literal its call gives as the fallback
    result = migrate(_without_default(body, _ATTR_OR if "attr_or" in body else ""))
    text = function_source(result, "unary_kernel")
    assert "gamma: Annotated[float, AttrDefault(3.0)]" in text, text
    assert "has_attr" not in text
    assert [op.defaulted for op in result.ops] == [("gamma",)]
    assert "float gamma=3.0" in result.ops[0].yaml


@pytest.mark.parametrize(("body", "helpers"), [
    # a test guarding no read of the attribute
    ('''
    a = 2.0 if ctx.has_attr("gamma") else 3.0
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', ""),
    # a helper's parameter as the fallback, given no literal here
    ('''
    a = attr_or(ctx, "gamma", float(3))
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', _ATTR_OR),
    # reads guarded by an `and` and by an `if` nested in the test's body
    ('''
    a = 3.0
    if ctx.has_attr("gamma") and ctx.attr("gamma") is not None:
        a = float(ctx.attr("gamma"))
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', ""),
    ('''
    a = 3.0
    if ctx.has_attr("gamma"):
        if ctx.attr("gamma") > 0:
            a = ctx.attr("gamma")
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', ""),
    # a helper returning early where the test holds (`if ...: return`, then `return`)
    ('''
    ctx.output("Out").mutable_data(ctx.place)[...] = scaled(ctx, ctx.input("X").data)
    ''', '''

def scaled(ctx, x):
    if ctx.has_attr("gamma") and ctx.attr("gamma") is not None:
        return x * ctx.attr("gamma")
    return x
'''),
])
def test_a_tested_attribute_without_a_default_defaults_to_none(body: str, helpers: str
                                                               ) -> None:
    # read only where its test holds: the test is `gamma is not None`, None its default
    result = migrate(_without_default(body, helpers))
    text = result.new_text or str(result.records)
    assert "gamma: Annotated[float, AttrDefault(None)]" in text, text
    assert "(gamma is not None)" in text, text
    assert "has_attr" not in text.replace(helpers.strip(), ""), text  # the helper stays
    assert [op.defaulted for op in result.ops] == [("gamma",)]


def test_a_fallback_in_a_branch_folded_away_blocks_nothing() -> None:
    text = function_source(migrate(_without_default('''
    a = 2.0
    if False:
        a = ctx.attr("gamma") if ctx.has_attr("gamma") else float(3)
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''')), "unary_kernel")
    assert "gamma" not in text and "a = 2.0" in text, text


def test_which_attributes_every_desc_has() -> None:
    proto = StaticProto("op", "Maker", attrs=[AttrSlot("a", "FLOAT", 1.0),
                                              AttrSlot("b", "FLOAT", None),
                                              AttrSlot("c", "FLOAT", UNKNOWN_DEFAULT),
                                              AttrSlot("d", "BOOLEAN", False)])
    assert [always_set(proto, n) for n in "abcde"] == [True, False, False, True, False]
    assert "cannot read" in why_undecided(proto, "c")
    assert "does not declare" in why_undecided(proto, "e")



_GET_OR = '''

BETA = 3.0


def get_or(ctx, name, default):
    if ctx.has_attr(name):
        return ctx.attr(name)
    return default
'''


def _compute(body: str, helpers: str) -> str:
    return unary(helpers + "\n\nclass UnaryKernel(OpKernel):\n"
                 "    def compute(self, ctx: ExecutionContext) -> None:\n"
                 + "".join(f"        {line}\n" for line in dedent(body).splitlines()))


@pytest.mark.parametrize(("body", "helpers"), [
    ('''
    a = ctx.attr("beta") if ctx.has_attr("beta") else 3.0
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', ""),
    # a getter given a module constant: its value, as the literal would be
    ('''
    a = get_or(ctx, "beta", BETA)
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a
    ''', _GET_OR),
])
def test_an_undeclared_attribute_with_a_typed_fallback_is_an_argument(body: str, helpers: str
                                                                       ) -> None:
    result = migrate(_compute(body, helpers))
    text = function_source(result, "unary_kernel")
    assert "beta: Annotated[float, AttrDefault(3.0)]" in text, text
    assert [(op.defaulted, op.undeclared) for op in result.ops] == [(("beta",), {"beta": 3.0})]
    assert "float beta=3.0" in result.ops[0].yaml


@pytest.mark.parametrize(("body", "helpers", "reason"), [
    # a local of compute() named like the module constant: not the module's
    ('''
    BETA = 2.0
    a = get_or(ctx, "beta", BETA)
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a * BETA
    ''', _GET_OR, "calls ctx.has_attr('beta'), which depends on the OpDesc: the op proto "
                  "does not declare 'beta'"),
    ('''
    a = ctx.attr("beta") if ctx.has_attr("beta") else [1.0]
    ctx.output("Out").mutable_data(ctx.place)[...] = ctx.input("X").data * a[0]
    ''', "", "reads attribute 'beta' that the op proto does not declare"),
])
def test_an_undeclared_attribute_without_a_typed_fallback_is_refused(
        body: str, helpers: str, reason: str) -> None:
    assert_skipped(migrate(_compute(body, helpers)), reason)
