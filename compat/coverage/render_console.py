"""Rich tables for the terminal: a summary per op type and the verdict per model."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table

from compat.coverage import fmt

_STYLE = {"identical": "green", "differing": "red", "errored": "red", "not run": "dim",
          "phi": "green", "partly-legacy": "yellow", "cannot-run": "red",
          "migrated": "green", "cpu-verified": "green", "twinned": "yellow"}


def _styled(text: str, key: str) -> str:
    style = _STYLE.get(key)
    return f"[{style}]{text}[/]" if style else text


def ops_table(doc: Mapping[str, Any]) -> Table:
    """One row per op type: forms, kernels, mapping, codemod, parity, stage, models."""
    from rich.markup import escape

    ops = Table(title="op types", header_style="bold")
    for col in ("op type", "forms", "legacy", "PHI", "mapping", "codemod", "parity CPU",
                "parity GPU", "stage", "models"):
        ops.add_column(col, overflow="fold")
    for r in doc["ops"]:
        pc, pg = r["parity"]["cpu"]["status"], r["parity"]["gpu"]["status"]
        ops.add_row(r["op_type"], r["forms"], str(len(r["legacy_kernels"])),
                    str(len(r["phi_kernels"])), r["arg_mapping"]["kind"],
                    escape(fmt.codemod(r["codemod"])), _styled(pc, pc), _styled(pg, pg),
                    _styled(r["stage"], r["stage"]), str(len(r["used_by"])))
    return ops


def print_report(doc: Mapping[str, Any], console: Console) -> None:
    from rich.markup import escape

    s = doc["summary"]
    console.print(ops_table(doc))
    if doc["models"]:
        models = Table(title="models", header_style="bold")
        for col in ("model", "ops", "verdict"):
            models.add_column(col, overflow="fold")
        for md in doc["models"]:
            v = md["verdict"]
            models.add_row(escape(md["model"]), str(md["op_count"]),
                           _styled(escape(v["text"]), v["status"]))
        console.print(models)
    p = s["progress"]
    console.print(f"migration progress: [bold]{p['migrated']} / {p['total']}[/] op types "
                  f"({p['percent']}%) have a verified PHI twin for every legacy kernel "
                  f"(parity on {', '.join(d.upper() for d in p['parity_devices']) or 'none'}); "
                  f"{s['cpu_progress']['migrated']} for every CPU kernel; "
                  f"{s['twinned']['count']} have a twin for every kernel", highlight=False)
