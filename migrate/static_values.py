"""Values the static reading computes from constants (issue 23): a maker factory's
`if name.endswith("?"): self.add_input(name[:-1], ..., dispensable=True)` builds the proto
Python builds only when the reader can tell what those give for the constant names it loops
over; `SLOTS = dict(Base.SLOTS, y="Y")` is a table the reader can tell.

- `text.method(args)`: a method of `str` that computes a new value from the string and
  its arguments alone (`STR_METHODS`; nothing reaching other objects' code, such as
  `format`), called on a string and given strings, integers or tuples of strings;
- `text[i]`, `seq[a:b:c]`: an index of a string, a slice of a string, list or tuple, with
  integer (or absent) bounds;
- `dict(D, k=v)`, `dict(k=v)`: a new dict of a known one and keyword entries (the builtin
  `dict`: the module binds no `dict` and star-imports nothing).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate.name_bindings import top_level_bindings
from migrate.static_refs import UnresolvableError, code_of

#: methods of `str` that read the string and their arguments alone
STR_METHODS = frozenset({
    "endswith", "startswith", "removeprefix", "removesuffix", "lower", "upper", "strip",
    "lstrip", "rstrip", "replace", "split", "rsplit", "partition", "rpartition", "count",
    "find", "rfind", "isidentifier", "isdigit", "isalpha", "islower", "isupper", "title",
    "capitalize", "casefold", "zfill", "center", "ljust", "rjust", "splitlines",
})


def _argument(value: Any) -> bool:
    if isinstance(value, tuple):
        return all(isinstance(v, str) for v in value)
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def str_method(ev: Any, node: cst.Call, env: dict[str, Any]) -> tuple[bool, Any]:
    """(True, what `node` gives) when it is such a method call on a string the evaluator
    `ev` reads; (False, None) when it is no call of a `STR_METHODS` name on a string."""
    func = node.func
    if not (isinstance(func, cst.Attribute) and func.attr.value in STR_METHODS):
        return False, None
    try:
        text = ev.eval(func.value, env)
    except UnresolvableError:
        return False, None
    if not isinstance(text, str):
        return False, None
    if any(a.star or a.keyword is not None for a in node.args):
        raise UnresolvableError(f"{code_of(node)}: keyword or star arguments")
    args = [ev.eval(a.value, env) for a in node.args]
    if not all(_argument(a) for a in args):
        raise UnresolvableError(f"{code_of(node)}: an argument that is no string or integer")
    try:
        return True, getattr(text, func.attr.value)(*args)
    except (TypeError, ValueError) as exc:
        raise UnresolvableError(f"{code_of(node)}: {exc}") from None


def sliced(ev: Any, node: cst.Subscript, env: dict[str, Any]) -> tuple[bool, Any]:
    """(True, the value) for `text[i]` of a string or `seq[a:b:c]` of a string, list or
    tuple with integer bounds; (False, None) for any other subscript."""
    if len(node.slice) != 1:
        return False, None
    index = node.slice[0].slice
    if isinstance(index, cst.Index):
        try:
            text, at = ev.eval(node.value, env), ev.eval(index.value, env)
        except UnresolvableError:
            return False, None
        if not isinstance(text, str) or isinstance(at, bool) or not isinstance(at, int):
            return False, None
        try:
            return True, text[at]
        except IndexError:
            raise UnresolvableError(f"{code_of(node)}: no such index") from None
    if not isinstance(index, cst.Slice):
        return False, None
    seq = ev.eval(node.value, env)
    bounds = [None if b is None else ev.eval(b, env) for b in (index.lower, index.upper,
                                                                 index.step)]
    if not isinstance(seq, (str, list, tuple)) or not all(
            b is None or (isinstance(b, int) and not isinstance(b, bool)) for b in bounds):
        raise UnresolvableError(code_of(node))
    if bounds[2] == 0:
        raise UnresolvableError(f"{code_of(node)}: a slice step of zero")
    return True, seq[slice(*bounds)]


def copied_dict(ev: Any, node: cst.Call, env: dict[str, Any]) -> tuple[bool, Any]:
    """(True, the new dict) for `dict(D, k=v, ...)` or `dict(k=v, ...)` of the builtin;
    (False, None) for any other call."""
    if not (isinstance(node.func, cst.Name) and node.func.value == "dict") or "dict" in env \
            or top_level_bindings(ev.module, "dict", set()) or ev.imports.star_modules:
        return False, None  # a `dict` the module may bind to something else
    args = list(node.args)
    if any(a.star for a in args) or any(a.keyword is None for a in args[1:]):
        return False, None
    out: dict[Any, Any] = {}
    if args and args[0].keyword is None:
        base = ev.eval(args[0].value, env)
        if not isinstance(base, dict):
            raise UnresolvableError(f"{code_of(node)}: no dict to copy")
        out.update(base)
        args = args[1:]
    for a in args:
        out[cst.ensure_type(a.keyword, cst.Name).value] = ev.eval(a.value, env)
    return True, out
