"""One self-contained HTML page: inline CSS and JS, sortable tables, inline SVG bar charts.

Opens offline: no external fonts, scripts, styles or images.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from compat.coverage import fmt
from compat.coverage.census_grads import grads_headline_text, grads_missing_rows
from compat.coverage.census_report import excluded_by_reason, headline_text

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;
color:#1f2328;background:#fff}
h1{font-size:24px;margin:0 0 8px}
h2{font-size:19px;margin:28px 0 8px;border-bottom:1px solid #d0d7de}
h3{font-size:16px;margin:18px 0 6px}.muted{color:#59636e}.big{font-size:20px;font-weight:600}
table{border-collapse:collapse;margin:6px 0 12px;font-size:13px}
th,td{border:1px solid #d0d7de;padding:4px 7px;text-align:left;vertical-align:top}
th{background:#f6f8fa;white-space:nowrap}table.sortable th{cursor:pointer;user-select:none}
table.sortable th:after{content:" \\2195";color:#8c959f;font-size:11px}
table.sortable th.asc:after{content:" \\2191";color:#1f2328}
table.sortable th.desc:after{content:" \\2193";color:#1f2328}
td.num,th.num{text-align:right}tr:nth-child(even) td{background:#fbfcfd}
.st-identical,.p-phi,.v-phi,.yes{color:#1a7f37;font-weight:600}
.st-differing,.st-errored,.p-missing,.v-cannot-run,.no{color:#cf222e;font-weight:600}
.p-legacy,.v-partly-legacy,.p-mixed,.sg-twinned{color:#9a6700;font-weight:600}
.sg-migrated{color:#1a7f37;font-weight:600}.sg-cpu-verified{color:#4d9e5f;font-weight:600}.p-cpu-fallback{color:#8250df}
.charts{display:flex;flex-wrap:wrap;gap:32px}.chart{border:1px solid #d0d7de;border-radius:6px;
padding:10px}details{margin:8px 0}summary{cursor:pointer;font-weight:600}
input#filter{padding:4px 8px;width:280px;margin:4px 0 6px;border:1px solid #d0d7de;
border-radius:4px}
code{font-size:12px;background:#f6f8fa;padding:1px 4px;border-radius:4px}
"""

_JS = """
(function(){
  function key(td){var v=td.getAttribute('data-sort');
    if(v===null){v=td.textContent.trim();}
    var n=parseFloat(v);return (v!==''&&!isNaN(n)&&/^-?[0-9.]+%?$/.test(v))?n:v.toLowerCase();}
  document.querySelectorAll('table.sortable').forEach(function(table){
    table.querySelectorAll('th').forEach(function(th,col){
      th.addEventListener('click',function(){
        var asc=!th.classList.contains('asc');
        table.querySelectorAll('th').forEach(function(h){h.classList.remove('asc','desc');});
        th.classList.add(asc?'asc':'desc');
        var body=table.tBodies[0];var rows=Array.prototype.slice.call(body.rows);
        rows.sort(function(a,b){var x=key(a.cells[col]),y=key(b.cells[col]);
          if(typeof x!==typeof y){x=String(x);y=String(y);}
          return (x<y?-1:x>y?1:0)*(asc?1:-1);});
        rows.forEach(function(r){body.appendChild(r);});
      });
    });
  });
  var f=document.getElementById('filter');
  if(f){f.addEventListener('input',function(){var q=f.value.toLowerCase();
    document.querySelectorAll('#ops tbody tr').forEach(function(r){
      r.style.display=r.textContent.toLowerCase().indexOf(q)>=0?'':'none';});});}
})();
"""


def _e(text: Any) -> str:
    return escape(str(text), quote=True)


