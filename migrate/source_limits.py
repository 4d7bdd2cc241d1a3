"""Limits on the source files the codemod hands to LibCST.

LibCST's native parser takes memory and time that grow fast with a module's size and
nesting, and dies on some shapes: a 50 MB module took 3.4 GiB and ended in SIGABRT, a
chain of 10,000 `+` operators or 10,000 `.attr` trailers in one expression is a
segmentation fault, 1,000 nested brackets take 0.9 GiB, 3,000 stacked unary minus signs
0.5 GiB, and `a[0][0]...` costs time quadratic in the chain. So before a file is parsed,
its size is checked (from `stat`, before it is read) and one tokenizer pass measures
its nesting; a file beyond a limit is skipped, with the limit named. Real operator
modules are far inside every limit (the largest in this repository is ~30 KB with
brackets nested 6 deep and a few dozen operators in its longest statement).
"""

from __future__ import annotations

import io
import keyword
import tokenize
from collections.abc import Iterator

__all__ = ["MAX_SOURCE_BYTES", "SOURCE_LIMITS", "nesting_problem", "size_problem"]

#: The largest file parsed (LibCST takes ~0.5 GB per MB of source).
MAX_SOURCE_BYTES = 1 << 20
#: name -> (limit, what it counts)
SOURCE_LIMITS: dict[str, tuple[int, str]] = {
    "brackets": (100, "levels of nested brackets"),
    "blocks": (100, "levels of indented blocks"),
    "statement_ops": (1_000, "operators, trailers and keyword operators in one statement"),
    "unary_run": (100, "unary operators in a row"),
    "work": (20_000_000, "the sum over statements of their operator count squared"),
}
_OPEN, _CLOSE = frozenset("([{"), frozenset(")]}")
_NOT_OPS = frozenset({",", ":", ";", "=", "->", "...", "@"} | _CLOSE) | frozenset(
    op + "=" for op in ("+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "<<", ">>"))
_KEYWORD_OPS = frozenset({"and", "or", "not", "if", "else", "lambda", "await", "in", "is"})
_UNARY = frozenset({"-", "+", "~", "not"})


def size_problem(size: int) -> str | None:
    if size > MAX_SOURCE_BYTES:
        return (f"is {size:,} bytes, over the codemod's limit of {MAX_SOURCE_BYTES:,} "
                "(LibCST's parser would take gigabytes); not read")
    return None


def _over(name: str, found: int, line: int) -> str:
    limit, what = SOURCE_LIMITS[name]
    return (f"line {line}: {found:,} {what}, over the codemod's limit of {limit:,} "
            "(LibCST's parser could crash or take gigabytes on it); not parsed")


def _tokens(text: str) -> Iterator[tokenize.TokenInfo]:
    try:
        yield from tokenize.generate_tokens(io.StringIO(text).readline)
    except (tokenize.TokenError, SyntaxError):
        return  # not Python: the parser says where


def nesting_problem(text: str) -> str | None:
    """Why `text` is too deeply nested or too complex to parse, or None."""
    limit = {name: value for name, (value, _) in SOURCE_LIMITS.items()}
    brackets = blocks = ops = run = work = 0
    prev: tokenize.TokenInfo | None = None
    for tok in _tokens(text):
        line = tok.start[0]
        if tok.type == tokenize.INDENT:
            blocks += 1
            if blocks > limit["blocks"]:
                return _over("blocks", blocks, line)
        elif tok.type == tokenize.DEDENT:
            blocks -= 1
        elif tok.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            work += ops * ops
            if work > limit["work"]:
                return _over("work", work, line)
            ops = run = 0
        elif tok.type in (tokenize.OP, tokenize.NAME):
            s = tok.string
            if s in _OPEN:
                brackets += 1
                if brackets > limit["brackets"]:
                    return _over("brackets", brackets, line)
                # a call or subscript trailer (not a tuple, list or dict display)
                counted = s != "{" and prev is not None and (
                    prev.type == tokenize.STRING or prev.string in _CLOSE or
                    (prev.type == tokenize.NAME and not keyword.iskeyword(prev.string)))
            elif s in _CLOSE:
                brackets -= 1
                counted = False
            else:
                counted = (tok.type == tokenize.OP and s not in _NOT_OPS) or s in _KEYWORD_OPS
            ops += counted
            if ops > limit["statement_ops"]:
                return _over("statement_ops", ops, line)
            unary = s in _UNARY and (prev is None or (prev.type == tokenize.OP and
                                     prev.string not in _CLOSE) or prev.string in _KEYWORD_OPS)
            run = run + 1 if unary else 0
            if run > limit["unary_run"]:
                return _over("unary_run", run, line)
        if tok.type not in (tokenize.NL, tokenize.COMMENT):
            prev = tok
    return None
