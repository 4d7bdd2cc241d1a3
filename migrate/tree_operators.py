"""Where an op a module registers kernels for is registered (`register_operator`) when it
is not in that module: another module of the tree (`operator_elsewhere`).

A kernel module adding kernels (an int variant, say) for an op whose operator and maker
live in a sibling module is not migrated yet: the op's ops.yaml entry, argument mapping
and InferMeta belong to one module, and every kernel of the op would have to migrate in
the same run or none. Its row names the module holding the operator, so the split is
plain (`not_registered_here`).
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst

from migrate.proto_reader import read_protos
from migrate.source_files import SourceError
from migrate.static import ModuleInfo, info_for
from migrate.static_facts import StaticProto
from migrate.static_refs import ClassRef, code_of
from migrate.tree_names import tree_paths

#: how the row of a kernel of a split op says what blocks the kernel itself besides the split
SPLIT_BLOCKER = "itself cannot migrate"
#: how such a row begins, after `op 'x' `
ELSEWHERE = "is not registered (register_operator) in this module but in"


def operator_elsewhere(info: ModuleInfo, op_type: str
                       ) -> tuple[Path, str, ModuleInfo] | None:
    """The other module of the tree (the outermost package holding `info`'s module) whose
    top level registers `op_type`'s operator, with the statement doing it and that module
    as read; None when none (or `info` has no file)."""
    if info.path is None:
        return None
    for path, rel in tree_paths(info.path.resolve()):
        try:
            if op_type not in path.read_text(encoding="utf-8", errors="replace"):
                continue
            other = info_for(info, ClassRef("", path))
        except (OSError, SourceError, ValueError, RecursionError, cst.ParserSyntaxError):
            continue
        operator = other.operators.get(op_type)
        if operator is None:
            continue
        stmt = code_of(other.module.body[operator.stmt_index]).strip().splitlines()[0] \
            if 0 <= operator.stmt_index < len(other.module.body) else ""
        return rel, stmt, other
    return None


def operator_proto(info: ModuleInfo, op_type: str) -> StaticProto | None:
    """`op_type`'s proto as the other module of the tree registering its operator declares
    it; None when no such module, or its proto cannot be read."""
    found = operator_elsewhere(info, op_type)
    if found is None:
        return None
    other = found[2]
    if op_type not in other.protos:  # a module read for its names has no protos read yet
        read_protos(other)
    proto = other.protos.get(op_type)
    return proto if isinstance(proto, StaticProto) else None


def not_registered_here(info: ModuleInfo, op_type: str) -> str:
    """Why a kernel of `op_type` is not migrated when this module does not register the
    op's operator."""
    found = operator_elsewhere(info, op_type)
    if found is None:
        return (f"op '{op_type}' is not registered (register_operator) in this module, so its "
                "proto is unknown")
    rel, stmt, _ = found
    spelled = f" (`{stmt}`)" if stmt else ""
    return (f"op '{op_type}' {ELSEWHERE} {rel.as_posix()}{spelled}: an op whose operator "
            "and kernels are split over modules is not migrated (its ops.yaml entry, mapping "
            "and InferMeta belong to one module, and all its kernels would have to "
            "migrate together); not migrated")
