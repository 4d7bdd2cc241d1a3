"""Codemod status per op type, read from the migration report and the hand-edit list.

Sources (both optional; an absent file means "not run"):

* ``reports/migration.json`` as ``fluidphi migrate --report reports`` (or
  ``python -m migrate.dogfood``) writes it: one record per legacy kernel class
  under ``kernels`` with ``op``, ``status`` (a `KernelStatus`), ``reason`` and,
  for migrated kernels, ``committed`` (a `CommittedState`) and
  ``hand_edit_reason``;
* ``migrate/hand_edits.yaml``: reviewed differences between the codemod's
  output and the committed PHI kernels, under ``kernels``, keyed by PHI kernel
  name, each with a ``reason``.

Only that format is read: a file that is not it, or a word outside those
vocabularies, is a `ReportFormatError` naming the file and the record. Per op
type, the least migrated kernel decides: ``skipped`` (reason kept) over
``hand-edited`` over ``auto``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from compat.statuses import CodemodVerdict, CommittedState, KernelStatus


class ReportFormatError(ValueError):
    """A migration report or hand-edit list that is not in the format fluidphi writes."""


@dataclass(frozen=True)
class CodemodStatus:
    status: CodemodVerdict
    reason: str | None = None
    detail: str | None = None  # the file the record names

    def as_dict(self) -> dict[str, Any]:
        return {"status": self.status.value, "reason": self.reason, "detail": self.detail}


NOT_RUN = CodemodStatus(CodemodVerdict.NOT_RUN)


@dataclass
class CodemodSource:
    statuses: dict[str, CodemodStatus]  # by op type, from the migration report
    report: str | None  # relative path of the migration report read, if any
    hand_edits: str | None
    generated: str | None  # the report's own timestamp, if it has one
    hand: dict[str, str | None] = field(default_factory=dict)  # PHI name -> reason

    def status_of(self, op_type: str, phi_name: str | None = None) -> CodemodStatus:
        """The op's status; a hand-edit record (by PHI kernel name or op type) marks it edited."""
        st = self.statuses.get(op_type)
        key = phi_name if phi_name in self.hand else (op_type if op_type in self.hand else None)
        if key is not None and (st is None or st.status is CodemodVerdict.AUTO):
            return CodemodStatus(CodemodVerdict.HAND_EDITED, self.hand[key],
                                 st.detail if st else None)
        return st or NOT_RUN


def _text(record: dict[str, Any], key: str) -> str | None:
    value = record.get(key)
    if value is not None and not isinstance(value, str):
        raise ValueError(f"`{key}` must be text, not {type(value).__name__}")
    return value or None


def _classify(record: dict[str, Any]) -> CodemodStatus:
    status = KernelStatus.parse(record.get("status"))
    committed = record.get("committed")
    committed = None if committed is None else CommittedState.parse(committed)
    reason, detail = _text(record, "reason"), _text(record, "file")
    if committed is CommittedState.HAND_EDITED:
        return CodemodStatus(CodemodVerdict.HAND_EDITED,
                             _text(record, "hand_edit_reason") or reason, detail)
    if committed in (CommittedState.UNRECORDED, CommittedState.STALE_RECORD):
        return CodemodStatus(CodemodVerdict.HAND_EDITED,
                             f"{committed}: differs from the codemod output, "
                             "not recorded in migrate/hand_edits.yaml", detail)
    if status is KernelStatus.COVERED:  # served by another op's migrated kernel
        return CodemodStatus(CodemodVerdict.AUTO, reason, detail)
    if status is KernelStatus.SKIPPED:
        return CodemodStatus(CodemodVerdict.SKIPPED, reason, detail)
    if status is KernelStatus.FAILED:
        return CodemodStatus(CodemodVerdict.SKIPPED, f"failed: {reason}" if reason
                             else "failed", detail)
    return CodemodStatus(CodemodVerdict.AUTO, "not committed"
                         if committed is CommittedState.NOT_COMMITTED else None, detail)


_RANK = {CodemodVerdict.AUTO: 0, CodemodVerdict.HAND_EDITED: 1, CodemodVerdict.SKIPPED: 2}


def _report_statuses(doc: Any, where: str) -> dict[str, CodemodStatus]:
    if not isinstance(doc, dict) or not isinstance(doc.get("kernels"), list):
        raise ReportFormatError(f"{where}: not a migration report (expected an object with a "
                                "`kernels` list, as `fluidphi migrate --report` writes)")
    statuses: dict[str, CodemodStatus] = {}
    for i, record in enumerate(doc["kernels"]):
        try:
            if not isinstance(record, dict) or not isinstance(record.get("op"), str):
                raise ValueError("expected an object with `op` and `status`")
            st = _classify(record)
        except ValueError as exc:
            raise ReportFormatError(f"{where}: kernels[{i}]: {exc}") from None
        old = statuses.get(record["op"])
        # several kernels of one op: the least migrated one decides
        if old is None or _RANK[st.status] > _RANK[old.status]:
            statuses[record["op"]] = st
    return statuses


def _hand_edited(doc: Any, where: str) -> dict[str, str | None]:
    """PHI kernel name -> reason, from `kernels: {name: {reason: ...}}`."""
    if doc is None:
        return {}
    kernels = doc.get("kernels") if isinstance(doc, dict) else None
    if not isinstance(kernels, dict) or not all(isinstance(v, dict) for v in kernels.values()):
        raise ReportFormatError(f"{where}: expected `kernels:` mapping PHI kernel names to "
                                "records with a `reason` (as `python -m migrate.dogfood "
                                "--update-hand-edits` writes)")
    return {str(k): (str(v["reason"]) if v.get("reason") else None) for k, v in kernels.items()}


def _rel(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.name


def load_codemod(report_paths: list[Path], hand_edits_path: Path, root: Path) -> CodemodSource:
    """Read the first existing migration report among `report_paths` plus the hand-edit list."""
    statuses: dict[str, CodemodStatus] = {}
    report_used: str | None = None
    generated: str | None = None
    for path in report_paths:
        if not path.is_file():
            continue
        report_used = _rel(path, root)
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ReportFormatError(f"{report_used}: cannot be read as JSON ({exc})") from None
        statuses = _report_statuses(doc, report_used)
        stamp = doc.get("generated")
        generated = str(stamp) if stamp is not None else None
        break
    hand: dict[str, str | None] = {}
    hand_used: str | None = None
    if hand_edits_path.is_file():
        hand_used = _rel(hand_edits_path, root)
        try:
            doc = yaml.safe_load(hand_edits_path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as exc:
            raise ReportFormatError(f"{hand_used}: cannot be read as YAML ({exc})") from None
        hand = _hand_edited(doc, hand_used)
    return CodemodSource(statuses, report_used, hand_used, generated, hand)
