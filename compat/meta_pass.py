"""Dims and dtypes of every variable of block 0, through InferMeta, before anything runs.

`infer_program` walks the ops in order over placeholder tensors: each fed or
computed tensor is a zero-strided view of one element (`placeholder`), so a
[2**31] float32 var costs nothing here while its 8 GiB show in the estimate.
Per op, `infer_op_meta` (the one place this module calls InferMeta, to be
rewired in one place) picks the kernel as dual dispatch would on CPU and runs
its InferMeta, or the op's legacy `infer_shape` where the kernel has none.

Shapes that depend on tensor *values* (a reshape's ShapeTensor, ...) are
followed where the values are known: parameters, and the outputs of ops whose
inputs are all known and small, which are run for real (constant folding:
`fill_constant`, `shape` of any tensor, a slice of a shape, ...). An op whose
shapes depend on an unknown value (fed data) is not inferred, and neither is
anything downstream of it; `MetaPass.not_inferred` lists them. What InferMeta
or the kernel choice rejects is an `OpProblem`.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

import numpy as np

from compat.arg_mapping import get_kernel_signature
from compat.arg_mapping_context import ExecutionArgumentMappingContext
from compat.dual_dispatch import DualDispatchRunner, PathMode, PhiKernelRun, choose_kernel
from compat.phi_args import build_kernel_args
from legacy_fluid.framework.attr_types import AttrTypeError
from legacy_fluid.framework.execution_context import (
    ExecutionContext,
    InferShapeContext,
    RuntimeContext,
)
from legacy_fluid.framework.op_registry import OP_INFOS, create_op
from legacy_fluid.framework.operator import OperatorBase, OperatorWithKernel
from legacy_fluid.framework.program_desc import ProgramDesc
from legacy_fluid.framework.program_queries import array_input_names
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.io.tensor_checks import dims_problem
from phi.common import CPUPlace, DataType, Place
from phi.core.dense_tensor import DenseTensor
from phi.core.device_backends import DeviceContextPool
from phi.core.errors import InvalidValueError

#: Ops whose kernels read only the dims of their inputs: run for real whatever they read.
DIMS_ONLY_OPS = frozenset({"shape"})
#: Known tensors of at most this many elements feed ops that are run for real.
SMALL_NUMEL = 4096
#: With `kernels`, ops whose tensors each hold at most this many elements run their
#: kernel on placeholder data too, so that what a kernel rejects is found as well.
KERNEL_NUMEL = 1 << 22
FEED_FETCH_OPS = frozenset({"feed", "fetch", "fetch_v2"})


class ValueDependentError(Exception):
    """The op's output shapes depend on the values of a tensor that is not known yet."""


@dataclass(frozen=True)
class VarMeta:
    name: str
    dims: tuple[int, ...]
    dtype: DataType
    op_index: int  # the op that writes it (-1: fed)
    op_type: str

    @property
    def nbytes(self) -> int:
        return math.prod(self.dims) * _itemsize(self.dtype)


class OpStage(str, Enum):
    """Where an op's problem showed: its InferMeta (or kernel choice), or its kernel."""

    INFER_META = "infer-meta"
    KERNEL = "kernel"


@dataclass(frozen=True)
class OpProblem:
    index: int
    op_type: str
    message: str
    stage: OpStage = OpStage.INFER_META

    def __str__(self) -> str:
        return f"op #{self.index} '{self.op_type}': {self.message}"


@dataclass
class MetaPass:
    vars: dict[str, VarMeta] = field(default_factory=dict)
    problems: list[OpProblem] = field(default_factory=list)
    #: (op index, op type, why) of the ops whose outputs could not be inferred
    not_inferred: list[tuple[int, str, str]] = field(default_factory=list)
    #: outputs whose size InferMeta leaves to the data (a -1 dim: NMS detections, ...)
    data_dependent: list[str] = field(default_factory=list)
    ops: int = 0

    @property
    def bytes(self) -> int:
        """Bytes of every inferred variable the run allocates (parameters excluded)."""
        return sum(v.nbytes for v in self.vars.values())

    def largest(self) -> VarMeta | None:
        return max(self.vars.values(), key=lambda v: v.nbytes, default=None)


def _itemsize(dtype: DataType) -> int:
    try:
        return int(np.dtype(dtype.to_numpy()).itemsize)
    except (TypeError, ValueError):
        return 0


def placeholder(dims: Sequence[int], dtype: DataType) -> np.ndarray:
    """A read-only array of `dims` that holds one element: shapes without memory."""
    return np.broadcast_to(np.zeros((), dtype.to_numpy()), tuple(dims))


def _tensor(scope: Scope, name: str) -> DenseTensor | None:
    var = scope.find_var(name)
    value = var.value if var is not None else None
    return value if isinstance(value, DenseTensor) else None


