"""Helpers called with the ExecutionContext: `self.scale_of(ctx)`, `alloc_like(ctx, out, x)`.

A helper that takes `ctx` and only reads it the way compute() may (`ctx.attr/input/
output(...)`, `ctx.place`, `ctx.xp`, ..., or passes it to a helper of the same kind) is
lifted like any helper of the kernel (`KernelMigration.lift`): its body is rewritten by
the kernel's `Rewriter` with its own ctx parameter, its ctx parameter is dropped, and the
kernel parameters its reads became are keyword-only parameters of the lifted function,
which the call passes by name (`_scale_of(scale=scale)`). The callee is a method of the
kernel's MRO (`self.NAME`, as `KernelMigration.members` resolves it) or a module-level
function defined once in this module or another module of the tree, called by its name
or as an attribute of an imported module (`H.alloc_like` after `import pkg.helpers as H`;
`tree_origins.origin_of`), whose module-level reads mean the same here. Anything else
keeps the call, and the kernel stays skipped as passing ctx on, the reason naming the
callee and why (`ctx_use`).
"""

from __future__ import annotations

import builtins
import itertools
import math
from typing import TYPE_CHECKING, Any

import libcst as cst
import libcst.matchers as m

from migrate.constant_folds import SubstitutionFolds
from migrate.has_attr_folds import fold_has_attr, returned_test
from migrate.kept_contexts import read_kept
from migrate.kernel_model import SkipError
from migrate.kernel_prepass import constant_reader, fold_slot_names, inline_name_constants
from migrate.kernel_tidy import fold_dead_branches
from migrate.local_renames import rename_local, variable_names
from migrate.module_switches import fold_module_switches, rebound_at_run_time
from migrate.name_loops import unroll_names
from migrate.names import load_names, store_names
from migrate.param_objects import inline_param_objects
from migrate.star_names import bind_star_names, spread_tail
from migrate.static import info_for
from migrate.static_refs import FunctionRef, code_of, dotted, literal_string, quote
from migrate.super_calls import owner_class, super_method, super_target
from migrate.syntax import blank, is_literal, names_ctx_reads, passes_ctx, substitute_names
from migrate.tree_bases import base_class, global_reads, origin_in
from migrate.tree_origins import import_spec, origin_of

if TYPE_CHECKING:
    from migrate.static import ModuleInfo

#: `kernel_rewrite.KernelMigration` (which imports this module: not imported here)
KernelMigration = Any

#: how deep helpers passing ctx to helpers are followed
MAX_DEPTH = 4


def _method_home(mk: KernelMigration, fn: cst.FunctionDef) -> ModuleInfo:
    """The module of the class of the kernel's MRO whose body defines method `fn`."""
    owner = owner_class(mk.mro, fn)
    return mk.info.owner_of(owner) if owner is not None else mk.info


