"""Evaluate module-level expressions without running them: literals, constants (also
from sibling modules on disk), the enums `DataType`, `DataLayout`, `LibraryType` and
`AttrType`, and simple calls and comparisons.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.dynamic_namespaces import dynamic_reason
from migrate.factory_makers import FactoryCall, builds_class
from migrate.name_bindings import Binding, BindingKind, order_is_clear, top_level_bindings
from migrate.partial_calls import checked_partial, read_partial
from migrate.source_files import file_state
from migrate.spec_objects import spec_instance
from migrate.static_branches import branch_bindings
from migrate.static_changes import changed_names
from migrate.static_operators import arithmetic, compare
from migrate.static_refs import (
    ENUMS,
    ClassRef,
    EnumRef,
    FunctionRef,
    ImportedRef,
    ImportTable,
    InstanceRef,
    MemberRef,
    UnresolvableError,
    code_of,
    dotted,
    find_module_file,
    first_party_file,
    literal_string,
    load_module,
)
from migrate.static_values import copied_dict, sliced, str_method
from migrate.tree_names import module_name, package_root

#: the builtins a static value may be copied with (`tuple(cpu)`), unless imported over
SEQUENCE_COPIES = ("tuple", "list")
#: the classes of `enum` whose subclasses' members are constants (`MemberRef`)
ENUM_BASES = frozenset({"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"})
#: star-import and import hops followed to a name's origin
_ORIGIN_DEPTH = 6

_EVALUATORS: dict[tuple[tuple[Path, int, int], int], Evaluator] = {}


def is_type_call(node: cst.BaseExpression) -> bool:
    """`type(name, (bases...), namespace)`: a class built at run time."""
    return (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)
            and node.func.value == "type" and len(node.args) == 3
            and isinstance(node.args[1].value, cst.Tuple))


class Evaluator:
    """Evaluate constant expressions of one module."""

    def __init__(self, module: cst.Module, imports: ImportTable, path: Path | None,
                 depth: int = 0) -> None:
        self.module, self.imports, self.path, self.depth = module, imports, path, depth
        self.assigns: dict[str, cst.BaseExpression] = {}
        self.classes: dict[str, cst.ClassDef] = {}
        self.functions: dict[str, cst.FunctionDef] = {}
        for stmt in module.body:
            if isinstance(stmt, cst.ClassDef):
                self.classes[stmt.name.value] = stmt
            elif isinstance(stmt, cst.FunctionDef):
                self.functions[stmt.name.value] = stmt
            elif isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                            small.targets[0].target, cst.Name):
                        self.assigns[small.targets[0].target.value] = small.value
                    elif (isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
                          and small.value is not None):
                        self.assigns[small.target.value] = small.value
        self._busy: set[str] = set()
        #: each module constant is evaluated once (`_C40 = _C39 and _C39` chains stay linear)
        self._values: dict[str, Any] = {}
        self._changed: dict[str, str] | None = None
        #: names bound by a factory call not read as a class (`factory_classes`): named only
        self.unread_classes: set[str] = set()
        #: ids of the names bound in a branch a constant `if` rules out (`static_branches`)
        self.dead: set[int] = set()
        for stmt in module.body:
            if isinstance(stmt, cst.If):
                live, dead = branch_bindings(stmt, lambda test: self.eval(test, {}))
                self.assigns.update((n, v) for n, v in live.items() if n not in self.assigns)
                self.dead |= dead
        if self.dead:  # what the tests read was judged without the dead bindings
            self._values, self._changed = {}, None

    def changed(self, name: str) -> str:
        """Why the module-level constant `name` may not hold its one binding's value where
        it is read (rebound, deleted, a container changed in place or handed out); ""."""
        if self._changed is None:
            mutable = {n for n, v in self.assigns.items() if is_mutable(v)}
            self._changed = changed_names(self.module, mutable, self.dead)
        return self._changed.get(name, "")

    def _binds(self, name: str, env: dict[str, Any]) -> bool:
        """Whether `name` is bound here (a local, an import, a module-level binding): a
        builtin of that name is then not the one read."""
        return any(name in scope for scope in (env, self.imports.names, self.assigns,
                                               self.classes, self.functions))

    def _enum_of(self, node: cst.BaseExpression) -> str | None:
        q = self.imports.resolve(node)
        if q is None:
            return None
        last = q.split(".")[-1]
        if last in ENUMS and (q != last or dotted(node) in self.imports.names):
            return last
        return None

    def name(self, name: str, env: dict[str, Any]) -> Any:
        if name in env:
            return env[name]
        if name in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[name]
        if why := dynamic_reason(self, name):  # `globals().update(...)`, `setattr(mod, ...)`
            raise UnresolvableError(why)
        starred = self._star_source(name)
        if starred is not None:
            if name in self.assigns or name in self.classes or name in self.functions \
                    or (name in self.imports.names and name not in self.imports.starred):
                kind = self._rebound(name)  # bound both ways: one name, or the last clear
                if kind is BindingKind.IMPORTED:
                    return self._imported(self.imports.names[name], name)
                if kind is BindingKind.STAR:
                    return starred.name(name, {})
            else:
                return starred.name(name, {})
        if name in self.assigns:
            if is_type_call(self.assigns[name]) or name in self.unread_classes:
                # a class built at run time: named, not read
                return ClassRef(name, home) if (home := self._home()) else ClassRef(name)
            if name not in self._values:
                if why := self.changed(name):
                    raise UnresolvableError(why)
                if name in self._busy:
                    raise UnresolvableError(f"'{name}' is defined in terms of itself")
                self._busy.add(name)
                try:
                    self._values[name] = checked_partial(
                        self, name, self.eval(self.assigns[name], {}))
                except UnresolvableError as exc:
                    self._values[name] = exc
                finally:
                    self._busy.discard(name)
            value = self._values[name]
            if isinstance(value, UnresolvableError):
                raise value
            return value
        # a sibling's evaluator names its own classes with its path (`compose.PlainMaker`)
        home = self._home()
        if name in self.classes:
            return ClassRef(name, home) if home else ClassRef(name)
        if name in self.functions:
            return FunctionRef(name, home) if home else FunctionRef(name)
        if name in self.imports.names:
            return self._imported(self.imports.names[name], name)
        raise UnresolvableError(f"name '{name}' is not a module-level constant")

    def _bindings(self, name: str) -> list[Binding]:
        stars = set()
        for mod in self.imports.star_modules:
            target = find_module_file(mod, self.path)
            if target is not None and name in self._other(target).exported():
                stars.add(mod)
        return top_level_bindings(self.module, name, stars)

    def origin(self, name: str) -> str | None:
        """The qualified name module-level `name` comes from (`pkg.core.dtypes.REAL`,
        `phi.common.DataType`), followed through the tree's imports and star imports;
        None when it cannot be known (bindings leading to different things, too deep)."""
        if self.depth >= _ORIGIN_DEPTH:
            return None
        origins = {self._binding_origin(b, name) for b in self._bindings(name)}
        return origins.pop() if len(origins) == 1 else None

    def _binding_origin(self, binding: Binding, name: str) -> str | None:
        if binding.kind is BindingKind.DEFINED:
            where = (module_name(self.path, package_root(self.path)) if self.path is not None
                     else "this module")
            return f"{where}.{name}"
        if binding.kind is BindingKind.STAR:
            target = find_module_file(binding.module, self.path)
            return self._other(target).origin(name) if target is not None else None
        if not binding.module:  # `import a.b as name`: the module itself
            return binding.attr
        target = find_module_file(binding.module, self.path)
        if target is None:
            return None if binding.module.startswith(".") else f"{binding.module}.{binding.attr}"
        other = self._other(target)
        found = other.origin(binding.attr)
        if found is None and not other._bindings(binding.attr):  # `from . import mod`
            sub = module_name(target, package_root(target))
            return f"{sub}.{binding.attr}"
        return found

    def _rebound(self, name: str) -> BindingKind:
        """The kind of binding a read of `name`, bound both by a star import and otherwise,
        sees: any, when every binding leads to one origin; else the last, when the order is
        statically clear and it is no star import. Else UnresolvableError naming them."""
        bindings = self._bindings(name)
        origins = [self._binding_origin(b, name) for b in bindings]
        spelled = "; ".join(f"`{b.code}` binds {o or 'what the codemod cannot trace'}"
                            for b, o in zip(bindings, origins))
        if None in origins:
            raise UnresolvableError(f"name '{name}' is bound both here and by `from ... "
                                    f"import *`, and not every binding can be traced ({spelled})")
        if len(set(origins)) == 1:
            return next((b.kind for b in bindings if b.kind is not BindingKind.STAR),
                        BindingKind.STAR)
        last = bindings[-1]
        if last.kind is BindingKind.STAR or not order_is_clear(self.module, name, bindings):
            why = ("the last is the star import" if last.kind is BindingKind.STAR
                   else "in an order the codemod cannot read (conditional, or read between)")
            raise UnresolvableError(f"name '{name}' is bound both here and by `from ... "
                                    f"import *`, to different things ({spelled}), {why}")
        return last.kind

    def _home(self) -> Path | None:
        return self.path.resolve() if self.depth and self.path is not None else None

    def _imported(self, qualified: str, local: str) -> Any:
        if self.depth < 3:
            mod = self.imports.from_modules.get(local)
            attr = qualified.rsplit(".", 1)[-1]
            if mod is not None:
                target = find_module_file(mod, self.path)
                if target is not None:
                    other = self._other(target)
                    if attr in other.assigns or dynamic_reason(other, attr):
                        return other.name(attr, {})
                    if attr in other.classes:
                        return ClassRef(attr, target.resolve())
                    if attr in other.functions:
                        return FunctionRef(attr, target.resolve())
                    sub = _submodule(target, attr)
                    bound = other.imports.names.get(attr)
                    if sub is not None and ((bound is None and other._star_source(attr) is None)
                                            or (other.imports.from_modules.get(attr) == "."
                                                and bound.rsplit(".", 1)[-1] == attr)):
                        return ImportedRef(sub)  # `from pkg import mod` (pkg may import it)
                    if attr in other.imports.names or other._star_source(attr) is not None:
                        return other.name(attr, {})  # re-exported there: followed on
        return ImportedRef(qualified)

    def _star_source(self, name: str) -> Evaluator | None:
        """The evaluator of the module a `from M import *` of this module takes `name`
        from (M's `__all__` lists it, or, without one, it is a public top-level name of
        M), when M is a module of this tree; None otherwise."""
        if self.depth >= 3:
            return None
        for mod in self.imports.star_modules:
            target = find_module_file(mod, self.path) or first_party_file(mod)
            if target is None:
                continue
            other = self._other(target)
            exported = other.exported()
            if name in exported:
                return other
        return None

    def star_exports(self) -> dict[str, dict[str, str] | None]:
        """Per `from M import *` of this module: the names it binds, each with the qualified
        name M imported it as ("" when M defines it); None: M is not a module of this tree,
        so what it binds cannot be read."""
        out: dict[str, dict[str, str] | None] = {}
        for mod in self.imports.star_modules:
            target = find_module_file(mod, self.path) or first_party_file(mod)
            if target is None:
                out[mod] = None
                continue
            other = self._other(target)
            out[mod] = {n: other.export_origin(n) for n in other.exported()}
        return out

    def export_origin(self, name: str) -> str:
        """The qualified name this module's `name` is imported as, through its own star
        imports too (`from legacy_fluid.framework.op_kernel import *` binds `DataLayout` as
        `phi.common.DataLayout`, `OpKernel` as `legacy_fluid.framework.op_kernel.
        OpKernel`); "" when this module defines it."""
        if name in self.imports.names:
            return self.imports.names[name]
        if name in self.assigns or name in self.classes or name in self.functions or \
                self.depth >= 3:
            return ""
        for mod, names in self.star_exports().items():
            if names is not None and name in names:
                return names[name] or ("" if mod.startswith(".") else f"{mod}.{name}")
        return ""

    def star_bindings(self) -> dict[str, tuple[str, str | None]]:
        """What the `from M import *` of this module whose M is a module of this tree bind,
        as explicit imports would: name -> (qualified name, module imported from; None for
        a plain `import`). A name M imports absolutely keeps what it names (`phi.common.
        DataType`); one M defines, or imports relatively, is M's (`.base.UnaryBase`)."""
        out: dict[str, tuple[str, str | None]] = {}
        for mod in self.imports.star_modules:
            target = find_module_file(mod, self.path) or first_party_file(mod)
            if target is None:
                continue
            other = self._other(target)
            for name in sorted(other.exported()):
                if name in self.assigns or name in self.classes or name in self.functions:
                    continue  # bound here too: `name` refuses it
                qualified = other.imports.names.get(name, "")
                source = other.imports.from_modules.get(name)
                if qualified and not qualified.startswith(".") and (
                        source is None or not source.startswith(".")):
                    out[name] = (qualified, source)
                else:
                    sep = "" if mod.endswith(".") else "."
                    out[name] = (f"{mod}{sep}{name}", mod)
        return out

    def exported(self) -> set[str]:
        """What `from <this module> import *` binds: `__all__` when it is a literal list of
        strings, else every public top-level name."""
        value = self.assigns.get("__all__")
        if value is not None:
            try:
                names = self.eval(value, {})
            except UnresolvableError:
                return set()
            if isinstance(names, (list, tuple)) and all(isinstance(n, str) for n in names):
                return set(names)
            return set()
        public = {*self.assigns, *self.classes, *self.functions, *self.imports.names}
        if self.depth < 3:  # what its own star imports of the tree bind, re-exported
            public.update(n for names in self.star_exports().values() for n in names or ())
        return {n for n in public if not n.startswith("_")}

    def _other(self, path: Path) -> Evaluator:
        """The evaluator of a sibling module (one per module and depth)."""
        key = (file_state(path), self.depth + 1)
        if key not in _EVALUATORS:
            module, imports = load_module(path)
            _EVALUATORS[key] = Evaluator(module, imports, path, self.depth + 1)
        return _EVALUATORS[key]

    def eval(self, node: cst.BaseExpression, env: dict[str, Any]) -> Any:
        s = literal_string(node)
        if s is not None:
            return s
        if isinstance(node, (cst.Integer, cst.Float)):
            return node.evaluated_value
        if isinstance(node, cst.FormattedString):
            return self._fstring(node, env)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            v = self.eval(node.expression, env)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                return -v
            raise UnresolvableError(code_of(node))
        if isinstance(node, cst.Name):
            return self.name(node.value, env)
        if isinstance(node, cst.Attribute):
            if self.imports.resolve(node) == "sys.version_info":  # the running interpreter's
                return tuple(sys.version_info)
            enum = self._enum_of(node.value)
            if enum is not None:
                return EnumRef(enum, node.attr.value)
            base = self.eval(node.value, env)
            if isinstance(base, InstanceRef):
                return base.lookup(node.attr.value)
            if isinstance(base, ClassRef) and self._enum_member(base, node.attr.value):
                return MemberRef(base, node.attr.value)
            if isinstance(base, ImportedRef):
                mod_file = find_module_file(base.qualified, self.path)
                if mod_file is not None and self.depth < 3:
                    return self._other(mod_file).name(node.attr.value, {})
            raise UnresolvableError(code_of(node))
        if isinstance(node, (cst.Tuple, cst.List)):
            out: list[Any] = []
            for el in node.elements:
                if isinstance(el, cst.StarredElement):
                    out.extend(self._seq(self.eval(el.value, env), el.value))
                else:
                    out.append(self.eval(el.value, env))
            return tuple(out) if isinstance(node, cst.Tuple) else out
        if isinstance(node, cst.BinaryOperation):
            return arithmetic(node, self.eval(node.left, env), self.eval(node.right, env))
        if (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)
                and node.func.value in SEQUENCE_COPIES and len(node.args) == 1
                and not node.args[0].star and not node.args[0].keyword
                and not self._binds(node.func.value, env)):
            seq = self._seq(self.eval(node.args[0].value, env), node.args[0].value)
            return tuple(seq) if node.func.value == "tuple" else list(seq)
        if isinstance(node, cst.Dict):
            return self._dict(node, env)
        if (partial := read_partial(self, node, env)) is not None:
            return partial  # a helper with arguments bound
        if isinstance(node, cst.Call) and (text := str_method(self, node, env))[0]:
            return text[1]  # `name.endswith("?")` of a constant name
        if isinstance(node, cst.Call) and (table := copied_dict(self, node, env))[0]:
            return table[1]  # `dict(Base.SLOTS, y="Y")`
        if (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                and node.func.attr.value in ("items", "keys", "values") and not node.args):
            try:
                mapping = self.eval(node.func.value, env)
            except UnresolvableError as exc:
                raise UnresolvableError(f"{code_of(node)}: {exc}") from None
            if not isinstance(mapping, dict):
                raise UnresolvableError(f"{code_of(node)}: not a dict")
            return list(getattr(mapping, node.func.attr.value)())
        if isinstance(node, cst.Subscript):
            found = sliced(self, node, env)  # `name[:-1]`, `name[0]` of a constant name
            return found[1] if found[0] else self._item(node, env)
        if isinstance(node, (cst.GeneratorExp, cst.ListComp)):
            items = list(self._comprehension(node.for_in, node.elt, env))
            return items if isinstance(node, cst.ListComp) else tuple(items)
        if isinstance(node, cst.Comparison):
            left = self.eval(node.left, env)
            for target in node.comparisons:
                right = self.eval(target.comparator, env)
                if not compare(target.operator, left, right):
                    return False
                left = right
            return True
        if isinstance(node, cst.BooleanOperation):
            left = self.eval(node.left, env)
            if isinstance(node.operator, cst.And):
                return self.eval(node.right, env) if left else left
            return left if left else self.eval(node.right, env)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return not self.eval(node.expression, env)
        if isinstance(node, cst.IfExp):
            return self.eval(node.body if self.eval(node.test, env) else node.orelse, env)
        if isinstance(node, cst.Call) and isinstance(node.func, (cst.Name, cst.Attribute)):
            return self._factory_call(node, env)
        raise UnresolvableError(code_of(node))

    def _factory_call(self, node: cst.Call, env: dict[str, Any]) -> Any:
        """A class factory's call with its arguments evaluated here (`factory_makers`)."""
        try:
            func = self.eval(node.func, env)
        except UnresolvableError:
            raise UnresolvableError(code_of(node)) from None
        if isinstance(func, FunctionRef):
            home = self if func.path is None or (
                self.path is not None and func.path.resolve() == self.path.resolve()
            ) else self._other(func.path)
            fn = home.functions.get(func.name)
            if fn is not None and builds_class(fn):
                if any(a.star for a in node.args):
                    raise UnresolvableError(f"*args in {code_of(node)}")
                values = [(a.keyword.value if a.keyword else None, self.eval(a.value, env))
                          for a in node.args]
                return FactoryCall(func, tuple(v for k, v in values if k is None),
                                   tuple((k, v) for k, v in values if k is not None),
                                   code_of(node).strip())
        if isinstance(func, ClassRef) or isinstance(getattr(func, "func", None), ClassRef):
            return spec_instance(self, func, node, env)  # a spec object (`spec_objects`)
        raise UnresolvableError(code_of(node))

    def _enum_member(self, ref: ClassRef, member: str) -> bool:
        """Whether class `ref` (of this module or, by its path, another) subclasses one of
        `enum`'s Enum classes by a base it spells, and its body binds `member` once, by a
        plain `member = value` statement."""
        home = self if ref.path is None else self._other(ref.path)
        cls = home.classes.get(ref.name)
        if cls is None or not any(home.imports.resolve(b.value) in ENUM_BASES
                                  for b in cls.bases if b.keyword is None):
            return False
        binds = [t for stmt in cls.body.body if isinstance(stmt, cst.SimpleStatementLine)
                 for small in stmt.body if isinstance(small, cst.Assign)
                 for t in small.targets if m.matches(t.target, m.Name(member))]
        others = m.findall(cls, m.Name(member))
        return len(binds) == 1 and len(others) == 1

    def _fstring(self, node: cst.FormattedString, env: dict[str, Any]) -> str:
        """A plain f-string (no `r`/`b` prefix, escapes, conversions or format specs)
        whose fields are known strings or integers: `f"tb_{_name}"` over a literal tuple."""
        if node.prefix.lower() != "f":
            raise UnresolvableError(f"{code_of(node)}: only plain f-strings are read")
        out: list[str] = []
        for part in node.parts:
            if isinstance(part, cst.FormattedStringText):
                if "\\" in part.value:
                    raise UnresolvableError(f"{code_of(node)}: an escape in an f-string")
                out.append(part.value.replace("{{", "{").replace("}}", "}"))
                continue
            if part.conversion is not None or part.format_spec or part.equal is not None:
                raise UnresolvableError(f"{code_of(node)}: a conversion or format spec")
            value = self.eval(part.expression, env)
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise UnresolvableError(f"{code_of(part.expression)} in {code_of(node)} is "
                                        "not a known string or integer")
            out.append(str(value))
        return "".join(out)

    def _comprehension(self, comp: cst.CompFor, elt: cst.BaseExpression, env: dict[str, Any]):
        if comp.asynchronous is not None:
            raise UnresolvableError("async comprehension")
        for value in self._seq(self.eval(comp.iter, env), comp.iter):
            inner = dict(env)
            self.bind(comp.target, value, inner)
            if not all(self.eval(cond.test, inner) for cond in comp.ifs):
                continue
            if comp.inner_for_in is not None:
                yield from self._comprehension(comp.inner_for_in, elt, inner)
            else:
                yield self.eval(elt, inner)

    def _dict(self, node: cst.Dict, env: dict[str, Any]) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for el in node.elements:
            if not isinstance(el, cst.DictElement):
                raise UnresolvableError(f"{code_of(node)}: `**` in a dict")
            key = self.eval(el.key, env)
            try:
                out[key] = self.eval(el.value, env)
            except TypeError:
                raise UnresolvableError(f"{code_of(el.key)}: not a usable key") from None
        return out

    def _item(self, node: cst.Subscript, env: dict[str, Any]) -> Any:
        """`D[k]`, `T[0]` of a known dict, list or tuple with a known key or index."""
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            raise UnresolvableError(code_of(node))
        try:
            container = self.eval(node.value, env)
            key = self.eval(node.slice[0].slice.value, env)
        except UnresolvableError as exc:
            raise UnresolvableError(f"{code_of(node)}: {exc}") from None
        if not isinstance(container, (dict, list, tuple)) or (
                not isinstance(container, dict) and (isinstance(key, bool)
                                                     or not isinstance(key, int))):
            raise UnresolvableError(code_of(node))
        try:
            return container[key]
        except (KeyError, IndexError, TypeError):
            raise UnresolvableError(f"{code_of(node)}: no such key or index") from None

    @staticmethod
    def _seq(value: Any, node: cst.CSTNode) -> list[Any]:
        if isinstance(value, (list, tuple)):
            return list(value)
        if isinstance(value, dict):  # iterating over a dict: its keys
            return list(value)
        raise UnresolvableError(f"{code_of(node)} is not a sequence")

    def bind(self, target: cst.BaseExpression, value: Any, env: dict[str, Any]) -> None:
        if isinstance(target, cst.Name):
            env[target.value] = value
        elif isinstance(target, (cst.Tuple, cst.List)):
            values = self._seq(value, target)
            if len(values) != len(target.elements):
                raise UnresolvableError(f"cannot unpack into {code_of(target)}")
            for el, v in zip(target.elements, values):
                self.bind(el.value, v, env)
        else:
            raise UnresolvableError(f"loop target {code_of(target)}")


def is_mutable(node: cst.BaseExpression) -> bool:
    """A list, dict or set display or comprehension, or `list(...)` / `dict(...)` /
    `set(...)`."""
    if isinstance(node, (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp,
                         cst.SetComp)):
        return True
    return (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)
            and node.func.value in ("list", "dict", "set"))


def class_bases(cls: cst.ClassDef) -> list[cst.BaseExpression]:
    return [a.value for a in cls.bases if a.keyword is None]


def _submodule(package: Path, name: str) -> str | None:
    """The qualified name of module `name` of the package whose `__init__.py` is `package`
    (what `from package import name` binds when the package binds no other `name`)."""
    if package.name != "__init__.py":
        return None
    for cand in (package.parent / f"{name}.py", package.parent / name / "__init__.py"):
        if cand.is_file():
            return module_name(cand, package_root(cand))
    return None
