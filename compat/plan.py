"""Planned execution: a static program is planned once, then runs its kernels only.

A `Plan` is built by a first, recorded run of block 0 for one (program, place,
path, passes, feed shapes/dtypes/LoDs): every op's kernel is chosen by the dual
dispatch as usual, its argument mapping resolved and its arguments bound to the
variables of a scope that lives as long as the plan (`KernelRun.bind`), the
transforms its inputs need become explicit, deduplicated `TransferStep`s, and
the trace is recorded once. Later runs call the bound kernels in order: no
kernel choice, no argument mapping, no transform checks, and no shape inference
for ops whose outputs' meta cannot change (InferMeta is pure in its inputs'
meta and the op's attributes). Ops whose meta can change (an attribute read
from a tensor; a legacy infer_shape) infer on every run; and when an op's
outputs come out with other dims than planned, every later op infers again in
that run, so data-dependent shapes stay correct.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from compat.arg_mapping import get_kernel_signature
from compat.arg_mapping_context import ExecutionArgumentMappingContext
from compat.dual_dispatch import (
    DualDispatchRunner,
    PathMode,
    choose_kernel,
    forced_to_cpu,
    note_forced,
)
from compat.kernel_library import KernelLibrary, preferred, use_library
from compat.memory import Life, MemoryPlan, last_reads, lifetime, share_memory
from compat.passes import optimize
from compat.plan_codegen import CompiledPlan, StepKind, compile_plan, op_indices
from legacy_fluid.framework.block_runner import BlockRunner, running
from legacy_fluid.framework.data_transform import (
    AppliedTransform,
    planned_transforms,
    raise_if_copy_written,
    transform_data,
)
from legacy_fluid.framework.execution_context import ExecutionContext, RuntimeContext
from legacy_fluid.framework.executor import OpRunError, as_feed_value, set_array_feeds
from legacy_fluid.framework.kernel_run import KernelRun, bind_kernel, trace_of
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import create_op
from legacy_fluid.framework.operator import OperatorBase, OperatorWithKernel
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.program_queries import (
    feed_target_names,
    holder_name,
    tensor_array_names,
)
from legacy_fluid.framework.scope import Scope, Variable
from legacy_fluid.framework.trace import OpTrace
from legacy_fluid.framework.var_type import VarType
from phi.common import CPUPlace, Place
from phi.core.bound_kernel import BoundKernel, run_bound
from phi.core.dense_tensor import DenseTensor
from phi.core.device_backends import DeviceContextPool

#: The one switch: plans run as generated code (`compat.plan_codegen`) unless an executor
#: is made with `compiled=False` or this is False when it is made.
COMPILE_PLANS = True
#: Compiled plans lower the steps they can (`compat.plan_lowering`) unless an executor is
#: made with `lower=False` or this is False when it is made.
LOWER_PLANS = True
#: Runs that leave a plan's lowered steps (buffers moved, dims changed) before the plan
#: stops lowering (each such run compiles the plan's code again).
MAX_LOWERED_COMPILES = 3


@dataclass
class TransferStep:
    """Move one variable to another kernel type into a tensor the plan keeps."""

    kind: ClassVar[StepKind] = StepKind.TRANSFER

    name: str
    source: Variable
    target: OpKernelType
    actual: OpKernelType
    dest: Variable
    kinds: list[str] = field(default_factory=list)

    def __call__(self) -> None:
        moved, _ = transform_data(self.name, self.target, self.actual, self.source.value)
        self.dest.value.share_data_with(moved)


@dataclass
class KernelStep:
    """One op's bound kernel; `outputs` are the tensors it writes with the dims they had
    after its last run (the dims later ops last inferred from)."""

    kind: ClassVar[StepKind] = StepKind.KERNEL

    index: int
    op: OperatorBase
    choice: KernelRun
    bound: BoundKernel
    outputs: list[tuple[DenseTensor, tuple[int, ...]]]

    def run(self, reinfer: bool) -> bool:
        """Run the kernel; True when its outputs' dims differ from the last run's (later
        ops re-infer: a run that returns to the planned dims after one that left them
        must re-infer too)."""
        run_bound(self.op.type, self.choice, self.bound, reinfer)
        changed = False
        for i, (tensor, dims) in enumerate(self.outputs):
            if tensor.meta.dims != dims:
                self.outputs[i] = (tensor, tensor.meta.dims)
                changed = True
        return reinfer or changed


@dataclass
class FrameworkStep:
    """An op that runs itself (no kernel), such as a control-flow op."""

    kind: ClassVar[StepKind] = StepKind.FRAMEWORK

    index: int
    op: OperatorBase
    scope: Scope
    place: Place

    def run(self, reinfer: bool) -> bool:
        self.op.run(self.scope, self.place)
        return True


@dataclass
class Plan:
    key: tuple[Any, ...]
    program: ProgramDesc
    scope: Scope  # the plan's own scope: every non-persistable variable lives here
    steps: list[TransferStep | KernelStep | FrameworkStep]
    trace: list[OpTrace]
    feed_holder: str | None
    fetch_holder: str | None
    feed_names: list[str]
    root: Scope
    #: what the plan was asked for: the program and scope before any pass rewrote them
    source: ProgramDesc | None = None
    source_scope: Scope | None = None
    notes: list[str] = field(default_factory=list)  # one line per pass rewrite
    memory: MemoryPlan | None = None  # how the intermediates share storage
    blocks: BlockRunner | None = None  # runs sub-blocks (op by op) for control-flow ops
    #: step index -> the user's ops a fused step stands for ("#0 'matmul_v2', ...")
    replaced: dict[int, str] = field(default_factory=dict)
    #: the steps as generated code (`compat.plan_codegen`), made on the plan's second run
    compiled: CompiledPlan | None = None
    name: str = ""  # names the plan in the generated code's filename
    #: the program's tensor arrays (`tensor_array_names`): emptied before each run, so a
    #: run never sees the entries an earlier one wrote
    arrays: tuple[str, ...] = ()
    #: the generated code lowers the steps it can (`compat.plan_lowering`)
    lower: bool = False
    slow_runs: int = 0  # runs that left the lowered steps (see `left_lowered`)
    stale: bool = False  # compile the code again before the next run (`left_lowered`)

    def code(self) -> CompiledPlan:
        """The plan's generated code, compiled on first use (and again when `stale`)."""
        if self.compiled is None or self.stale:
            self.stale = False
            lower = self.lower and self.may_lower()
            private = {id(var.value) for var in map(self.scope.find_local_var,
                                                    self.scope.local_var_names())
                       if var is not None and isinstance(var.value, DenseTensor)
                       } if lower else set()
            self.compiled = compile_plan(self.steps, self.name, lower, private)
        return self.compiled

    def may_lower(self) -> bool:
        """Whether the generated code may lower steps: block 0 fed by feed ops (whose
        buffers are the plan's own), no tensor arrays, and only static kernel steps (no
        transfer, control flow or per-run inference)."""
        return self.feed_holder is not None and not self.arrays and all(
            isinstance(s, KernelStep) and not s.bound.dynamic for s in self.steps)

    def left_lowered(self) -> None:
        """A run left the lowered steps (a buffer moved or dims changed): the code is
        compiled again on the next run, binding the buffers as they are then; after
        `MAX_LOWERED_COMPILES` such runs, without lowering."""
        self.slow_runs += 1
        self.stale = True
        if self.slow_runs >= MAX_LOWERED_COMPILES:
            self.lower = False

    def describe(self) -> list[dict[str, Any]]:
        """Per step: what it runs, its kernel and key, transforms and output buffers."""
        rows = []
        by_index = {t.index: t for t in self.trace}
        for step in self.steps:
            if isinstance(step, TransferStep):
                rows.append({"step": "transfer", "op": "", "var": step.name,
                             "kernel": "", "key": str(step.target),
                             "transforms": ", ".join(step.kinds), "outputs": ""})
                continue
            rec = by_index[step.index]
            outs = []
            if isinstance(step, KernelStep):
                for name_list in step.op.outputs.values():
                    for name in name_list:
                        var = self.scope.find_var(name)
                        t = var.value if var is not None else None
                        if isinstance(t, DenseTensor) and t.initialized():
                            outs.append(f"{name} {list(t.dims)} {t.dtype}")
            rows.append({"step": str(rec.path), "op": f"#{step.index} {rec.type}", "var": "",
                         "kernel": rec.kernel, "key": rec.key,
                         "transforms": "; ".join(rec.transforms), "outputs": ", ".join(outs)})
        return rows