def lift_ctx_helper(mk: KernelMigration, call: cst.Call, ctx: str, self_name: str,
                    rewriter: type, owner: cst.ClassDef | None = None,
                    written: cst.Call | None = None, constant: Any = None) -> cst.Call | None:
    """`call` (which passes `ctx`, in a method of class `owner` or a function: None;
    `written`: the call as the source spells it, for reasons; `constant`: the caller's
    `kernel_prepass.constant_reader`, if known) rewritten to call the lifted helper with
    the reads; None when the callee is not a helper the codemod can read (the call is
    kept)."""
    found = _callee(mk, call.func, self_name, ctx, owner)
    if isinstance(found, str):
        return None
    key, fn, home = found
    is_method = home is None
    name = fn.name.value
    if fn.decorators and [dotted(d.decorator) for d in fn.decorators] != ["staticmethod"]:
        raise SkipError(f"passes ctx to {name}(), which is decorated")
    static = bool(fn.decorators) or not is_method
    params = fn.params
    if (params.posonly_params or params.star_kwarg or isinstance(params.star_arg, cst.ParamStar)
            or params.kwonly_params):
        raise SkipError(f"passes ctx to {name}(), whose parameters are not plain positional ones")
    plain = list(params.params) if static else list(params.params)[1:]
    if isinstance(params.star_arg, cst.Param):  # `*names` bound here (`star_names`)
        fn, call, bound = bind_star_names(fn, call, len(plain), written)
        key = (*key, f"*{params.star_arg.name.value}={bound}")
        plain = list(fn.params.params)[0 if static else 1:]
    helper_self = "" if static else params.params[0].name.value
    call = _positional(call, plain)
    spread_tail(fn, plain, call, ctx, _fallback_params)  # `*arrays` last: kept
    if len(call.args) > len(plain):
        raise SkipError(f"passes ctx to {name}() with more arguments than it takes")
    ctx_at = [i for i, a in enumerate(call.args) if m.matches(a.value, m.Name(ctx))]
    if len(ctx_at) != 1:
        raise SkipError(f"passes ctx to {name}() more than once")
    ctx_param = plain[ctx_at[0]].name.value
    if ctx_param in store_names(fn.body, outer_only=False):
        raise SkipError(f"passes ctx to {name}(), which rebinds '{ctx_param}'")
    if home is not None:  # `if _TRACE:` of its module folded first: its reads go unread
        folded = fold_module_switches(home, fn, fn.body)
        fn = fn if folded is fn.body else fn.with_changes(body=folded)
    if home is not None and home is not mk.info:
        _check_reads(mk, home, fn, plain[ctx_at[0]], built_class(key))
    if key in mk.lifting or len(mk.lifting) >= MAX_DEPTH:
        raise SkipError(f"passes ctx to {name}(), which passes it on recursively or too deep")
    # a parameter naming the slot or attribute ctx reads, given a string literal here, is
    # that literal in this call's own lifted copy (`alloc_like(ctx, "Out", x)`)
    if constant is not None:  # `get_attr_or(ctx, "eps", EPS)`: EPS's value, as 1e-12 is
        call = _constant_fallbacks(fn, plain, call, ctx_param, constant)
    fixed, computed = _literal_slot_args(fn, plain, call, ctx_param)
    if computed:
        param, arg = computed
        raise SkipError(f"passes ctx to {name}(), which reads the slot or attribute its "
                        f"parameter '{param}' names, given `{code_of(arg).strip()}` here: a "
                        "computed name (a string literal is read as that name)")
    if fixed:
        values = {i: call.args[i].value if i < len(call.args) else plain[i].default
                  for i in fixed}
        fn = _with_literals(fn, {plain[i].name.value: v for i, v in values.items()})
        key = (*key, *(f"{plain[i].name.value}={code_of(v).strip()}"
                       for i, v in values.items()))
        plain = [p for i, p in enumerate(plain) if i not in fixed]
        call = call.with_changes(args=[a for i, a in enumerate(call.args) if i not in fixed])
        ctx_at = [i for i, a in enumerate(call.args) if m.matches(a.value, m.Name(ctx))]
    # the class whose method the helper is, found before a rename makes a new def of it
    owner_of_fn = owner_class(mk.mro, fn) if is_method else None
    # a local of the helper spelled like a parameter its reads become is renamed in the
    # helper first (a fresh name), and the helper read again
    while True:
        # its variables: the keyword of `fn(x, out=buf)` names no local
        own = variable_names(fn)
        # a method's `self.NAME` string constants, as the kernel class sees them (its MRO):
        # `ctx.attr(self.SCALE_ATTR)` reads the attribute the kernel's constant names
        source = inline_name_constants(mk.info, mk.members, fn.body, helper_self) \
            if helper_self else fn.body
        # loops over constant tuples of names, read in the module the helper is written in
        where = home if home is not None else _method_home(mk, fn)
        # `a = AttrView(ctx)` in the helper: each `a.x` read as the ctx read it holds
        try:
            source = inline_param_objects(where, source, ctx_param)
        except SkipError as exc:
            raise SkipError(f"passes ctx to {name}(): {exc}") from None
        try:
            source = unroll_names(mk.info, mk.members, source, ctx_param, helper_self, where)
        except SkipError as exc:
            raise SkipError(f"passes ctx to {name}(): {exc}") from None
        # slot and attribute names spelled by module constants (`ctx.attr(cm.ALPHA)`)
        source = fold_slot_names(where, source, ctx_param)
        # a branch a constant of the helper's module decides (`if _TRACE:`) is folded too
        source = fold_module_switches(where, fn, source)
        source = fold_dead_branches(fold_has_attr(mk.proto, source, ctx_param, mk.fallbacks,
                                                  constant_reader(where, source)))
        if helper_self:
            source = read_kept(source, mk, helper_self)
        for attr in _attr_names(source, ctx_param):
            if attr in mk.dtype_attrs:
                raise SkipError(f"passes ctx to {name}(), which reads attribute '{attr}' raw "
                                "where the kernel reads it as a DataType")
        mk.lifting.add(key)
        mk.homes.append(where)  # a function the helper calls means what it means there
        try:
            body = source.visit(rewriter(mk, ctx_param, helper_self, owner_of_fn))
        except SkipError as exc:  # said of the helper, where the kernel's row shows it
            raise SkipError(f"passes ctx to {name}(): {exc}") from None
        finally:
            mk.lifting.discard(key)
            mk.homes.pop()
        loaded = {n.value for n in load_names(body)}
        if ctx_param in loaded:
            use = ctx_use(mk, body, ctx_param, helper_self)
            raise SkipError(f"passes ctx to {name}(), which keeps '{ctx_param}' or passes it on "
                            f"({ctx_param} {use}; only ctx.input/output/attr/... reads and helpers "
                            "doing only those can become parameters)")
        if helper_self and helper_self in loaded:
            raise SkipError(f"passes ctx to {name}(), which uses {helper_self} beyond helpers "
                            "and constant class attributes (instance state)")
        # the names the rewrite wrote (LibCST nodes hash by identity) are the reads
        reads = sorted({n.value for n in m.findall(body, m.Name()) if n in mk.replacements})
        # `out = ctx.output(slot)` left `out = out`: the helper's local is the parameter
        body, tidied = _drop_self_reads(body, mk.replacements)
        own -= {n for n in tidied if n not in store_names(body, outer_only=False)
                and n not in {p.name.value for p in plain}}
        body, spelled = _unshadow_builtins(body, reads, tidied, mk, own, name)
        clash = sorted({spelled[r] for r in reads} & own)
        if not clash:
            break
        taken = {n.value for n in m.findall(fn, m.Name())} | set(spelled.values())
        fn, new = _rename_own(mk, fn, clash[0], taken, name, {helper_self, ctx_param})
        plain = [p.with_changes(name=cst.Name(new)) if p.name.value == clash[0] else p
                 for p in plain]
    kept = [p for i, p in enumerate(plain) if i != ctx_at[0]]
    if kept:
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    new_params = cst.Parameters(params=kept, star_arg=cst.ParamStar() if reads else
                                cst.MaybeSentinel.DEFAULT,
                                kwonly_params=[cst.Param(cst.Name(spelled[r])) for r in reads])
    node = fn.with_changes(decorators=(), params=new_params, body=body,
                           leading_lines=blank(2))
    lifted = mk.lift((*key, "ctx"), name, node)
    args = [a for i, a in enumerate(call.args) if i != ctx_at[0]]
    tight = cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                            whitespace_after=cst.SimpleWhitespace(""))
    args += [cst.Arg(mk.name_node(r), keyword=cst.Name(spelled[r]), equal=tight)
             for r in reads]
    if args:
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return cst.Call(cst.Name(lifted), args)


