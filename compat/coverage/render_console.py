"""Rich tables for the terminal: one line per op type (short codes, a legend below) and
the verdict per model. Fits 80 columns; every name is shown whole and literally."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from compat.terminal import data_table, shown, styled

_STYLE = {"identical": "green", "differing": "red", "errored": "red", "not run": "dim",
          "phi": "green", "partly-legacy": "yellow", "cannot-run": "red",
          "migrated": "green", "cpu-verified": "green", "twinned": "yellow"}

#: (column, what its codes mean): the short codes of the per-op table, for its legend.
CODES: dict[str, dict[str, str]] = {
    "form": {"both": "B", "framework": "F", "phi-only": "P", "legacy-only": "L"},
    "map": {"default": "d", "custom": "c", "none": "-"},
    "mod": {"auto": "A", "hand-edited": "H", "skipped": "S", "not run": "-"},
    "parity": {"identical": "=", "differing": "x", "errored": "E", "not run": "-"},
    "stage": {"migrated": "M", "cpu-verified": "C", "twinned": "T", "not-twinned": "N",
              "not-counted": "-"},
}
_NAMES = {"form": "form", "map": "argument mapping", "mod": "codemod",
          "parity": "parity (CPU, GPU)", "stage": "stage"}


def _styled(text: str, key: str) -> Text | str:
    style = _STYLE.get(key)
    return styled(text, style) if style else shown(text)


def _code(column: str, value: str) -> Text | str:
    """The short code of `value` (the value itself when it has none), styled by value."""
    return _styled(CODES[column].get(value, value), value)


def legend() -> str:
    """What the per-op table's codes mean, one line per column."""
    return "\n".join(f"{_NAMES[col]}: " + ", ".join(f"{c} {v}" for v, c in codes.items())
                     for col, codes in CODES.items()) + \
        "\nL/P: legacy / PHI kernels (per dtype and place); used: models using the op type"


def ops_table(doc: Mapping[str, Any]) -> Table:
    """One line per op type: forms, kernels, mapping, codemod, parity, stage, models."""
    # one space between columns: the longest op type names (38 characters) fit 80 columns
    ops = Table(title="op types", header_style="bold", box=None, pad_edge=False,
                collapse_padding=True)
    ops.add_column("op type", overflow="fold")
    for col in ("form", "L/P", "map", "mod", "CPU", "GPU", "stage", "used"):
        ops.add_column(col, no_wrap=True, justify="right" if col in ("L/P", "used") else "left")
    for r in doc["ops"]:
        pc, pg = r["parity"]["cpu"]["status"], r["parity"]["gpu"]["status"]
        ops.add_row(shown(r["op_type"]), _code("form", r["forms"]),
                    f"{len(r['legacy_kernels'])}/{len(r['phi_kernels'])}",
                    _code("map", r["arg_mapping"]["kind"]),
                    _code("mod", r["codemod"]["status"]), _code("parity", pc),
                    _code("parity", pg), _code("stage", r["stage"]), str(len(r["used_by"])))
    return ops


def print_ops_table(doc: Mapping[str, Any], console: Console) -> None:
    console.print(ops_table(doc))
    console.print(legend(), highlight=False)


def print_report(doc: Mapping[str, Any], console: Console) -> None:
    s = doc["summary"]
    print_ops_table(doc, console)
    if doc["models"]:
        models = data_table("models", "model", "ops", "verdict")
        for md in doc["models"]:
            v = md["verdict"]
            models.add_row(shown(md["model"]), str(md["op_count"]),
                           _styled(v["text"], v["status"]))
        console.print(models)
    p = s["progress"]
    console.print(f"migration progress: {p['migrated']} / {p['total']} op types "
                  f"({p['percent']}%) have a verified PHI twin for every legacy kernel "
                  f"(parity on {', '.join(d.upper() for d in p['parity_devices']) or 'none'}); "
                  f"{s['cpu_progress']['migrated']} for every CPU kernel; "
                  f"{s['twinned']['count']} have a twin for every kernel", highlight=False)