def bar_chart(title: str, rows: list[tuple[str, list[tuple[int, str, str]], int, str]],
              width: int = 560) -> str:
    """Horizontal stacked bars: (label, [(value, colour, legend)...], total, right text)."""
    label_w, text_w, row_h = 150, 110, 24
    bar_w = width - label_w - text_w
    height = 30 + row_h * max(len(rows), 1) + 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="{_e(title)}">',
             f'<title>{_e(title)}</title>',
             f'<text x="0" y="16" font-size="14" font-weight="600" fill="#1f2328">{_e(title)}'
             '</text>']
    legend: dict[str, str] = {}
    for i, (label, segments, total, right) in enumerate(rows):
        y = 30 + i * row_h
        parts.append(f'<text x="{label_w - 8}" y="{y + 15}" font-size="12" text-anchor="end" '
                     f'fill="#1f2328">{_e(label)}</text>')
        parts.append(f'<rect x="{label_w}" y="{y + 3}" width="{bar_w}" height="{row_h - 8}" '
                     'fill="#eaeef2" rx="2"/>')
        x = float(label_w)
        for value, colour, name in segments:
            legend.setdefault(name, colour)
            if total <= 0 or value <= 0:
                continue
            w = bar_w * value / total
            parts.append(f'<rect x="{x:.1f}" y="{y + 3}" width="{w:.1f}" height="{row_h - 8}" '
                         f'fill="{colour}" rx="2"><title>{_e(label)}: {value} {_e(name)} of '
                         f'{total}</title></rect>')
            x += w
        parts.append(f'<text x="{label_w + bar_w + 8}" y="{y + 15}" font-size="12" '
                     f'fill="#59636e">{_e(right)}</text>')
    ly = 30 + row_h * max(len(rows), 1) + 14
    lx = label_w
    for name, colour in legend.items():
        parts.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{colour}"/>')
        parts.append(f'<text x="{lx + 16}" y="{ly}" font-size="12" fill="#1f2328">{_e(name)}'
                     '</text>')
        lx += 24 + 7 * len(name)
    parts.append("</svg>")
    return "".join(parts)


def _table(header: list[str], rows: list[list[str]], *, sortable: bool = True,
           table_id: str | None = None, numeric: set[int] | None = None) -> str:
    numeric = numeric or set()
    attrs = (' class="sortable"' if sortable else "") + (f' id="{table_id}"' if table_id else "")
    num = ' class="num"'
    head = "".join(f"<th{num if i in numeric else ''}>{_e(h)}</th>"
                   for i, h in enumerate(header))
    body = "".join("<tr>" + "".join(rows_i) + "</tr>" for rows_i in rows)
    return f"<table{attrs}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _td(text: Any, cls: str = "", sort: Any = None) -> str:
    c = f' class="{cls}"' if cls else ""
    s = f' data-sort="{_e(sort)}"' if sort is not None else ""
    return f"<td{c}{s}>{_e(text)}</td>"


def _cls(prefix: str, value: str) -> str:
    return f"{prefix}-{value.replace(' ', '-')}"


def _census(c: Mapping[str, Any]) -> list[str]:
    rows = [(f["family"], [(f["runs"], "#2da44e", "runs in fluidphi"),
                           (f["total"] - f["runs"], "#d0d7de", "missing")],
             f["total"], f"{f['runs']}/{f['total']} ({f['percent']}%)") for f in c["by_family"]]
    return [
        f'<h2>Paddle op census</h2><p class="big">{_e(headline_text(c))}</p>'
        f'<p class="muted">Data: {_e(c["file"])} (<code>{_e(c["command"])}</code>); counted: '
        f'{_e(c["definition"])}.</p>',
        f'<div class="chart">{bar_chart("Paddle op types fluidphi runs, by family", rows)}</div>',
        _table(["family", "runs", "total", "%", "missing op types"],
               [[_td(f["family"]), _td(f["runs"]), _td(f["total"]), _td(f["percent"]),
                 _td(", ".join(f["missing"]) or "—")] for f in c["by_family"]],
               numeric={1, 2, 3}),
        "<h3>Left out of the count</h3>",
        _table(["reason", "op types", "fluidphi runs", "which"],
               [[_td(text), _td(len(types)), _td(runs), _td(", ".join(types) or "—")]
                for _, text, types, runs in excluded_by_reason(c)], numeric={1, 2}),
        f'<h3>Grads</h3><p class="big">{_e(grads_headline_text(c["grads"]))}</p>'
        f'<p class="muted">Counted: {_e(c["grads"]["definition"])}. Missing: an op type alone '
        f'lacks <code>&lt;op&gt;_grad</code>; else the grad op types it lacks.</p>',
        _table(["family", "all grads", "total", "%", "PHI each", "missing"],
               [[_td(v) for v in row] for row in grads_missing_rows(c["grads"])],
               numeric={1, 2, 3, 4}),
    ]


