"""Values substituted into f-string fields, spelled so that the text parses on Python
3.9-3.11 (issue 23, cm42).

Before Python 3.12 an f-string field may hold neither a backslash nor the quote of an
f-string around it, so substituting `"Out"` for `slot` in `f"alloc {slot}"` writes
`f"alloc {"Out"}"`, which does not parse. Two rules close that class:

* `FieldMerges`: a substituting transformer derives from it and marks what it writes
  (`substituted(node)`); a field whose expression is such a string literal becomes the
  text it stands for (its conversion and a literal format spec applied, `{`/`}` doubled,
  quotes and backslashes escaped as the f-string's own text spells them). An f-string left
  with no field is a plain string. The team's own literals are left as written.
* `spelled_for_old_pythons`: the last pass over each generated function (a kernel, a lifted
  helper): a string literal still inside a field that would end its f-string or holds a
  backslash is merged as above where it is the whole field, respelled with the other quote
  elsewhere (`("edge", "constant")` in `f"{...}"`), and where neither spelling exists the
  kernel stays legacy with a named reason (`SkipError`).
"""

from __future__ import annotations

import ast
from typing import Any

import libcst as cst

from migrate.kernel_model import SkipError

_QUOTES = ("'", '"')


def _string_value(node: cst.BaseExpression) -> Any:
    if not isinstance(node, cst.SimpleString):
        return None
    try:
        return ast.literal_eval(node.value)
    except (ValueError, SyntaxError):
        return None


def _spec_text(spec: Any) -> str | None:
    """A format spec made of text only, as `format()` takes it; None otherwise."""
    if not spec:
        return ""
    if not all(isinstance(p, cst.FormattedStringText) for p in spec):
        return None
    return "".join(p.value for p in spec).replace("{{", "{").replace("}}", "}")


def escaped(value: str, fstring: cst.FormattedString) -> str | None:
    """`value` as the text of `fstring` spells it (braces doubled); None where a raw
    f-string cannot spell it."""
    quote = fstring.quote[0]
    if "r" in fstring.prefix.lower():
        if "\\" in value or quote in value or "\r" in value or (
                "\n" in value and len(fstring.quote) == 1) or not value.isprintable():
            return None
        inner = value
    else:
        spelled = repr(value)
        inner = spelled[1:-1]
        if spelled[0] != quote:
            inner = inner.replace(quote, "\\" + quote)
    return inner.replace("{", "{{").replace("}", "}}")


def field_text(part: cst.BaseFormattedStringContent, fstring: cst.FormattedString
               ) -> str | None:
    """The text field `part` of `fstring` stands for when its expression is a string
    literal (its conversion and a literal format spec applied); None otherwise."""
    if not isinstance(part, cst.FormattedStringExpression) or isinstance(
            part.equal, cst.AssignEqual):
        return None
    value = _string_value(part.expression)
    spec = _spec_text(part.format_spec)
    if not isinstance(value, str) or spec is None:
        return None
    value = {"r": repr, "a": ascii}.get(part.conversion or "", str)(value)
    try:
        value = format(value, spec)
    except (ValueError, TypeError):
        return None
    return escaped(value, fstring)


def field_text_of(node: cst.BaseExpression, value: cst.BaseExpression,
                  fstrings: list[cst.FormattedString]) -> bool:
    """Whether `node`, about to be written as `value`, is a whole field of the innermost
    of `fstrings` (the f-strings a walk is inside) that merges into its text."""
    if not fstrings:
        return False
    inner = fstrings[-1]
    part = next((p for p in inner.parts if isinstance(p, cst.FormattedStringExpression)
                 and p.expression is node), None)
    return part is not None and field_text(part.with_changes(expression=value),
                                           inner) is not None


