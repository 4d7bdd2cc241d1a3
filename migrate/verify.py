"""`--verify`: run each legacy kernel and its migrated form on generated inputs, per dtype.

The legacy module text and the migrated module text are each exec'd (imported
and run: the migrated one is our own generated code) in a fresh module namespace
inside scoped registries (`phi.core.registry.scoped`), so nothing lands in the
process-wide ones. Both kernels run through `legacy_fluid.framework.kernel_run.
run_kernel`, as every op does: the legacy one as a `LegacyKernelRun` (the op's
infer_shape, then compute), the new one as the dual dispatch's `PhiKernelRun`
(argument mapping, InferMeta, kernel). Outputs are compared bitwise (NaN-aware):
dims, dtype, lod and data.

Inputs come from the module's `VERIFY_CASES` (see docs/adding_an_op.md), else
one default case: a random
tensor of shape (3, 4) for every non-dispensable input (two for duplicable
ones) and every attribute at its proto default. GPU registrations run on CUDA
where a device exists; elsewhere their dtypes run on the CPU context and are
marked `emulated`.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import traceback
import types
import zlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from compat.statuses import KernelStatus, Verdict
from compat.verify_inputs import DEFAULT_SHAPE, default_case_specs, module_cases
from compat.verify_inputs import build_inputs as _build_inputs
from migrate.records import FileResult, OpPlan


@dataclass
class VerifyResult:
    file: str
    op_type: str
    kernel: str
    function: str
    backend: str
    dtype: str
    status: Verdict
    detail: str = ""
    emulated: bool = False
    cases: int = 0


@dataclass
class Recorded:
    """What one exec'd module registered, read from the scoped registries it ran in."""

    operators: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # op -> (class, maker)
    mappings: dict[str, Any] = field(default_factory=dict)


@contextlib.contextmanager
def recording() -> Iterator[Recorded]:
    """Registrations made while a module runs land in scoped registries (the process-wide
    ones are untouched) and are read back into a `Recorded` on exit."""
    from compat.arg_mapping import ARG_MAPPINGS, BASE_KERNEL_NAMES
    from legacy_fluid.framework.op_kernel import OP_KERNELS
    from legacy_fluid.framework.op_registry import OP_INFOS
    from phi.core.infermeta_utils import INFER_METAS
    from phi.core.kernel_factory import KERNELS
    from phi.core.registry import scoped

    rec = Recorded()
    with scoped(KERNELS, INFER_METAS, OP_INFOS, OP_KERNELS, ARG_MAPPINGS, BASE_KERNEL_NAMES):
        try:
            yield rec
        finally:
            rec.operators.update((t, (i.op_class, i.maker)) for t, i in OP_INFOS.items())
            rec.mappings.update((op, m.fn) for op, m in ARG_MAPPINGS.items())


def _package_of(path: Path | None) -> str | None:
    if path is None:
        return None
    parts: list[str] = []
    d = path.resolve().parent
    while (d / "__init__.py").is_file():
        parts.insert(0, d.name)
        d = d.parent
    return ".".join(parts) or None


_COUNTER = [0]


def exec_module(text: str, path: Path | None, tag: str) -> tuple[dict[str, Any], Recorded]:
    """Run module source in a fresh namespace, registrations recorded instead of applied."""
    _COUNTER[0] += 1
    name = f"_fluidphi_migrate_{tag}_{_COUNTER[0]}"
    mod = types.ModuleType(name)
    mod.__file__ = str(path) if path else f"<{tag}>"
    package = _package_of(path)
    if package:
        mod.__package__ = package
    sys.modules[name] = mod
    try:
        with recording() as rec:
            exec(compile(text, mod.__file__, "exec"), mod.__dict__)
    finally:
        sys.modules.pop(name, None)
    return mod.__dict__, rec


# -- inputs -----------------------------------------------------------------------------------
def build_inputs(proto: Any, case: dict[str, Any], dtype: Any, seed: int
                 ) -> dict[str, list[np.ndarray]]:
    rng = np.random.default_rng(seed)
    shape = tuple(case.get("default_shape", DEFAULT_SHAPE))
    return _build_inputs(proto, dict(case.get("inputs") or {}), dtype, rng, shape)


def case_outputs(proto: Any, case: dict[str, Any]) -> dict[str, int]:
    """Output slots to create: a list in the case names them, a mapping gives counts."""
    given = case.get("outputs")
    if isinstance(given, dict):
        return {**{v.name: 1 for v in proto.outputs if not v.dispensable}, **given}
    if given:
        return {str(slot): 1 for slot in given}
    return {v.name: 1 for v in proto.outputs}


