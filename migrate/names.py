"""Name conventions and a source-order walker over names (loads and stores)."""

from __future__ import annotations

import keyword
import re
from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst

_CAMEL_1 = re.compile(r"([a-z0-9])([A-Z])")
_CAMEL_2 = re.compile(r"([A-Z]+)([A-Z][a-z])")


def snake(name: str) -> str:
    """`X` -> `x`, `ScaleTensor` -> `scale_tensor`, `XShape` -> `x_shape`, `bias_after` kept."""
    s = _CAMEL_2.sub(r"\1_\2", name)
    s = _CAMEL_1.sub(r"\1_\2", s)
    s = re.sub(r"\W", "_", s).lower()
    if not s or s[0].isdigit():
        s = "_" + s
    return s + "_" if keyword.iskeyword(s) else s


def isort_key(name: str) -> tuple[int, str]:
    """ruff/isort `order-by-type`: CONSTANTS, Classes, functions."""
    if name.isupper() and len(name) > 1:
        return (0, name)
    if name[:1].isupper():
        return (1, name)
    return (2, name)


@dataclass
class NameEvent:
    """A name read or bound, in execution order of the statement it belongs to."""

    name: str
    node: cst.Name
    store: bool
    loops: tuple[cst.CSTNode, ...]  # the enclosing loops (outer scope only)
    nested: bool  # inside a nested function / lambda / comprehension
    scope: cst.CSTNode | None = None  # the innermost nested scope (None: the function)


class NameWalker:
    """Yield `NameEvent`s of a function body: values before targets, loops tracked.

    Attribute names, keyword names and parameter names are not names here.
    Stores inside nested scopes are reported with nested=True.
    """

    def __init__(self) -> None:
        self.events: list[NameEvent] = []
        self._loops: list[cst.CSTNode] = []
        self._nested = 0
        self._scopes: list[cst.CSTNode | None] = [None]

    def walk(self, node: cst.CSTNode) -> list[NameEvent]:
        self._node(node)
        return self.events

    def _emit(self, n: cst.Name, store: bool) -> None:
        self.events.append(NameEvent(n.value, n, store, tuple(self._loops), self._nested > 0,
                                     self._scopes[-1]))

    def _store(self, target: cst.CSTNode) -> None:
        if isinstance(target, cst.Name):
            self._emit(target, True)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for el in target.elements:
                self._store(el.value)
        elif isinstance(target, cst.StarredElement):
            self._store(target.value)
        else:  # attribute / subscript targets read their base
            self._node(target)

    def _enter(self, node: cst.CSTNode) -> None:
        self._nested += 1
        self._scopes.append(node)

    def _leave(self) -> None:
        self._nested -= 1
        self._scopes.pop()

    def _children(self, node: cst.CSTNode) -> None:
        for child in node.children:
            self._node(child)

    def _node(self, node: cst.CSTNode) -> None:
        if isinstance(node, cst.Name):
            self._emit(node, False)
        elif isinstance(node, cst.Attribute):
            self._node(node.value)
        elif isinstance(node, cst.Arg):
            self._node(node.value)
        elif isinstance(node, cst.Assign):
            self._node(node.value)
            for t in node.targets:
                self._store(t.target)
        elif isinstance(node, cst.AnnAssign):
            if node.value is not None:
                self._node(node.value)
            self._node(node.annotation)
            self._store(node.target)
        elif isinstance(node, cst.AugAssign):
            self._node(node.target)
            self._node(node.value)
            self._store(node.target)
        elif isinstance(node, cst.NamedExpr):
            self._node(node.value)
            self._store(node.target)
        elif isinstance(node, (cst.For, cst.While)):
            if isinstance(node, cst.For):
                self._node(node.iter)
            self._loops.append(node)
            if isinstance(node, cst.For):
                self._store(node.target)
            else:
                self._node(node.test)
            self._node(node.body)
            self._loops.pop()
            if node.orelse is not None:
                self._node(node.orelse)
        elif isinstance(node, cst.WithItem):
            self._node(node.item)
            if node.asname is not None:
                self._store(node.asname.name)
        elif isinstance(node, cst.ExceptHandler):
            if node.type is not None:
                self._node(node.type)
            if node.name is not None:
                self._store(node.name.name)
            self._node(node.body)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            for d in node.decorators:
                self._node(d)
            if isinstance(node, cst.FunctionDef):
                for p in [*node.params.params, *node.params.kwonly_params,
                          *node.params.posonly_params]:
                    if p.default is not None:
                        self._node(p.default)
            self._store(node.name)
            self._enter(node)
            if isinstance(node, cst.FunctionDef):
                self._node(node.params)
            self._node(node.body)
            self._leave()
        elif isinstance(node, cst.Param):
            if node.annotation is not None:
                self._node(node.annotation)
            self._emit(node.name, True)
        elif isinstance(node, cst.Lambda):
            self._enter(node)
            self._node(node.params)
            self._node(node.body)
            self._leave()
        elif isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
            self._enter(node)
            self._node(node.for_in)
            if isinstance(node, cst.DictComp):
                self._node(node.key)
                self._node(node.value)
            else:
                self._node(node.elt)
            self._leave()
        elif isinstance(node, cst.CompFor):
            self._node(node.iter)
            self._store(node.target)
            for cond in node.ifs:
                self._node(cond)
            if node.inner_for_in is not None:
                self._node(node.inner_for_in)
        elif isinstance(node, (cst.Import, cst.ImportFrom)):
            names = node.names if not isinstance(node.names, cst.ImportStar) else []
            for alias in names:
                if alias.asname is not None:
                    self._store(alias.asname.name)
                elif isinstance(alias.name, cst.Name):
                    self._store(alias.name)
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            return
        elif isinstance(node, cst.Del):
            self._store(node.target)
        else:
            self._children(node)


def load_names(node: cst.CSTNode) -> Iterator[cst.Name]:
    for ev in NameWalker().walk(node):
        if not ev.store:
            yield ev.node


def store_names(node: cst.CSTNode, outer_only: bool = True) -> set[str]:
    return {ev.name for ev in NameWalker().walk(node)
            if ev.store and not (outer_only and ev.nested)}