def _tensor_signature(t: DenseTensor) -> tuple[Any, ...]:
    return (t.dims, t.dtype, tuple(map(tuple, t.lod)))


def _feed_signature(feed: Mapping[str, DenseTensor | list[DenseTensor]]) -> tuple[Any, ...]:
    return tuple(sorted(
        (n, tuple(_tensor_signature(t) for t in v) if isinstance(v, list)
         else _tensor_signature(v)) for n, v in feed.items()))


class PlannedExecutor:
    """Runs block 0 of a program through plans cached per feed signature (see module doc)."""

    def __init__(self, place: Place | None = None, mode: PathMode | str = PathMode.AUTO,
                 passes: bool = True, max_plans: int = 8, cpu_ops: Iterable[str] = (),
                 compiled: bool | None = None, name: str = "",
                 library: KernelLibrary | str = KernelLibrary.PLAIN,
                 lower: bool | None = None) -> None:
        """`compiled`: later runs call the plan's generated code (`compat.plan_codegen`);
        False steps through the plan's steps one by one (the same kernels in the same
        order); None: as `COMPILE_PLANS` says. `name` names the plan in the generated
        code's filename. `library`: the kernel library preferred where it has a kernel
        (`compat.kernel_library`). `lower`: the generated code lowers the steps it can
        (`compat.plan_lowering`); None: as `LOWER_PLANS` says."""
        self.library = use_library(library)
        self.lower = LOWER_PLANS if lower is None else lower
        self.place = place or CPUPlace()
        self.compiled = COMPILE_PLANS if compiled is None else compiled
        self.name = name
        self.mode = PathMode.parse(mode)
        self.passes = passes
        self.cpu_ops = frozenset(cpu_ops)  # op types run on CPU whatever the place
        self.max_plans = max_plans
        self._plans: OrderedDict[tuple[Any, ...], Plan] = OrderedDict()
        self.builds = 0  # plans built so far (a kept plan may be evicted only then)
        self.last_trace: list[OpTrace] = []
        self.last_plan: Plan | None = None

    def run(self, program: ProgramDesc, scope: Scope, feed: Mapping[str, Any] | None = None,
            fetch_list: list[str] | None = None) -> list[DenseTensor]:
        """Run and return the fetched tensors (on the host, copies), in fetch order."""
        tensors = {name: as_feed_value(v) for name, v in (feed or {}).items()}
        key = (id(program), id(scope), _feed_signature(tensors), tuple(fetch_list or ()))
        plan = self._plans.get(key)
        if plan is None or plan.source is not program or plan.source_scope is not scope:
            plan, fetched = self._build(key, program, scope, tensors, fetch_list)
        else:
            self._plans.move_to_end(key)
            fetched = _run(plan, tensors, fetch_list, self.compiled)
        self.last_plan, self.last_trace = plan, plan.trace
        return fetched

    def _build(self, key: tuple[Any, ...], program: ProgramDesc, scope: Scope,
               feed: dict[str, DenseTensor], fetch_list: list[str] | None
               ) -> tuple[Plan, list[DenseTensor]]:
        fused: dict[int, list[str]] = {}
        origin: dict[int, int] = {}
        replaced: dict[int, str] = {}
        notes: list[str] = []
        source, root = program, scope
        if self.passes:
            # the fused chain op has a legacy (class) kernel only: not on the PHI path
            library = self.library if self.place.is_cpu and self.mode is not PathMode.PHI \
                else KernelLibrary.PLAIN
            rewrite = optimize(program, scope, library, fetch_list or ())
            source, root, fused, notes = rewrite.program, rewrite.scope, rewrite.fused, \
                rewrite.notes
            origin = rewrite.origin
            ops = program.global_block().ops
            replaced = {k: ", ".join(f"#{i} '{ops[i].type}'" for i in v)
                        for k, v in rewrite.replaced.items()}
        plan = build_plan(source, root, self.place, self.mode, feed, key, fused,
                          tuple(fetch_list or ()), origin, self.cpu_ops, replaced,
                          self.library)
        plan.source, plan.source_scope, plan.notes = program, scope, notes
        plan.name, plan.lower = self.name, self.lower
        fetched = _fetch(plan, fetch_list)
        self.builds += 1
        self._plans[key] = plan
        while len(self._plans) > self.max_plans:
            self._plans.popitem(last=False)
        return plan, fetched


