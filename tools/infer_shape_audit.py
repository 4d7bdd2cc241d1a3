"""Which legacy ops' own `infer_shape` gives what their InferMeta gives (issue 22).

    python tools/infer_shape_audit.py [--json] [--same-only] [OP ...]

For every registered legacy op type whose operator class declares `infer_shape` (a class
below `OperatorWithKernel` defines it), both rules are run on every case the project has
for the op: its module's `VERIFY_CASES` and the cases `--verify` derives from its proto
(plain shapes and LoD inputs, `migrate.verify_cases`), each in float32 where the case
allows it, then its cases exported from Paddle (tests/conformance/op_cases: Paddle's
program and inputs, those Paddle refused included). A case both rules refuse is no case.
The outputs' dims, dtypes and LoD are compared; one row per op:

    same on N cases (groups)       every case accepted gives the same metas, every case
                                   refused is refused by both
    differs: OUT, CASE, A | B      the first case where they differ (A legacy, B InferMeta),
                                   or one refuses and the other takes
    no cases                       the legacy rule accepts none of the cases
    no InferMeta                   its mapping names no PHI kernel with an InferMeta

The groups of a `same` row are the input ranks / LoD levels the cases cover. An op whose
row is `same` may drop its `infer_shape` (docs/adding_an_op.md): the default runs the
InferMeta through the argument mapping (`compat.infer_shape_by_meta`).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import inspect
import json
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import compat.dual_dispatch  # noqa: F401  (installs the default shape inference)
from compat.arg_mapping import mapping_fn
from compat.infer_shape_by_meta import NoInferMetaError, infer_shape_by_meta
from compat.registration_index import ensure_all_registered
from compat.single_op import build_single_op_program
from legacy_fluid.framework.execution_context import (
    InferShapeContext,
    RuntimeContext,
)
from legacy_fluid.framework.op_registry import OP_INFOS, create_op
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.scope import Scope
from migrate.verify_cases import Case, cases_for
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor

Meta = tuple[Any, ...]


@dataclass
class AuditRow:
    op_type: str
    owner: str  # module.Class that declares the op's infer_shape
    status: str  # same | differs | no cases | no InferMeta
    cases: int = 0
    groups: list[str] = field(default_factory=list)
    detail: str = ""
    #: one case per input shape group: case name -> output metas the legacy rule set
    records: dict[str, Any] = field(default_factory=dict, repr=False)

    def line(self) -> str:
        if self.status == "same":
            text = f"same on {self.cases} cases ({'; '.join(self.groups)})"
        else:
            text = self.status + (f": {self.detail}" if self.detail else "")
        return f"{self.op_type:32} {text}   [{self.owner}]"


def declaring_class(op_class: type) -> type | None:
    """The class below OperatorWithKernel that defines the op's infer_shape, or None."""
    for cls in op_class.__mro__:
        if cls is OperatorWithKernel:
            return None
        if "infer_shape" in cls.__dict__:
            return cls
    return None


def op_cases(op_type: str) -> list[Case]:
    """The module's VERIFY_CASES for the op (or the derived ones), then the derived ones
    (with their LoD cases) as well, so every op is tried on LoD inputs."""
    info = OP_INFOS.info(op_type)
    given = getattr(importlib.import_module(info.module), "VERIFY_CASES", None) \
        if info.module else None
    cases, _ = cases_for(op_type, info.proto, given)
    if cases and not cases[0].derived:
        cases += cases_for(op_type, info.proto, None)[0]
    return cases


def _meta(var: Any) -> Meta:
    value = var.value if var is not None else None
    if isinstance(value, DenseTensor):
        return _meta_of(value)
    if isinstance(value, list):
        return ("list", [_meta_of(v) for v in value])
    return (type(value).__name__,)


def _meta_of(value: Any) -> Meta:
    if isinstance(value, DenseTensor):
        return (tuple(value.dims), value.dtype.name, [list(level) for level in value.lod or []])
    return (type(value).__name__,)


