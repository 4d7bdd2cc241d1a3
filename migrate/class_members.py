"""What `self.NAME` means in a class of the module being migrated: the first class of the
MRO whose body binds NAME decides (a constant, a method, or something the codemod cannot
read), and a name also stored as an attribute anywhere in the module is never a constant.

Only immutable values count as constants (numbers, strings, bytes, booleans, None, enum
members, and tuples / frozensets of those): inlining a list or dict would give each call a
fresh object where the class shared one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.name_bindings import top_level_bindings
from migrate.names import load_names, store_names
from migrate.static import ModuleInfo
from migrate.static_changes import attribute_change, attribute_stores
from migrate.static_refs import EnumRef, FunctionRef, MemberRef, UnresolvableError
from migrate.tree_attributes import tree_change
from migrate.tree_origins import origin_of


@dataclass(frozen=True)
class Member:
    """One class-body binding: `value` for `NAME = value`, `function` for `def NAME`;
    `keyword`: set from a class keyword by a base's `__init_subclass__`, the stores
    checked (`class_keywords`); `why`: why an unreadable one is, when known."""

    owner: cst.ClassDef
    value: cst.BaseExpression | None = None
    function: cst.FunctionDef | None = None
    keyword: bool = False
    why: str = ""

    @property
    def readable(self) -> bool:
        return self.value is not None or self.function is not None


def class_members(mro: list[cst.ClassDef]) -> dict[str, Member]:
    """NAME -> its binding in the first class of `mro` that binds it."""
    out: dict[str, Member] = {}
    for cls in mro:
        mine: dict[str, Member] = {}
        for stmt in cls.body.body:
            for name, member in _bindings(cls, stmt):
                # a name bound twice in one body: only a plain last binding is readable
                mine[name] = member if name not in mine else Member(cls)
        for name, member in mine.items():
            out.setdefault(name, member)
    return out


def _bindings(cls: cst.ClassDef, stmt: cst.BaseStatement) -> list[tuple[str, Member]]:
    if isinstance(stmt, cst.FunctionDef):
        return [(stmt.name.value, Member(cls, function=stmt))]
    if isinstance(stmt, cst.SimpleStatementLine):
        out = []
        for small in stmt.body:
            if (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)):
                out.append((small.targets[0].target.value, Member(cls, value=small.value)))
            elif (isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
                  and small.value is not None):
                out.append((small.target.value, Member(cls, value=small.value)))
            else:
                out.extend((n, Member(cls)) for n in store_names(small))
        return out
    return [(n, Member(cls)) for n in store_names(stmt)]


def is_immutable(value: Any) -> bool:
    if isinstance(value, (tuple, frozenset)):
        return all(is_immutable(v) for v in value)
    return value is None or isinstance(value, (str, bytes, int, float, complex, bool, EnumRef,
                                               MemberRef))


def assigned_outside(info: ModuleInfo, name: str) -> bool:
    """Whether the module may set attribute `name` anywhere (`x.NAME = ...`, setattr)."""
    if "attribute_stores" not in info.memo:
        info.memo["attribute_stores"] = attribute_stores(info.module)
    stores = info.memo["attribute_stores"]
    return name in stores or "*" in stores


def class_body_names(cls: cst.ClassDef) -> set[str]:
    return {n for stmt in cls.body.body for n in store_names(stmt)}


def constant_of(info: ModuleInfo, members: dict[str, Member], name: str,
                tables: bool = False) -> Any:
    """The immutable value `self.NAME` has in every instance; UnresolvableError (saying
    why) when it is not such a constant. With `tables`, also a list, dict or set display of
    such values that no module holding a class of the MRO changes or hands out
    (`static_changes.attribute_change`: every `.NAME` there only read), which is then as
    constant as a tuple: read at its read, it gives what the class's object gives; its
    values may name module-level functions nothing rebinds (`_fixed_function`)."""
    member = members.get(name)
    if member is None or member.value is None:
        raise UnresolvableError(f"'{name}' is not a constant of the class")
    home = info.owner_of(member.owner)  # a base of another module: read in its module
    if member.keyword:  # its stores checked where it was read (`class_keywords`)
        value = home.ev.eval(member.value, {})
        if not is_immutable(value):
            raise UnresolvableError(f"'{name}' holds a value that is no immutable constant")
        return value
    # set as an attribute in any module holding a class of the MRO (`self.NAME = ...`
    # in a method, `Kernel.NAME = ...` after the class): not a constant
    owners = {id(o): o for o in (info, *(info.owner_of(b.owner) for b in members.values()))}
    if any(assigned_outside(o, name) for o in owners.values()):
        raise UnresolvableError(f"'{name}' is also assigned outside its class body")
    if class_body_names(member.owner) & {n.value for n in load_names(member.value)}:
        raise UnresolvableError(f"'{name}' is computed from other names of its class body")
    value = home.ev.eval(member.value, {})
    read = {o.path.resolve() for o in owners.values() if o.path is not None}
    if _has_members(value) and (why := _fixed_names(info, home, member.value)):
        raise UnresolvableError(f"'{name}' names {why}")
    if is_immutable(value):
        if info.path is not None and (why := _tree_change(info, members, name, read, False)):
            raise UnresolvableError(f"'{name}' {why}")
        return value
    if not (tables and isinstance(member.value, (cst.List, cst.Dict, cst.Set))
            and all(is_immutable(v) or isinstance(v, FunctionRef) for v in (
                [*value.keys(), *value.values()] if isinstance(value, dict) else value))
            and is_immutable(tuple(value.keys()) if isinstance(value, dict) else ())):
        raise UnresolvableError(f"'{name}' holds a mutable value")
    for ref in (value.values() if isinstance(value, dict) else value):
        if isinstance(ref, FunctionRef) and (why := _fixed_function(info, home, ref)):
            raise UnresolvableError(f"'{name}' holds {why}")
    for owner in owners.values():
        if "attribute_change" not in owner.memo:
            owner.memo["attribute_change"] = {}
        known = owner.memo["attribute_change"]
        if name not in known:
            known[name] = attribute_change(owner.module, name)
        if known[name]:
            where = f" in {owner.path.name}" if owner.path and owner is not info else ""
            raise UnresolvableError(f"'{name}' holds a mutable value that {known[name]}{where}")
    if info.path is not None and (why := _tree_change(info, members, name, read, True)):
        raise UnresolvableError(f"'{name}' holds a mutable value that {why}")
    return value


def _fixed_function(info: ModuleInfo, home: ModuleInfo, ref: FunctionRef) -> str:
    """"" when `ref`, a function a table of `home` names, is one `def` of `home` that nothing
    rebinds (no other module-level binding, no `global` statement naming it) and means the
    same in `info`, where the table is read; else why not, in words."""
    name = ref.name
    bindings = top_level_bindings(home.module, name, set())
    if len(bindings) != 1 or bindings[0].nested or m.findall(home.module, m.Global(
            names=[m.ZeroOrMore(), m.NameItem(m.Name(name)), m.ZeroOrMore()])):
        return f"function '{name}', which its module binds more than once or at run time"
    if home is not info and (info.path is None or home.path is None
                             or origin_of(info.path, name) != origin_of(home.path, name)):
        return f"function '{name}' of {home.path.name if home.path else 'another module'}, " \
            "which this module does not bind to the same function"
    return ""


def _has_members(value: Any) -> bool:
    """Whether `value` holds a member of a tree Enum class (`MemberRef`), spelled by name."""
    if isinstance(value, dict):
        return _has_members(list(value.items()))
    if isinstance(value, (tuple, list, set, frozenset)):
        return any(_has_members(v) for v in value)
    return isinstance(value, MemberRef)


def _fixed_names(info: ModuleInfo, home: ModuleInfo, node: cst.BaseExpression) -> str:
    """"" when every name `node` (a constant written in `home`, inlined where `info` reads
    it) spells is bound once in `home` and means the same in `info`; else why not."""
    for name in sorted({n.value for n in load_names(node)} - {"True", "False", "None"}):
        if len(top_level_bindings(home.module, name, set())) != 1:
            return f"'{name}', which its module binds more than once"
        if home is not info and (info.path is None or home.path is None
                                 or origin_of(info.path, name) != origin_of(home.path, name)):
            return f"'{name}', which this module does not bind to the same object"
    return ""


def _tree_change(info: ModuleInfo, members: dict[str, Member], name: str, read: set[Path],
                 mutable: bool) -> str:
    mro = frozenset((p.resolve(), b.owner.name.value) for b in members.values()
                    if (p := info.owner_of(b.owner).path) is not None)
    key = ("tree_change", name, mutable, mro)
    if key not in info.memo:
        assert info.path is not None
        info.memo[key] = tree_change(info.path, name, read, mutable, mro)
    return info.memo[key]
