"""The closed vocabularies of fluidphi's reports (migration.json, parity.json, coverage).

Each is a `Vocabulary`: members are their own JSON text, and `parse` rejects any
other word (a report fluidphi did not write, or a newer one, is an error rather
than a guess).
"""

from __future__ import annotations

from phi.common.vocabulary import Vocabulary


class KernelStatus(Vocabulary):
    """What the codemod did with one legacy kernel class."""

    MIGRATED = "migrated"
    COVERED = "covered"  # served by another op's identical kernel
    SKIPPED = "skipped"
    FAILED = "failed"


class FileState(Vocabulary):
    """What became of one file under `fluidphi migrate` (LibCST's per-file summary)."""

    TRANSFORMED = "transformed"  # rewritten (or, in a dry run, would be)
    SKIPPED = "skipped"  # nothing to migrate, or not a file the codemod reads
    FAILED = "failed"  # could not be read, parsed or written


class CommittedState(Vocabulary):
    """A migrated kernel's committed PHI kernel, compared with the codemod's output."""

    IDENTICAL = "identical"
    HAND_EDITED = "hand-edited"  # differs, and migrate/hand_edits.yaml says why
    UNRECORDED = "unrecorded"  # differs, and no hand-edit record says why
    STALE_RECORD = "stale-record"  # a hand-edit record that no longer matches
    NOT_COMMITTED = "not-committed"


class Verdict(Vocabulary):
    """One legacy-vs-PHI comparison (`migrate --verify`, the coverage parity run)."""

    IDENTICAL = "identical"
    DIFFERING = "differing"
    ERRORED = "errored"
    UNVERIFIED = "unverified"  # no valid call could be made (`migrate --verify` says why)
    NOT_RUN = "not run"


class CodemodVerdict(Vocabulary):
    """Coverage's per-op codemod column: the least migrated kernel of the op decides."""

    AUTO = "auto"
    HAND_EDITED = "hand-edited"
    SKIPPED = "skipped"
    NOT_RUN = "not run"