def _shape_group(inputs: dict[str, Any]) -> str:
    """The input ranks and LoD levels of a case: `X 2d lod1, Y 1d`."""
    parts = []
    for slot, value in sorted(inputs.items()):
        for v in value if isinstance(value, list) else [value]:
            if v is None:
                continue
            lod = v.lod if isinstance(v, DenseTensor) else None
            ndim = len(v.dims) if isinstance(v, DenseTensor) else getattr(v, "ndim", 0)
            parts.append(f"{slot} {ndim}d" + (f" lod{len(lod)}" if lod else ""))
    return ", ".join(parts)


def _run(op_type: str, call: tuple[dict, dict, dict], by_meta: bool) -> dict[str, Meta]:
    inputs, attrs, outputs = call
    program, feed, out_names = build_single_op_program(op_type, inputs, attrs, outputs)
    desc = program.global_block().ops[0]
    scope = Scope()
    for name, tensor in feed.items():
        scope.var(name).value = DenseTensor(tensor.data, lod=tensor.lod)
    for names in out_names.values():
        for name in names:
            scope.var(name)
    op = create_op(desc)
    ctx = InferShapeContext(op, RuntimeContext.build(op, scope))
    if by_meta:
        infer_shape_by_meta(op, ctx)
    else:
        op.infer_shape(ctx)
    return {f"{slot}[{i}]": _meta(scope.find_var(n))
            for slot, names in out_names.items() for i, n in enumerate(names)}


def _names_no_kernel(op_type: str) -> str:
    """The module of the op's hand-written argument mapping when it may name no kernel
    (returns UNREGISTERED: a SelectedRows input, a Bias the kernel lacks), else ''. Read
    per module: a helper of the mapping may be the one returning it."""
    fn = mapping_fn(op_type)
    module = sys.modules.get(getattr(fn, "__module__", "") or "")
    if fn is None or module is None:
        return ""
    try:
        source = inspect.getsource(module)
    except (OSError, TypeError):
        return ""
    return module.__name__ if "UNREGISTERED" in source else ""


def _dtype_for(case: Case) -> DataType:
    if case.applies_to("FLOAT32"):
        return DataType.FLOAT32
    return DataType[case.dtypes[0]]


def case_calls(op_type: str) -> Iterator[tuple[str, tuple[dict, dict, dict]]]:
    """(case name, call) for each of the op's cases that builds (in float32 if it may)."""
    info = OP_INFOS.info(op_type)
    for index, case in enumerate(op_cases(op_type)):
        try:
            yield case.name, case.call(info.proto, _dtype_for(case), f"{op_type}/audit/{index}")
        except Exception:  # the case builds no inputs for this op: not a case
            continue


@functools.cache
def _conformance_index() -> dict[str, list[tuple[str, Any]]]:
    """op type -> (family, case) of the single-op cases exported from Paddle
    (tests/conformance/op_cases)."""
    from tests.conformance.op_cases import family_names, load_family

    index: dict[str, list[tuple[str, Any]]] = {}
    for family in family_names():
        for case in load_family(family).CASES:
            index.setdefault(case.op, []).append((family, case))
    return index


def conformance_calls(op_type: str) -> Iterator[tuple[str, tuple[dict, dict, dict]]]:
    """(case name, call) for each case of the op exported from Paddle, those Paddle refused
    included: its program's op with Paddle's inputs (LoD included)."""
    from compat.predictor import load_model
    from tests.conformance.op_fixtures import family_fixtures

    for family, case in _conformance_index().get(op_type, []):
        fixtures = family_fixtures(family)
        program = load_model(fixtures.model_prefix(case.name)).program
        fed = fixtures.fed(case.name)
        for desc in program.global_block().ops:
            if desc.type != op_type or not all(n in fed for ns in desc.inputs.values()
                                               for n in ns):
                continue
            inputs = {slot: [fed[n] for n in names] if len(names) != 1 else fed[names[0]]
                      for slot, names in desc.inputs.items() if names}
            outputs = {slot: len(names) for slot, names in desc.outputs.items() if names}
            yield f"{family}/{case.name}", (inputs, dict(desc.attrs), outputs)
            break


def all_calls(op_type: str) -> Iterator[tuple[str, tuple[dict, dict, dict]]]:
    """The op's verify cases, then its cases exported from Paddle."""
    yield from case_calls(op_type)
    yield from conformance_calls(op_type)


