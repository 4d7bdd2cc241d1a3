"""Per model: the path every op takes on CPU and on GPU, the transforms, and a verdict.

The model runs through the Executor with the dual-dispatch runner on CPU and
on GPU (gpu:0 where CuPy sees a CUDA device, else the `emulated` device, which runs
the GPU kernels' bodies on memory of its own), with inputs built from the feed VarDescs
(-1 dims -> 1; floating feeds random, integer feeds zeros). The trace gives
path, kernel, key and transforms per op. Where a model cannot run (an op type
without an operator, or an op failing), the remaining ops are predicted from
their descriptions instead (``source: static``): expected kernel type = the
dtype of the first input VarDesc on the place, then the same choice order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from compat.arg_mapping import get_kernel_signature
from compat.arg_mapping_context import (
    ExecutionArgumentMappingContext,
    ProtoArgumentMappingContext,
)
from compat.dual_dispatch import DualDispatchRunner, NoKernelError, PathMode, choose_kernel
from compat.kernel_signature import KernelSignature
from legacy_fluid.framework.execution_context import ExecutionContext, RuntimeContext
from legacy_fluid.framework.executor import Executor, OpRunError
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import OP_INFOS, create_op
from legacy_fluid.framework.operator import OperatorBase, OperatorWithKernel
from legacy_fluid.framework.program_desc import BlockDesc, OpDesc, ProgramDesc
from legacy_fluid.framework.scope import Scope
from phi.backends.devices import gpu_or_stand_in
from phi.common import CPUPlace, DataType, Place
from phi.core.dense_tensor import DenseTensor
from phi.core.device_backends import DeviceContextPool

PLACES = ("cpu", "gpu")
#: Per-op-instance paths; "mixed" appears only in per-type summaries.
PATHS = ("phi", "legacy", "cpu-fallback", "missing", "framework")


def normalize_path(trace_path: str) -> str:
    if trace_path in ("phi", "legacy"):
        return trace_path
    if trace_path.endswith("cpu-fallback"):
        return "cpu-fallback"
    return "framework"


def strip_var(transform: str) -> str:
    """``x: place Place(cpu)->Place(gpu:0)`` -> ``place Place(cpu)->Place(gpu:0)``."""
    _, sep, rest = transform.partition(": ")
    return rest if sep else transform


@dataclass
class OpRecord:
    """One op instance on one place."""

    index: int
    type: str
    path: str  # one of PATHS
    detail: str  # the trace's path word, or why it is missing
    kernel: str | None = None
    key: str | None = None
    transforms: list[str] = field(default_factory=list)
    source: str = "trace"  # "trace" | "static"
    error: str | None = None


class _RecordingRunner(DualDispatchRunner):
    """Dual dispatch that keeps going on a device when a kernel body fails there (the op
    runs on CPU instead, and the failure is noted), so every op's path is recorded."""

    def __init__(self) -> None:
        super().__init__(PathMode.AUTO)
        self.notes: dict[OperatorBase, str] = {}

    def __call__(self, op: OperatorBase, scope: Scope, place: Place):
        try:
            return super().__call__(op, scope, place)
        except NoKernelError:
            raise
        except Exception as exc:
            choice = self.choice_for(op)
            if choice is None or place.is_cpu:
                raise
            from legacy_fluid.framework.trace import OpTrace

            self.notes[op] = f"kernel body failed on {place} ({_short(exc)})"
            try:
                super().__call__(op, scope, CPUPlace())
            finally:  # the device choice is what the report shows, whether or not CPU works
                self.remember(op, choice)
            return OpTrace(-1, op.type, choice.path, choice.kernel_name, choice.key_text, [])


def _short(exc: BaseException) -> str:
    cause = exc.cause if isinstance(exc, OpRunError) else exc
    text = f"{type(cause).__name__}: {cause}".splitlines()[0]
    return text if len(text) <= 200 else text[:197] + "..."


def _first_input_dtype(desc: OpDesc, block: BlockDesc) -> DataType:
    for names in desc.inputs.values():
        for name in names:
            var = block.find_var_recursive(name)
            if var is not None and var.is_tensor and var.dtype is not None:
                return var.dtype
    return DataType.FLOAT32


def _placeholder_scope(desc: OpDesc, block: BlockDesc) -> Scope:
    """Zero tensors shaped by the input VarDescs (-1 -> 1), empty output variables."""
    scope = Scope()
    for names in desc.inputs.values():
        for name in names:
            var = block.find_var_recursive(name)
            if var is None or not var.is_tensor or var.dtype is None:
                continue
            shape = [1 if d < 0 else d for d in var.shape]
            scope.var(name).value = DenseTensor(np.zeros(shape, var.dtype.to_numpy()))
    for names in desc.outputs.values():
        for name in names:
            scope.var(name)
    return scope