def infer_op_meta(op: OperatorWithKernel, scope: Scope, place: Place,
                  known: Callable[[str], bool]) -> None:
    """Set the dims and dtype of `op`'s outputs in `scope` from its inputs there.

    The kernel is chosen as dual dispatch chooses it (`--path auto`); a PHI
    kernel's InferMeta runs where it has one, the op's `infer_shape` otherwise.
    Raises `ValueDependentError` when a tensor read as an attribute
    (ShapeTensor, ScaleTensor, ...) is not `known`; otherwise whatever the
    kernel choice or InferMeta raises.
    """
    runtime = RuntimeContext.build(op, scope)
    dev_ctx = DeviceContextPool.instance().get(place)
    expected = op.get_expected_kernel_type(ExecutionContext(op, scope, dev_ctx, runtime))
    sig = get_kernel_signature(op.proto, ExecutionArgumentMappingContext(op, runtime))
    for slot in sig.attrs if sig is not None else ():
        for name in op.inputs.get(slot, []):
            if not known(name):
                raise ValueDependentError(f"its shapes depend on the values of '{name}'")
    choice = choose_kernel(op, expected, sig, PathMode.AUTO)
    if isinstance(choice, PhiKernelRun) and choice.infer_meta is not None:
        choice.infer_meta(build_kernel_args(op, runtime, choice.signature,
                                            choice.kernel.args_def, dev_ctx=dev_ctx))
        op.infer_outputs_beyond_kernel(InferShapeContext(op, runtime))
    else:
        op.infer_shape(InferShapeContext(op, runtime))


class _Walk:
    """State of one pass: which variables hold real values, which are placeholders."""

    def __init__(self, program: ProgramDesc, scope: Scope, place: Place,
                 kernels: bool) -> None:
        self.block = program.global_block()
        self.kernels = kernels
        self.place = place
        self.local = scope.new_scope()
        written = {n for op in self.block.ops for n in op.output_arg_names()}
        for var in self.block.vars.values():
            if not var.persistable:
                self.local.var(var.name)
            elif var.name in written:  # an op writes a parameter: never into the real one
                param = _tensor(scope, var.name)
                self.local.var(var.name).value = (
                    DenseTensor().share_data_with(param) if param is not None else None)
        self.real: set[str] = {v.name for v in self.block.vars.values() if v.persistable}
        self.unknown: set[str] = set()
        self.result = MetaPass()
        self.runner = DualDispatchRunner(PathMode.AUTO)

    def is_real(self, name: str) -> bool:
        return name in self.real

    def small(self, name: str) -> bool:
        t = _tensor(self.local, name)
        return t is not None and t.numel() <= SMALL_NUMEL

    def feed(self, name: str, index: int, dims: Sequence[int], dtype: DataType) -> None:
        self.local.var(name).value = DenseTensor(placeholder(dims, dtype))
        self.result.vars[name] = VarMeta(name, tuple(dims), dtype, index, "feed")

    def too_big(self, index: int, op: OperatorWithKernel, metas: list[VarMeta]) -> bool:
        """An output no memory could hold is a problem of its op (NumPy cannot even
        describe it)."""
        for m in metas:
            problem = dims_problem(m.dims)
            if problem is not None:
                self.result.problems.append(OpProblem(
                    index, op.type, f"output '{m.name}' would have dims {list(m.dims)}: "
                    f"{problem}"))
                self.skip(index, op, op.type, "it failed")
                return True
        return False

    def skip(self, index: int, op: OperatorBase | None, op_type: str, why: str) -> None:
        self.result.not_inferred.append((index, op_type, why))
        if op is not None:
            self.unknown.update(n for names in op.outputs.values() for n in names)

    def op(self, index: int, op: OperatorWithKernel) -> None:
        ins = [n for names in op.inputs.values() for n in names]
        outs = [n for names in op.outputs.values() for n in names]
        blocked = next((n for n in ins if n in self.unknown), None)
        if blocked is not None:
            self.skip(index, op, op.type, f"its input '{blocked}' is not inferred")
            return
        try:
            infer_op_meta(op, self.local, self.place, self.is_real)
        except ValueDependentError as e:
            self.skip(index, op, op.type, str(e))
            return
        except Exception as e:
            self.result.problems.append(OpProblem(index, op.type, _why(e)))
            self.skip(index, op, op.type, "it failed")
            return
        metas = []
        for name in outs:
            t = _tensor(self.local, name)
            if t is None or t.dtype is DataType.UNDEFINED or any(d < 0 for d in t.dims):
                self.unknown.add(name)
                if t is not None and any(d < 0 for d in t.dims):
                    self.result.data_dependent.append(name)
                continue
            metas.append(VarMeta(name, tuple(t.dims), t.dtype, index, op.type))
        if self.too_big(index, op, metas):
            return
        sizes_ok = all(self.numel(n) <= KERNEL_NUMEL for n in ins) and all(
            math.prod(m.dims) <= KERNEL_NUMEL for m in metas)
        known = op.type in DIMS_ONLY_OPS or all(self.is_real(n) and self.small(n) for n in ins)
        if known and metas and all(math.prod(m.dims) <= SMALL_NUMEL for m in metas):
            if not self.run_kernel(index, op):
                return
            self.real.update(m.name for m in metas)
        else:
            if self.kernels and sizes_ok and not self.reads_lod(ins) \
                    and not self.run_kernel(index, op, placeholders=True):
                return
            for m in metas:
                self.local.var(m.name).value = DenseTensor(placeholder(m.dims, m.dtype))
                self.real.discard(m.name)
        for m in metas:
            self.result.vars[m.name] = m

    def reads_lod(self, names: Sequence[str]) -> bool:
        """Whether a variable is declared with a LoD (lod_level > 0): placeholders carry
        none, and a sequence op's kernel reads it, so such ops are only inferred."""
        return any((v := self.block.vars.get(n)) is not None and v.lod_level > 0
                   for n in names)

    def numel(self, name: str) -> int:
        t = _tensor(self.local, name)
        return 0 if t is None else t.numel()

    def run_kernel(self, index: int, op: OperatorWithKernel, placeholders: bool = False) -> bool:
        """Run `op` for real (on whatever its inputs hold); False when it fails. On
        `placeholders` (values that mean nothing), a kernel refusing the values it was given
        (InvalidValueError: a singular matrix, ...) is no problem of the program."""
        try:
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.runner(op, self.local, self.place)
        except Exception as e:
            if placeholders and isinstance(e, InvalidValueError):
                return True
            self.result.problems.append(OpProblem(index, op.type, _why(e), OpStage.KERNEL))
            self.skip(index, op, op.type, "it failed")
            return False
        return True