def _jsonable(metas: dict[str, Meta]) -> dict[str, Any]:
    return json.loads(json.dumps(metas, default=str))


def audit_op(op_type: str) -> AuditRow | None:
    """The op's row, or None when its operator declares no infer_shape."""
    info = OP_INFOS.info(op_type)
    owner_cls = declaring_class(info.op_class)
    if owner_cls is None:
        return None
    owner = f"{owner_cls.__module__}.{owner_cls.__qualname__}"
    unmapped = _names_no_kernel(op_type)
    if unmapped:
        return AuditRow(op_type, owner, "differs",
                        detail=f"its argument mapping ({unmapped}) names no PHI kernel for some "
                               "inputs (UNREGISTERED): its own rule is their only one")
    groups: Counter[str] = Counter()
    records: dict[str, Any] = {}
    for name, call in all_calls(op_type):
        try:
            legacy = _run(op_type, call, by_meta=False)
        except Exception as refusal:  # the legacy rule refuses the case: the InferMeta must
            try:
                _run(op_type, call, by_meta=True)
            except Exception:  # refused by both: not a case
                continue
            return AuditRow(op_type, owner, "differs",
                            detail=f"{name}: the legacy rule refuses it "
                                   f"({type(refusal).__name__}: {str(refusal)[:100]}), the "
                                   "InferMeta takes it")
        try:
            meta = _run(op_type, call, by_meta=True)
        except NoInferMetaError:
            return AuditRow(op_type, owner, "no InferMeta")
        except Exception as exc:  # the InferMeta refuses a case the legacy rule takes
            return AuditRow(op_type, owner, "differs",
                            detail=f"{name}: the InferMeta raised {type(exc).__name__}: "
                                   f"{str(exc)[:120]}")
        for out, want in legacy.items():
            if meta.get(out) != want:
                return AuditRow(op_type, owner, "differs",
                                detail=f"{out}, {name}, {want} | {meta.get(out)}")
        group = _shape_group(call[0])
        if not groups[group]:
            records[name] = _jsonable(legacy)
        groups[group] += 1
    if not groups:
        return AuditRow(op_type, owner, "no cases")
    return AuditRow(op_type, owner, "same", sum(groups.values()), sorted(groups), records=records)


def by_meta_differences(op_type: str, recorded: dict[str, Any]) -> list[str]:
    """Where the InferMeta path differs from `recorded` (case name -> output metas, as a
    `same` row recorded them from the op's own rule): one line per case."""
    calls = dict(all_calls(op_type))
    found = []
    for name, want in recorded.items():
        if name not in calls:
            found.append(f"{op_type}: case '{name}' is gone")
            continue
        got = _jsonable(_run(op_type, calls[name], by_meta=True))
        if got != want:
            found.append(f"{op_type}, {name}: recorded {want}, InferMeta {got}")
    return found


def audit(op_types: list[str] | None = None) -> list[AuditRow]:
    ensure_all_registered()
    rows = [audit_op(op) for op in sorted(op_types or OP_INFOS.keys())]
    return [r for r in rows if r is not None]


def summary(rows: list[AuditRow]) -> str:
    counts = Counter(r.status for r in rows)
    owners = {r.owner for r in rows}
    return (f"{len(rows)} op types declaring infer_shape ({len(owners)} classes): "
            + ", ".join(f"{n} {status}" for status, n in sorted(counts.items())))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ops", nargs="*", help="op types (default: every registered one)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--same-only", action="store_true", help="only the `same` rows")
    parser.add_argument("--record", type=Path, metavar="JSON",
                        help="write the `same` rows' recorded metas (op -> case -> metas)")
    args = parser.parse_args(argv)
    rows = audit(args.ops or None)
    if args.record:
        args.record.write_text("{\n" + ",\n".join(
            f"{json.dumps(r.op_type)}: {json.dumps(r.records, sort_keys=True)}"
            for r in rows if r.status == "same") + "\n}\n", encoding="utf-8")
    shown = [r for r in rows if r.status == "same"] if args.same_only else rows
    if args.json:
        print(json.dumps([{k: v for k, v in r.__dict__.items() if k != "records"}
                          for r in shown], indent=1, default=str))
    else:
        for row in shown:
            print(row.line())
        print(summary(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