def _rename_own(mk: KernelMigration, fn: cst.FunctionDef, old: str, taken: set[str],
                name: str, fixed: set[str]) -> tuple[cst.FunctionDef, str]:
    """(`fn` with its local or parameter `old` renamed to a fresh name, the name: `old_`,
    `old__`, ...: one no name of `fn`, of the kernel's reads or of the module spells; the
    call passes every parameter by position); SkipError when `old` is none of those
    (`global` / `nonlocal`, deleted, seen by `locals()`, or in `fixed`: self, ctx)."""
    new = f"{old}_"
    while new in taken or new in mk.info.module_names():
        new += "_"
    renamed = None if old in fixed else rename_local(fn, old, new, parameter=True)
    if renamed is None:
        raise SkipError(f"passes ctx to {name}(), whose own name '{old}' is also the name of "
                        "a kernel parameter its reads become, and is no plain local or "
                        "parameter to rename (global or nonlocal, deleted, or seen by "
                        "locals())")
    return renamed, new


def _positional(call: cst.Call, plain: list[cst.Param]) -> cst.Call:
    """`call` with its keyword arguments moved to the positions of the parameters they name
    (`alloc_like(ctx, slot="Out", like=x)` -> `alloc_like(ctx, "Out", x)`), a parameter
    before the last one named and left out given its literal default (`alloc(ctx,
    like=x)` -> `alloc(ctx, "Out", x)`); else as it is."""
    positional = [a for a in call.args if a.keyword is None and not a.star]
    named = {a.keyword.value: a for a in call.args if a.keyword is not None}
    names = [p.name.value for p in plain]
    if not named or len(positional) + len(named) != len(call.args) or \
            not set(named) <= set(names[len(positional):]):
        return call
    last = max(names.index(n) for n in named)
    args = list(positional)
    for param in plain[len(positional):last + 1]:
        if param.name.value in named:
            args.append(named[param.name.value].with_changes(
                keyword=None, equal=cst.MaybeSentinel.DEFAULT))
        elif param.default is not None and is_literal(param.default):
            args.append(cst.Arg(param.default))
        else:
            return call
    args = [a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            for a in args[:-1]] + [args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)]
    return call.with_changes(args=args)