def _prepare_scope(program: ProgramDesc, scope: Scope) -> Scope:
    """The plan's scope: persistables stay in `scope`; everything else, the feed and fetch
    holders included (another executor may replace the ones in `scope`), lives here."""
    local = scope.new_scope()
    for var in program.global_block().vars.values():
        if var.persistable and var.type not in (VarType.FEED_MINIBATCH, VarType.FETCH_LIST):
            if scope.find_var(var.name) is None:  # parameters may live in a parent scope
                scope.var(var.name)
        else:
            local.var(var.name)
    return local


def _set_feeds(plan: Plan, feed: Mapping[str, DenseTensor]) -> None:
    for name in plan.arrays:  # emptied in place: bound steps hold the list objects
        var = plan.scope.find_var(name)
        if var is not None and isinstance(var.value, list):
            var.value.clear()
    if plan.feed_holder is not None:
        feed_list = plan.scope.var(plan.feed_holder).get_list()
        feed_list.clear()
        feed_list.extend(feed.get(n) for n in plan.feed_names)
    else:  # no feed ops: the fed tensors are the variables' own (kept, so bound args hold)
        for name, value in feed.items():
            if isinstance(value, DenseTensor):
                plan.scope.var(name).get_tensor().share_data_with(value)
    set_array_feeds(plan.scope, feed)
    if plan.fetch_holder is not None:  # the same list object: bound fetch kernels hold it
        plan.scope.var(plan.fetch_holder).get_list().clear()


