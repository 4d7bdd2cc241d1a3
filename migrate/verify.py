"""`--verify`: import the written result and run each op through the real dual dispatch,
against the legacy module run the legacy way, per registered backend and dtype.

Two imports, each in its own fresh registries (`verify_session.module_session`):

* the legacy module text: every case runs `compat.single_op` in `legacy` mode (the
  legacy kernel the op chooses, after its infer_shape);
* the migrated text, byte for byte what `--write` writes, with the ops.yaml entries
  written next to it (InferMeta bound from them): the same cases run in `phi` mode, so
  the op's operator, maker, argument mapping, InferMeta and PHI kernel are all the ones
  the written module registers. Nothing is rebuilt from the old text.

A case counts for a (backend, dtype) only when the legacy run chose that legacy kernel
class for that dtype and the PHI run chose the migrated PHI kernel for that backend and
dtype (no fallback). Outputs are compared bitwise (NaN positions equal are equal): dims,
dtype, lod and data. Verdicts: `identical`, `differing`, `errored` (the migrated module
or op raised), `unverified` (no valid inputs could be built, or the legacy module cannot
be imported here). GPU registrations run on CUDA where a device exists, elsewhere on the
`emulated` device, which runs the GPU kernels on NumPy memory of its own (`emulated` in
the JSON).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from compat.statuses import KernelStatus, Verdict
from compat.verify_inputs import module_cases
from migrate.grads import forward_type, is_grad_op
from migrate.records import FileResult
from migrate.verify_cases import (
    cases_for,
    field_columns,
    grad_call,
    kernel_reads_lod,
    label_inputs,
    other_values,
    rank_lists,
    small_int_attrs,
    small_ints,
    trailing_inputs,
    unit_inputs,
    without_each_optional_output,
)
from migrate.verify_session import ModuleRunError, brief, module_session, rendered, written_op_defs

#: What `--verify` did for every row it marks `reimported`.
EVIDENCE = "written result re-imported and run"


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
    cases: int = 0  # cases run on both sides for this backend and dtype
    reimported: bool = False  # the written module was imported and the op dispatched


@dataclass
class Target:
    """One legacy kernel class of one op, and the PHI kernel that now serves it."""

    op_type: str
    kernel: str
    function: str
    phi_name: str
    registrations: list[tuple[str, str, list[str]]]  # (backend, layout, dtypes)
    #: output slot -> input slot the PHI kernel may be handed as one buffer (in place)
    in_place: dict[str, str] = field(default_factory=dict)
    #: attributes whose PHI argument defaults to a `ctx.has_attr` fallback (`OpPlan`)
    defaulted: tuple[str, ...] = ()
    #: of those, the ones the op proto does not declare, with their fallbacks (`OpPlan`)
    undeclared: dict[str, Any] = field(default_factory=dict)


def targets_of(result: FileResult) -> list[Target]:
    """Every migrated kernel and every covered op's kernel (served by its primary's)."""
    out = [Target(p.op_type, k["class"], k["function"], p.phi_name,
                  [(b, lay, list(d)) for b, lay, d in k["registrations"]], dict(p.in_place),
                  p.defaulted, dict(p.undeclared))
           for p in result.ops for k in p.kernels]
    by_phi = {p.phi_name: p for p in result.ops}
    for rec in result.records:
        primary = by_phi.get(rec.phi_name)
        if rec.status is not KernelStatus.COVERED or primary is None:
            continue
        first = primary.kernels[0]
        layouts = {b: lay for b, lay, _ in first["registrations"]}
        out.append(Target(rec.op_type, rec.kernel, first["function"], rec.phi_name,
                          [(b, layouts.get(b, "ALL_LAYOUT"), list(d))
                           for b, d in rec.dtypes.items()]))
    return out


@dataclass
class Row:
    target: Target
    result: VerifyResult
    #: legacy runs to replay on the PHI side: (case name, inputs, attrs, outputs, run)
    runs: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, int], Any]] = field(
        default_factory=list)
    #: legacy runs that raised: (case name, inputs, attrs, outputs, the error in brief);
    #: what a write leaves legacy must raise the same after it (`verify_tree`)
    raised: list[tuple[str, dict[str, Any], dict[str, Any], dict[str, int], str]] = field(
        default_factory=list)
    #: the attribute value the accepted case set, when every case at the defaults raised
    attr_note: str = ""


def has_cuda() -> bool:
    from phi.backends.gpu.gpu_context import cuda_device_count

    return cuda_device_count() > 0


@contextmanager
def _place(backend: str, cuda: bool) -> Iterator[Any]:
    from phi.backends.devices import device_type
    from phi.common import CPUPlace, CustomPlace, GPUPlace

    if backend != "GPU":
        yield CPUPlace()
    elif cuda:
        yield GPUPlace(0)
    else:
        device_type("emulated")
        yield CustomPlace("emulated", 0)


def _fed(inputs: dict[str, Any], place: Any) -> dict[str, Any]:
    """Fresh copies of the inputs, as tensors on `place` (a kernel may write its inputs)."""
    from phi.core.dense_tensor import DenseTensor
    from phi.core.device_backends import DeviceContextPool

    dev_ctx = None if place.is_cpu else DeviceContextPool.instance().get(place)

    def tensor(a: Any) -> DenseTensor:
        lod = a.lod if isinstance(a, DenseTensor) else None
        data = np.array(a.data if isinstance(a, DenseTensor) else a, copy=True)
        if dev_ctx is None:
            return DenseTensor(data, lod=lod)
        return DenseTensor(dev_ctx.to_device(data), place=place, lod=lod)

    return {k: [tensor(a) for a in v] if isinstance(v, list) else tensor(v)
            for k, v in inputs.items()}


def run_op(op: str, inputs: dict[str, Any], attrs: dict[str, Any], outputs: dict[str, int],
         mode: str, backend: str, cuda: bool, in_place: dict[str, str] | None = None) -> Any:
    from compat.single_op import run_single_op_tensors
    from phi.kernels.funcs.random import seed_all

    # every run starts fluidphi's process-wide generator alike: a random op without a seed
    # of its own draws the same values on the legacy run and on its PHI replay
    seed_all(0)
    with _place(backend, cuda) as place:
        return run_single_op_tensors(op, _fed(inputs, place), attrs, outputs, mode, place,
                                     in_place)


def _forward_run(op: str, call: tuple[Any, ...], backend: str, cuda: bool) -> Any:
    """The forward run a grad op's derived case takes its inputs from: its legacy kernel,
    else whichever kernel can run it (only its outputs are used, as data fed alike to
    every run of the grad op)."""
    from compat.dual_dispatch import NoKernelError

    try:
        return run_op(op, *call, "legacy", backend, cuda)
    except Exception as exc:
        if not isinstance(exc.__cause__ or exc, NoKernelError):
            raise
    return run_op(op, *call, "auto", backend, cuda)


def _cause(exc: BaseException) -> str:
    return brief(exc.__cause__ or exc)


def verify_file(result: FileResult, path: Path | None,
                yaml_texts: list[str] | None = None,
                siblings: dict[Path, str] | None = None) -> list[VerifyResult]:
    """Verdicts per migrated (or covered) kernel, backend and dtype. `yaml_texts`: the
    ops.yaml text(s) `--write` writes for this module (default: its entries alone);
    `siblings`: the other modules of its package as `--write` leaves them."""
    from phi.common import DataType

    cuda = has_cuda()
    rows = [Row(t, VerifyResult(result.path, t.op_type, t.kernel, t.function, backend, dtype,
                                 Verdict.UNVERIFIED, emulated=backend == "GPU" and not cuda))
            for t in targets_of(result) for backend, _, dtypes in t.registrations
            for dtype in dtypes]
    if not rows:
        return []
    try:
        with module_session(result.old_text, path, "legacy") as namespace:
            for row in rows:
                _guarded(row, legacy_runs, row, namespace, DataType[row.result.dtype], cuda)
    except ModuleRunError as exc:
        for row in rows:
            row.result.detail = f"the legacy module cannot be imported here: {exc}"
        return [row.result for row in rows]
    texts = yaml_texts if yaml_texts is not None else rendered(
        p.op_def for p in result.ops if not p.op_def.is_backward)
    # a grad kernel follows its backward_op entry as phi/backward.yaml holds it
    texts = [*texts, *rendered(p.op_def for p in result.ops if p.op_def.is_backward)]
    try:
        op_defs = written_op_defs(texts, {row.target.phi_name for row in rows},
                                  f"{result.path}: ops.yaml")
        try:
            _migrated_runs(rows, result.new_text, path, op_defs, siblings, cuda)
        except ModuleRunError:
            if not siblings:
                raise
            # its package does not import with every sibling as written: when it does
            # with this module alone written, a sibling is to blame (its own verify, or
            # the run over what stays legacy, holds it back), not this module
            _migrated_runs(rows, result.new_text, path, op_defs, None, cuda)
    except ModuleRunError as exc:
        for row in rows:
            row.result.status = Verdict.ERRORED
            row.result.detail = f"the migrated module: {exc}"
    return [row.result for row in rows]


def _migrated_runs(rows: list[Row], text: str, path: Path | None, op_defs: Any,
                   siblings: dict[Path, str] | None, cuda: bool) -> None:
    with module_session(text, path, "migrated", op_defs, siblings):
        for row in rows:
            if row.runs:
                _guarded(row, _phi_runs, row, cuda)
            else:
                _guarded(row, _check_registered, row)


def _guarded(row: Row, step: Any, *args: Any) -> None:
    """A failure of verify itself (a malformed VERIFY_CASES, say) errors the row: what
    cannot be verified is not written."""
    try:
        step(*args)
    except Exception as exc:
        row.runs.clear()
        row.result.status = Verdict.ERRORED
        row.result.detail = f"verify could not run: {brief(exc)}"


def legacy_runs(row: Row, namespace: dict[str, Any], dtype: Any, cuda: bool,
                via_forward: bool = True) -> None:
    from legacy_fluid.framework.op_registry import OP_INFOS

    res, op = row.result, row.target.op_type
    if not OP_INFOS.has(op):
        res.detail = f"no valid inputs (the legacy module registers no operator '{op}')"
        return
    proto = OP_INFOS.info(op).proto
    given = namespace.get("VERIFY_CASES")
    forward = forward_type(op) if is_grad_op(op) else ""
    # a grad op without cases of its own: its forward op's, run first (cotangents like
    # the forward's outputs), when the module registers that op; its own derived cases
    # where no kernel runs that forward op
    if (not via_forward or not forward or module_cases(op, given)
            or not OP_INFOS.has(forward)):
        forward = ""
    fwd_proto = OP_INFOS.info(forward).proto if forward else None
    cases, why = cases_for(forward or op, fwd_proto or proto, given)
    cases = [c for c in cases if c.applies_to(res.dtype)]
    if not cases:
        res.detail = f"no valid inputs ({why or f'no case applies to {res.dtype}'})"
        return
    cases += small_ints(fwd_proto or proto, cases, dtype)
    cases += label_inputs(fwd_proto or proto, cases)
    cases += small_int_attrs(fwd_proto or proto, cases, dtype)
    cases += rank_lists(fwd_proto or proto, cases)
    cases += trailing_inputs(fwd_proto or proto, cases)
    cases += field_columns(fwd_proto or proto, cases)
    cases += unit_inputs(fwd_proto or proto, cases, dtype)
    rejected: list[str] = []
    raised = 0  # of the rejected: how many the legacy op raised on
    # derived cases: the first plain one the legacy op accepts; the LoD ones only when
    # none is, or when the kernel reads a LoD (then the first of each); the fallbacks of
    # small integers only when it raised on every one (else unsaid: the row reads as before)
    wanted = {False, True}
    for index, case in enumerate(cases):
        if case.derived and case.lod not in wanted:
            continue
        if case.fallback and (row.runs or not rejected or raised < len(rejected)):
            continue
        name, seed = case.name, f"{op}/{res.dtype}/{index}"
        try:
            if fwd_proto is not None:
                f_call = case.call(fwd_proto, dtype, seed)
                try:
                    f_run = _forward_run(forward, f_call, res.backend, cuda)
                except Exception as exc:  # the forward op's own rules: the fallbacks' turn
                    if not case.fallback:
                        rejected.append(f"{name}: forward op {forward} raised {_cause(exc)}")
                        raised += 1
                    continue
                inputs, attrs, outputs = grad_call(proto, f_call, f_run.outputs, seed)
                name = f"{case.name} of {forward}, cotangents like its outputs"
            else:
                inputs, attrs, outputs = case.call(proto, dtype, seed)
        except Exception as exc:
            if not case.fallback:
                rejected.append(f"{name}: no call ({_cause(exc)})")
            continue
        try:
            run = run_op(op, inputs, attrs, outputs, "legacy", res.backend, cuda)
        except Exception as exc:
            if not case.fallback:
                rejected.append(f"{name}: legacy op raised {_cause(exc)}")
                row.raised.append((name, inputs, attrs, outputs, _cause(exc)))
                raised += 1
            continue
        if not chose_legacy(run, row, dtype, namespace):
            if not case.fallback:
                rejected.append(f"{name}: the op ran {run.trace.kernel} {run.trace.key}")
            continue
        row.runs.append((name, inputs, attrs, outputs, run))
        row.attr_note = row.attr_note or case.attr_note
        optional = without_each_optional_output(proto, outputs)
        # each attribute whose fallback is its PHI default, absent from the desc: the
        # legacy kernel takes its fallback, the PHI runtime the argument's default
        absent = [(f"'{a}' absent from the op desc", {k: v for k, v in attrs.items() if k != a},
                   outputs) for a in row.target.defaulted if a in attrs]
        # each attribute the proto does not declare (no case sets it): given, its fallback
        # and another value of its type
        present = [(f"undeclared '{a}'={v!r} in the op desc", {**attrs, a: v}, outputs)
                   for a, fallback in row.target.undeclared.items() if a not in attrs
                   for v in other_values(a, fallback)]
        for label, fewer_attrs, fewer in [(lb, attrs, f) for lb, f in optional] + absent \
                + present:
            try:
                run = run_op(op, inputs, fewer_attrs, fewer, "legacy", res.backend, cuda)
            except Exception as exc:
                rejected.append(f"{name}, {label}: legacy op raised {_cause(exc)}")
                continue
            if chose_legacy(run, row, dtype, namespace):
                row.runs.append((f"{name}, {label}", inputs, fewer_attrs, fewer, run))
        if case.derived:
            wanted.discard(case.lod)
            if not kernel_reads_lod(run.choice.kernel_cls):
                wanted.clear()
            if not wanted:
                break
    if not row.runs and fwd_proto is not None:
        legacy_runs(row, namespace, dtype, cuda, via_forward=False)
        if row.runs:
            return
        rejected.insert(0, f"its own cases: {res.detail}")
    if not row.runs:
        res.detail = "no valid inputs (" + "; ".join(rejected[:2]) + (
            f"; {len(rejected) - 2} more" if len(rejected) > 2 else "") + ")"


def chose_legacy(run: Any, row: Row, dtype: Any, namespace: dict[str, Any] | None = None
                 ) -> bool:
    """The legacy run chose the row's legacy kernel class for its backend and dtype (named
    as `namespace`, the module, binds it, when given)."""
    from legacy_fluid.framework.kernel_run import LegacyKernelRun
    from legacy_fluid.framework.trace import DispatchPath

    choice = run.choice
    return (isinstance(choice, LegacyKernelRun) and choice.path is DispatchPath.LEGACY
            and choice.expected.data_type is dtype
            and choice.expected.place.is_cpu == (row.result.backend == "CPU")
            and kernel_name(choice.kernel_cls, namespace) in (row.target.kernel, None))


def kernel_name(cls: type, namespace: dict[str, Any] | None = None) -> str | None:
    """The name of a kernel class: its own, or for a class a factory function built (its
    `__name__` the factory's or one it set), the name `namespace` binds it to (None: not
    known here)."""
    bound = [k for k, v in (namespace or {}).items() if v is cls]
    if "<locals>" not in cls.__qualname__ and (not bound or cls.__name__ in bound):
        return cls.__name__
    return bound[0] if bound else None


def _check_registered(row: Row) -> None:
    """No case could run: the written module must still register the op and its kernel."""
    from legacy_fluid.framework.op_registry import OP_INFOS
    from phi.common import Backend, DataLayout, DataType
    from phi.core.kernel_factory import KERNELS
    from phi.core.kernel_key import KernelKey

    res, target = row.result, row.target
    res.reimported = True
    layout = next(lay for b, lay, _ in target.registrations if b == res.backend)
    key = KernelKey(Backend[res.backend], DataLayout[layout], DataType[res.dtype])
    if not OP_INFOS.has(target.op_type):
        res.status, res.detail = Verdict.ERRORED, (
            f"the written module registers no operator '{target.op_type}'")
    elif KERNELS.select(target.phi_name, key) is None:
        res.status, res.detail = Verdict.ERRORED, (
            f"the written module registers no PHI kernel '{target.phi_name}' for {key}")


def _phi_runs(row: Row, cuda: bool) -> None:
    """Every legacy run replayed on the PHI side; a grad kernel's in-place pairs once more
    with the output written into the input's variable (one buffer, as PHI may hand it)."""
    from phi.common import Backend, DataType

    res, target = row.result, row.target
    res.reimported = True
    backend, dtype = Backend[res.backend], DataType[res.dtype]
    wrote = False
    for name, inputs, attrs, outputs, legacy in row.runs:
        pairs = {o: i for o, i in target.in_place.items() if o in outputs and i in inputs}
        for label, in_place in ((name, None), *(
                (f"{name}, in place ({i} -> {o})", {o: i}) for o, i in pairs.items())):
            try:
                run = run_op(target.op_type, inputs, attrs, outputs, "phi", res.backend, cuda,
                           in_place)
            except Exception as exc:
                res.status = Verdict.ERRORED
                res.detail = f"{label}: the migrated op raised {_cause(exc)}"
                return
            why = (_phi_chosen(run, target, backend, dtype)
                   or differs_from(legacy, run, outputs, (in_place or {}).values()))
            if why:
                res.status, res.detail = why
                res.detail = f"{label}: {res.detail}"
                return
            res.cases += 1
            wrote = wrote or wrote_something(run, inputs)
    if not wrote:
        res.status, res.detail = Verdict.UNVERIFIED, (
            "no case left an output or a changed input to compare")
        return
    res.status, res.detail = Verdict.IDENTICAL, (
        f"run with {row.attr_note}: every case at the attributes' defaults raised"
        if row.attr_note else "")