def _literal_slot_args(fn: cst.FunctionDef, plain: list[cst.Param], call: cst.Call,
                       ctx: str) -> tuple[set[int], tuple[str, cst.BaseExpression] | None]:
    """The positions of the helper's parameters that name what ctx reads (the first
    argument of a `ctx.input/output/attr/...(...)` call), never rebound in the helper,
    whose argument at `call` (or default, where the call leaves it out) is a plain string
    literal, and of those given as a `ctx.has_attr` fallback (`_fallback_params`) whose
    argument is a literal; and the first parameter naming what ctx reads given anything
    else (with its argument), None when none is."""
    # `within`: a parameter in a name computed from it (`ctx.output(slot or self.OUT)`)
    named, within = names_ctx_reads(fn.body, ctx)
    bound = store_names(fn.body, outer_only=False)
    out: set[int] = set()
    computed: tuple[str, cst.BaseExpression] | None = None
    fallbacks = _fallback_params(fn, ctx)
    for i, param in enumerate(plain):
        name = param.name.value
        if name in bound or name == ctx or m.findall(fn.body, m.Param(name=m.Name(name))):
            continue
        if name in within and name not in named:  # its literal, folded in the name
            given = call.args[i].value if i < len(call.args) else param.default
            if given is not None and is_literal(given):
                out.add(i)
            continue
        if name in fallbacks and name not in named:  # `attr_or(ctx, "gamma", 3.0)`: 3.0
            given = call.args[i].value if i < len(call.args) else param.default
            if given is not None and is_literal(given) and not m.findall(
                    fn.body, m.FormattedStringExpression(expression=m.Name(name))):
                out.add(i)
            continue
        if name not in named:
            continue
        if i >= len(call.args):  # left out: its default, when a string literal (the same value)
            if isinstance(param.default, cst.SimpleString) and literal_string(param.default):
                out.add(i)
            continue
        arg = call.args[i]
        if isinstance(arg.value, cst.SimpleString) and literal_string(arg.value):
            out.add(i)
        elif computed is None:
            computed = (name, arg.value)
    return out, computed