def _fetch(plan: Plan, fetch_list: list[str] | None) -> list[DenseTensor]:
    if plan.fetch_holder is not None:
        return list(plan.scope.var(plan.fetch_holder).get_list())
    out = []
    for name in fetch_list or []:
        t = plan.scope.find_var(name).get_tensor()  # type: ignore[union-attr]
        out.append(DenseTensor(np.array(t.numpy(), copy=True), layout=t.layout, lod=t.lod)
                   if t.initialized() else DenseTensor(dtype=t.dtype))
    return out


def _run(plan: Plan, feed: Mapping[str, DenseTensor], fetch_list: list[str] | None,
         compiled: bool = False) -> list[DenseTensor]:
    _set_feeds(plan, feed)
    if compiled:
        code = plan.code()
        try:
            runner = code.runner()
            with running(plan.blocks):
                slow = runner()
        except Exception as exc:
            if code.lowered:  # buffers may have moved before the failure
                plan.left_lowered()
            raise _op_error(plan, code.failed_at, exc) from exc
        if code.lowered:
            if runner is code.observed:  # kernels only: bind again if a buffer moved
                plan.stale = plan.stale or bool(slow) or code.moved()
            elif slow:
                plan.left_lowered()
        return _fetch(plan, fetch_list)
    reinfer = False
    k = 0
    try:
        with running(plan.blocks):
            for k, step in enumerate(plan.steps):  # noqa: B007 - k names the failed step
                if isinstance(step, TransferStep):
                    step()
                    continue
                reinfer = step.run(reinfer)
    except Exception as exc:
        raise _op_error(plan, op_indices(plan.steps)[k], exc) from exc
    return _fetch(plan, fetch_list)


