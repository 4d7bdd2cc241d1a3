"""Parity: run each op with both forms through the legacy and the PHI path, per dtype.

`refresh_parity` (``fluidphi coverage --refresh-parity``) runs every op type
that has a legacy kernel and a PHI twin, for each dtype both forms register,
on CPU and on GPU (on the `emulated` device, which runs the GPU kernels on NumPy memory
of its own, where no CUDA device exists; there the device's output must also equal the
CPU's bit for bit, as tests/devices/test_device_parity.py checks per model and op
fixture), and records the outcome in
``reports/parity.json``. Plain ``fluidphi coverage`` only reads that file, so
reports stay byte-stable between refreshes.

Inputs come from the op's verification cases, found as ``migrate --verify``
finds them (`explicit_cases`: the op module's ``VERIFY_CASES``), else from
defaults (`default_cases`): random
inputs of one shape per non-dispensable input, attributes at their proto
defaults, a few shapes tried in turn; an op no default shape can run is
recorded as ``errored``. A verification case whose variant the legacy op refuses on
purpose for a dtype (`UnsupportedOpVariantError`, e.g. split by `num` on int16, which
Paddle has no kernel for) is left out of that dtype's result when another case runs.

File format (``version`` 1)::

    {"version": 1,
     "runs": {"cpu": RUN | null, "gpu": RUN | null}}
    RUN = {"timestamp": ISO-8601 UTC, "device": text, "source": text,
           "ops": {op_type: {dtype: RESULT}}}
    RESULT = {"status": "identical" | "differing" | "errored",
              "case": text, "max_abs_diff": number | null,
              "error": text | null}   # why it errored, or how the outputs differ

Other producers (snapshot tests, ``migrate --verify``) add results with
`merge_results`, which replaces one device's entries op by op.
"""

from __future__ import annotations

import json
import platform
import sys
import zlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np

from compat.coverage.facts import OpFacts
from compat.statuses import Verdict
from compat.verify_inputs import build_inputs, default_case_specs, module_cases
from legacy_fluid.framework.op_kernel import UnsupportedOpVariantError
from legacy_fluid.framework.op_registry import OP_INFOS
from legacy_fluid.io.atomic_write import atomic_write_text
from phi.backends.devices import gpu_or_stand_in
from phi.common import CPUPlace, DataType, Place

PARITY_VERSION = 1
DEVICES = ("cpu", "gpu")
#: What one comparison can give; aggregated per op and device, "not run" when the file has
#: no entry.
RESULT_STATUSES = (Verdict.IDENTICAL, Verdict.DIFFERING, Verdict.ERRORED)


# -- reading ---------------------------------------------------------------------------
def empty_parity() -> dict[str, Any]:
    return {"version": PARITY_VERSION, "runs": {d: None for d in DEVICES}}


def load_parity(path: Path) -> dict[str, Any]:
    """The parity file, or an empty one when missing, unreadable or of another version."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return empty_parity()
    if not isinstance(doc, dict) or doc.get("version") != PARITY_VERSION:
        return empty_parity()
    runs = doc.get("runs") if isinstance(doc.get("runs"), dict) else {}
    out = empty_parity()
    for device in DEVICES:
        run = runs.get(device)
        if isinstance(run, dict) and isinstance(run.get("ops"), dict):
            out["runs"][device] = run
    return out


def op_parity(doc: Mapping[str, Any], op_type: str, device: str) -> dict[str, Any]:
    """Aggregate status of one op on one device, with per-dtype statuses and the run's time."""
    run = doc["runs"].get(device)
    results = (run or {}).get("ops", {}).get(op_type) or {}
    dtypes = {dt: Verdict.parse(r.get("status")) if r.get("status") in RESULT_STATUSES
              else Verdict.ERRORED for dt, r in sorted(results.items()) if isinstance(r, dict)}
    values = set(dtypes.values())
    if not values:
        status = Verdict.NOT_RUN
    elif Verdict.DIFFERING in values:
        status = Verdict.DIFFERING
    elif values - {Verdict.IDENTICAL}:
        status = Verdict.ERRORED
    else:
        status = Verdict.IDENTICAL
    return {"status": status, "dtypes": dtypes,
            "timestamp": run.get("timestamp") if run and dtypes else None}


