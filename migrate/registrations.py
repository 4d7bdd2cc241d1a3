"""Legacy `register_op_kernel` calls: merge per-dtype calls into one decorator per backend,
and take out exactly the registrations of migrated kernels.

Removal is surgical: a statement (or loop) also registering operators, base kernel
names or kernels that stay legacy keeps all of that. A loop keeps its shape when each of
its calls is either removed on every pass or on none and nothing left refers to a removed
class; otherwise it is unrolled into the calls that remain, in the order they ran, each
loop variable spelled out as its value.
"""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate import emit
from migrate.call_binding import call_args
from migrate.comprehension_loops import as_loop
from migrate.consistency import demote
from migrate.kernel_model import KernelFunction
from migrate.names import store_names
from migrate.partial_calls import kernel_partial
from migrate.partial_registrations import expanded
from migrate.records import KernelRecord, Unit
from migrate.static import (
    HelperCall,
    ModuleInfo,
    calls_of,
    helper_call,
    helper_registrations,
)
from migrate.static_facts import Registration
from migrate.static_locals import bind_local, is_local_line
from migrate.static_refs import ClassRef, UnresolvableError, code_of, names_in, spell
from migrate.syntax import substitute_names

DEVICE_ORDER = {"CPU": 0, "GPU": 1}


def merge_registrations(regs: list[Registration]) -> list[tuple[str, str, list[str]]]:
    groups: dict[tuple[str, str], list[str]] = {}
    for r in regs:
        dts = groups.setdefault((r.device, emit.layout_name(r.layout)), [])
        for d in r.dtypes:
            if d not in dts:
                dts.append(d)
    keys = sorted(groups, key=lambda k: (DEVICE_ORDER.get(k[0], 9), k[1]))
    return [(b, layout, groups[(b, layout)]) for b, layout in keys]


def uncovered_key(regs: list[Registration],
                  decorators: list[tuple[str, str, list[str]]]) -> str | None:
    """A (backend, layout, dtype) a kept legacy registration gives that the generated PHI
    kernel does not register (the default dispatch would run the legacy class there)."""
    phi = {(b, layout, d) for b, layout, dts in decorators for d in dts}
    for r in regs:
        for d in r.dtypes:
            if (r.device, emit.layout_name(r.layout), d) not in phi:
                return f"{r.device}/{r.layout}/{d}"
    return None


def plan_registration_removal(info: ModuleInfo, migrated: dict[Unit, KernelFunction],
                              records: dict[Unit, KernelRecord], units: list[Unit],
                              imports: set[tuple[str, str]] | None = None
                              ) -> dict[int, list[cst.BaseStatement]]:
    """Top-level statement index -> the statements replacing it ([]: dropped). `imports`
    receives the (module, name) imports those statements need (a helper's remainder
    calling what the helper's module imports)."""
    while True:
        moved = {u[0] for u in migrated}
        # a class statement registering itself (a decorator, class keywords) goes with it;
        # a statement doing more than registering stays whole (`registration_effects`)
        indices = sorted({r.stmt_index for r in info.registrations if r.class_name in moved
                          and r.stmt_index not in info.effects
                          and not isinstance(info.module.body[r.stmt_index], cst.ClassDef)})
        plan: dict[int, list[cst.BaseStatement]] = {}
        reasons: dict[str, str] = {}
        needed: set[tuple[str, str]] = set()
        for index in indices:
            try:
                plan[index] = _without_moved(info, info.module.body[index], moved, needed)
            except UnresolvableError as exc:
                for r in info.registrations:
                    if r.stmt_index == index and r.class_name in moved:
                        reasons[r.class_name] = ("its registration cannot be taken out of the "
                                                 f"statement registering it alone ({exc})")
        if not reasons:
            if imports is not None:
                imports |= needed
            return plan
        for unit in units:
            if unit[0] in reasons:
                demote(unit, reasons[unit[0]], migrated, records)


def _without_moved(info: ModuleInfo, stmt: cst.BaseStatement, moved: set[str],
                   imports: set[tuple[str, str]]) -> list[cst.BaseStatement]:
    """`_surgical` of top-level `stmt`; a comprehension run for its registrations is read as
    its loops, and goes only whole (its loop variables must not become module names)."""
    loop = as_loop(stmt, discarded_only=True)
    if loop is None:
        return _surgical(info, stmt, moved, None, imports)
    if _surgical(info, loop, moved, None, set()):
        raise UnresolvableError("the comprehension also registers what stays legacy")
    return []


def _is_kernel_registration(info: ModuleInfo, call: cst.Call) -> bool:
    return info.imports.is_symbol(expanded(info, call).func, "register_op_kernel") or (
        kernel_partial(info.ev, call) is not None)