def default_cases(proto: Any) -> list[dict[str, Any]]:
    """Tried in turn until the legacy kernel accepts one (see compat.verify_inputs)."""
    return [{"name": f"default shape {list(shape)}", "inputs": inputs, "attrs": attrs,
             "default_shape": shape, "fallback": True}
            for shape, inputs, attrs in default_case_specs(proto)]


# -- running both forms ------------------------------------------------------------------------
def _scope_with(inputs: dict[str, list[np.ndarray]], outputs: dict[str, int],
                place: Any = None) -> tuple[Any, Any, Any]:
    """A scope holding copies of the inputs (on `place`'s device) and empty outputs."""
    from legacy_fluid.framework.scope import Scope
    from phi.backends.context_pool import DeviceContextPool
    from phi.core.dense_tensor import DenseTensor

    scope = Scope()
    on_device = place is not None and not place.is_cpu
    dev_ctx = DeviceContextPool.instance().get(place) if on_device else None
    in_names: dict[str, list[str]] = {}
    for slot, arrays in inputs.items():
        names = []
        for i, a in enumerate(arrays):
            name = f"{slot}@{i}"
            data = np.array(a, copy=True)
            scope.var(name).value = (DenseTensor(dev_ctx.to_device(data), place=place)
                                     if dev_ctx is not None else DenseTensor(data))
            names.append(name)
        in_names[slot] = names
    out_names = {slot: [f"{slot}@out{i}" for i in range(n)] for slot, n in outputs.items()}
    for names in out_names.values():
        for name in names:
            scope.var(name)
    return scope, in_names, out_names


def _collect(scope: Any, out_names: dict[str, list[str]]) -> dict[str, list[Any]]:
    result: dict[str, list[Any]] = {}
    for slot, names in out_names.items():
        result[slot] = [scope.find_var(n).value for n in names]
    return result


def _op_in_scope(op_cls: Any, proto: Any, inputs: dict[str, list[np.ndarray]],
                 attrs: dict[str, Any], outputs: dict[str, int], place: Any
                 ) -> tuple[Any, Any, Any, dict[str, list[str]]]:
    from legacy_fluid.framework.execution_context import RuntimeContext

    scope, in_names, out_names = _scope_with(inputs, outputs, place)
    op = op_cls(proto.type, in_names, out_names, attrs, proto)
    return op, scope, RuntimeContext.build(op, scope), out_names


def run_legacy(op_cls: Any, proto: Any, kernel_cls: Any, inputs: dict[str, list[np.ndarray]],
               attrs: dict[str, Any], outputs: dict[str, int], dtype: Any, place: Any
               ) -> dict[str, list[Any]]:
    from legacy_fluid.framework.kernel_run import LegacyKernelRun, run_kernel
    from legacy_fluid.framework.op_kernel_type import OpKernelType

    op, scope, runtime, out_names = _op_in_scope(op_cls, proto, inputs, attrs, outputs, place)
    run_kernel(op, scope, runtime, LegacyKernelRun(kernel_cls, OpKernelType(dtype, place)))
    return _collect(scope, out_names)


def run_phi(op_cls: Any, proto: Any, plan: OpPlan, fn: Any, mapping: Any, infer_meta: Any,
            inputs: dict[str, list[np.ndarray]], attrs: dict[str, Any], outputs: dict[str, int],
            backend: Any, layout: Any, dtype: Any, place: Any) -> dict[str, list[Any]]:
    from compat.arg_mapping_context import ExecutionArgumentMappingContext
    from compat.dual_dispatch import PhiKernelRun
    from compat.kernel_signature import KernelSignature
    from legacy_fluid.framework.kernel_run import run_kernel
    from legacy_fluid.framework.op_kernel_type import OpKernelType
    from legacy_fluid.framework.trace import DispatchPath
    from phi.core.infermeta_utils import InferMetaBinding
    from phi.core.kernel_args import derive_args_def
    from phi.core.kernel_factory import Kernel
    from phi.core.kernel_key import KernelKey

    op, scope, runtime, out_names = _op_in_scope(op_cls, proto, inputs, attrs, outputs, place)
    if mapping is not None:
        sig = mapping(ExecutionArgumentMappingContext(op, runtime))
    else:
        sig = KernelSignature(plan.phi_name, plan.inputs, [a for a, _ in plan.attrs],
                              plan.outputs)
    args_def = derive_args_def(fn).specialize(backend, layout, dtype)
    kernel = Kernel(plan.phi_name, KernelKey(backend, layout, dtype), fn, args_def)
    binding = None
    if infer_meta is not None:
        param = None if plan.infer_meta_param is None else tuple(plan.infer_meta_param)
        binding = InferMetaBinding(infer_meta, param, tuple(a.name for a in args_def.outputs))
    run = PhiKernelRun(OpKernelType(dtype, place), DispatchPath.PHI, place, kernel, sig, binding)
    run_kernel(op, scope, runtime, run)
    return _collect(scope, out_names)


