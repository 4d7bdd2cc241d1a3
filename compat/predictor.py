"""Load a legacy inference model, check it and its feeds up front, and run it."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from compat.arg_mapping import phi_kernel_name
from compat.direct_run import remember
from compat.dual_dispatch import DualDispatchRunner, PathMode
from compat.kernel_crop import KernelCrop, as_crop, held_to
from compat.kernel_library import KernelLibrary
from compat.plan import PlannedExecutor
from legacy_fluid.framework.executor import Executor
from legacy_fluid.framework.op_kernel import OP_KERNELS
from legacy_fluid.framework.op_registry import OP_INFOS
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.program_desc import ProgramDesc, VarDesc
from legacy_fluid.framework.program_queries import array_input_names
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.trace import OpTrace
from phi.common import CPUPlace, DataType, Place
from phi.core.dense_tensor import DenseTensor, as_dense_tensor
from phi.core.kernel_factory import KERNELS


class ModelInputError(ValueError):
    """The model, its op set or the fed arrays cannot be used; lists every problem found."""

    def __init__(self, subject: str, problems: list[str]) -> None:
        self.subject, self.problems = subject, problems
        super().__init__(f"{subject}: " + "; ".join(problems))


@dataclass
class LoadedModel:
    program: ProgramDesc
    feed_names: list[str]
    fetch_names: list[str]
    scope: Scope
    model_path: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    #: The crop file the model's runs are held to (`compat.kernel_crop`), if any.
    crop: KernelCrop | None = None

    def array_inputs(self) -> list[str]:
        """`array_input_names` of the program, found once (a loaded program is not edited
        in place: plans are kept on the same understanding); do not modify the list."""
        cached = self.extra.get("array_inputs")
        if cached is None or cached[0] is not self.program:
            cached = self.extra["array_inputs"] = (self.program,
                                                   array_input_names(self.program))
        return cached[1]

    def feed_var(self, name: str) -> VarDesc:
        var = self.program.global_block().find_var(name)
        if var is None:
            raise ModelInputError(self.model_path, [f"feed target '{name}' has no VarDesc"])
        return var


def load_model(path: str | Path, params_file: str | Path | None = None, *,
               kernels: str | Path | KernelCrop | None = None) -> LoadedModel:
    """`dir/model` prefix, a program file or a directory with one model; params go into a
    fresh scope. `params_file` names the combined params file when its stem differs from
    the program's (`inference.pdmodel` + `weights.pdiparams`).

    Registration turns lazy (`compat.registration_index`): the kernels, operators and
    mappings the program looks up are imported, not every op's. `kernels`: a crop file
    (`fluidphi crop`): an op type outside it is refused here, a kernel outside it when
    a run chooses it (`CropError`)."""
    from compat.registration_index import enable_lazy_registration
    from legacy_fluid.io import load_inference_model

    enable_lazy_registration()

    scope = Scope()
    program, feeds, fetches = load_inference_model(str(path), scope=scope,
                                                   params_file=params_file)
    crop = as_crop(kernels)
    model = LoadedModel(program, list(feeds), list(fetches), scope, str(path), crop=crop)
    if crop is not None:
        crop.check_op_types(str(path), program.op_types())
    missing = missing_op_types(program)
    if missing:
        raise ModelInputError(
            str(path),
            [f"fluidphi has no operator '{t}' (used by {n} op(s))" for t, n in missing.items()],
        )
    return model


def missing_op_types(program: ProgramDesc) -> dict[str, int]:
    """Op types with neither an operator definition nor any kernel, with use counts."""
    infos = OP_INFOS
    counts: dict[str, int] = {}
    for t in program.op_types():
        if not infos.has(t):
            counts[t] = counts.get(t, 0) + 1
    return counts


def kernel_forms(op_type: str) -> str:
    """Which kernel forms fluidphi has for an op type: 'both', 'phi', 'legacy';
    'framework' for an op the executor runs itself (control flow, tensor arrays: no
    kernel to have); 'neither' for a kernel op with no kernel; 'missing' for an op type
    fluidphi has no operator for."""
    info = OP_INFOS.get(op_type)
    if info is not None and not issubclass(info.op_class, OperatorWithKernel):
        return "framework"
    phi = KERNELS.has_kernel(phi_kernel_name(op_type))
    legacy = OP_KERNELS.has(op_type)
    return {(True, True): "both", (True, False): "phi", (False, True): "legacy"}.get(
        (phi, legacy), "neither" if info is not None else "missing"
    )


def _dims_match(declared: list[int], actual: tuple[int, ...]) -> bool:
    return len(declared) == len(actual) and all(d < 0 or d == a for d, a in zip(declared, actual))


def _check_array_feed(model: LoadedModel, name: str, value: Any,
                      problems: list[str]) -> list[DenseTensor]:
    """A fed tensor array: a list of arrays / host DenseTensors (their LoDs kept), each of
    the array variable's dtype."""
    if not isinstance(value, (list, tuple)):
        problems.append(f"feed '{name}': the model reads it as a tensor array: give a list "
                        f"of arrays, got {type(value).__name__}")
        return []
    var = model.feed_var(name)
    tensors = []
    for i, item in enumerate(value):
        tensor = item if isinstance(item, DenseTensor) else as_dense_tensor(np.asarray(item))
        if var.dtype is not None and tensor.dtype != var.dtype:
            problems.append(f"feed '{name}'[{i}]: expected dtype {var.dtype}, got "
                            f"{tensor.dtype}")
        tensors.append(tensor)
    return tensors


