"""Registrations the static reader cannot read, taken from importing the tree.

When verify runs, a kernel class whose registration the codemod cannot read (a helper
of a shape it does not know, a table of row objects, a decorator that also sets a class
attribute) is not refused at once: the tree is imported once as its package, in a
subprocess (`live_import`), and the legacy registry it fills says under which (op,
backend, dtype) keys each class of the tree is registered. A class the registry shows
registered then migrates with the "legacy registration kept" outcome
(`registration_effects`): its class and the statement registering it stay exactly as
written, the PHI kernel is written beside it for exactly those keys, and verify checks
it like any other.

A registry entry counts for a class statement only when the registered class object is
the one that class statement built and the module attribute of its name, and when the
statement adding the key is a top-level statement of that module the codemod does not
take apart. It is refused, naming why, when the import fails, when a key names an op
whose proto the module does not declare readably, or when the class also has
registrations the codemod reads (and would take out).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import libcst as cst
from libcst.metadata import PositionProvider

from compat.statuses import KernelStatus
from migrate.booked_classes import booked_classes
from migrate.booked_publish import booked_refusal
from migrate.cst_walk import wrapper_of
from migrate.emit import layout_name
from migrate.env_gates import GATED_KEYS
from migrate.followed_kernels import followed_reason, mark_followed, mark_unproven, unproven
from migrate.kept_classes import earlier_write
from migrate.live_protos import proto_unread
from migrate.manifest_records import MANIFEST_RECORDS, manifest_refusal
from migrate.records import FileResult, LiveFacts
from migrate.registration_effects import KEPT_REGISTERED
from migrate.static import ModuleInfo
from migrate.static_facts import Registration, StaticProto
from migrate.static_refs import UnresolvableError, code_of
from migrate.tree_bases import tree_mro
from migrate.tree_names import package_root
from migrate.tree_operators import not_registered_here
from phi.common import DataType

#: how the reasons of kernels whose registration the codemod cannot read begin
UNREAD = ("registration not statically readable",
          "no registration the codemod can read names it",
          "no register_op_kernel call of this module registers it",
          "its class decorator `@",
          "the loop `")
#: how the row of a kernel migrating on the keys its booking was published under begins
BOOKED_MIGRATED = "migrated; registered only by publishing its class statement's booking"
#: how the row of a kernel migrating on the keys its `MANIFEST` record was installed under
MANIFEST_MIGRATED = "migrated; registered only by its record in its module's `MANIFEST`"
#: seconds the import of the tree may take
TIMEOUT_S = 300
NOT_MIGRATED = "; not migrated"
#: `info.memo` key: ids of class decorators registering their class as importing showed
LIVE_DECORATED = "live_decorated"


#: `info.memo` key: the kernel classes kept registered as importing the tree showed
LIVE_KEPT = "live_kept"


def live_kept_names(info: ModuleInfo) -> set[str]:
    """The kernel classes of `info` migrating on registrations read live (kept, still
    registered as they are)."""
    return info.memo.get(LIVE_KEPT, set())


def live_decorated(info: ModuleInfo) -> set[int]:
    """Class decorators that register their (kept) class, as importing the tree showed."""
    return info.memo.get(LIVE_DECORATED, set())


def unread(result: FileResult) -> bool:
    """A row of `result` is refused for a registration or an op proto the codemod cannot
    read (`live_protos`): importing the tree may read it."""
    return any(r.status is KernelStatus.SKIPPED and (r.reason.startswith(UNREAD)
                                                      or proto_unread(r.reason))
               for r in result.records)


def read_live(files: list[Path]) -> dict[str, LiveFacts]:
    """Each file's (by real path) registrations, from importing `files` once in a
    subprocess; every file gets the same error when that subprocess fails."""
    real = [os.path.realpath(f) for f in files]
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (root, os.environ.get("PYTHONPATH", "")) if p)}
    with tempfile.TemporaryDirectory(prefix="fluidphi-live-") as tmp:
        given, got = Path(tmp) / "files.json", Path(tmp) / "live.json"
        given.write_text(json.dumps(real), encoding="utf-8")
        try:
            done = subprocess.run([sys.executable, "-m", "migrate.live_import", str(given),
                                   str(got)], env=env, capture_output=True, text=True,
                                  timeout=TIMEOUT_S, check=False)
            why = "" if done.returncode == 0 else (
                f"the import exited with {done.returncode}: "
                f"{' '.join(done.stderr.strip().splitlines()[-1:])[:300]}")
        except subprocess.TimeoutExpired:
            why = f"the import took over {TIMEOUT_S} s"
        if why or not got.is_file():
            return {f: LiveFacts(error=why or "the import wrote nothing") for f in real}
        data = json.loads(got.read_text(encoding="utf-8"))
    facts = {f: LiveFacts(d.get("classes", {}), d.get("error", ""), d.get("protos", {}))
             for f, d in data.items()}
    for fact in facts.values():  # an op's proto registered by the statement that (in another
        for keys in fact.classes.values():  # module) registered a class of this one for it
            for op, *_, reg_file, _, _, _, _ in (k for k in keys if len(k) >= 11):
                there = facts.get(str(reg_file))
                if there is not None and op not in fact.protos and op in there.protos:
                    fact.protos[op] = there.protos[op]
    return facts


class LiveKept:
    """The kernel classes of one module migrating on registrations read live: their
    registrations (keys from importing the tree) and their rows' reasons."""

    def __init__(self) -> None:
        self.registrations: dict[str, list[Registration]] = {}
        self.reasons: dict[str, str] = {}
        #: booked by their class statements, registered only by publishing the booking
        #: (`booked_publish`): their class statements are replaced
        self.booked: dict[str, list[Registration]] = {}
        #: the ops importing the tree registers a class for that stays legacy
        self.ops: dict[str, list[str]] = {}


