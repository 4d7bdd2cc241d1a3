"""Codemod status per op type, read from the migration report and the hand-edit list.

Sources (both optional; whatever is absent or unreadable means "not run"):

* ``reports/migration.json`` written by ``fluidphi migrate --report reports``;
* ``migrate/hand_edits.yaml``: reviewed differences between the codemod's
  output and the committed PHI kernels, under ``kernels``, keyed by PHI kernel
  name, each with a ``reason``.

The report lists one record per legacy kernel class under ``kernels`` (``op``,
``status`` migrated / skipped / failed, ``reason``, and for migrated kernels
``committed``: identical / hand-edited / unrecorded / stale-record /
not-committed, ``hand_edit_reason``). The reader also accepts per-file records
with nested ``ops`` and a mapping op type -> record. Per op type, the least
migrated kernel decides: ``skipped`` (reason kept) over ``hand-edited`` over
``auto``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

STATUSES = ("auto", "hand-edited", "skipped", "not run")

_AUTO_WORDS = {"auto", "migrated", "converted", "rewritten", "ok", "done", "written", "changed",
               "would-migrate", "would_migrate", "dry-run", "success", "verified"}
_SKIP_WORDS = {"skipped", "skip", "unsupported", "failed", "error", "refused", "manual"}
_HAND_WORDS = {"hand-edited", "hand_edited", "hand", "edited"}


@dataclass(frozen=True)
class CodemodStatus:
    status: str  # one of STATUSES
    reason: str | None = None
    detail: str | None = None  # e.g. the file or kernel the record names

    def as_dict(self) -> dict[str, Any]:
        return {"status": self.status, "reason": self.reason, "detail": self.detail}


NOT_RUN = CodemodStatus("not run")


@dataclass
class CodemodSource:
    statuses: dict[str, CodemodStatus]  # by op type, from the migration report
    report: str | None  # relative path of the migration report read, if any
    hand_edits: str | None
    generated: str | None  # the report's own timestamp, if it has one
    hand: dict[str, str | None] = field(default_factory=dict)  # PHI name or op -> reason

    def status_of(self, op_type: str, phi_name: str | None = None) -> CodemodStatus:
        """The op's status; a hand-edit record (by PHI kernel name or op type) marks it edited."""
        st = self.statuses.get(op_type)
        key = phi_name if phi_name in self.hand else (op_type if op_type in self.hand else None)
        if key is not None and (st is None or st.status == "auto"):
            return CodemodStatus("hand-edited", self.hand[key], st.detail if st else None)
        return st or NOT_RUN


def _classify(record: dict[str, Any]) -> CodemodStatus:
    raw = str(record.get("status") or record.get("result") or record.get("action") or "").lower()
    reason = record.get("reason") or record.get("skip_reason") or record.get("message")
    if isinstance(reason, list):
        reason = "; ".join(str(r) for r in reason)
    reason = str(reason) if reason else None
    detail = record.get("file") or record.get("path") or record.get("kernel")
    detail = str(detail) if detail is not None else None
    committed = str(record.get("committed") or "")
    if record.get("hand_edited") or raw in _HAND_WORDS or committed == "hand-edited":
        return CodemodStatus("hand-edited", record.get("hand_edit_reason") or reason, detail)
    if committed in ("unrecorded", "stale-record"):
        return CodemodStatus("hand-edited", f"{committed}: differs from the codemod output, "
                             "not recorded in migrate/hand_edits.yaml", detail)
    if raw == "covered":  # served by another op's migrated kernel (transpose2 by transpose)
        return CodemodStatus("auto", reason, detail)
    if record.get("skipped") or raw in _SKIP_WORDS or raw.startswith("skip"):
        if raw not in ("skipped", "skip", "") and reason and not reason.startswith(raw):
            reason = f"{raw}: {reason}"
        return CodemodStatus("skipped", reason or raw or None, detail)
    if raw in _AUTO_WORDS or record.get("migrated") is True or (not raw and not reason):
        return CodemodStatus("auto", "not committed" if committed == "not-committed" else None,
                             detail)
    return CodemodStatus("skipped", reason or raw, detail)


_RANK = {"auto": 0, "hand-edited": 1, "skipped": 2}


def _op_names(record: dict[str, Any]) -> list[str]:
    for key in ("op_type", "op", "op_types", "ops", "name"):
        value = record.get(key)
        if isinstance(value, str):
            return [value]
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return list(value)
    return []


def _records(doc: Any) -> list[dict[str, Any]]:
    """Flatten the report into per-op records (each with an op name and a status)."""
    out: list[dict[str, Any]] = []
    if isinstance(doc, list):
        for item in doc:
            if isinstance(item, dict):
                nested = item.get("ops") or item.get("kernels")
                if isinstance(nested, list) and nested and isinstance(nested[0], dict):
                    for sub in nested:
                        merged = {k: v for k, v in item.items() if k not in ("ops", "kernels")}
                        merged.update(sub)
                        out.append(merged)
                else:
                    out.append(item)
        return out
    if isinstance(doc, dict):
        for key in ("ops", "results", "files", "kernels", "entries"):
            if isinstance(doc.get(key), list):
                return _records(doc[key])
            if isinstance(doc.get(key), dict):
                return _records([{"op_type": k, **(v if isinstance(v, dict) else {"status": v})}
                                 for k, v in doc[key].items()])
    return out


def _hand_edited(doc: Any) -> dict[str, str | None]:
    """op type -> reason, from a list of names, a list of records, or a mapping."""
    out: dict[str, str | None] = {}
    if isinstance(doc, dict):
        for key in ("ops", "hand_edits", "edits", "kernels"):
            if key in doc:
                return _hand_edited(doc[key])
        for k, v in doc.items():
            reason = v.get("reason") if isinstance(v, dict) else v
            out[str(k)] = str(reason) if reason not in (None, "") else None
    elif isinstance(doc, list):
        for item in doc:
            if isinstance(item, str):
                out[item] = None
            elif isinstance(item, dict):
                for name in _op_names(item):
                    reason = item.get("reason") or item.get("why")
                    out[name] = str(reason) if reason else None
    return out


def _rel(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.name


def load_codemod(report_paths: list[Path], hand_edits_path: Path, root: Path) -> CodemodSource:
    """Read the first readable migration report among `report_paths` plus the hand-edit list."""
    statuses: dict[str, CodemodStatus] = {}
    report_used: str | None = None
    generated: str | None = None
    for path in report_paths:
        if not path.is_file():
            continue
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        report_used = _rel(path, root)
        if isinstance(doc, dict):
            stamp = doc.get("generated") or doc.get("timestamp") or doc.get("generated_at")
            meta = doc.get("meta")
            if stamp is None and isinstance(meta, dict):
                stamp = meta.get("generated") or meta.get("timestamp")
            generated = str(stamp) if stamp is not None else None
        for record in _records(doc):
            st = _classify(record)
            for name in _op_names(record):
                old = statuses.get(name)
                # several kernels of one op: the least migrated one decides
                if old is None or _RANK[st.status] > _RANK[old.status]:
                    statuses[name] = st
        break
    hand: dict[str, str | None] = {}
    hand_used: str | None = None
    if hand_edits_path.is_file():
        try:
            doc = yaml.safe_load(hand_edits_path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            doc = None
        if doc is not None:
            hand_used = _rel(hand_edits_path, root)
            hand = _hand_edited(doc)
    return CodemodSource(statuses, report_used, hand_used, generated, hand)