def _phi_chosen(run: Any, target: Target, backend: Any, dtype: Any
                ) -> tuple[Verdict, str] | None:
    """None when the dual dispatch ran the migrated PHI kernel for this backend and dtype."""
    from compat.dual_dispatch import PhiKernelRun
    from legacy_fluid.framework.trace import DispatchPath
    from phi.common import DataType

    choice = run.choice
    if (isinstance(choice, PhiKernelRun) and choice.path is DispatchPath.PHI
            and choice.kernel.name == target.phi_name
            # an emulated device's kernel stands in for the backend it emulates
            and (getattr(choice.kernel.key.backend, "stands_in_for", None)
                 or choice.kernel.key.backend) is backend
            and choice.kernel.key.dtype in (dtype, DataType.ALL_DTYPE)):
        return None
    return Verdict.ERRORED, (f"the dual dispatch ran {run.trace.kernel} {run.trace.key} "
                             f"({run.trace.path}), not PHI kernel '{target.phi_name}'")


def differs_from(legacy: Any, run: Any, outputs: dict[str, int],
                 aliased: Collection[str] = ()) -> tuple[Verdict, str] | None:
    """Where two runs of one op differ: an output, or an input as the run left it (a kernel
    may update an input in place, as pyramid_hash_grad steps W); `aliased`: input slots an
    output was written into on purpose (an in-place run), not compared as inputs."""
    for slot in outputs:
        mine, theirs = legacy.outputs.get(slot, []), run.outputs.get(slot, [])
        for i, (a, b) in enumerate(zip(mine, theirs)):
            why = same_tensor(a, b)
            if why:
                return Verdict.DIFFERING, f"output {slot}[{i}]: {why}"
    for slot, mine in legacy.inputs.items():
        if slot in aliased:
            continue
        for i, (a, b) in enumerate(zip(mine, run.inputs.get(slot, []))):
            why = same_tensor(a, b)
            if why:
                return Verdict.DIFFERING, f"input {slot}[{i}] as the run left it: {why}"
    return None