#: how the reason of a row standing for the kernels of an unread registration begins
UNNAMED = UNREAD[1]


def unnamed_row(info: ModuleInfo, unread: list[Any]) -> str:
    """The reason of the one row standing for the kernels the unread registration
    statements `unread` register when no class of the module is known to be among them:
    every kernel is reported (importing the tree, as verify does, names them)."""
    first = unread[0]
    line = code_of(info.module.body[first.stmt_index]).strip().splitlines()[0]
    return (f"{UNNAMED}: the registration `{line}` registers kernel classes the codemod "
            f"cannot name ({first.reason}); none is migrated (a verify run imports the "
            "tree and names them)")


def unbuilt_kernels(info: ModuleInfo, live: LiveFacts | None, known: set[str]
                    ) -> dict[str, list[str]]:
    """Kernel classes importing the tree shows registered from this module that no class
    statement of it builds and no reading of it names (`known`): a factory's classes
    published through `globals()`, say -> the ops they are registered for."""
    if live is None or live.error:
        return {}
    return {name: list(dict.fromkeys(row[0] for row in rows))
            for name, rows in live.classes.items()
            if name not in info.classes and name not in known}


def live_kept(info: ModuleInfo, blocked: dict[str, str],
              regs_by_class: dict[str, list[Registration]], live: LiveFacts | None
              ) -> LiveKept:
    """The classes of `blocked` (refused for a registration the codemod cannot read) that
    migrate on `live`'s keys (taken out of `blocked`); those refused for what importing
    the tree showed get that reason in `blocked`."""
    kept = LiveKept()
    candidates = [c for c, why in blocked.items() if why.startswith(UNREAD)
                  and c in info.classes and c not in regs_by_class]
    if live is None or not candidates:
        return kept
    lines = _statement_lines(info)
    for c in candidates:
        why = blocked[c].removesuffix(NOT_MIGRATED)
        if earlier_write(info.classes[c]):  # kept by an earlier write: nothing more to do
            blocked[c] = earlier_write(info.classes[c])
            continue
        if live.error:
            blocked[c] = (f"{why}; importing the tree to read its registry failed "
                          f"({live.error}){NOT_MIGRATED}")
            continue
        keys = live.classes.get(c)
        if not keys and any(live.classes.get(d) for d in info.classes
                            if d != c and _derives(info, d, c)):
            del blocked[c]  # a base registered for no op: its registered subclasses' rows
            continue
        if not keys:
            if not why.startswith(UNREAD[2]):
                continue
            blocked[c] = ("not registered: no statement of its module registers it and "
                          f"importing the tree registers it for no op{NOT_MIGRATED}")
            continue
        if _booked(info, c, keys, kept, blocked):
            continue
        refusal, stmt, elsewhere = _check(info, c, keys, lines)
        if refusal:
            kept.ops[c] = list(dict.fromkeys(str(k[0]) for k in keys))
            blocked[c] = f"{why}; importing the tree shows {refusal}{NOT_MIGRATED}"
            continue
        del blocked[c]
        info.memo.setdefault(LIVE_KEPT, set()).add(c)
        cls = info.classes[c]
        if any(info.module.body[i] is cls for i in stmt):  # its decorator registers it
            info.memo.setdefault(LIVE_DECORATED, set()).update(id(d) for d in cls.decorators)
        kept.registrations[c] = [Registration(op, device, c, [dtype], layout, library)
                                 for op, device, dtype, layout, library, *_ in keys]
        if elsewhere:  # the class and what registers it stay; the PHI kernel follows it
            mark_followed(info, c)
            kept.reasons[c] = followed_reason(elsewhere, unproven(info, c))
            continue
        first = " / ".join(code_of(info.module.body[i]).strip().splitlines()[0]
                           for i in stmt)
        kept.reasons[c] = (f"{KEPT_REGISTERED}: registered by `{first}`, which the codemod "
                           "cannot read; keys from importing the tree")
    return kept