def render_html(doc: Mapping[str, Any]) -> str:
    s = doc["summary"]
    src = doc["sources"]
    prog = s["progress"]
    fam_rows = [(f["family"], [(f["migrated"], "#2da44e", "migrated"),
                               (f["cpu_verified"], "#8fd19e", "CPU verified"),
                               (f["twinned"], "#d4a72c", "twinned"),
                               (f["not_twinned"], "#d0d7de", "no twin")],
                 f["total"], f"{f['migrated']}/{f['total']} ({f['percent']}%)")
                for f in s["by_family"]]
    be_rows = [(b["backend"], [(b["verified"], "#2da44e", "verified twin"),
                               (b["twinned"] - b["verified"], "#d4a72c",
                                "twin, not verified"),
                               (b["legacy_kernels"] - b["twinned"], "#d0d7de", "no twin")],
                b["legacy_kernels"], f"{b['verified']}/{b['legacy_kernels']} ({b['percent']}%)")
               for b in s["by_backend"]]
    h: list[str] = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>fluidphi migration coverage</title>", f"<style>{_CSS}</style></head><body>",
        "<h1>Migration coverage</h1>",
        f'<p class="muted">Generated by <code>{_e(doc["command"])}</code> (schema '
        f'{_e(doc["schema_version"])}). Parity ({_e(src["parity"]["file"] or "no parity file")}): '
        f'{_e(fmt.parity_source(src["parity"]["cpu"], "CPU"))}; '
        f'{_e(fmt.parity_source(src["parity"]["gpu"], "GPU"))}. Codemod: '
        f'{_e(src["codemod"]["report"] or "not run")}'
        + (f' ({_e(src["codemod"]["generated"])})' if src["codemod"]["generated"] else "")
        + (f'; hand edits: {_e(src["codemod"]["hand_edits"])}' if src["codemod"]["hand_edits"]
           else "") + ".</p>",
        f'<p class="big">Migration progress: {prog["migrated"]} / {prog["total"]} op types '
        f'({prog["percent"]}%)</p><p class="muted">Parity required on: '
        f'{_e(", ".join(d.upper() for d in prog["parity_devices"]) or "no device (never run)")}'
        f'. {_e(prog["definition"])}</p>'
        f'<p>CPU progress: {s["cpu_progress"]["migrated"]} / {s["cpu_progress"]["total"]} '
        f'({s["cpu_progress"]["percent"]}%) — {_e(s["cpu_progress"]["definition"])}. '
        f'With a PHI twin for every legacy kernel (parity not required): '
        f'{s["twinned"]["count"]} / {s["twinned"]["total"]} ({s["twinned"]["percent"]}%).</p>',
        f"<p>{_e(fmt.backward_line(s))}</p>",
        '<div class="charts">',
        f'<div class="chart">{bar_chart("Progress by op family", fam_rows)}</div>',
        '<div class="chart">'
        + bar_chart("Legacy kernels with a verified PHI twin, by backend", be_rows) + "</div>",
        "</div>",
        "<h2>Totals</h2>",
    ]
    totals = [
        ("op types in this report", s["op_types"]), ("legacy operators", s["legacy_operators"]),
        ("legacy kernels (OpKernelTypes)", s["legacy_kernels"]),
        ("PHI kernel names", s["phi_kernel_names"]), ("PHI kernels (KernelKeys)", s["phi_kernels"]),
        ("kernel forms", ", ".join(f"{k} {v}" for k, v in s["forms"].items())),
        ("argument mappings", ", ".join(f"{k} {v}" for k, v in s["arg_mapping"].items())),
        ("with InferMeta / ops.yaml entry", f"{s['infer_meta']} / {s['ops_yaml']}"),
        ("codemod", ", ".join(f"{k} {v}" for k, v in s["codemod"].items())),
        ("parity CPU", ", ".join(f"{k} {v}" for k, v in s["parity"]["cpu"].items()) or "—"),
        ("parity GPU", ", ".join(f"{k} {v}" for k, v in s["parity"]["gpu"].items()) or "—"),
    ]
    h.append(_table(["", "count"], [[_td(a), _td(b)] for a, b in totals], sortable=False))
    h.append(f'<h2>Backward (grad ops)</h2><p class="muted">{_e(s["backward"]["definition"])}'
             ".</p>")
    h.append(_table(fmt.BACKWARD_HEADER,
                    [[_td(c, c if c in ("yes", "no") else "") for c in fmt.backward_cells(r)]
                     for r in doc["ops"] if r["backward"] is not None], table_id="backward"))
    m = doc["matrix"]
    h.append(f'<h2>PHI kernels by backend x dtype</h2><p class="muted">Kernel names registered '
             f'per cell ({m["kernel_keys"]} KernelKeys in all).</p>')
    top = max([v for b in m["backends"] for v in m["cells"][b].values()] or [1]) or 1
    rows = []
    for b in m["backends"]:
        cells = [_td(b)]
        for dt in m["dtypes"]:
            v = m["cells"][b][dt]
            shade = 0.12 + 0.6 * v / top if v else 0
            style = f' style="background:rgba(45,164,78,{shade:.2f})"' if v else ""
            cells.append(f'<td class="num"{style}>{v or "·"}</td>')
        cells.append(f'<td class="num">{m["backend_totals"][b]}</td>')
        rows.append(cells)
    rows.append([_td("all"), *[_td(m["dtype_totals"][dt], "num") for dt in m["dtypes"]],
                 _td("")])
    h.append(_table(["backend", *m["dtypes"], "names"], rows, sortable=False,
                    numeric=set(range(1, len(m["dtypes"]) + 2))))
    h += _census(doc["census"])
    h.append("<h2>Models</h2>")
    h.append(_table(["model", "ops", "CPU run", "GPU run", "verdict"],
                    [[_td(md["model"]), _td(md["op_count"], "num"),
                      _td(fmt.run(md["runs"]["cpu"])), _td(fmt.run(md["runs"]["gpu"])),
                      _td(md["verdict"]["text"], _cls("v", md["verdict"]["status"]))]
                     for md in doc["models"]], numeric={1}))
    for md in doc["models"]:
        h.append(f'<details><summary>{_e(md["model"])} — '
                 f'<span class="{_cls("v", md["verdict"]["status"])}">'
                 f'{_e(md["verdict"]["text"])}</span></summary>')
        feeds = ", ".join(f"{f['name']} {f['shape']} {f['dtype']}" for f in md["feeds"])
        h.append(f'<p class="muted">Feeds: {_e(feeds or "none")}. Ops: {md["op_count"]}.</p>')
        for p in ("cpu", "gpu"):
            if md["runs"][p]["error"]:
                h.append(f'<p class="no">{p.upper()} run stopped: {_e(md["runs"][p]["error"])}</p>')
        rows = [[_td(r["op_type"]), _td(r["count"], "num"),
                 _td(fmt.path(r["cpu"]), _cls("p", r["cpu"]["path"])),
                 _td(fmt.path(r["gpu"]), _cls("p", r["gpu"]["path"])),
                 _td(fmt.kernels(r["cpu"])), _td(fmt.kernels(r["gpu"])),
                 _td(fmt.transforms(r["cpu"])), _td(fmt.transforms(r["gpu"]))]
                for r in md["op_types"]]
        h.append(_table(["op type", "count", "CPU path", "GPU path", "CPU kernel", "GPU kernel",
                         "CPU transforms", "GPU transforms"], rows, numeric={1}))
        h.append("</details>")
    labels = fmt.model_labels([md["model"] for md in doc["models"]])
    h.append('<h2>Op types</h2><p class="muted">Click a header to sort. Legacy kernels by place '
             "(OpKernelType dtypes), PHI kernels by backend (KernelKey dtypes); parity compares "
             'legacy and PHI outputs per dtype.</p><input id="filter" placeholder="filter rows">')
    rows = []
    for r in doc["ops"]:
        pc, pg = r["parity"]["cpu"], r["parity"]["gpu"]
        rows.append([
            _td(r["op_type"]), _td(r["family"]), _td(r["forms"]),
            _td(fmt.legacy_kernels(r), sort=len(r["legacy_kernels"])),
            _td(fmt.phi_kernels(r), sort=len(r["phi_kernels"])),
            _td(r["arg_mapping"]["kind"]),
            _td("yes" if r["infer_meta"] else "no", "yes" if r["infer_meta"] else "no"),
            _td(r["ops_yaml"] or "no", "yes" if r["ops_yaml"] else "no"),
            _td(fmt.codemod(r["codemod"])),
            _td(fmt.parity(pc), _cls("st", pc["status"])),
            _td(fmt.parity(pg), _cls("st", pg["status"])),
            _td(r["stage"], _cls("sg", r["stage"])),
            _td(", ".join(labels.get(u, u) for u in r["used_by"]) or "—",
                sort=len(r["used_by"])),
        ])
    h.append(_table(["op type", "family", "forms", "legacy kernels", "PHI kernels",
                     "arg mapping", "InferMeta", "ops.yaml", "codemod", "parity CPU",
                     "parity GPU", "stage", "used by"], rows, table_id="ops"))
    h.append(f"<script>{_JS}</script></body></html>")
    return "\n".join(h) + "\n"