def _op_error(plan: Plan, index: int, exc: Exception) -> OpRunError:
    """The error naming op `index` of `plan` (a transfer's failure: the op it moves for)."""
    op = next((s.op for s in plan.steps if not isinstance(s, TransferStep)
               and s.index == index), None)
    if op is None:  # before any op (a transfer with no op after it): the first op
        op = next(s.op for s in plan.steps if not isinstance(s, TransferStep))
    return OpRunError(index, op, exc, plan.replaced.get(index))


def build_plan(program: ProgramDesc, scope: Scope, place: Place, mode: PathMode,
               feed: Mapping[str, DenseTensor], key: tuple[Any, ...] = (),
               fused: Mapping[int, list[str]] | None = None,
               keep_names: tuple[str, ...] = (),
               origin: Mapping[int, int] | None = None,
               cpu_ops: frozenset[str] = frozenset(),
               replaced: Mapping[int, str] | None = None,
               library: KernelLibrary = KernelLibrary.PLAIN) -> Plan:
    """Plan `program` by running it once on `feed` (see the module doc). Tensors named in
    `keep_names` (read after a run) keep memory of their own. `origin` maps an op of a
    rewritten program (by identity) to its index in the user's program: steps, traces and
    errors carry that index; `replaced` names, per fused op (by identity), the user's ops it
    stands for (errors name them). Ops of the types in `cpu_ops` run on CPU whatever `place`
    is; `library` is the kernel library preferred where it has a kernel."""
    block = program.global_block()
    ops = [create_op(desc) for desc in block.ops]
    local = _prepare_scope(program, scope)
    has_feed_ops = any(op.type == "feed" for op in ops)
    has_fetch_ops = any(op.type == "fetch" for op in ops)
    plan = Plan(key, program, local, [], [],
                holder_name(program, "feed", "X", "feed") if has_feed_ops else None,
                holder_name(program, "fetch", "Out", "fetch") if has_fetch_ops else None,
                feed_target_names(program) if has_feed_ops else [], scope)
    plan.arrays = tuple(tensor_array_names(program))
    _set_feeds(plan, feed)
    keep = set(keep_names) | (set() if has_feed_ops else set(feed))
    planner = _Planner(plan, place, mode, ops, keep, cpu_ops, library)
    plan.blocks = BlockRunner(program, DualDispatchRunner(mode, cpu_ops, library), place)
    with running(plan.blocks):
        for index, (op, desc) in enumerate(zip(ops, block.ops)):
            planner.fused_from = (fused or {}).get(id(desc), [])
            shown = (origin or {}).get(id(desc), index)
            if id(desc) in (replaced or {}):
                plan.replaced[shown] = (replaced or {})[id(desc)]
            try:
                planner.add(index, op, shown)
            except Exception as exc:
                raise OpRunError(shown, op, exc, plan.replaced.get(shown)) from exc
    if planner.lives is not None:
        plan.memory = share_memory(planner.lives, ops)
    return plan