def _registers_moved(info: ModuleInfo, call: cst.Call, env: dict[str, Any],
                     moved: set[str], imports: set[tuple[str, str]]) -> bool | list[cst.Call]:
    """Whether `call` registers moved kernels only (True), none (False), or moved kernels
    and operators / base kernel names: the calls that stay in its place."""
    if not _is_kernel_registration(info, call):
        inner = helper_registrations(info, call, env)
        if inner is None:
            return False
        gone = {r.class_name in moved for r in inner.registrations}
        if True not in gone:
            return False
        if gone != {True}:
            raise UnresolvableError(f"`{code_of(call)}` also registers what stays legacy")
        if inner.operators or inner.base_kernel_names:
            return _helper_remainder(info, call, env, inner, imports)
        return True
    kernel = call_args(expanded(info, call), ["op_type", "device", "kernel"], info.ev,
                       env, kernel_partial(info.ev, call))[0].get("kernel")
    return isinstance(kernel, ClassRef) and kernel.path is None and kernel.name in moved


def _surgical(info: ModuleInfo, stmt: cst.BaseStatement, moved: set[str],
              env: dict[str, Any] | None = None,
              imports: set[tuple[str, str]] | None = None) -> list[cst.BaseStatement]:
    """`stmt` without the calls registering `moved` classes (`env`: the values of the
    enclosing loops' variables, when an outer loop was unrolled; `imports`: receives what
    the statements left need imported)."""
    env = env or {}
    imports = imports if imports is not None else set()
    trace = calls_of(info, stmt, env)
    decisions: dict[cst.Call, set[bool]] = {}
    kept = []
    rewritten = False  # a helper call replaced by what it registers that stays
    for call, call_env in trace:
        gone = _registers_moved(info, call, call_env, moved, imports)
        if isinstance(gone, list):
            rewritten = True
            kept.extend((c, call_env) for c in gone)
            continue
        decisions.setdefault(call, set()).add(gone)
        if not gone:
            kept.append((call, call_env))
    if not kept:
        return []
    if not rewritten and all(len(d) == 1 for d in decisions.values()):
        pruned = stmt.visit(_DropCalls({c for c, d in decisions.items() if d == {True}}))
        if isinstance(pruned, cst.BaseStatement) and not names_in(pruned) & moved:
            bound = _with_values(info, pruned, env)
            if bound is not None:
                return [bound]
    out: list[cst.BaseStatement] = []
    if isinstance(stmt, cst.For):  # unroll this loop; its inner loops may keep their shape
        for value in info.ev._seq(info.ev.eval(stmt.iter, env), stmt.iter):
            inner = dict(env)
            info.ev.bind(stmt.target, value, inner)
            for sub in stmt.body.body:
                if is_local_line(sub):  # `_op = f"ub_{_fn}"`: later calls spell its value
                    for small in sub.body:  # type: ignore[attr-defined]
                        bind_local(info.ev, small, inner)
                    continue
                out.extend(_surgical(info, sub, moved, inner, imports))
    else:
        out = [cst.SimpleStatementLine([cst.Expr(_spelled_out(info, call, call_env))])
               for call, call_env in kept]
    return [out[0].with_changes(leading_lines=stmt.leading_lines), *out[1:]] if out else []


#: the registrations a helper's remainder keeps in place of its call
_KEPT_CALLS = ("register_operator", "register_base_kernel_name")


def _helper_remainder(info: ModuleInfo, call: cst.Call, env: dict[str, Any],
                      registered: ModuleInfo, imports: set[tuple[str, str]]) -> list[cst.Call]:
    """What stays of a call of a registration helper all of whose kernels migrate but
    which also registers operators or base kernel names (`registered`: what the call
    registers): the `register_operator` / `register_base_kernel_name` calls of the helper's
    body, its parameters replaced by the call's arguments as the caller spells them (a
    default by its value). UnresolvableError when they cannot be taken out that way: one
    inside a loop or an `if` of the helper, or in a helper it calls, or reading a name of
    the helper's module (when that is another module)."""
    hc = helper_call(info, call, env)
    if hc is None:
        raise UnresolvableError(f"`{code_of(call)}` calls no registration helper")
    name = hc.fn.name.value
    p = hc.fn.params
    positional = [q.name.value for q in [*p.posonly_params, *p.params]]
    given: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            raise UnresolvableError(f"`{code_of(call)}` unpacks its arguments")
        given[arg.keyword.value if arg.keyword is not None else positional[i]] = arg.value
    out: list[cst.Call] = []
    for stmt in hc.fn.body.body:
        calls = [c for c in m.findall(stmt, m.Call()) if isinstance(c, cst.Call)
                 and any(hc.imports.is_symbol(c.func, k) for k in _KEPT_CALLS)]
        if not isinstance(stmt, cst.SimpleStatementLine):
            if calls:
                raise UnresolvableError(f"`{name}` registers `{code_of(calls[0])}` inside a "
                                        f"{type(stmt).__name__} statement")
            continue
        for small in stmt.body:
            if isinstance(small, cst.Expr) and small.value in calls:
                out.append(_rebound(info, hc, small.value, given, imports))
    kinds = [next(k for k in _KEPT_CALLS if hc.imports.is_symbol(c.func, k)) for c in out]
    if (kinds.count("register_operator") != len(registered.operators)
            or kinds.count("register_base_kernel_name") != len(registered.base_kernel_names)):
        raise UnresolvableError(f"`{code_of(call)}` also registers operators through a "
                                f"helper `{name}` calls")
    return out


