"""What migrating a module reports: one `KernelRecord` per legacy kernel, one `OpPlan` per
op (the generated kernel sources, registration, mapping, yaml entry) and the `FileResult`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from compat.statuses import FileState, KernelStatus
from phi.op_defs import OpDef, render_op

if TYPE_CHECKING:
    from migrate.static_facts import StaticProto


@dataclass
class KernelRecord:
    """One legacy kernel class (for one op) and what became of it."""

    file: str
    op_type: str
    kernel: str
    status: KernelStatus
    reason: str = ""
    function: str = ""
    phi_name: str = ""
    dtypes: dict[str, list[str]] = field(default_factory=dict)  # backend -> dtypes
    mapping: bool = False
    infer_meta: str = ""


@dataclass
class OpPlan:
    """What the report, the ops.yaml writer and verify need about one migrated op (verify
    rebuilds nothing from it: it imports the written module)."""

    op_type: str
    phi_name: str
    mapping_function: str | None
    infer_meta: str | None
    infer_meta_new: bool
    op_def: OpDef  # the ops.yaml entry
    kernels: list[dict[str, Any]]  # {class, function, registrations: [[backend, layout, dtypes]]}
    sources: dict[str, str]  # function name -> generated source (decorators included)
    #: a grad kernel's in-place pairs (backward.yaml `inplace`) in legacy slots: output -> input
    in_place: dict[str, str] = field(default_factory=dict)
    #: attributes whose PHI argument defaults to a `ctx.has_attr` fallback (verify also runs
    #: each case with the attribute absent from the op desc)
    defaulted: tuple[str, ...] = ()
    #: of those, the attributes the op proto does not declare, with their fallbacks (verify
    #: also runs each case with the attribute given)
    undeclared: dict[str, Any] = field(default_factory=dict)

    @property
    def yaml(self) -> str:
        return render_op(self.op_def)


@dataclass
class FileResult:
    path: str
    old_text: str
    new_text: str
    records: list[KernelRecord] = field(default_factory=list)
    ops: list[OpPlan] = field(default_factory=list)
    error: str = ""  # the file failed: one paragraph naming it
    skipped: str = ""  # the file was not read, and why (a FIFO, a symlink)
    encoding: str = "utf-8"  # what it is written back in
    digest: str = ""  # sha256 of the bytes read: `--write` checks the file still holds them
    excluded: dict[str, str] = field(default_factory=dict)  # op type -> why it stays legacy
    #: top-level names kept although only migrated code used them (the tree still does)
    kept: frozenset[str] = frozenset()
    #: migrated kernel classes kept (no longer registered) for their users -> the users
    kept_for: dict[str, str] = field(default_factory=dict)
    #: migrated kernel classes of this module, as kernels composing them see them
    composable: dict[str, Composable] = field(default_factory=dict)
    #: local name -> a kernel class of another module this module's kernels may compose
    foreign: dict[str, Foreign] = field(default_factory=dict)
    #: classes of other modules of the tree this module's classes subclass: (file, name)
    bases_elsewhere: set[tuple[Path, str]] = field(default_factory=set)
    #: classes of this module other modules subclass (`bases_elsewhere`): no kernel rows
    #: unless registered
    tree_bases: frozenset[str] = frozenset()
    #: its registrations read by importing the tree (verify runs), when it needs them
    live: LiveFacts | None = None
    #: forward op type -> its kernel as this module migrated it (grads elsewhere follow it)
    forwards: dict[str, ForwardKernel] = field(default_factory=dict)
    #: forward op type -> its kernel migrated by another module of the run, which this
    #: module's grad kernels generate their backward_op entry from (`grads_across`)
    grad_forwards: dict[str, ForwardKernel] = field(default_factory=dict)
    #: the names `old_text` binds at its top level, read where it was parsed (a changed
    #: module's: `runner.keep_used_names` asks what its migration removes); None: not read
    top_names: frozenset[str] | None = None

    @property
    def changed(self) -> bool:
        return self.new_text != self.old_text

    @property
    def state(self) -> FileState:
        if self.error or any(r.status is KernelStatus.FAILED for r in self.records):
            return FileState.FAILED
        return FileState.TRANSFORMED if self.changed else FileState.SKIPPED

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "records": [asdict(r) for r in self.records],
                "error": self.error, "skipped": self.skipped}


@dataclass
class LiveFacts:
    """One module's legacy kernel registrations as importing the tree showed them
    (`live_registrations`): class -> [op, device, dtype, layout, library, line of the
    class statement, registering file, line], or why the module did not import; and the
    protos of the operators its top-level statements registered (`live_import.proto_row`,
    read by `live_protos`)."""
    classes: dict[str, list[list[Any]]] = field(default_factory=dict)
    error: str = ""
    protos: dict[str, dict[str, Any]] = field(default_factory=dict)


Unit = tuple[str, str]  # (kernel class, op type): one class may serve several ops


@dataclass(frozen=True)
class Composable:
    """A migrated kernel class, as a kernel composing it (`C().compute(ctx)`) sees it: its
    new function and what the function reads, as (kind, slot, is_list, attribute type)."""

    function: str
    op_type: str
    reads: tuple[tuple[str, str, bool, str | None], ...]
    why_not: str = ""  # non-empty: it cannot be composed, and why


@dataclass(frozen=True)
class Foreign:
    """A kernel class another module of the run defines and this one imports by name
    (`from .acts import SoftsignKernel`): the module spelled as imported, and the class."""

    module: str
    kernel: Composable


@dataclass(frozen=True)
class ForwardKernel:
    """A migrated forward kernel as a grad kernel of another module sees it: what its
    generated backward_op entry is made from (`generated_backward.generated_entry`)."""

    op_type: str
    phi_name: str
    params: tuple[Any, ...]  # its `kernel_model.Param`s (which import this module)
    proto: StaticProto | None
    module: str  # the forward's module, as the run shows it