def _host(a: Any) -> np.ndarray:
    return a if isinstance(a, np.ndarray) else a.get()


def same_tensor(a: Any, b: Any) -> str:
    """'' when identical (bitwise, NaN-aware), else what differs."""
    from phi.core.dense_tensor import DenseTensor

    if not isinstance(a, DenseTensor) or not isinstance(b, DenseTensor):
        return "" if type(a) is type(b) and a is None else f"{type(a).__name__} vs " \
                                                           f"{type(b).__name__}"
    if a.initialized() != b.initialized():
        return "one output left unallocated"
    if not a.initialized():
        return ""
    if a.dims != b.dims:
        return f"dims {list(a.dims)} vs {list(b.dims)}"
    if a.dtype != b.dtype:
        return f"dtype {a.dtype} vs {b.dtype}"
    if a.lod != b.lod:
        return f"lod {a.lod} vs {b.lod}"
    x, y = _host(a.data), _host(b.data)
    if x.tobytes() == y.tobytes():
        return ""
    if x.dtype.kind in "fc" or str(x.dtype) in ("bfloat16", "float8_e4m3fn", "float8_e5m2"):
        xf, yf = x.astype(np.complex128 if x.dtype.kind == "c" else np.float64), \
            y.astype(np.complex128 if y.dtype.kind == "c" else np.float64)
        if np.array_equal(xf, yf, equal_nan=True):
            return ""
    diff = int(np.count_nonzero(x != y))
    return f"{diff} of {x.size} elements differ"


def _infer_meta_fn(plan: OpPlan, new_ns: dict[str, Any]) -> Any:
    if plan.infer_meta is None:
        return None
    if plan.infer_meta_new:
        return new_ns[plan.infer_meta]
    for mod in ("unary", "binary", "nullary", "multiary"):
        m = importlib.import_module(f"phi.infermeta.{mod}")
        if hasattr(m, plan.infer_meta):
            return getattr(m, plan.infer_meta)
    raise LookupError(f"InferMeta {plan.infer_meta} not found in phi.infermeta")


def _cases(op_type: str, legacy_ns: dict[str, Any], proto: Any) -> list[dict[str, Any]]:
    return module_cases(op_type, legacy_ns.get("VERIFY_CASES")) or default_cases(proto)


def verify_file(result: FileResult, path: Path | None) -> list[VerifyResult]:
    from phi.backends.gpu.gpu_context import cuda_device_count
    from phi.common import Backend, CPUPlace, DataLayout, DataType, GPUPlace

    out: list[VerifyResult] = []
    if not result.ops:
        return out
    try:
        legacy_ns, legacy_rec = exec_module(result.old_text, path, "legacy")
        new_ns, new_rec = exec_module(result.new_text, path, "migrated")
    except Exception as exc:
        detail = f"module does not run: {type(exc).__name__}: {exc}"
        for plan in result.ops:
            for k in plan.kernels:
                out.append(VerifyResult(result.path, plan.op_type, k["class"], k["function"], "",
                                        "", Verdict.ERRORED, detail))
        return out
    has_cuda = cuda_device_count() > 0
    for plan, op_cls, maker in [*((p, legacy_ns[p.op_class], legacy_ns[p.maker])
                                  for p in result.ops),
                                *_covered_plans(result, legacy_rec)]:
        proto = maker(plan.op_type).build()
        mapping = new_rec.mappings.get(plan.op_type)
        try:
            infer_meta = _infer_meta_fn(plan, new_ns)
        except LookupError as exc:
            infer_meta, meta_error = None, str(exc)
        else:
            meta_error = ""
        cases = _cases(plan.op_type, legacy_ns, proto)
        for k in plan.kernels:
            kernel_cls, fn = legacy_ns[k["class"]], new_ns[k["function"]]
            for backend_name, layout_name, dtypes in k["registrations"]:
                backend = Backend[backend_name]
                layout = DataLayout[layout_name]
                emulated = backend_name == "GPU" and not has_cuda
                place = GPUPlace(0) if backend_name == "GPU" and has_cuda else CPUPlace()
                for dtype_name in dtypes:
                    dtype = DataType[dtype_name]
                    res = VerifyResult(result.path, plan.op_type, k["class"], k["function"],
                                       backend_name, dtype_name, Verdict.IDENTICAL,
                                       emulated=emulated)
                    if meta_error:
                        res.status, res.detail = Verdict.ERRORED, meta_error
                        out.append(res)
                        continue
                    _verify_cases(res, plan, proto, op_cls, kernel_cls, fn, mapping, infer_meta,
                                  cases, backend, layout, dtype, place)
                    out.append(res)
    return out