def _rebound(info: ModuleInfo, hc: HelperCall, inner: cst.Call,
             given: dict[str, cst.BaseExpression], imports: set[tuple[str, str]]
             ) -> cst.Call:
    """`inner` (a call in helper `hc`'s body) as the caller's module spells it."""
    name = hc.fn.name.value
    reads = {n.value for a in inner.args for n in m.findall(a.value, m.Name())
             if isinstance(n, cst.Name)}
    own = reads - set(hc.bound)
    if own and hc.ev is not info.ev:  # a helper of the caller's module reads its names
        raise UnresolvableError(f"`{name}` passes {', '.join(sorted(own))} of its own module "
                                f"to `{code_of(inner)}`")
    values = {n: given[n] if n in given else spell(info.imports, hc.bound[n])
              for n in reads & set(hc.bound)}
    args = [a.with_changes(value=substitute_names(a.value, values)) for a in inner.args]
    return inner.with_changes(func=cst.Name(_callee(info, hc, inner.func, imports)),
                              args=args)


def _callee(info: ModuleInfo, hc: HelperCall, func: cst.BaseExpression,
            imports: set[tuple[str, str]]) -> str:
    """The caller's name for the function the helper calls as `func`, imported from where
    the helper's module imports it when the caller has none."""
    qualified = hc.imports.resolve(func) or ""
    module, _, fn = qualified.rpartition(".")
    local = info.imports.local_name_of(fn)
    if local is not None and info.imports.resolve(cst.Name(local)) == qualified:
        return local
    if not module or module.startswith("."):
        raise UnresolvableError(f"`{code_of(func)}` of `{hc.fn.name.value}` is imported "
                                "relatively; the caller cannot import it as it is")
    if fn in info.module_names() or fn in info.imports.names:
        raise UnresolvableError(f"this module binds '{fn}' to something else than "
                                f"{qualified}")
    imports.add((module, fn))
    return fn


def _with_values(info: ModuleInfo, stmt: cst.BaseStatement, env: dict[str, Any]
                 ) -> cst.BaseStatement | None:
    """`stmt` with the unrolled loops' variables spelled out (None: it rebinds one)."""
    if not env:
        return stmt
    if store_names(stmt, outer_only=False) & set(env):
        return None
    stmt = _folded_fstrings(info, stmt, env)
    used = {n.value for n in m.findall(stmt, m.Name())} & set(env)
    return substitute_names(stmt, {n: spell(info.imports, env[n]) for n in used})


def _folded_fstrings(info: ModuleInfo, node: Any, env: dict[str, Any]) -> Any:
    """`node` with each f-string reading a loop variable spelled as the string it makes
    (`f"tb_{_name}"` -> `"tb_sinh"`)."""

    class Fold(cst.CSTTransformer):
        def leave_FormattedString(self, original: cst.FormattedString,  # noqa: N802
                                  updated: cst.FormattedString) -> cst.BaseExpression:
            if not {n.value for n in m.findall(original, m.Name())} & set(env):
                return updated
            return spell(info.imports, info.ev.eval(original, env))

    return node.visit(Fold())


class _DropCalls(cst.CSTTransformer):
    """Remove the expression statements calling one of `calls`; a loop left empty goes."""

    def __init__(self, calls: set[cst.Call]) -> None:
        super().__init__()
        self.calls = calls

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr  # noqa: N802
                   ) -> cst.Expr | cst.RemovalSentinel:
        return cst.RemovalSentinel.REMOVE if original.value in self.calls else updated

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,  # noqa: N802
                                  updated: cst.SimpleStatementLine
                                  ) -> cst.SimpleStatementLine | cst.RemovalSentinel:
        return updated if updated.body else cst.RemovalSentinel.REMOVE

    def leave_For(self, original: cst.For, updated: cst.For  # noqa: N802
                  ) -> cst.For | cst.RemovalSentinel:
        # a loop left with nothing but its locals (`_op = f"ub_{_fn}"`) goes too
        if all(is_local_line(s) for s in updated.body.body):
            return cst.RemovalSentinel.REMOVE
        return updated

    def leave_Else(self, original: cst.Else, updated: cst.Else  # noqa: N802
                   ) -> cst.Else | cst.RemovalSentinel:
        return updated if updated.body.body else cst.RemovalSentinel.REMOVE

    def leave_If(self, original: cst.If, updated: cst.If  # noqa: N802
                 ) -> cst.If | cst.RemovalSentinel:
        if updated.body.body:
            return updated
        if updated.orelse is None:
            return cst.RemovalSentinel.REMOVE
        return updated.with_changes(body=updated.body.with_changes(
            body=[cst.SimpleStatementLine([cst.Pass()])]))


def _spelled_out(info: ModuleInfo, call: cst.Call, env: dict[str, Any]) -> cst.Call:
    """`call` with each loop variable replaced by its value's spelling."""
    call = _folded_fstrings(info, call, env)
    used = {n.value for n in m.findall(call, m.Name())} & set(env)
    return substitute_names(call, {n: spell(info.imports, env[n]) for n in used})


