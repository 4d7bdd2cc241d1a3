"""`fluidphi check`: is a model sound and can fluidphi run it? Also `run`'s preflight.

`check_model` loads a model as `run` does and reports every problem found, by
kind: the file's format, the program's structure (`legacy_fluid.io.validate`),
the params, op types fluidphi lacks, attributes whose type contradicts the
op's proto, and what the InferMeta pass (`compat.meta_pass`, declared feed
shapes, -1 dims as batch 1) rejects, kernels run op by op on placeholder data
included. `preflight` is the part `run` makes with
the real feeds before anything runs, the memory guard included.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import numpy as np

from compat.memory_guard import Limit, check_memory, format_bytes
from compat.meta_pass import MetaPass, declared_feeds, infer_program
from compat.predictor import LoadedModel, missing_op_types
from legacy_fluid.framework.attr_types import attr_type_problems
from legacy_fluid.framework.op_registry import OP_INFOS
from legacy_fluid.framework.program_desc import ProgramDesc
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor

#: Problems listed in one error paragraph; the rest are counted.
MAX_LISTED = 12


class ProblemKind(str, Enum):
    FORMAT = "format"
    STRUCTURE = "structure"
    PARAMS = "params"
    UNKNOWN_OP = "unknown-op"
    ATTRIBUTE = "attribute"
    INFER_META = "infer-meta"
    KERNEL = "kernel"


@dataclass(frozen=True)
class Problem:
    kind: ProblemKind
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"kind": self.kind.value, "message": self.message}


class ModelCheckError(ValueError):
    """Problems `preflight` found; nothing was run."""

    def __init__(self, model: str, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(f"{model}: nothing was run: {summarize(problems)}")


def summarize(problems: list[Problem]) -> str:
    shown = "; ".join(p.message for p in problems[:MAX_LISTED])
    more = len(problems) - MAX_LISTED
    count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}: "
    return count + shown + (f"; and {more} more" if more > 0 else "")


def attribute_problems(program: ProgramDesc) -> list[Problem]:
    """Attributes stored as a type their op's proto does not take (the rule of
    `legacy_fluid.framework.attr_types`, which load-time validation applies too)."""
    problems = []
    for block in program.blocks:
        for i, op in enumerate(block.ops):
            if not OP_INFOS.has(op.type):
                continue
            where = f"op #{i}" if block.idx == 0 else f"block {block.idx}, op #{i}"
            problems += [Problem(ProblemKind.ATTRIBUTE, f"{where} '{op.type}': {p}")
                         for p in attr_type_problems(OP_INFOS.get(op.type).proto, op.attrs,
                                                     op.attr_types)]
    return problems


def _meta_problems(meta: MetaPass) -> list[Problem]:
    return [Problem(ProblemKind(p.stage.value), str(p)) for p in meta.problems]


@dataclass
class CheckReport:
    model: str
    problems: list[Problem] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)
    meta: MetaPass | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict[str, Any]:
        meta = self.meta
        return {
            "model": self.model,
            "ok": self.ok,
            "problems": [p.as_dict() for p in self.problems],
            **self.facts,
            "infer_meta": None if meta is None else {
                "ops": meta.ops,
                "not_inferred": [{"op": i, "type": t, "why": why}
                                 for i, t, why in meta.not_inferred],
                "bytes": meta.bytes,
                "largest": None if meta.largest() is None else _var_dict(meta),
            },
        }


def _var_dict(meta: MetaPass) -> dict[str, Any]:
    big = meta.largest()
    assert big is not None
    return {"name": big.name, "dims": list(big.dims), "dtype": str(big.dtype),
            "bytes": big.nbytes, "op": big.op_index, "op_type": big.op_type}


def _program_facts(program: ProgramDesc, feeds: list[str], fetches: list[str]
                   ) -> dict[str, Any]:
    from legacy_fluid.framework.program_queries import var_summary

    block = program.global_block()
    return {"version": program.version, "blocks": len(program.blocks),
            "ops": sum(len(b.ops) for b in program.blocks),
            "feeds": [var_summary(block, n) for n in feeds],
            "fetches": [var_summary(block, n) for n in fetches]}


def check_model(path: str | os.PathLike[str],
                params_file: str | os.PathLike[str] | None = None) -> CheckReport:
    """Every problem of the model at `path` (its params in `params_file` when named);
    never raises for a bad model."""
    from legacy_fluid.framework.program_queries import feed_target_names, fetch_target_names
    from legacy_fluid.framework.scope import Scope
    from legacy_fluid.io import (
        ModelFormatError,
        load_params,
        load_program,
        promote_program_types,
        resolve_model,
    )
    from legacy_fluid.io.validate import program_problems

    report = CheckReport(str(path))
    try:
        files = resolve_model(path, params_file=params_file)
        program = load_program(files.model_path)
    except ModelFormatError as e:
        report.problems.append(Problem(ProblemKind.FORMAT, str(e)))
        return report
    structure = program_problems(program, attr_types=False)
    report.problems += [Problem(ProblemKind.STRUCTURE, f"{files.model_path}: {p}")
                        for p in structure]
    if structure:
        return report
    try:
        promote_program_types(program, files.model_path)
    except ModelFormatError as e:
        report.problems.append(Problem(ProblemKind.STRUCTURE, str(e)))
        return report
    feeds, fetches = feed_target_names(program), fetch_target_names(program)
    report.facts = _program_facts(program, feeds, fetches)
    scope = Scope()
    try:
        params = load_params(program, files)
    except ModelFormatError as e:
        report.problems.append(Problem(ProblemKind.PARAMS, str(e)))
        return report
    for name, tensor in params.items():
        scope.var(name).value = tensor
    report.facts["params"] = {"count": len(params),
                              "bytes": sum(int(t.data.nbytes) for t in params.values())}
    report.problems += [Problem(ProblemKind.UNKNOWN_OP,
                                f"fluidphi has no operator '{t}' (used by {n} op(s))")
                        for t, n in missing_op_types(program).items()]
    report.problems += attribute_problems(program)
    report.meta = infer_program(program, scope, declared_feeds(program, feeds), kernels=True)
    report.problems += _meta_problems(report.meta)
    return report


def preflight(model: LoadedModel,
              feeds: Mapping[str, DenseTensor | np.ndarray | list[DenseTensor]],
              limit: Limit) -> MetaPass:
    """`run`'s checks with the real feeds, before anything runs: attribute types, the
    InferMeta pass, the memory guard. Raises `ModelCheckError` / `MemoryLimitError`."""
    metas: dict[str, tuple[tuple[int, ...], DataType]] = {}
    for name, value in feeds.items():
        if isinstance(value, list):  # a tensor array (`array_input_names`): no one meta
            continue
        arr = value.numpy() if isinstance(value, DenseTensor) else np.asarray(value)
        metas[name] = (arr.shape, DataType.from_numpy(arr.dtype))
    problems = attribute_problems(model.program)
    meta = infer_program(model.program, model.scope, metas)
    problems += _meta_problems(meta)
    if problems:
        raise ModelCheckError(model.model_path, problems)
    check_memory(meta, limit)
    return meta


def describe_estimate(meta: MetaPass) -> str:
    """'11 of 11 ops inferred; tensors about 3.7 KiB (largest ...)'."""
    inferred = meta.ops - len(meta.not_inferred)
    text = f"{inferred} of {meta.ops} ops inferred; the run's tensors take about " \
           f"{format_bytes(meta.bytes)}"
    big = meta.largest()
    if big is not None:
        text += f" (largest: '{big.name}' {list(big.dims)} {big.dtype})"
    return text