# -- cases -------------------------------------------------------------------------------
@dataclass
class VerifyCase:
    """One way to call an op: input specs per slot, attributes, outputs to fetch.

    `inputs` holds the case's specs as written (see `materialize_inputs`);
    slots it leaves out get a random `DEFAULT_SHAPE` tensor when they are not
    dispensable.
    """

    name: str
    inputs: dict[str, Any] = field(default_factory=dict)
    attrs: dict[str, Any] = field(default_factory=dict)
    outputs: dict[str, int] = field(default_factory=dict)
    dtypes: list[str] | None = None  # restrict the case to these dtypes (lower-case names)
    default_shape: tuple[int, ...] = (3, 4)


def _dtype_name(value: Any) -> str:
    """'FLOAT32', 'float32', DataType.FLOAT32, 'DataType.FLOAT32' -> 'float32'."""
    return str(value).rsplit(".", 1)[-1].lower()


def _as_case(op_type: str, raw: Any, index: int) -> VerifyCase | None:
    if isinstance(raw, VerifyCase):
        return raw
    if not isinstance(raw, Mapping):
        return None
    if raw.get("op", raw.get("op_type", op_type)) != op_type:
        return None
    dtypes = raw.get("dtypes")
    outputs = raw.get("outputs") or {}
    if not isinstance(outputs, Mapping):
        outputs = {slot: 1 for slot in outputs}
    return VerifyCase(str(raw.get("name", f"case {index}")), dict(raw.get("inputs") or {}),
                      dict(raw.get("attrs") or {}), dict(outputs),
                      [_dtype_name(d) for d in dtypes] if dtypes else None)


def explicit_cases(op_type: str) -> list[VerifyCase] | None:
    """The op's verification cases, or None when it has none (then defaults apply).

    Looked up as ``migrate --verify`` does: the ``VERIFY_CASES`` of the module
    registering the operator (a list whose entries may name their ``op``, or a dict
    keyed by op type), in the format docs/adding_an_op.md describes: a case has
    optional ``inputs`` (slot -> shape, ``{"shape", "dtype", "low", "high"}`` or
    ``{"value"}`` mapping, array, list of those for a duplicable slot, or None to
    leave a dispensable slot out), ``attrs``, ``outputs`` (slot -> count) and
    ``dtypes``.
    """
    info = OP_INFOS.get(op_type)
    if info is None:
        return None
    module = sys.modules.get(info.module)  # the op's module (its classes may be shared)
    raw = module_cases(op_type, getattr(module, "VERIFY_CASES", None))
    cases = [c for i, r in enumerate(raw) if (c := _as_case(op_type, r, i)) is not None]
    return cases or None


def unreachable_dtypes(op_type: str, device: str) -> dict[str, str]:
    """dtype -> why, for the op's kernels on `device` ('cpu' / 'gpu') that its module's
    ``UNREACHABLE_KERNELS`` (op type -> {(device, dtype): why}) declares: registered as
    Paddle registers them, but the op or the kernel refuses every input that reaches them."""
    info = OP_INFOS.get(op_type)
    module = sys.modules.get(info.module) if info is not None else None
    declared = getattr(module, "UNREACHABLE_KERNELS", None) or {}
    return {_dtype_name(dtype): why
            for (where, dtype), why in declared.get(op_type, {}).items() if where == device}