def _expected_and_signature(op: OperatorWithKernel, desc: OpDesc, block: BlockDesc,
                            place: Place) -> tuple[OpKernelType, KernelSignature | None]:
    """The op's own hooks over placeholder inputs; the first input's dtype if they fail."""
    try:
        scope = _placeholder_scope(desc, block)
        runtime = RuntimeContext.build(op, scope)
        dev_ctx = DeviceContextPool.instance().get(place)
        expected = op.expected_kernel_type(ExecutionContext(op, scope, dev_ctx, runtime))
        sig = get_kernel_signature(op.proto, ExecutionArgumentMappingContext(op, runtime))
        return expected, sig
    except Exception:
        pass
    expected = OpKernelType(_first_input_dtype(desc, block), place)
    try:
        sig = get_kernel_signature(op.proto,
                                   ProtoArgumentMappingContext(desc, block, op.proto.defaults()))
    except Exception:
        sig = None
    return expected, sig


def predict(index: int, desc: OpDesc, block: BlockDesc, place: Place) -> OpRecord:
    """The path an op would take on `place`, from its description alone.

    On GPU `place` is `gpu_or_stand_in()`.
    """
    infos = OP_INFOS
    if not infos.has(desc.type):
        return OpRecord(index, desc.type, "missing", "no operator", source="static")
    op = create_op(desc)
    if not isinstance(op, OperatorWithKernel):
        return OpRecord(index, desc.type, "framework", "runs itself", source="static")
    expected, sig = _expected_and_signature(op, desc, block, place)
    try:
        choice = choose_kernel(op, expected, sig, PathMode.AUTO)
    except NoKernelError:
        return OpRecord(index, desc.type, "missing", f"no kernel for {expected.data_type}",
                        source="static")
    return OpRecord(index, desc.type, normalize_path(choice.path), choice.path,
                    choice.kernel_name, choice.key_text, [], "static")


def feeds_for(program: ProgramDesc, feed_names: list[str]) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    block = program.global_block()
    feeds: dict[str, np.ndarray] = {}
    for name in feed_names:
        var = block.find_var(name)
        shape = [1 if d < 0 else d for d in (var.shape if var else [1])]
        dtype = var.dtype if var is not None and var.dtype is not None else DataType.FLOAT32
        if dtype.is_floating:
            feeds[name] = rng.standard_normal(shape).astype(dtype.to_numpy())
        else:
            feeds[name] = np.zeros(shape, dtype=dtype.to_numpy())
    return feeds


def trace_place(program: ProgramDesc, scope: Scope, feeds: dict[str, np.ndarray],
                place_name: str) -> tuple[list[OpRecord], str | None]:
    """Records for every op of block 0 on `place_name`, and the error that stopped the run."""
    block = program.global_block()
    descs = block.ops
    infos = OP_INFOS
    place = gpu_or_stand_in() if place_name == "gpu" else CPUPlace()
    if any(not infos.has(d.type) for d in descs):
        return [predict(i, d, block, place) for i, d in enumerate(descs)], None
    runner = _RecordingRunner()
    records: list[OpRecord] = []

    def run(at: Place) -> str | None:
        executor = Executor(at, runner)
        ops = executor.prepare(program)
        error: str | None = None
        tail: list[OpRecord] = []
        try:
            executor.run(program, scope, dict(feeds))
        except OpRunError as exc:
            op, cause = ops[exc.index], exc.cause
            choice = runner.choice_for(op)
            if choice is not None and not isinstance(cause, NoKernelError):
                failed = OpRecord(exc.index, op.type, normalize_path(choice.path), choice.path,
                                  choice.kernel_name, choice.key_text)
            else:
                failed = predict(exc.index, descs[exc.index], block, at)
                if isinstance(cause, NoKernelError) and failed.path != "missing":
                    failed = OpRecord(exc.index, op.type, "missing", "no kernel")
            failed.error = _short(cause)
            tail.append(failed)
            error = f"op #{exc.index} '{op.type}' failed: {_short(cause)}"
        except Exception as exc:  # before or between ops (feeding, fetching)
            error = f"run failed: {_short(exc)}"
        for rec in executor.last_trace:
            note = runner.notes.get(ops[rec.index])
            records.append(OpRecord(rec.index, rec.type, normalize_path(rec.path), rec.path,
                                    rec.kernel, rec.key, [strip_var(t) for t in rec.transforms],
                                    error=note))
        records.extend(tail)
        records.extend(predict(i, descs[i], block, at)
                       for i in range(len(records), len(descs)))
        return error

    return records, run(place)