FeedSpec = tuple[str, Any, list[int]]  # name, NumPy dtype, declared dims ([]: any)


def _feed_specs(model: LoadedModel) -> tuple[FeedSpec, ...] | None:
    """What `check_feeds` checks of each feed, found once per program; None when a feed
    reads a tensor array or has no dtype (the full check handles those)."""
    cached = model.extra.get("feed_specs")
    if cached is None or cached[0] is not model.program:
        specs: tuple[FeedSpec, ...] | None = None
        if not model.array_inputs():
            block = model.program.global_block()
            variables = [block.find_var(name) for name in model.feed_names]
            if all(v is not None and v.dtype is not None for v in variables):
                specs = tuple((name, np.dtype(v.dtype.to_numpy()), list(v.shape or ()))
                              for name, v in zip(model.feed_names, variables))
        cached = model.extra["feed_specs"] = (model.program, specs)
    return cached[1]


def _plain_feeds(model: LoadedModel, feeds: Mapping[str, Any]
                 ) -> dict[str, DenseTensor | list[DenseTensor]] | None:
    """The usual call: every feed a C-contiguous host array of its declared dtype and dims,
    and nothing else fed. Their tensors, as the full check makes them; None otherwise (the
    full check then says what is wrong, if anything)."""
    specs = _feed_specs(model)
    if specs is None or len(feeds) != len(specs):
        return None
    tensors: dict[str, DenseTensor | list[DenseTensor]] = {}
    for name, dtype, dims in specs:
        array = feeds.get(name)
        if type(array) is not np.ndarray or array.dtype != dtype \
                or not array.flags.c_contiguous or (dims and not _dims_match(dims, array.shape)):
            return None
        tensors[name] = DenseTensor(array)
    return tensors


def check_feeds(model: LoadedModel, feeds: Mapping[str, np.ndarray | DenseTensor | list[Any]]
                ) -> dict[str, DenseTensor | list[DenseTensor]]:
    """Match fed arrays to feed vars (name, dtype, dims); every problem reported at once.
    A fed `DenseTensor` (on the host) keeps its LoD (sequence inputs of LoD programs). A
    tensor array the program reads without a feed op (`array_input_names`) is fed a list
    of arrays / DenseTensors."""
    plain = _plain_feeds(model, feeds)
    if plain is not None:
        return plain
    problems: list[str] = []
    tensors: dict[str, DenseTensor | list[DenseTensor]] = {}
    arrays = model.array_inputs()
    for name in feeds:
        if name in arrays:
            tensors[name] = _check_array_feed(model, name, feeds[name], problems)
        elif name not in model.feed_names:
            problems.append(
                f"unknown feed '{name}' (the model's feeds: "
                f"{', '.join(model.feed_names + arrays) or 'none'})"
            )
    for name in model.feed_names:
        if name not in feeds:
            problems.append(f"feed '{name}' was not given")
            continue
        var = model.feed_var(name)
        array = feeds[name].numpy() if isinstance(feeds[name], DenseTensor) else np.asarray(
            feeds[name])
        try:
            got = DataType.from_numpy(array.dtype)
        except TypeError:
            problems.append(f"feed '{name}': array dtype {array.dtype} is not a tensor dtype")
            continue
        if var.dtype is not None and got != var.dtype:
            problems.append(f"feed '{name}': expected dtype {var.dtype}, got {got}")
        if var.shape and not _dims_match(var.shape, array.shape):
            problems.append(
                f"feed '{name}': expected shape {var.shape} (-1 = any), got {list(array.shape)}"
            )
        tensors[name] = as_dense_tensor(array)
    if problems:
        raise ModelInputError(model.model_path, problems)
    for name, value in feeds.items():
        if isinstance(value, DenseTensor) and value.lod:
            tensors[name].lod = value.lod  # type: ignore[union-attr]
    return tensors


@dataclass
class RunResult:
    outputs: dict[str, np.ndarray]
    trace: list[OpTrace]
    seconds: float
    #: The LoD of each fetched tensor that has one (LoD programs: sequence outputs).
    lods: dict[str, list[list[int]]] = field(default_factory=dict)