def materialize_inputs(op_type: str, case: VerifyCase, dtype: DataType,
                       rng: np.random.Generator) -> dict[str, Any]:
    """Arrays per input slot for `case` in `dtype` (a list for duplicable slots)."""
    proto = OP_INFOS.info(op_type).proto
    arrays = build_inputs(proto, case.inputs, dtype, rng, case.default_shape)
    duplicable = {v.name for v in proto.inputs if v.duplicable}
    return {slot: a if slot in duplicable else a[0] for slot, a in arrays.items()}


def default_cases(op_type: str) -> list[VerifyCase]:
    """Cases for an op without VERIFY_CASES, tried in order until one runs (the same
    defaults ``migrate --verify`` uses)."""
    proto = OP_INFOS.info(op_type).proto
    return [VerifyCase(f"default shape {list(shape)}", inputs, attrs, {}, None, shape)
            for shape, inputs, attrs in default_case_specs(proto)]


# -- running -----------------------------------------------------------------------------
def _outputs_of(op_type: str, case: VerifyCase, inputs: Mapping[str, Any]) -> dict[str, int]:
    """Every output slot, one tensor each unless the case says otherwise; a dispensable
    ``S@GRAD`` of an input S the case leaves out is not asked for (unless listed), as
    Paddle's grad makers give no gradient output to an absent input."""
    proto = OP_INFOS.info(op_type).proto
    absent = {v.name for v in proto.inputs if v.name not in inputs}
    return {**{v.name: 1 for v in proto.outputs
               if not (v.dispensable and v.name.endswith("@GRAD")
                       and v.name.removesuffix("@GRAD") in absent)},
            **case.outputs}


def _difference(a: np.ndarray, b: np.ndarray) -> str | None:
    """Why two outputs differ, or None when they are the same bit for bit (NaNs equal).

    Two empty arrays of one shape count as the same whatever their dtypes:
    `run_single_op` gives an output no kernel wrote (an unused XShape) as an
    empty array whose dtype is only a placeholder.
    """
    if a.shape != b.shape:
        return f"shape {list(a.shape)} vs {list(b.shape)}"
    if a.size == 0:
        return None
    if a.dtype != b.dtype:
        return f"dtype {a.dtype} vs {b.dtype}"
    if a.tobytes() == b.tobytes():
        return None
    try:
        if np.array_equal(a.astype(np.float64), b.astype(np.float64), equal_nan=True):
            return None
    except (TypeError, ValueError):
        pass
    diff = _max_abs_diff(a, b)
    return "values differ" + (f" (max abs diff {diff:.6g})" if diff is not None else "")


def _max_abs_diff(a: np.ndarray, b: np.ndarray) -> float | None:
    if a.shape != b.shape:
        return None
    try:
        diff = np.abs(a.astype(np.complex128) - b.astype(np.complex128))
    except (TypeError, ValueError):
        return None
    finite = diff[np.isfinite(diff)]
    return float(finite.max()) if finite.size else 0.0


def _short(exc: BaseException) -> str:
    cause = exc.__cause__ or exc
    text = f"{type(cause).__name__}: {cause}".splitlines()[0]
    return text if len(text) <= 240 else text[:237] + "..."


RunFn = Callable[..., tuple[dict[str, list[np.ndarray]], Any]]


def _differences(first: Mapping[str, list[np.ndarray]], second: Mapping[str, list[np.ndarray]],
                 what: str = "") -> tuple[list[str], float | None]:
    """Why two runs' outputs differ (slot by slot), and the largest finite difference."""
    worst: float | None = None
    reasons: list[str] = []
    for slot in sorted(set(first) | set(second)):
        la, pa = first.get(slot, []), second.get(slot, [])
        if len(la) != len(pa):
            reasons.append(f"{what}{slot}: {len(la)} vs {len(pa)} tensors")
            continue
        for i, (a, b) in enumerate(zip(la, pa)):
            why = _difference(a, b)
            if why is None:
                continue
            reasons.append(f"{what}{slot}[{i}]: {why}")
            d = _max_abs_diff(a, b) if a.shape == b.shape and a.dtype == b.dtype else None
            if d is not None and np.isfinite(d):
                worst = d if worst is None else max(worst, d)
    return reasons, worst