class _Planner:
    """Runs each op once while recording the steps that will run it again."""

    def __init__(self, plan: Plan, place: Place, mode: PathMode, ops: list[OperatorBase],
                 keep: set[str], cpu_ops: frozenset[str] = frozenset(),
                 library: KernelLibrary = KernelLibrary.PLAIN) -> None:
        self.plan, self.place, self.mode, self.library = plan, place, mode, library
        self.cpu_ops = cpu_ops
        self.ops, self.keep = ops, keep
        self.last = last_reads(ops)
        self.first: dict[str, int] = {}
        #: intermediates placed by memory planning; None once a framework op runs (it may
        #: read anything, so nothing is shared)
        self.lives: list[Life] | None = []
        self.placed: set[str] = set()  # the names in `lives` (a set: one look-up per name)
        self.pool = DeviceContextPool.instance()
        #: (source var name, target kernel type) -> the step holding the moved tensor
        self.moved: dict[tuple[str, OpKernelType], TransferStep] = {}
        self.transfers = Scope()  # moved tensors, one variable per transfer
        self.fused_from: list[str] = []  # the op types a pass fused into the op being added

    def add(self, index: int, op: OperatorBase, shown: int) -> None:
        """Plan op `index` of the planned program (`shown`: its index in the user's)."""
        plan = self.plan
        if not isinstance(op, OperatorWithKernel):
            record = op.run(plan.scope, self.place)
            record.index = shown
            plan.steps.append(FrameworkStep(shown, op, plan.scope, self.place))
            plan.trace.append(record)
            self._forget_written(op)
            self.lives = None
            return
        runtime = RuntimeContext.build(op, plan.scope)
        forced = forced_to_cpu(op, self.place, self.cpu_ops)
        dev_ctx = self.pool.get(forced or self.place)
        expected = preferred(op.expected_kernel_type(
            ExecutionContext(op, plan.scope, dev_ctx, runtime)), self.library)
        sig = None
        if self.mode is not PathMode.LEGACY:
            sig = get_kernel_signature(op.proto, ExecutionArgumentMappingContext(op, runtime))
        choice = choose_kernel(op, expected, sig, self.mode)
        if forced is not None:
            note_forced(choice)
        applied: list[str] = []
        copies: list[AppliedTransform] = []
        for t in op.transfers(runtime, choice.run_type, choice.input_targets):
            copies.extend(planned_transforms(t.name, t.target, t.actual))
            step = self.moved.get((t.name, t.target))
            if step is None:
                dest = self.transfers.var(f"{t.name}@{len(self.moved)}")
                dest.value = DenseTensor()
                moved, done = transform_data(t.name, t.target, t.actual, t.source.value)
                dest.value.share_data_with(moved)
                step = TransferStep(t.name, t.source, t.target, t.actual, dest,
                                    [d.kind for d in done])
                self.moved[(t.name, t.target)] = step
                plan.steps.append(step)
                applied.extend(str(d) for d in done)
            runtime.inputs[t.slot][t.index] = step.dest
        bound = bind_kernel(op, plan.scope, runtime, choice, self.pool.get(choice.place))
        try:
            run_bound(op.type, choice, bound)
        except ValueError as err:
            raise_if_copy_written(op.type, err, copies)
            raise
        outputs = [(v.value, v.value.dims) for vars_ in runtime.outputs.values() for v in vars_
                   if v is not None and isinstance(v.value, DenseTensor)]
        plan.steps.append(KernelStep(shown, op, choice, bound, outputs))
        plan.trace.append(trace_of(op, choice, applied, shown, self.fused_from))
        self._forget_written(op)
        self._release_dead(index, op)

    def _release_dead(self, index: int, op: OperatorBase) -> None:
        """Note the life of every intermediate that dies here and let its memory go, so the
        planning run never holds more than a run of the plan will."""
        for names in op.outputs.values():
            for n in names:
                self.first.setdefault(n, index)
        if self.lives is None:
            return
        for names in (*op.inputs.values(), *op.outputs.values()):
            for n in names:
                var = self.plan.scope.find_local_var(n)
                if self.last.get(n) != index or n in self.keep or n not in self.first \
                        or var is None or not isinstance(var.value, DenseTensor) \
                        or not var.value.place.is_cpu:  # the arenas are host memory
                    continue
                life = lifetime(n, var.value, self.first[n], index)
                if life is not None and n not in self.placed:
                    self.placed.add(n)
                    self.lives.append(life)
                    var.value._holder = None  # storage comes back from the memory plan

    def _forget_written(self, op: OperatorBase) -> None:
        """A variable written again must be moved again before its next use."""
        written = {n for names in op.outputs.values() for n in names}
        for k in [k for k in self.moved if k[0] in written]:
            del self.moved[k]

