"""A ctx helper's `*names` parameter bound, at one call, to constant strings.

`def attrs_of(ctx, *names): return tuple(ctx.attr(n) for n in names)` called
`attrs_of(ctx, "min", "max")` (or `attrs_of(ctx, *("min", "max"))`, a class constant tuple
spread with `*`, which the prepass has spelled out as its literal) reads a constant tuple:
the helper's copy for this call has no `*names`, each read of it spelled as the literal
tuple, so the comprehension over it unrolls (`kernel_prepass.unroll_names`) into literal
reads. Plain values that are not all constant strings (`_num_nodes(ctx, src, dst)`) become
that many positional parameters of the call's own copy, `*names` read as the tuple of
them. A keyword argument, or a `*` spread of anything but a literal tuple, keeps the
kernel legacy, saying which.

A helper of plain parameters called with a run-time sequence spread last, after ctx
(`self.forward(ctx, ctx.xp, *arrays)`), keeps the spread: its copy takes the same
positional parameters but ctx, so `*arrays` binds them as before (`spread_tail`), unless
a parameter it may fill names what ctx reads (a slot or attribute name, or a `has_attr`
fallback: only a literal is read).
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from migrate.kernel_model import SkipError
from migrate.names import load_names, store_names
from migrate.static_refs import code_of, literal_string, quote
from migrate.syntax import names_ctx_reads


def _strings(arg: cst.Arg) -> list[str] | None:
    """The strings `arg` stands for: a string literal, or `*` of a literal tuple / list
    of string literals; None for anything else."""
    if not arg.star:
        value = literal_string(arg.value)
        return None if value is None else [value]
    if arg.star != "*" or not isinstance(arg.value, (cst.Tuple, cst.List)):
        return None
    out = []
    for element in arg.value.elements:
        value = literal_string(element.value) \
            if not isinstance(element, cst.StarredElement) else None
        if value is None:
            return None
        out.append(value)
    return out


class _Spelled(cst.CSTTransformer):
    """Each read of the star parameter (the nodes of `loads`) spelled as `value`."""

    def __init__(self, loads: set[cst.Name], value: cst.BaseExpression) -> None:
        self.loads, self.value = loads, value

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name  # noqa: N802
                   ) -> cst.BaseExpression:
        return self.value if original_node in self.loads else updated_node


def bind_star_names(fn: cst.FunctionDef, call: cst.Call, positional: int,
                    written: cst.Call | None = None) -> tuple[cst.FunctionDef, cst.Call, str]:
    """`fn` without its `*NAME` parameter, each read of NAME spelled as the tuple of
    strings `call` gives it (the arguments after the `positional` plain ones), `call`
    without those arguments, and the tuple as written; SkipError when they are no
    constant strings (said as `written` spells the argument, when given: the call before
    the rewrite), or NAME is rebound in `fn`."""
    name = fn.name.value
    star = fn.params.star_arg
    assert isinstance(star, cst.Param)
    star_name = star.name.value
    head, rest = list(call.args[:positional]), list(call.args[positional:])
    if any(a.star or a.keyword is not None for a in head) or any(
            a.keyword is not None for a in rest):
        raise SkipError(f"passes ctx to {name}() with keyword or star arguments before its "
                        f"*{star_name}")
    if star_name in store_names(fn.body, outer_only=False):
        raise SkipError(f"passes ctx to {name}(), which rebinds '{star_name}'")
    values: list[str] = []
    shown = list(written.args) if written is not None and len(written.args) == len(
        call.args) else list(call.args)
    for i, arg in enumerate(rest, positional):
        strings = _strings(arg)
        if strings is None and not any(a.star for a in rest):
            return _as_parameters(fn, call, rest)
        if strings is None:
            said = shown[i]
            raise SkipError(
                f"passes ctx to {name}(), whose *{star_name} is given "
                f"`{said.star}{code_of(said.value).strip()}` here: no constant "
                "strings (string literals, or a literal tuple of them or a class constant "
                "spread with `*`, are read)")
        values.extend(strings)
    spelled = _tuple_text([quote(v) for v in values])
    fn = _without_star(fn, spelled)
    if head:
        head[-1] = head[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return fn, call.with_changes(args=head), spelled


def _tuple_text(items: list[str]) -> str:
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _without_star(fn: cst.FunctionDef, spelled: str, added: tuple[str, ...] = ()
                  ) -> cst.FunctionDef:
    """`fn` without its `*NAME`, each read of NAME spelled as the tuple `spelled`, and the
    positional parameters `added` after its own."""
    star = fn.params.star_arg
    assert isinstance(star, cst.Param)
    loads = {n for n in load_names(fn.body) if n.value == star.name.value}
    body = fn.body.visit(_Spelled(loads, cst.parse_expression(spelled)))
    params = list(fn.params.params)
    if params:  # the comma before `*NAME` goes with it
        params[-1] = params[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    params += [cst.Param(cst.Name(n)) for n in added]
    return fn.with_changes(body=body, params=fn.params.with_changes(
        params=params, star_arg=cst.MaybeSentinel.DEFAULT))


def _as_parameters(fn: cst.FunctionDef, call: cst.Call, rest: list[cst.Arg]
                   ) -> tuple[cst.FunctionDef, cst.Call, str]:
    """`fn` with its `*NAME` given the values `rest` (plain arguments, not all constant
    strings: `_num_nodes(ctx, src, dst)`) as that many positional parameters of fresh
    names, each read of NAME spelled as the tuple of them (what `*NAME` binds), and the
    call as it is; the key part says how many."""
    star = fn.params.star_arg
    assert isinstance(star, cst.Param)
    taken = {n.value for n in load_names(fn)} | store_names(fn, outer_only=False) | {
        p.name.value for p in (*fn.params.params, star)}
    fresh: list[str] = []
    for i in range(len(rest)):
        name = f"{star.name.value}_{i}"
        while name in taken:
            name += "_"
        taken.add(name)
        fresh.append(name)
    return _without_star(fn, _tuple_text(fresh), tuple(fresh)), call, f"{len(fresh)} values"


def spread_tail(fn: cst.FunctionDef, plain: list[cst.Param], call: cst.Call, ctx: str,
                fallbacks: Callable[[cst.FunctionDef, str], set[str]]) -> None:
    """SkipError unless `call` of helper `fn` (its parameters but self `plain`) passes
    keywords nowhere and `*` at most once, as its last argument, after `ctx`, and no
    parameter that spread may fill names what `fn` reads of ctx or is one of its
    `has_attr` fallbacks (`fallbacks(fn, its ctx parameter)`)."""
    name = fn.name.value
    stars = [i for i, a in enumerate(call.args) if a.star]
    if any(a.keyword is not None or a.star == "**" for a in call.args) or len(stars) > 1 \
            or (stars and stars[0] != len(call.args) - 1):
        raise SkipError(f"passes ctx to {name}() with keyword or star arguments")
    if not stars:
        return
    at = [i for i, a in enumerate(call.args) if isinstance(a.value, cst.Name)
          and a.value.value == ctx and not a.star]
    ctx_param = plain[at[0]].name.value if at and at[0] < len(plain) else ""
    filled = {p.name.value for p in plain[stars[0]:]}
    named = (set().union(*names_ctx_reads(fn.body, ctx_param)) | fallbacks(fn, ctx_param)) \
        & filled if ctx_param else filled
    if named:
        raise SkipError(f"passes ctx to {name}() with `*{code_of(call.args[-1].value).strip()}`"
                        f" filling '{sorted(named)[0]}', which names what it reads of ctx "
                        "(only a literal is read)")