def _drawing_alike(run: RunFn) -> RunFn:
    """`run` with fluidphi's process-wide generator reseeded first: a random op without a
    seed of its own draws the same values on each path it is compared on."""
    from phi.kernels.funcs.random import seed_all

    def seeded(*args: Any, **kwargs: Any) -> Any:
        seed_all(0)
        return run(*args, **kwargs)

    return seeded


#: a RESULT's private mark: the legacy op refused the case's variant on purpose
#: (UnsupportedOpVariantError: e.g. split by `num` on a dtype Paddle has no kernel for)
_REFUSED = "_refused_variant"


def _refused_variant(exc: BaseException) -> bool:
    cause = getattr(exc, "cause", None) or exc.__cause__ or exc
    return isinstance(cause, UnsupportedOpVariantError)


def compare_case(op_type: str, case: VerifyCase, dtype: DataType, place: Place,
                 run: RunFn | None = None) -> dict[str, Any]:
    """Run one case through both paths on `place`; a RESULT dict. On the emulated device
    (a plug-in place) the legacy output must also equal the CPU's exactly: the GPU parity
    column is CPU-vs-device parity there, as the parity snapshots check."""
    if run is None:
        from compat.single_op import run_single_op as run
    run = _drawing_alike(run)
    rng = np.random.default_rng(zlib.crc32(f"{op_type}/{dtype}/{case.name}".encode()))
    try:
        inputs = materialize_inputs(op_type, case, dtype, rng)
    except Exception as exc:
        return {"status": Verdict.ERRORED, "case": case.name, "max_abs_diff": None,
                "error": "inputs: " + _short(exc)}
    outputs = _outputs_of(op_type, case, inputs)
    result: dict[str, Any] = {"status": Verdict.ERRORED, "case": case.name, "max_abs_diff": None,
                              "error": None}
    try:
        legacy, ltrace = run(op_type, inputs, case.attrs, outputs, "legacy", place)
    except Exception as exc:
        result["error"] = "legacy: " + _short(exc)
        if _refused_variant(exc):
            result[_REFUSED] = True
        return result
    try:
        phi, ptrace = run(op_type, inputs, case.attrs, outputs, "phi", place)
    except Exception as exc:
        result["error"] = "phi: " + _short(exc)
        return result
    if not str(ltrace.path).startswith("legacy") or not str(ptrace.path).startswith("phi"):
        result["error"] = f"paths taken: legacy run {ltrace.path}, phi run {ptrace.path}"
        return result
    reasons, worst = _differences(legacy, phi)
    if place.is_custom:  # the emulated device computes with NumPy: CPU's answer exactly
        try:
            cpu, _ = run(op_type, inputs, case.attrs, outputs, "legacy", CPUPlace())
        except Exception:
            cpu = None  # a CPU failure is the CPU column's to report
        if cpu is not None:
            more, far = _differences(cpu, legacy, "CPU vs device ")
            reasons += more
            worst = far if worst is None else max(worst, far or 0.0)
    result["status"] = Verdict.DIFFERING if reasons else Verdict.IDENTICAL
    result["max_abs_diff"] = worst
    result["error"] = "; ".join(reasons) if reasons else None
    return result