def wrote_something(run: Any, inputs: dict[str, Any]) -> bool:
    """The run left something to compare: an allocated output, or an input it changed."""
    if any(t.initialized() for ts in run.outputs.values() for t in ts):
        return True
    for slot, tensors in run.inputs.items():
        fed = inputs.get(slot)
        fed = list(fed) if isinstance(fed, (list, tuple)) else [fed]
        for value, tensor in zip(fed, tensors):
            if value is not None and changed_from(tensor, value):
                return True
    return False


def changed_from(tensor: Any, value: Any) -> bool:
    """A tensor's bytes differ from the array (or tensor) it was fed from."""
    from phi.core.dense_tensor import DenseTensor

    fed = _host(value.data) if isinstance(value, DenseTensor) else np.asarray(value)
    return _host(tensor.data).tobytes() != fed.tobytes()


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


def to_json(results: list[VerifyResult]) -> list[dict[str, Any]]:
    return [asdict(r) for r in results]


def verification(rows: list[VerifyResult], ran: bool) -> str:
    """One kernel's verification in words (the table, the JSON, the report)."""
    if not ran:
        return "unverified: --verify not run"
    if not rows:
        return "unverified: nothing ran"
    bad = next((r for r in rows if r.status in (Verdict.DIFFERING, Verdict.ERRORED)), None)
    if bad is not None:
        return f"{bad.status}: {bad.backend} {bad.dtype}: {bad.detail}"
    ok = [r for r in rows if r.status is Verdict.IDENTICAL]
    open_ = [r for r in rows if r.status is Verdict.UNVERIFIED]
    parts = []
    if open_:
        parts.append(f"unverified on {len(open_)} of {len(rows)} (first: {open_[0].backend} "
                     f"{open_[0].dtype}: {open_[0].detail})")
    if ok:
        parts.append(f"identical on {len(ok)} of {len(rows)} backend x dtype "
                     f"({sum(r.cases for r in ok)} cases); {EVIDENCE}")
        noted = sorted({r.detail for r in ok if r.detail})
        if noted:
            parts.append("; ".join(noted))
    return "; ".join(parts)