def _derives(info: ModuleInfo, name: str, base: str) -> bool:
    """Class `name` of the module derives from its class `base` (the tree's MRO)."""
    try:
        mro = tree_mro(info, name).classes
    except (UnresolvableError, KeyError):
        return False
    return any(c is info.classes[base] for c in mro[1:])


def _booked(info: ModuleInfo, name: str, keys: list[list[Any]], kept: LiveKept,
            blocked: dict[str, str]) -> bool:
    """Whether `name` is booked by its class statement (`booked_publish`) or listed in its
    module's `MANIFEST` (`manifest_records`) and every key of it came from another module's
    statement: then it migrates on those keys (into `kept.booked`, out of `blocked`). False
    also when the publishing or installing code is of a shape not proven to register those
    keys alone: its PHI kernel then follows the class's keys (`followed_kernels`)."""
    here = os.path.realpath(info.path) if info.path else ""
    if any(str(k[6]) in ("", here) for k in keys):
        return False
    if name in booked_classes(info):
        refusal, gated = booked_refusal(info, name, keys)
        done = BOOKED_MIGRATED
    elif "MANIFEST" in info.module_names():
        refusal, gated = manifest_refusal(info, name, keys)
        rank = {d: i for i, d in enumerate(DataType.__members__)}  # a frozenset's: in order
        keys = sorted(keys, key=lambda k: rank.get(str(k[2]), len(rank)))
        done = MANIFEST_MIGRATED
    else:
        return False
    ran = registered_elsewhere(str(keys[0][6]), int(keys[0][7])).removesuffix(
        ", by code the codemod cannot read")
    conditions = {(str(k[1]), layout_name(str(k[3]))): gated.get(int(k[10]), "") for k in keys}
    if not refusal and any(gated.get(int(k[10]), "") != conditions[(str(k[1]),
                                                                     layout_name(str(k[3])))]
                           for k in keys):
        refusal = "it registered on one device both under an environment gate and outside it"
    if refusal:  # the registry's shape, not the kernel: its PHI kernel follows its keys
        info.memo.get(MANIFEST_RECORDS, {}).pop(name, None)  # its record stays
        mark_unproven(info, name, refusal)
        return False
    del blocked[name]
    kept.booked[name] = [Registration(op, device, name, [dtype], layout, library)
                         for op, device, dtype, layout, library, *_ in keys]
    if any(conditions.values()):  # carried into the PHI registration (`env_gates`)
        info.memo.setdefault(GATED_KEYS, {})[name] = {k: c for k, c in conditions.items() if c}
    kept.reasons[name] = (f"{done}, when {ran.removeprefix('it registered when ')}"
                          f"; the {'record and the ' * (done == MANIFEST_MIGRATED)}class "
                          "statement replaced, keys from importing the tree")
    return True