def _constant_fallbacks(fn: cst.FunctionDef, plain: list[cst.Param], call: cst.Call, ctx: str,
                        constant: Any) -> cst.Call:
    """`call` with each argument given to a `ctx.has_attr` fallback parameter of the helper
    that is a module constant of the caller (a bool, int, float or str) spelled as its
    value, so that the helper's copy takes it as a literal (`_literal_slot_args`)."""
    fallbacks = _fallback_params(fn, ctx)
    args = list(call.args)
    for i, arg in enumerate(args):
        if i >= len(plain) or plain[i].name.value not in fallbacks or is_literal(arg.value):
            continue
        value = constant(arg.value)
        if type(value) in (bool, int, str) or (type(value) is float and math.isfinite(value)):
            args[i] = arg.with_changes(value=cst.SimpleString(quote(value)) if isinstance(
                value, str) else cst.parse_expression(repr(value)))
    return call.with_changes(args=args)


def _fallback_params(fn: cst.FunctionDef, ctx: str) -> set[str]:
    """The parameters a helper gives as the fallback of a `ctx.has_attr` test: `ctx.attr(n)
    if ctx.has_attr(n) else NAME`, `else: v = NAME` under `if ctx.has_attr(n):`, or
    `return NAME` after `if ctx.has_attr(n): return ...`."""
    test = m.Call(func=m.Attribute(value=m.Name(ctx), attr=m.Name("has_attr")))
    names = {e.orelse.value for e in m.findall(  # type: ignore[attr-defined]
        fn.body, m.IfExp(test=test, orelse=m.Name()))}
    for node in m.findall(fn.body, m.If(test=test, orelse=m.Else(body=m.IndentedBlock(body=[
            m.SimpleStatementLine(body=[m.Assign(value=m.Name())])])))):
        names.add(node.orelse.body.body[0].body[0].value.value)  # type: ignore[attr-defined]
    for block in m.findall(fn, m.IndentedBlock()):
        body = cst.ensure_type(block, cst.IndentedBlock).body
        for first, second in itertools.pairwise(body):
            pair = returned_test(first, second)
            if pair is not None and m.matches(pair[0], test) and isinstance(pair[2], cst.Name):
                names.add(pair[2].value)
    return names


def _drop_self_reads(body: cst.BaseSuite, replaced: Any) -> tuple[cst.BaseSuite, set[str]]:
    """`body` without its top-level statements `name = name` whose value is a read the
    rewrite wrote (`out = ctx.output("Out")` in a helper, once rewritten), and those names."""
    if not isinstance(body, cst.IndentedBlock):
        return body, set()
    names: set[str] = set()
    kept = []
    for stmt in body.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else None
        if (isinstance(small, cst.Assign) and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name)
                and isinstance(small.value, cst.Name) and small.value in replaced
                and small.value.value == small.targets[0].target.value):
            names.add(small.value.value)
            continue
        kept.append(stmt)
    if not kept:
        return body, set()
    return body.with_changes(body=kept), names