def run_model(
    model: LoadedModel,
    feeds: Mapping[str, np.ndarray | DenseTensor | list[Any]],
    *,
    place: Place | None = None,
    path: PathMode | str = PathMode.AUTO,
    executor: Executor | PlannedExecutor | None = None,
    planned: bool = True,
    passes: bool = True,
    cpu_ops: Iterable[str] = (),
    library: KernelLibrary | str = KernelLibrary.PLAIN,
) -> RunResult:
    """Run `model` on `feeds`.

    `planned` (the default) runs the auto and phi paths through a plan built once per
    (place, path, feed shapes) and kept with the model, so later calls run kernels
    only; the legacy path, or `planned=False`, chooses kernels on every run, so the two
    can be compared. `passes` (planned runs only) fuses ops at plan time (conv + batch_norm
    + activation, fc, inference dropout); False runs the program op by op. `cpu_ops`: op
    types that run on CPU whatever `place` is (their inputs are moved to the host, their
    outputs stay there; the trace notes it). `library`: the kernel library preferred
    where it has a kernel (`compat.kernel_library`; plain elsewhere). `seconds` is the
    wall time of this call.
    A call repeated with the same arguments and host arrays of the same dims and dtypes
    runs directly (`compat.direct_run`) once its plan is compiled and lowered: the same
    results, without the per-call checks and look-ups the plan made once.
    """
    given = (place, path, planned, passes, cpu_ops, library) if executor is None \
        else (executor, path)
    direct = model.extra.get("direct")
    if direct is not None:
        try:
            found = direct.get(given)
        except TypeError:  # an unhashable argument: never remembered
            found = None
        if found is not None:
            parts = found.run(model.program, model.scope, feeds)
            if parts is not None:
                return RunResult(*parts)
    tensors = check_feeds(model, feeds)
    if executor is None:
        executor = executor_for(model, place or CPUPlace(), path, planned, passes, cpu_ops,
                                library)
    else:
        PathMode.parse(path)  # a wrong path is an error either way
    start = time.perf_counter()
    with held_to(model.crop):
        fetched = executor.run(model.program, model.scope, tensors)
    seconds = time.perf_counter() - start
    if isinstance(executor, PlannedExecutor):  # its fetched tensors are fresh host copies
        outputs = {name: t.numpy() for name, t in zip(model.fetch_names, fetched)}
    else:  # the plain executor may hand out the program's own tensors
        outputs = {name: np.array(t.numpy(), copy=True)
                   for name, t in zip(model.fetch_names, fetched)}
    lods = {name: [list(level) for level in t.lod]
            for name, t in zip(model.fetch_names, fetched) if t.lod}
    if isinstance(executor, PlannedExecutor) and type(cpu_ops) in (tuple, frozenset):
        try:
            remember(model.extra.setdefault("direct", {}), given, executor, tensors,
                     model.fetch_names)
        except TypeError:  # an unhashable argument
            pass
    return RunResult(outputs, list(executor.last_trace), seconds, lods)


def executor_for(model: LoadedModel, place: Place, mode: PathMode | str, planned: bool,
                 passes: bool = True, cpu_ops: Iterable[str] = (),
                 library: KernelLibrary | str = KernelLibrary.PLAIN
                 ) -> Executor | PlannedExecutor:
    """The model's executor for (place, path, planned, passes, cpu_ops, library), kept so
    that its plans are reused. The arguments as given are remembered too (when cpu_ops
    is a tuple or frozenset), so that repeated runs skip parsing them."""
    given = (place, mode, planned, passes, cpu_ops, library)
    remembered = model.extra.setdefault("executor_for", {})
    if type(cpu_ops) in (tuple, frozenset):
        found = remembered.get(given)
        if found is not None:
            return found
    executor = _executor(model, place, PathMode.parse(mode), planned, passes, cpu_ops, library)
    if type(cpu_ops) in (tuple, frozenset):
        remembered[given] = executor
    return executor


def _executor(model: LoadedModel, place: Place, mode: PathMode, planned: bool, passes: bool,
              cpu_ops: Iterable[str], library: KernelLibrary | str
              ) -> Executor | PlannedExecutor:
    planned = planned and mode is not PathMode.LEGACY
    forced = frozenset(cpu_ops)
    chosen = KernelLibrary.parse(library)
    key = (place, mode, planned, passes and planned, *((forced,) if forced else ()),
           *((chosen,) if chosen is not KernelLibrary.PLAIN else ()))
    executors = model.extra.setdefault("executors", {})
    if key not in executors:
        name = "/".join(Path(model.model_path).parts[-2:])
        executors[key] = (PlannedExecutor(place, mode, passes, cpu_ops=forced, name=name,
                                          library=chosen)
                          if planned
                          else Executor(place, DualDispatchRunner(mode, forced, chosen)))
    return executors[key]
