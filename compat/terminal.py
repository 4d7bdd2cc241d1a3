"""Text for the terminal: what a model file or a command line holds is shown as it is.

Names, paths and messages come from model files and user arguments, so they may hold
rich markup (`[/x]`, `[bold red]`) or terminal control sequences (`\\x1b[31m`, `\\r`,
NUL). The CLI's consoles are `SafeConsole`s: markup is off (square brackets are printed
as they are; our own styling is given as `rich.text.Text` through `styled` and
`labelled`), and every control character of a string is shown escaped (`\\x1b`) before
rich sees it. `shown` escapes one value for a table cell where newlines must not split
it either; `data_table` makes a table whose columns fold long names rather than cut
them (a name is never ellipsized).
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

# C0 and C1 controls, DEL, and the bidirectional overrides that reorder what follows.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_CONTROLS_BUT_LAYOUT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str, *, keep_newlines: bool = True) -> str:
    """`text` with every control character written as an escape (`\\x1b`, `\\r`, `\\x00`);
    newlines and tabs kept (they only lay text out) unless `keep_newlines` is false."""
    pattern = _CONTROLS_BUT_LAYOUT if keep_newlines else _CONTROLS
    return pattern.sub(_escape, text)


def shown(value: object) -> str:
    """One value (a name, a path) as a single line of literal text: every control
    character escaped, newlines included."""
    return escape_controls(str(value), keep_newlines=False)


def styled(text: str, style: str) -> Text:
    """Our own styling of `text` (shown literally, controls escaped)."""
    return Text(escape_controls(text), style=style)


def labelled(label: str, style: str, message: object) -> Text:
    """`label: message` with the label styled and the message literal (controls escaped)."""
    return Text.assemble((f"{label}:", style), " ", escape_controls(str(message)))


class SafeConsole(Console):
    """A console that prints strings literally: no markup, no `:emoji:` codes, control
    characters escaped."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        kwargs.setdefault("emoji", False)
        super().__init__(**kwargs)

    def render_str(self, text: str, **kwargs: Any) -> Text:  # type: ignore[override]
        return super().render_str(escape_controls(text), **kwargs)


def print_error(console: Console, message: object, *, label: str = "error",
                style: str = "bold red") -> None:
    """One paragraph on `console`: `error: message`, shown literally."""
    console.print(labelled(label, style, message), highlight=False, soft_wrap=True)


def print_warning(console: Console, message: object) -> None:
    print_error(console, message, label="warning", style="bold yellow")


def data_table(title: str, *columns: str, **kwargs: Any) -> Table:
    """A table whose cells fold at the column's width (names are never cut short)."""
    table = Table(title=shown(title), header_style="bold", **kwargs)
    for col in columns:
        table.add_column(col, overflow="fold")
    return table


def shown_row(table: Table, *cells: object) -> None:
    """A row of text from a model or a command line, each cell `shown` literally."""
    table.add_row(*(shown(c) for c in cells))


def fit_first_column(table: Table, rows: list[tuple[str, ...]], width: int,
                     least: int = 12) -> None:
    """Keep the first column's names whole on one line when `width` allows it, by capping
    the last column (which folds instead), leaving it at least `least` characters."""
    if not rows:
        return
    widths = [max(len(str(col.header)), *(len(r[i]) for r in rows))
              for i, col in enumerate(table.columns)]
    borders = 3 * len(widths) + 1
    room = width - borders - sum(widths[:-1])
    if room >= least:
        table.columns[-1].max_width = room