def _unshadow_builtins(body: cst.BaseSuite, reads: list[str], tidied: set[str],
                       mk: KernelMigration, own: set[str], name: str
                       ) -> tuple[cst.BaseSuite, dict[str, str]]:
    """`body` with each read that would become a parameter spelled like a builtin (`min`,
    `type`, `sum`) renamed: the lifted helper is generated code, so its keyword-only
    parameter takes a fresh name (`min_`: trailing `_` until nothing of the helper, the
    module or the other reads spells it), which the call passes `min_=min`. The rewrite's
    own reads are renamed where they stand; a local of the helper bound only to the read
    (`lo = ctx.attr("min")` dropped as `min = min`), every use of it. The reads -> the
    parameter names."""
    spelled = {r: r for r in reads}
    taken = own | set(reads) | {n.value for n in m.findall(body, m.Name())}
    taken |= mk.info.module_names()
    loads = set(load_names(body))
    for r in reads:
        if not hasattr(builtins, r):
            continue
        if r in tidied and r in store_names(body, outer_only=False):
            raise SkipError(f"passes ctx to {name}(), whose read becomes the parameter "
                            f"'{r}', which shadows a builtin the helper also binds")
        fresh = f"{r}_"
        while fresh in taken:
            fresh += "_"
        taken.add(fresh)
        spelled[r] = fresh
    renamed = {r: s for r, s in spelled.items() if s != r}
    if renamed:  # one pass: a visit rebuilds the nodes, which the sets hold by identity
        body = body.visit(_Renamed(renamed, tidied, loads, mk.replacements))
    return body, spelled


class _Renamed(cst.CSTTransformer):
    """Each name of `new` spelled anew where it is a node the rewrite wrote (`replaced`),
    or any read (`loads`) of a name of `tidied` (the helper's own local bound to the read);
    both sets hold the nodes of the tree visited, by identity."""

    def __init__(self, new: dict[str, str], tidied: set[str], loads: Any,
                 replaced: Any) -> None:
        self.new, self.tidied, self.loads, self.replaced = new, tidied, loads, replaced

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name  # noqa: N802
                   ) -> cst.Name:
        old = original_node.value
        if old in self.new and original_node in (
                self.loads if old in self.tidied else self.replaced):
            return updated_node.with_changes(value=self.new[old])
        return updated_node


class _Literals(SubstitutionFolds):
    """Each read of a parameter replaced by the literal the call gives it (merged into the
    text of an f-string whose field it is: `fstring_fields`; what it makes of the
    expressions around it folded: `constant_folds`, `slot or "Out"` given None is "Out")."""

    def __init__(self, loads: set[cst.Name], values: dict[str, cst.BaseExpression]) -> None:
        super().__init__()
        self.loads, self.values = loads, values

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name  # noqa: N802
                   ) -> cst.BaseExpression:
        if original_node in self.loads:
            return self.substituted(self.values[original_node.value])
        return updated_node


