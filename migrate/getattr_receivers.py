"""Whether a `getattr(obj, name)` with a computed name may read an attribute of a kernel
instance (issue 23, `write_only_counters`).

A computed name reaches any attribute of `obj`, but only of `obj`: when `obj` is provably
no kernel instance, the call cannot read a kernel's counter. Read as such, by LibCST's
`ScopeProvider` (every binding of the name in its scope, wherever it sits):

- a literal (a string, a number, a list, tuple, set or dict display);
- a name bound only by `import m` / `import m as x` statements (a module);
- the execution context handed to a kernel's compute(), `ctx` and its array module
  `ctx.xp`: a name bound only as the second parameter of a method `compute` of a class, or
  as a parameter annotated `ExecutionContext` (that class holds no kernel instance);
- the `self` of a method of a plain class (`attribute_reads.plain_classes`: no class
  derives from it), given by the caller: a name bound only as the first parameter of an
  undecorated method of such a class.

Anything else (`self`, a parameter, a local, an attribute) may be a kernel instance.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ParentNodeProvider, QualifiedNameProvider, ScopeProvider

from migrate.cst_walk import wrapper_of

#: the functions taking the object first and the attribute name second
BY_NAME_ON_OBJECT = ("getattr", "hasattr", "setattr", "delattr")
_CONTEXT = "legacy_fluid.framework.execution_context.ExecutionContext"
_LITERALS = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Integer,
             cst.Float, cst.Imaginary, cst.List, cst.Tuple, cst.Set, cst.Dict)


class Receivers:
    """The metadata of one module, to judge the receivers of its `getattr` calls."""

    def __init__(self, module: cst.Module, plain: frozenset[str] = frozenset()) -> None:
        self.plain = plain
        wrapper = wrapper_of(module)
        self.scopes = wrapper.resolve(ScopeProvider)
        self.parents = wrapper.resolve(ParentNodeProvider)
        self.qualified = wrapper.resolve(QualifiedNameProvider)

    def harmless(self, call: cst.Call) -> bool:
        """Whether `call`, a call of the builtin getattr/hasattr/setattr/delattr, gets the
        attribute of an object that is provably no kernel instance."""
        func = call.func
        if not (isinstance(func, cst.Name) and func.value in BY_NAME_ON_OBJECT
                and call.args and call.args[0].keyword is None and not call.args[0].star
                and self._bindings(func) == {"BuiltinAssignment"}):
            return False
        return self.harmless_object(call.args[0].value)

    def harmless_object(self, obj: cst.BaseExpression) -> bool:
        """Whether `obj` is provably no kernel instance (the kinds of the module doc)."""
        if isinstance(obj, _LITERALS):
            return True
        if isinstance(obj, cst.Attribute) and obj.attr.value == "xp":
            return isinstance(obj.value, cst.Name) and self._is_context(obj.value)
        if isinstance(obj, cst.Name):
            return self._is_module(obj) or self._is_context(obj) or self._is_plain_self(obj)
        return False

    def _is_plain_self(self, name: cst.Name) -> bool:
        cls = self.method_class(name)
        return cls is not None and cls.name.value in self.plain

    def method_class(self, name: cst.Name) -> cst.ClassDef | None:
        """The class `name` is the `self` of: every binding of it is the first parameter
        of an undecorated method of that class (a `def` of its body); else None."""
        found = self._assignments(name)
        classes = {id(c): c for a in found
                   if (c := self._self_of(getattr(a, "node", None))) is not None}
        if not found or len(classes) != 1 or any(
                not isinstance(getattr(a, "node", None), cst.Param) for a in found):
            return None
        return next(iter(classes.values()))

    def _self_of(self, param: object) -> cst.ClassDef | None:
        if not isinstance(param, cst.Param):
            return None
        function = self.parents.get(self.parents.get(param))
        if not (isinstance(function, cst.FunctionDef) and not function.decorators
                and function.params.params and function.params.params[0] is param):
            return None
        cls = self.parents.get(self.parents.get(function))
        return cls if isinstance(cls, cst.ClassDef) else None

    def _assignments(self, name: cst.Name) -> list:
        scope = self.scopes.get(name)
        return [] if scope is None else list(scope[name.value])

    def _bindings(self, name: cst.Name) -> set[str]:
        return {type(a).__name__ for a in self._assignments(name)}

    def _is_module(self, name: cst.Name) -> bool:
        found = self._assignments(name)
        return bool(found) and all(isinstance(getattr(a, "node", None), cst.Import)
                                   for a in found)

    def _is_context(self, name: cst.Name) -> bool:
        found = self._assignments(name)
        return bool(found) and all(isinstance(getattr(a, "node", None), cst.Param)
                                   and self._context_param(a.node) for a in found)

    def _context_param(self, param: cst.Param) -> bool:
        annotation = param.annotation
        names = self.qualified.get(annotation.annotation, ()) if annotation else ()
        if any(q.name == _CONTEXT for q in (names() if callable(names) else names)):
            return True  # QualifiedNameProvider's values are loaded lazily
        function = self.parents.get(self.parents.get(param))
        if not (isinstance(function, cst.FunctionDef) and function.name.value == "compute"
                and not function.decorators):
            return False
        positional = [*function.params.posonly_params, *function.params.params]
        block = self.parents.get(function)
        return (len(positional) >= 2 and positional[1] is param
                and isinstance(self.parents.get(block), cst.ClassDef))