def merged(fstring: cst.FormattedString, merge: Any) -> cst.BaseExpression:
    """`fstring` with each field `merge(part)` accepts (a string literal it stands for)
    written as its text; a plain string where no field is left."""
    parts: list[cst.BaseFormattedStringContent] = []
    changed = False
    for part in fstring.parts:
        text = field_text(part, fstring) if merge(part) else None
        if text is None:
            parts.append(part)
            continue
        changed = True
        if parts and isinstance(parts[-1], cst.FormattedStringText):
            parts[-1] = cst.FormattedStringText(parts[-1].value + text)
        else:
            parts.append(cst.FormattedStringText(text))
    if not changed:
        return fstring
    if any(isinstance(p, cst.FormattedStringExpression) for p in parts):
        return fstring.with_changes(parts=parts)
    body = "".join(cst.ensure_type(p, cst.FormattedStringText).value for p in parts)
    body = body.replace("{{", "{").replace("}}", "}")
    prefix = fstring.prefix.replace("f", "").replace("F", "")
    return cst.SimpleString(f"{prefix}{fstring.quote}{body}{fstring.quote}",
                            lpar=fstring.lpar, rpar=fstring.rpar)


class FieldMerges(cst.CSTTransformer):
    """A substituting transformer: what it marks `substituted` and lands as a whole
    f-string field is merged into the f-string's text (in the same pass: a parent's
    `updated` holds the very nodes its children's leave methods returned)."""

    def __init__(self) -> None:
        super().__init__()
        self.put: set[cst.CSTNode] = set()

    def substituted(self, node: cst.BaseExpression) -> cst.BaseExpression:
        self.put.add(node)
        return node

    def leave_FormattedString(self, original: cst.FormattedString,  # noqa: N802
                              updated: cst.FormattedString) -> cst.BaseExpression:
        return merged(updated, lambda part: getattr(part, "expression", None) in self.put)


class _OldPythons(cst.CSTTransformer):
    def __init__(self) -> None:
        super().__init__()
        self.quotes: list[str] = []  # the quote of each f-string the walk is inside

    def visit_FormattedString(self, node: cst.FormattedString) -> None:  # noqa: N802
        self.quotes.append(node.quote[0])

    def _clashes(self, text: str) -> bool:
        return "\\" in text or any(q in text for q in self.quotes)

    def leave_FormattedString(self, original: cst.FormattedString,  # noqa: N802
                              updated: cst.FormattedString) -> cst.BaseExpression:
        self.quotes.pop()
        return merged(updated, lambda part: isinstance(part, cst.FormattedStringExpression)
                      and isinstance(part.expression, cst.SimpleString)
                      and self._clashes(part.expression.value))

    def leave_SimpleString(self, original: cst.SimpleString,  # noqa: N802
                           updated: cst.SimpleString) -> cst.BaseExpression:
        if not self.quotes or not self._clashes(updated.value):
            return updated
        value = _string_value(updated)
        for quote in _QUOTES:
            if quote in self.quotes:
                continue
            if isinstance(value, str) and value.isprintable() and quote not in value \
                    and "\\" not in value:
                return updated.with_changes(value=f"{quote}{value}{quote}")
            if isinstance(value, bytes) and value.isascii() and value.decode().isprintable() \
                    and quote.encode() not in value and b"\\" not in value:
                return updated.with_changes(value=f"b{quote}{value.decode()}{quote}")
        return updated  # its field, a whole literal, may still merge (leave_FormattedString)


def spelled_for_old_pythons(fn: cst.FunctionDef, where: str) -> cst.FunctionDef:
    """`fn` (a generated function) with every string literal in an f-string field spelled
    so that Python 3.9-3.11 parse it (see the module's docstring); SkipError where none is."""
    new = cst.ensure_type(fn.visit(_OldPythons()), cst.FunctionDef)
    try:
        ast.parse(cst.Module([new]).code)  # the f-string rules are those of Python 3.9-3.11
    except SyntaxError as exc:
        raise SkipError(f"{where}: its generated code does not parse on Python 3.9-3.11 "
                        f"({exc.msg}: `{(exc.text or '').strip()}`)") from None
    return new