def _check(info: ModuleInfo, name: str, keys: list[list[Any]],
           lines: list[tuple[int, int]]) -> tuple[str, list[int], str]:
    """(why the keys cannot be taken, or ""; the indices of the statements of the module
    adding them; `registered_elsewhere`'s text when another module's statement added one,
    else "")."""
    cls = info.classes[name]
    at = next((i for i, s in enumerate(info.module.body) if s is cls), -1)
    here = os.path.realpath(info.path) if info.path else ""
    stmts: list[int] = []
    read = {r.stmt_index for r in info.registrations} - set(info.effects)
    elsewhere = ""
    for op, _, _, _, _, line, reg_file, reg_line, replaced, *_ in keys:
        if replaced:
            return (f"its method `{replaced}` is not what its class statement's body binds "
                    "(replaced after the body ran: by what registers it, a decorator, "
                    "`__init_subclass__` or a metaclass)"), [], ""
        if at < 0 or not lines[at][0] <= int(line) <= lines[at][1]:
            return (f"it registered, but the object registered is not the one its class "
                    f"statement built (line {line})"), [], ""
        if not reg_file:
            return registered_elsewhere("", 0), [], ""
        proto = info.protos.get(str(op))
        if not isinstance(proto, StaticProto):
            known = proto if isinstance(proto, str) else not_registered_here(info, str(op))
            return (f"it registered for op '{op}', whose proto the codemod cannot read "
                    f"({known})"), [], ""
        if reg_file != here:  # the PHI kernel follows the class's keys (`followed_kernels`)
            elsewhere = elsewhere or registered_elsewhere(str(reg_file), int(reg_line))
            continue
        index = next((i for i, (a, b) in enumerate(lines) if a <= int(reg_line) <= b), -1)
        if index < 0 or index in read:
            return ("it registered by a statement that also registers kernels the codemod "
                    "reads (and takes out)"), [], ""
        if index not in stmts:
            stmts.append(index)
    return "", stmts, elsewhere


def registered_elsewhere(file: str, line: int) -> str:
    """Why a key another module's statement added is not taken: that statement, where."""
    if not file:
        return "it registered by no top-level statement of the tree"
    path = Path(file)
    try:
        text = path.read_text(encoding="utf-8").splitlines()[line - 1].strip()
    except (OSError, UnicodeDecodeError, IndexError):
        text = ""
    where = f"{path.relative_to(package_root(path).resolve()) if path.is_absolute() else path}"
    said = f"`{text}` runs ({where}:{line})" if text else f"{where}:{line} runs"
    return f"it registered when {said}, by code the codemod cannot read"


def _statement_lines(info: ModuleInfo) -> list[tuple[int, int]]:
    """(first, last) line in the file of each top-level statement of `info.module`
    (decorators included): a class read from a factory call has the call's lines, an
    import the codemod added for its reading none ((0, -1)); the file's lines are those of
    the module before the factories' expansion (`factory_classes`)."""
    expansion = info.factories
    source = expansion.original if expansion is not None and expansion.original else None
    wrapper = wrapper_of(source or info.module)
    positions = wrapper.resolve(PositionProvider)
    out = []
    for stmt in info.module.body:
        if source is not None:
            stmt = expansion.origins.get(id(stmt), stmt)  # type: ignore[union-attr]
            if stmt not in positions:  # an import added for a factory of another module
                out.append((0, -1))
                continue
        span = positions[stmt]
        first = span.start.line
        if isinstance(stmt, cst.ClassDef | cst.FunctionDef) and stmt.decorators:
            first = min(first, positions[stmt.decorators[0]].start.line)
        out.append((first, span.end.line))
    return out
