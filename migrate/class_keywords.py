"""Class attributes a base's `__init_subclass__` sets from the class keywords of the class
statement: `class HalfExpKernel(UnaryBase, ufunc=np.exp, scale=0.5)` over

    def __init_subclass__(cls, ufunc=None, scale=1.0, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.ufunc = staticmethod(ufunc)
        cls.scale = scale

Python runs the first `__init_subclass__` after the class in its MRO once the class body has
run, so what it stores on `cls` is the class's attribute, over anything a class body of the
MRO binds. Read as class-body bindings of the kernel's class (`ufunc = staticmethod(np.exp)`,
`scale = 0.5`, then read as any such binding is, `kernel_rewrite.class_attr`) when:

- the hook (no decorator but `classmethod`, no `*args`) runs only `super().__init_subclass__
  (**kwargs)` (or without arguments), no class after it in the MRO defining another, and
  `cls.NAME = <parameter>` / `cls.NAME = staticmethod(<parameter>)`, each NAME once
  (a docstring first is allowed);
- the class statement has no metaclass and no `**` keywords, passes only keywords the hook
  names, each a literal or a module-level name of its module bound once there (`np.exp`,
  `_softsign`); a parameter it leaves out has a literal default;
- no module of the tree stores NAME otherwise (`Kernel.scale = ...`, `setattr`).

A hook storing on `cls` but doing anything more (a condition, a call, a registry, another
hook chained) leaves each NAME it stores unreadable, the refusal naming the hook and the
statement, where no class body of the MRO binds NAME (a name a body binds keeps its reading:
importing the tree then shows what the hook replaced, `live_registrations`).
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.class_members import Member, assigned_outside
from migrate.class_registrations import is_super_init_subclass, own_init_subclass
from migrate.names import store_names
from migrate.static import ModuleInfo
from migrate.static_changes import attribute_stores
from migrate.static_refs import code_of, dotted, literal_string
from migrate.syntax import is_literal
from migrate.tree_attributes import tree_change


def keyword_members(info: ModuleInfo, mro: list[cst.ClassDef],
                    members: dict[str, Member]) -> dict[str, Member]:
    """`members` with the attributes the `__init_subclass__` run for `mro[0]` stores on it,
    as described above (unreadable, saying why, where the hook does more)."""
    found = next(((c, f) for c in mro[1:] if (f := own_init_subclass(c)) is not None), None)
    if found is None:
        return members
    base, hook = found
    params = hook.params.params
    if not params:
        return members
    me = params[0].name.value
    stored = _stored_names(hook, me)
    if not stored:
        return members
    where = f"`{base.name.value}.__init_subclass__`"
    owner = info.owner_of(base)
    if owner is not info and owner.path is not None:
        where += f" ({owner.path.name})"
    later = [c for c in mro[mro.index(base) + 1:] if own_init_subclass(c) is not None]
    why = (f"calls another `__init_subclass__` ({later[0].name.value}'s)" if later
           else _hook_why(hook, me))
    values: dict[str, cst.BaseExpression] = {}
    if not why:
        why, values = _bound(info, mro[0], hook, where)
    out = dict(members)
    if why:
        for name in sorted(stored):
            if name not in members:
                out[name] = Member(mro[0], why=f"{where} sets for {mro[0].name.value} and "
                                   f"{why} (only `cls.NAME = <parameter>` or `cls.NAME = "
                                   "staticmethod(<parameter>)` after `super()."
                                   "__init_subclass__(**kwargs)` is read)")
        return out
    for name in sorted(stored):
        elsewhere = _stored_elsewhere(info, mro, owner, hook, name)
        if elsewhere:
            out[name] = Member(mro[0], why=f"{where} sets for {mro[0].name.value} from a "
                               f"class keyword, but `{name}` {elsewhere}")
            continue
        out[name] = Member(mro[0], value=values[name], keyword=True)
    return out


def _stored_names(hook: cst.FunctionDef, me: str) -> set[str]:
    """The attributes `hook` stores on its class (`cls.NAME = ...`, `setattr(cls, "NAME",
    ...)`)."""
    out = {cst.ensure_type(a, cst.Attribute).attr.value for t in _targets(hook)
           for a in [t, *m.findall(t, m.Attribute())]  # `cls.a, cls.b = a, b` too
           if m.matches(a, m.Attribute(value=m.Name(me), attr=m.Name()))}
    for call in m.findall(hook, m.Call(func=m.Name("setattr"), args=[
            m.Arg(m.Name(me)), m.Arg(), m.ZeroOrMore()])):
        name = literal_string(cst.ensure_type(call, cst.Call).args[1].value)
        if name is not None:
            out.add(name)
    return out


def _targets(fn: cst.FunctionDef) -> list[cst.BaseExpression]:
    out: list[cst.BaseExpression] = []
    for node in m.findall(fn, m.Assign() | m.AugAssign() | m.AnnAssign() | m.Del()):
        if isinstance(node, cst.Assign):
            out.extend(t.target for t in node.targets)
        else:
            out.append(node.target)  # type: ignore[attr-defined]
    return out


def _hook_why(hook: cst.FunctionDef, me: str) -> str:
    """Why `hook` is more than storing its parameters, in words ("" when it is not)."""
    p = hook.params
    if isinstance(p.star_arg, cst.Param) or p.posonly_params:
        return "takes *args or positional-only parameters"
    if any(dotted(d.decorator) != "classmethod" for d in hook.decorators):
        return f"is decorated with @{code_of(hook.decorators[0].decorator)}"
    rest = p.star_kwarg.name.value if isinstance(p.star_kwarg, cst.Param) else None
    names = {q.name.value for q in (*p.params[1:], *p.kwonly_params)}
    stored: set[str] = set()
    for i, stmt in enumerate(hook.body.body):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else None
        if i == 0 and m.matches(small, m.Expr(m.SimpleString() | m.ConcatenatedString())):
            continue
        if is_super_init_subclass(stmt, rest):
            continue
        param = m.Name(m.MatchIfTrue(lambda n: n in names))
        if m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
                value=m.Name(me), attr=m.Name()))], value=param | m.Call(
                func=m.Name("staticmethod"), args=[m.Arg(param, keyword=None, star="")]))):
            name = cst.ensure_type(small, cst.Assign).targets[0].target.attr.value  # type: ignore[attr-defined]
            if name not in stored:
                stored.add(name)
                continue
        return f"runs `{code_of(stmt).strip().splitlines()[0]}`"  # a block: its first line
    return ""


def _bound(info: ModuleInfo, cls: cst.ClassDef, hook: cst.FunctionDef, where: str
           ) -> tuple[str, dict[str, cst.BaseExpression]]:
    """(why the class statement's keywords cannot be read, or ""; NAME -> the value it
    stores, as the class body binding it would spell it)."""
    if any(a.star or (a.keyword is not None and a.keyword.value == "metaclass")
           for a in cls.keywords):
        return "is given `**` keywords or a metaclass by the class statement", {}
    p = hook.params
    given = {cst.ensure_type(a.keyword, cst.Name).value: a.value for a in cls.keywords}
    env: dict[str, cst.BaseExpression] = {}
    for q in (*p.params[1:], *p.kwonly_params):
        key = q.name.value
        value = given.pop(key, None)
        if value is not None:
            if not (is_literal(value) or _module_name(info, value)):
                return (f"is given `{key}={code_of(value).strip()}`, neither a literal nor a "
                        "module-level name bound once"), {}
            env[key] = value
        elif q.default is not None and is_literal(q.default):
            env[key] = q.default
        else:
            return f"leaves `{key}` to a default that is no literal", {}
    if given:
        return f"is passed {sorted(given)} on to another `__init_subclass__`", {}
    out: dict[str, cst.BaseExpression] = {}
    me = hook.params.params[0].name.value
    for stmt in m.findall(hook, m.Assign(targets=[m.AssignTarget(m.Attribute(
            value=m.Name(me)))])):
        assign = cst.ensure_type(stmt, cst.Assign)
        name = cst.ensure_type(assign.targets[0].target, cst.Attribute).attr.value
        if isinstance(assign.value, cst.Name):
            out[name] = env[assign.value.value]
        else:
            arg = cst.ensure_type(assign.value, cst.Call).args[0].value
            out[name] = cst.Call(cst.Name("staticmethod"),
                                 [cst.Arg(env[cst.ensure_type(arg, cst.Name).value])])
    return "", out


def _module_name(info: ModuleInfo, value: cst.BaseExpression) -> bool:
    """Whether `value` is a name (`_softsign`) or a dotted name (`np.exp`) whose first name
    the module binds once, at its top level."""
    spelled = dotted(value)
    return spelled is not None and sum(spelled.partition(".")[0] in store_names(s)
                                       for s in info.module.body) == 1


def _stored_elsewhere(info: ModuleInfo, mro: list[cst.ClassDef], owner: ModuleInfo,
                      hook: cst.FunctionDef, name: str) -> str:
    """How a module of the tree other than through `hook` stores attribute `name`, in
    words ("" when none does)."""
    blank = hook.with_changes(body=cst.IndentedBlock([cst.SimpleStatementLine([cst.Pass()])]))
    if name in (stores := attribute_stores(owner.module.deep_replace(hook, blank))) \
            or "*" in stores:
        return "is also assigned as an attribute in its module"
    if owner is not info and assigned_outside(info, name):
        return "is also assigned as an attribute in the kernel's module"
    if info.path is None:
        return ""
    read = {o.path.resolve() for o in (info, owner) if o.path is not None}
    classes = frozenset((p.resolve(), c.name.value) for c in mro
                        if (p := info.owner_of(c).path) is not None)
    why = tree_change(info.path, name, read, False, classes)
    return why.replace("is also assigned", "is also assigned elsewhere", 1) if why else ""


__all__ = ["keyword_members"]