def _covered_plans(result: FileResult, legacy_rec: Recorded) -> list[tuple[OpPlan, Any, Any]]:
    """A covered op is verified like a migrated one: its legacy kernel against the covering
    op's PHI kernel, called through the covered op's own mapping (or the covering op's
    signature, when the default mapping fits)."""
    by_phi = {p.phi_name: p for p in result.ops}
    out = []
    for rec in result.records:
        primary = by_phi.get(rec.phi_name)
        if (rec.status is not KernelStatus.COVERED or primary is None
                or rec.op_type not in legacy_rec.operators):
            continue
        op_cls, maker = legacy_rec.operators[rec.op_type]
        kernels = [k for k in primary.kernels if k["class"] == rec.kernel] or primary.kernels[:1]
        layouts = {b: lay for k in kernels for b, lay, _ in k["registrations"]}
        registrations = [[b, layouts.get(b, "ALL_LAYOUT"), list(d)] for b, d in rec.dtypes.items()]
        plan = replace(primary, op_type=rec.op_type, op_class=op_cls.__name__,
                       maker=maker.__name__, kernels=[{**kernels[0], "class": rec.kernel,
                                                       "registrations": registrations}])
        out.append((plan, op_cls, maker))
    return out


def _dtype_key(value: Any) -> str:
    return str(value).rsplit(".", 1)[-1].upper()


def _verify_cases(res: VerifyResult, plan: OpPlan, proto: Any, op_cls: Any, kernel_cls: Any,
                  fn: Any, mapping: Any, infer_meta: Any, cases: list[dict[str, Any]],
                  backend: Any, layout: Any, dtype: Any, place: Any) -> None:
    fallback_error = ""
    for index, case in enumerate(cases):
        only = case.get("dtypes")
        if only is not None and res.dtype not in [_dtype_key(d) for d in only]:
            continue
        label = case.get("name", f"case {index}")
        seed = zlib.crc32(f"{plan.op_type}/{res.dtype}/{index}".encode())
        attrs = {a.name: a.default for a in proto.attrs if a.default is not None}
        attrs.update(case.get("attrs") or {})
        outputs = case_outputs(proto, case)
        try:
            inputs = build_inputs(proto, case, dtype, seed)
        except Exception as exc:
            res.status, res.detail = Verdict.ERRORED, f"{label}: inputs: {_brief(exc)}"
            return
        try:
            legacy = run_legacy(op_cls, proto, kernel_cls, inputs, attrs, outputs, dtype, place)
        except Exception as exc:
            if case.get("fallback"):
                fallback_error = fallback_error or f"{label}: legacy kernel raised {_brief(exc)}"
                continue
            res.status = Verdict.ERRORED
            res.detail = f"{label}: legacy kernel raised {_brief(exc)}"
            return
        res.cases += 1
        try:
            phi = run_phi(op_cls, proto, plan, fn, mapping, infer_meta, inputs, attrs, outputs,
                          backend, layout, dtype, place)
        except Exception as exc:
            res.status = Verdict.ERRORED
            res.detail = f"{label}: migrated kernel raised {_brief(exc)}"
            return
        for slot in plan.outputs:
            for i, (a, b) in enumerate(zip(legacy.get(slot, []), phi.get(slot, []))):
                why = same_tensor(a, b)
                if why:
                    res.status = Verdict.DIFFERING
                    res.detail = f"{label}: output {slot}[{i}]: {why}"
                    return
        if case.get("fallback"):
            return
    if res.cases == 0:
        res.status = Verdict.ERRORED
        res.detail = fallback_error or "no verification case applies to this dtype"


def _brief(exc: BaseException) -> str:
    text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return text if len(text) < 300 else text[:297] + "..."


def to_json(results: list[VerifyResult]) -> list[dict[str, Any]]:
    return [asdict(r) for r in results]