def _why(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
    return text if len(text) <= 300 else text[:297] + "..."


def infer_program(program: ProgramDesc, scope: Scope,
                  feeds: Mapping[str, tuple[Sequence[int], DataType]],
                  place: Place | None = None, *, kernels: bool = False) -> MetaPass:
    """Dims and dtypes of block 0's variables for feeds of the given dims and dtypes.

    `scope` holds the parameters (it is left as it was). Ops of types fluidphi
    lacks are listed in `not_inferred`, as is everything downstream of them.
    With `kernels`, ops whose tensors are small enough (`KERNEL_NUMEL`) also run
    their kernels on placeholder data, one op at a time (a smoke test of what
    the kernels accept; their outputs are dropped again).
    """
    place = place or CPUPlace()
    walk = _Walk(program, scope, place, kernels)
    walk.unknown.update(array_input_names(program))  # tensor arrays the caller fills
    infos = OP_INFOS
    try:
        for index, desc in enumerate(walk.block.ops):
            walk.result.ops += 1
            if desc.type == "feed":
                name = next(iter(desc.output("Out")), "")
                if name in feeds:
                    walk.feed(name, index, *feeds[name])
                else:
                    walk.skip(index, None, desc.type, f"'{name}' is not fed")
                    walk.unknown.add(name)
                continue
            if desc.type in FEED_FETCH_OPS:
                continue
            if not infos.has(desc.type):
                walk.skip(index, None, desc.type, "fluidphi has no such operator")
                walk.unknown.update(desc.output_arg_names())
                continue
            try:
                op = create_op(desc)
            except AttrTypeError as e:  # listed apart by the checker
                walk.skip(index, None, desc.type, str(e))
                walk.unknown.update(desc.output_arg_names())
                continue
            if not isinstance(op, OperatorWithKernel):
                walk.skip(index, op, desc.type, "a framework op (control flow or tensor "
                          "array): its outputs are known only when it runs")
                continue
            walk.op(index, op)
    finally:
        scope.drop_kids()
    return walk.result


def declared_feeds(program: ProgramDesc, feed_names: Sequence[str], batch: int = 1
                   ) -> dict[str, tuple[list[int], DataType]]:
    """Feed dims and dtypes from the VarDescs, -1 dims taken as `batch`."""
    block = program.global_block()
    out: dict[str, tuple[list[int], DataType]] = {}
    for name in feed_names:
        var = block.find_var(name)
        if var is None or var.type != VarType.LOD_TENSOR or var.dtype is None:
            continue
        out[name] = ([batch if d < 0 else d for d in var.shape], var.dtype)
    return out