def _with_literals(fn: cst.FunctionDef, values: dict[str, cst.BaseExpression]
                   ) -> cst.FunctionDef:
    """`fn` without the parameters of `values`, each read of them spelled as its value."""
    loads = {n for n in load_names(fn.body) if n.value in values}
    body = fn.body.visit(_Literals(loads, values))
    params = [p for p in fn.params.params if p.name.value not in values]
    if params:
        params[-1] = params[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return fn.with_changes(body=body, params=fn.params.with_changes(params=params))


def _attr_names(body: cst.CSTNode, ctx: str) -> list[str]:
    return [c.args[0].value.value for c in m.findall(  # type: ignore[attr-defined]
        body, m.Call(func=m.Attribute(value=m.Name(ctx), attr=m.Name("attr")),
                     args=[m.Arg(value=m.SimpleString())]))]


def _callee(mk: KernelMigration, func: cst.BaseExpression, self_name: str, ctx: str,
            owner: cst.ClassDef | None = None
            ) -> tuple[tuple[str, str], cst.FunctionDef, ModuleInfo | None] | str:
    """(lift key, the helper's def, its module when it is a module-level function), or
    why the callee is no helper the codemod reads, in words; `super().NAME` called in a
    method of `owner` is the method the kernel's MRO gives it (`super_calls`)."""
    if super_method(func) is not None:
        target = super_target(mk.mro, owner, cst.ensure_type(func, cst.Attribute), self_name)
        if isinstance(target, str):
            return target
        cls, fn = target
        return (cls.name.value, fn.name.value), fn, None
    spelled = dotted(func)
    if spelled is None:
        return f"{code_of(func).strip()} is computed at run time"
    head = spelled.split(".")[0]
    if head == self_name and self_name and "." in spelled:
        member = mk.members.get(spelled.split(".")[1])
        if spelled.count(".") > 1 or member is None or member.function is None:
            return f"{spelled} is no method of the kernel's classes"
        return (member.owner.name.value, spelled.split(".")[1]), member.function, None
    if head == ctx:
        return f"{spelled} is a member of ctx"
    # a name read in a method of a base (or a helper) of another module means what it means there
    info = mk.info.owner_of(owner) if owner is not None else (mk.homes or [mk.info])[-1]
    if isinstance(func, cst.Attribute) and (found := base_class(info, func.value)):
        return class_builder(found[1], found[0], func.attr.value)
    return module_function(info, spelled)


def built_class(key: tuple[str, ...]) -> str:
    """The class a lifted helper of lift key `key` builds (`class_builder`), else ""."""
    return key[0].rpartition(":")[2][:-1] if key[0].startswith("<class ") else ""


def class_builder(home: ModuleInfo, name: str, method: str
                  ) -> tuple[tuple[str, str], cst.FunctionDef, ModuleInfo] | str:
    """`C.method(ctx, ...)`, C class `name` of module `home` (a parameter object's builder,
    `param_objects.ParamShape.LIFTED`): its classmethod or staticmethod as a function of
    `home`, a classmethod's `cls` spelled as the class's name there; else why not."""
    cls = home.classes.get(name)
    fns = [s for s in (cls.body.body if cls is not None else ())
           if isinstance(s, cst.FunctionDef) and s.name.value == method]
    if len(fns) != 1:
        return f"{name}.{method} is not one method statement (def) of class {name}"
    fn = fns[0]
    decorators = [dotted(d.decorator) for d in fn.decorators]
    if decorators not in (["classmethod"], ["staticmethod"]) or not fn.params.params:
        return f"{name}.{method} is no classmethod or staticmethod"
    seen = _BUILDERS.get(id(fn))
    if seen is not None and seen[0] is fn:
        return (f"<class {home.path}:{name}>", method), seen[1], home
    form = fn.with_changes(decorators=[])
    if decorators == ["classmethod"]:
        first, *rest = fn.params.params
        maker = first.name.value
        if maker in store_names(fn.body, outer_only=False) or m.findall(
                fn.body, m.Param(name=m.Name(maker))):
            return f"{name}.{method} rebinds its '{maker}'"
        form = form.with_changes(params=fn.params.with_changes(params=rest),
                                 body=substitute_names(fn.body, {maker: cst.Name(name)}))
    _BUILDERS[id(fn)] = (fn, form)
    return (f"<class {home.path}:{name}>", method), form, home


#: a builder's def -> (it, its form as a function), the same form each time (what is found
#: in it by identity stays found: `tree_bases.global_reads` keeps its answer by identity)
_BUILDERS: dict[int, tuple[cst.FunctionDef, cst.FunctionDef]] = {}


def module_function(info: ModuleInfo, spelled: str
                     ) -> tuple[tuple[str, str], cst.FunctionDef, ModuleInfo] | str:
    """The module-level function `spelled` names: a name of this module (`alloc_like`),
    or an attribute of a module the module imports (`H.alloc_like` after `import
    pkg.common.helpers as H`, `helpers.alloc_like`, `pkg.common.helpers.alloc_like`),
    followed through the tree's re-exports to the one module defining it; else why not."""
    name = spelled.rsplit(".", 1)[-1]
    if info.path is None:
        if spelled != name:
            return f"{spelled} is no function of this module"
        home = info
        where = spelled
    else:
        origin = origin_of(info.path, spelled)
        if origin is None:
            return (f"the codemod cannot trace {spelled} to one binding (a method of a value, "
                    "a name bound more than once or at run time)")
        if origin.path is None:
            return f"{spelled} is {origin.qualified}, outside the tree"
        if origin.qualified.rsplit(".", 1)[-1] != name:
            return f"{spelled} is {origin.qualified}"
        home = info_for(info, FunctionRef(name, origin.path))
        where = origin.qualified
    defs = [s for s in home.module.body if isinstance(s, cst.FunctionDef)
            and s.name.value == name]
    if len(defs) != 1:
        return f"{where} is not one function statement (def) of its module"
    fn = defs[0]
    return (f"<module {home.path}>", name), fn, home


def ctx_use(mk: KernelMigration, body: cst.CSTNode, ctx: str, self_name: str) -> str:
    """The first use of `ctx` a rewritten body still has, in words: the callee it is
    passed to and why that is no helper the codemod lifts, or the statement keeping it."""
    for call in m.findall(body, m.Call()):
        if passes_ctx(cst.ensure_type(call, cst.Call), ctx):
            found = _callee(mk, call.func, self_name, ctx)  # type: ignore[attr-defined]
            why = found if isinstance(found, str) else "no helper the codemod lifts"
            return f"passed to {code_of(call.func).strip()}(): {why}"  # type: ignore[attr-defined]
    for stmt in m.findall(body, m.SimpleStatementLine()):
        if any(n.value == ctx for n in load_names(stmt)):
            return f"kept by `{code_of(stmt).strip()}`"
    return "kept"


def _check_reads(mk: KernelMigration, home: ModuleInfo, fn: cst.FunctionDef,
                 ctx_param: cst.Param, built: str = "") -> None:
    """Each module-level name `fn` (of module `home`) reads, but for the annotation of
    its ctx parameter (which goes), means the same in the kernel's module, or is one that
    module does not bind at all: then the lifted copy's module imports it from where
    `home` gets it (`tree_origins.import_spec`: `from phi.common import DataType`), also
    where only an annotation of the copy reads it (the copy keeps its annotations)."""
    info = mk.info
    others = fn.with_changes(params=fn.params.with_changes(
        params=[p for p in fn.params.params if p is not ctx_param]))
    lifted = {id(c.func) for c in m.findall(others, m.Call(func=m.Name()))  # type: ignore[attr-defined]
              if passes_ctx(cst.ensure_type(c, cst.Call), ctx_param.name.value)}  # lifted too
    kept = {n.value for n in m.findall(others, m.Name()) if id(n) not in lifted}  # type: ignore[attr-defined]
    where = home.path.name if home.path is not None else "another module"
    # a builder's form reads its class where `cls` stood (no scope finds it): by its def
    source = next((f for f, form in _BUILDERS.values() if form is fn), fn)
    reads = global_reads(home, source) | ({built} if built else set())  # type: ignore[arg-type]
    for read in sorted(reads & kept):
        theirs = origin_of(home.path, read) if home.path else None
        # a name bound here only by an import the reading of a factory's class added is
        # that import's (kept in the output wherever the new code reads it)
        ours = origin_in(info, read) if info.path else None
        if theirs == ours and (theirs is not None or hasattr(builtins, read)):
            continue
        spec = None
        if ours is None and (why := rebound_at_run_time(home, read)):
            raise SkipError(f"passes ctx to {fn.name.value}() of {where}, which reads "
                            f"'{read}', and {why}: an import here would keep its value "
                            "of import time")
        if (theirs is not None and ours is None and info.path is not None
                and read not in info.module_names()):
            spec = import_spec(info.path, theirs, read)
        if spec is None:
            said = (f"'{read}' ({theirs.qualified})" if theirs is not None
                    else f"'{read}', not bound there")
            bound = f"binds it to {ours.qualified}" if ours is not None else (
                "binds it otherwise" if read in info.module_names() else "does not bind it")
            raise SkipError(f"passes ctx to {fn.name.value}() of {where}, which reads "
                            f"{said}; this module {bound}")
        if spec[0]:
            mk.function_imports.add(spec)
        else:
            mk.module_imports.add(spec[1])
