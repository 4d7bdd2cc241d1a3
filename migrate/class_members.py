"""What `self.NAME` means in a class of the module being migrated: the first class of the
MRO whose body binds NAME decides (a constant, a method, or something the codemod cannot
read), and a name also stored as an attribute anywhere in the module is never a constant.

Only immutable values count as constants (numbers, strings, bytes, booleans, None, enum
members, and tuples / frozensets of those): inlining a list or dict would give each call a
fresh object where the class shared one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.names import store_names
from migrate.static import ModuleInfo
from migrate.static_refs import EnumRef, UnresolvableError, literal_string


@dataclass(frozen=True)
class Member:
    """One class-body binding: `value` for `NAME = value`, `function` for `def NAME`."""

    owner: cst.ClassDef
    value: cst.BaseExpression | None = None
    function: cst.FunctionDef | None = None

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


_STORE = m.Assign() | m.AugAssign() | m.AnnAssign() | m.Del()


def attribute_stores(module: cst.Module) -> set[str]:
    """Attribute names the module assigns, augments or deletes anywhere (`Cls.X = ...`,
    `self.X += ...`, `del obj.X`), or sets through `setattr(_, "X", _)`."""
    names: set[str] = set()
    for node in m.findall(module, _STORE):
        targets: list[cst.BaseExpression] = []
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.Del)):
            targets = [node.target]
        for target in targets:
            names.update(a.attr.value for a in m.findall(target, m.Attribute()))
    for call in m.findall(module, m.Call(func=m.Name("setattr"))):
        args = call.args
        if len(args) >= 2:
            name = literal_string(args[1].value)
            names.add(name if name is not None else "*")  # a computed name: anything
    return names


def is_immutable(value: Any) -> bool:
    if isinstance(value, (tuple, frozenset)):
        return all(is_immutable(v) for v in value)
    return value is None or isinstance(value, (str, bytes, int, float, complex, bool, EnumRef))


def assigned_outside(info: ModuleInfo, name: str) -> bool:
    """Whether the module may set attribute `name` anywhere (`x.NAME = ...`, setattr)."""
    if "attribute_stores" not in info.memo:
        info.memo["attribute_stores"] = attribute_stores(info.module)
    stores = info.memo["attribute_stores"]
    return name in stores or "*" in stores


def class_body_names(cls: cst.ClassDef) -> set[str]:
    return {n for stmt in cls.body.body for n in store_names(stmt)}


def constant_of(info: ModuleInfo, members: dict[str, Member], name: str) -> Any:
    """The immutable value `self.NAME` has in every instance; UnresolvableError (saying
    why) when it is not such a constant."""
    member = members.get(name)
    if member is None or member.value is None:
        raise UnresolvableError(f"'{name}' is not a constant of the class")
    home = info.owner_of(member.owner)  # a base of another module: read in its module
    # set as an attribute in any module holding a class of the MRO (`self.NAME = ...`
    # in a method, `Kernel.NAME = ...` after the class): not a constant
    owners = {id(o): o for o in (info, *(info.owner_of(b.owner) for b in members.values()))}
    if any(assigned_outside(o, name) for o in owners.values()):
        raise UnresolvableError(f"'{name}' is also assigned outside its class body")
    if class_body_names(member.owner) & {n.value for n in m.findall(member.value, m.Name())}:
        raise UnresolvableError(f"'{name}' is computed from other names of its class body")
    value = home.ev.eval(member.value, {})
    if not is_immutable(value):
        raise UnresolvableError(f"'{name}' holds a mutable value")
    return value