def verify_op(facts: OpFacts, device: str, run: RunFn | None = None) -> dict[str, dict[str, Any]]:
    """dtype -> RESULT for one op on `device` ('cpu' or 'gpu'; GPU kernels run on the
    emulated device where no CUDA device exists)."""
    place = CPUPlace() if device == "cpu" else gpu_or_stand_in()
    unreachable = unreachable_dtypes(facts.op_type, device)
    dtypes = [d for d in facts.cpu_common_dtypes(device) if d not in unreachable]
    explicit = explicit_cases(facts.op_type)
    results: dict[str, dict[str, Any]] = {}
    for dtype_name in dtypes:
        dtype = DataType.parse(dtype_name)
        if explicit is not None:
            cases = [c for c in explicit if c.dtypes is None or dtype_name in c.dtypes]
            if not cases:
                continue
            outcome = [compare_case(facts.op_type, c, dtype, place, run) for c in cases]
            ran = [r for r in outcome if not r.pop(_REFUSED, False)]
            outcome = ran or outcome  # cases of a variant the op refuses by design drop out
            bad = [r for r in outcome if r["status"] is not Verdict.IDENTICAL]
            differing = [r for r in bad if r["status"] is Verdict.DIFFERING]
            results[dtype_name] = (differing or bad or outcome)[0]
            if len(outcome) > 1 and not bad:
                results[dtype_name] = {**outcome[0], "case": f"{len(outcome)} cases"}
        else:
            first: dict[str, Any] | None = None
            for case in default_cases(facts.op_type):
                r = compare_case(facts.op_type, case, dtype, place, run)
                first = first or r
                if r["status"] is not Verdict.ERRORED:
                    first = r
                    break
            assert first is not None
            results[dtype_name] = first
    return results


def device_description(device: str) -> str:
    if device == "cpu":
        return f"CPU {platform.machine() or 'unknown'}, NumPy {np.__version__}"
    if gpu_or_stand_in().is_custom:
        return (f"emulated device (the GPU kernels on NumPy {np.__version__} memory of its own; "
                "no CUDA device here)")
    try:
        import cupy

        props = cupy.cuda.runtime.getDeviceProperties(0)
        name = props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"])
        return f"GPU {name}, CuPy {cupy.__version__}"
    except Exception:
        return "GPU (CuPy)"


def now_utc() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def write_parity(path: Path, doc: Mapping[str, Any]) -> None:
    atomic_write_text(path, json.dumps(doc, indent=2, sort_keys=True) + "\n")


def merge_results(path: Path, device: str, results: Mapping[str, Mapping[str, Any]], *,
                  source: str, device_desc: str | None = None, timestamp: str | None = None,
                  replace: bool = False) -> dict[str, Any]:
    """Add `results` (op -> dtype -> RESULT) for `device` to the file at `path`.

    With `replace` the device's previous entries are dropped; otherwise ops in
    `results` replace their own entries and other ops are kept.
    """
    if device not in DEVICES:
        raise ValueError(f"parity device must be one of {DEVICES}, not {device!r}")
    doc = load_parity(path)
    old = doc["runs"].get(device) or {}
    ops = {} if replace else dict(old.get("ops", {}))
    ops.update({op: dict(r) for op, r in results.items()})
    doc["runs"][device] = {"timestamp": timestamp or now_utc(),
                           "device": device_desc or device_description(device),
                           "source": source, "ops": dict(sorted(ops.items()))}
    write_parity(path, doc)
    return doc


def refresh_parity(facts: Iterable[OpFacts], path: Path, *, gpu: bool | None = None,
                   progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Verify every op with both forms on CPU and GPU; write `path`.

    The GPU kernels run on CUDA where CuPy sees a device, else on the emulated device
    (the run's `device` says which). `gpu=False` keeps the GPU entries already in the
    file as they are (they carry their own timestamp and device).
    """
    if gpu is None:
        gpu = True
    both = [f for f in facts if f.forms == "both" and f.operator == "kernel"]
    doc = load_parity(path)
    for device in ("cpu", "gpu") if gpu else ("cpu",):
        results: dict[str, dict[str, Any]] = {}
        for f in both:
            if progress is not None:
                progress(f"parity {device}: {f.op_type}")
            r = verify_op(f, device)
            if r:
                results[f.op_type] = r
        doc = merge_results(path, device, results, source="fluidphi coverage --refresh-parity",
                            replace=True)
    return doc
