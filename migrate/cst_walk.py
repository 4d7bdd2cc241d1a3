"""Read-only searches of LibCST trees.

A LibCST visitor rebuilds (and validates) every node it passes, even one that only reads:
most of what `libcst.matchers.findall` over a whole module costs. `find_all` gives the
same nodes by reading each node's fields, and keeps, per tree, its nodes by type: a later
search of the same tree for `m.Call(...)` looks at its calls only.

The nodes come in no promised order (a node's fields in their declaration order, not
their order in the text): callers use them as a set. Matchers that read metadata are not
supported (`libcst.matchers.findall` with a resolver is the tool for those).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from functools import cache, lru_cache

import libcst as cst
import libcst.matchers as m
from libcst.metadata import MetadataWrapper

#: trees searched lately: id(root) -> (root, its nodes by type); the root is held so that
#: its id is not reused while it is a key
_INDEX: dict[int, tuple[cst.CSTNode, dict[type, list[cst.CSTNode]]]] = {}
#: trees kept (the module being migrated and its parts; a run moves on file by file)
_KEPT = 256


@cache
def _node_fields(node_type: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(node_type))


def child_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes `node`'s fields hold, read without a visitor (in no promised order)."""
    out: list[cst.CSTNode] = []
    for name in _node_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, cst.CSTNode):
            out.append(value)
        elif isinstance(value, Sequence) and not isinstance(value, str):
            out.extend(v for v in value if isinstance(v, cst.CSTNode))
    return out


def _index(root: cst.CSTNode) -> dict[type, list[cst.CSTNode]]:
    hit = _INDEX.get(id(root))
    if hit is not None and hit[0] is root:
        return hit[1]
    by_type: dict[type, list[cst.CSTNode]] = {}
    todo: list[cst.CSTNode] = [root]
    while todo:
        node = todo.pop()
        by_type.setdefault(type(node), []).append(node)
        todo.extend(child_nodes(node))
    if len(_INDEX) >= _KEPT:
        del _INDEX[next(iter(_INDEX))]
    _INDEX[id(root)] = (root, by_type)
    return by_type


def _node_types(matcher: object) -> frozenset[type] | None:
    """The node classes `matcher` can match (`m.Call(...)`: calls; `m.Name() |
    m.Attribute()`: both); None when it may match any node."""
    if isinstance(matcher, m.OneOf):
        parts = [_node_types(o) for o in matcher.options]
        return None if any(p is None for p in parts) else frozenset().union(*parts)
    node_type = getattr(cst, type(matcher).__name__, None)
    if (isinstance(node_type, type) and issubclass(node_type, cst.CSTNode)
            and type(matcher).__module__.startswith("libcst.matchers")):
        return frozenset({node_type})
    return None


def _plain(matcher: object) -> bool:
    """Whether `matcher` is a node matcher or a `|` of them (what `m.matches` takes)."""
    if isinstance(matcher, m.OneOf):
        return all(_plain(o) for o in matcher.options)
    return _node_types(matcher) is not None


def find_all(root: cst.CSTNode, matcher: object) -> list[cst.CSTNode]:
    """The nodes of `root` (itself included) that `matcher` matches: those of
    `libcst.matchers.findall(root, matcher)`, in no promised order. `matcher`: a node
    matcher, a `|` of them or an `m.MatchIfTrue` of a node."""
    by_type = _index(root)
    if isinstance(matcher, m.MatchIfTrue):
        return [n for nodes in by_type.values() for n in nodes if matcher.func(n)]
    if not _plain(matcher):
        raise TypeError(f"find_all takes node matchers, not {matcher!r}")
    types = _node_types(matcher)
    return [n for t in types or () if t in by_type
            for n in by_type[t] if m.matches(n, matcher)]  # type: ignore[arg-type]


def first_found(root: cst.CSTNode, matcher: object,
                hit: Callable[[cst.CSTNode], bool]) -> cst.CSTNode | None:
    """The first node, in `libcst.matchers.findall`'s order, that `matcher` matches and
    `hit` accepts; None when there is none. The search runs on the node index: the ordered
    walk is made only when there is a node to name."""
    found = {id(n) for n in find_all(root, matcher) if hit(n)}
    if not found:
        return None
    return next(n for n in m.findall(root, matcher) if id(n) in found)


#: metadata of trees read lately: id(module) -> (module, its wrapper), the module held as in
#: `_INDEX`; fewer than `_KEPT` (a module's scopes weigh more than its node index)
_WRAPPERS: dict[int, tuple[cst.Module, MetadataWrapper]] = {}
_WRAPPERS_KEPT = 64


def wrapper_of(module: cst.Module) -> MetadataWrapper:
    """LibCST's `MetadataWrapper` of `module` itself (no copy: the nodes asked about are the
    module's own), one per module, so that each provider (scopes, parents, qualified
    names) is computed once per tree whichever pass asks. The module must hold no node
    twice (a parsed module, or one built from parsed nodes each used once)."""
    hit = _WRAPPERS.get(id(module))
    if hit is not None and hit[0] is module:
        return hit[1]
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    if len(_WRAPPERS) >= _WRAPPERS_KEPT:
        del _WRAPPERS[next(iter(_WRAPPERS))]
    _WRAPPERS[id(module)] = (module, wrapper)
    return wrapper


@lru_cache(maxsize=_KEPT)
def parsed_text(text: str) -> cst.Module | None:
    """`text` parsed by LibCST, shared by every caller that reads the same text (trees are
    immutable); None when LibCST cannot parse it."""
    try:
        return cst.parse_module(text)
    except (cst.ParserSyntaxError, RecursionError, ValueError):
        return None