def summarize(records: list[OpRecord]) -> dict[str, dict[str, Any]]:
    """Per op type: path (or 'mixed'), path counts, kernels, keys, transforms with counts."""
    by_type: dict[str, list[OpRecord]] = {}
    for rec in records:
        by_type.setdefault(rec.type, []).append(rec)
    out: dict[str, dict[str, Any]] = {}
    for t, recs in sorted(by_type.items()):
        paths = Counter(r.path for r in recs)
        transforms = Counter(x for r in recs for x in r.transforms)
        sources = {r.source for r in recs}
        out[t] = {
            "path": next(iter(paths)) if len(paths) == 1 else "mixed",
            "paths": dict(sorted(paths.items())),
            "details": sorted({r.detail for r in recs}),
            "kernels": sorted({r.kernel for r in recs if r.kernel}),
            "keys": sorted({r.key for r in recs if r.key}),
            "transforms": dict(sorted(transforms.items())),
            "source": sources.pop() if len(sources) == 1 else "mixed",
            "errors": sorted({r.error for r in recs if r.error}),
        }
    return out


def verdict(op_types: list[dict[str, Any]], errors: dict[str, str | None]) -> dict[str, Any]:
    """One line: runs fully on PHI / n ops still legacy: ... / cannot run: missing ..."""
    missing = sorted({row["op_type"] for row in op_types
                      for p in PLACES if row[p]["paths"].get("missing")})
    legacy: dict[str, list[str]] = {}
    fallback: list[str] = []
    for row in op_types:
        for p in PLACES:
            if row[p]["paths"].get("legacy") or any(
                    d == "legacy-cpu-fallback" for d in row[p]["details"]):
                legacy.setdefault(row["op_type"], []).append(p.upper())
        if row["gpu"]["paths"].get("cpu-fallback"):
            fallback.append(row["op_type"])
    failed = {p: e for p, e in errors.items() if e}
    if missing:
        reasons = []
        for t in missing:
            row = next(r for r in op_types if r["op_type"] == t)
            why = sorted({d for p in PLACES for d in row[p]["details"]
                          if row[p]["paths"].get("missing")})
            reasons.append(t if why == ["no operator"] else f"{t} ({'; '.join(why)})")
        text, status = "cannot run: missing " + ", ".join(reasons), "cannot-run"
    elif failed:
        place, err = sorted(failed.items())[0]
        text, status = f"cannot run: on {place.upper()} {err}", "cannot-run"
    elif legacy:
        names = [t if len(ps) == len(PLACES) else f"{t} ({'/'.join(ps)} only)"
                 for t, ps in sorted(legacy.items())]
        text = f"{len(legacy)} op{'s' if len(legacy) != 1 else ''} still legacy: " + ", ".join(
            names)
        status = "partly-legacy"
    else:
        text, status = "runs fully on PHI", "phi"
    if fallback and status != "cannot-run":
        text += f"; on GPU {len(fallback)} fall back to CPU: " + ", ".join(sorted(fallback))
    return {"text": text, "status": status, "missing": missing, "legacy": sorted(legacy),
            "gpu_cpu_fallback": sorted(fallback)}


def analyze_model(model: str) -> dict[str, Any]:
    """The per-model section of the report; `model` is kept exactly as given."""
    from legacy_fluid.io import load_inference_model

    scope = Scope()
    program, feed_names, fetch_names = load_inference_model(model, scope=scope)
    block = program.global_block()
    feeds = feeds_for(program, list(feed_names))
    per_place: dict[str, dict[str, dict[str, Any]]] = {}
    errors: dict[str, str | None] = {}
    for p in PLACES:
        records, errors[p] = trace_place(program, scope, feeds, p)
        per_place[p] = summarize(records)
    counts = Counter(d.type for d in block.ops)
    op_types = [{"op_type": t, "count": n, **{p: per_place[p][t] for p in PLACES}}
                for t, n in sorted(counts.items())]

    def var_info(name: str) -> dict[str, Any]:
        var = block.find_var(name)
        return {"name": name, "shape": list(var.shape) if var else [],
                "dtype": str(var.dtype) if var is not None and var.dtype is not None else None}

    return {
        "model": model,
        "feeds": [var_info(n) for n in feed_names],
        "fetches": [var_info(n) for n in fetch_names],
        "op_count": sum(counts.values()),
        "runs": {p: {"mode": _run_mode(p),
                     "status": _run_status(per_place[p], errors[p]), "error": errors[p]}
                 for p in PLACES},
        "op_types": op_types,
        "verdict": verdict(op_types, errors),
    }


def _run_mode(place_name: str) -> str:
    """'real', or 'emulated' for GPU runs on the emulated device (no CUDA device here)."""
    return "emulated" if gpu_or_stand_in().is_custom and place_name == "gpu" else "real"


def _run_status(summary: dict[str, dict[str, Any]], error: str | None) -> str:
    if error:
        return "failed"
    sources = {row["source"] for row in summary.values()}
    return "traced" if sources == {"trace"} else ("predicted" if sources == {"static"}
                                                  else "partly-predicted")
