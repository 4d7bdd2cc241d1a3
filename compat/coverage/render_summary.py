"""What `fluidphi coverage` prints: the headline, a verdict per model, and the blockers.

The full per-op table (`render_console.ops_table`) is printed only on request
(`--table`); the files written hold everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.text import Text

from compat.coverage.census_report import census_lines
from compat.coverage.render_console import print_ops_table
from compat.terminal import data_table, shown, styled

_VERDICT_STYLE = {"phi": "green", "partly-legacy": "yellow", "cannot-run": "red"}
#: Why an op type keeps a model from running fully on PHI, worst first.
_BLOCKS = (("missing", "cannot run: no operator or no kernel"),
           ("legacy", "runs a legacy kernel"),
           ("gpu_cpu_fallback", "falls back to CPU on GPU"))


def headline(doc: Mapping[str, Any]) -> str:
    s = doc["summary"]
    p, twinned = s["progress"], s["twinned"]
    devices = p["parity_devices"]
    if not devices:
        return (f"migration progress: no parity results, so no PHI twin counts as verified: "
                f"{p['migrated']} / {p['total']} op types migrated (only those "
                f"left with PHI kernels alone); {twinned['count']} / {twinned['total']} have "
                "an unverified PHI twin for every legacy kernel. Run `fluidphi coverage "
                "--refresh-parity` to verify them")
    runs = doc["sources"]["parity"]
    when = ", ".join(f"{d.upper()} {runs[d]['timestamp']}" for d in devices if runs.get(d))
    b = s["backward"]
    return (f"migration progress: {p['migrated']} / {p['total']} op types "
            f"({p['percent']}%) have a PHI twin verified identical by parity for every "
            f"legacy kernel (parity run: {when}); {s['cpu_progress']['migrated']} for every "
            f"CPU kernel; {twinned['count']} have a twin for every kernel; grads: "
            f"{b['grad_op_types']['migrated']} / {b['grad_op_types']['total']} grad op types "
            f"migrated, {b['verified']} / {b['forward_ops']} forward op types with a grad "
            "have it verified (both forms, Paddle grad fixture, finite differences)")


def blockers(doc: Mapping[str, Any]) -> dict[str, tuple[str, list[str]]]:
    """Op type -> (why, models): what keeps a model from running fully on PHI."""
    found: dict[str, tuple[str, list[str]]] = {}
    for key, why in _BLOCKS:
        for md in doc["models"]:
            for op_type in md["verdict"][key]:
                found.setdefault(op_type, (why, []))[1].append(md["model"])
    return found


def print_summary(doc: Mapping[str, Any], console: Console, *, table: bool = False) -> None:
    if table:
        print_ops_table(doc, console)
    console.print(headline(doc), highlight=False, soft_wrap=True)
    for line in census_lines(doc["census"]):
        console.print(line, highlight=False, soft_wrap=True)
    for md in doc["models"]:
        v = md["verdict"]
        style = _VERDICT_STYLE.get(v["status"], "")
        line = Text.assemble(f"  {shown(md['model'])} ({md['op_count']} ops): ",
                             styled(v["text"], style) if style else shown(v["text"]))
        console.print(line, highlight=False, soft_wrap=True)
    found = blockers(doc)
    if not doc["models"]:
        return
    if not found:
        console.print("blockers: none (every model runs fully on PHI)", highlight=False)
        return
    t = data_table("blockers", "op type", "why", "models")
    for op_type, (why, models) in sorted(found.items()):
        t.add_row(shown(op_type), why, ", ".join(shown(m) for m in models))
    console.print(t)
