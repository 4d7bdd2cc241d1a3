"""A plan compiled to code: its steps as one generated Python function.

`compile_plan` writes the plan's steps out as the body of `def run():` (as torch.fx
writes a GraphModule's `forward`): every bound kernel's `infer` and `compute`, every
output tensor, transfer and framework op is a global of the function's own namespace,
and each step is a few straight-line statements; nothing is looked up or dispatched on
per step. The code does what `compat.plan._run`'s loop over the steps does, in the same
order with the same kernels, so its results are bit-identical:

- a kernel step infers its outputs' meta when the call is dynamic or an earlier step's
  outputs changed dims in this run (`reinfer`), then computes; afterwards, when any of
  its outputs has other dims than after its last run, the dims are noted and every
  later step infers again (data-dependent shapes);
- a transfer step moves its variable; a framework step (control flow) runs its op,
  sub-blocks interpreted as before, and every later step infers again.

Where the plan may lower (`Plan.may_lower`), `fast` writes the steps that have a lowering
as the kernels' math on the steps' buffers (`compat.plan_lowering`), each with its kernel
call as the branch a `slow` run takes (a buffer moved, or dims changed), and returns
`slow`; the plan then compiles its code again. A lowered `fast` takes `fed`: a direct run
(`compat.direct_run`) passes the fed arrays, which the lowered feeds copy as they are.

Two functions are generated from one plan: `fast` calls `compute` directly, `observed`
runs each kernel through `run_bound`, so kernel observers see every call. Which one runs
is decided once per run (`CompiledPlan.runner`). The current step's op index is kept in a
local, so an exception leaves the function naming the op that failed (`failed_at`); the
source is registered with `linecache` under `<fluidphi plan NAME>`, so tracebacks show
the generated line.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import Any

from compat.plan_lowering import Binder, literal, lower_step
from phi.core.bound_kernel import run_bound
from phi.core.kernel_observers import KERNEL_OBSERVERS


class StepKind(Enum):
    """What a plan step does (each step class of `compat.plan` names its kind)."""

    TRANSFER = "transfer"  # moves one variable to another kernel type
    KERNEL = "kernel"  # calls one op's bound kernel
    FRAMEWORK = "framework"  # an op that runs itself (control flow)


#: `run()` returns None (a lowered one: whether the run left the lowered steps, `slow`); on
#: an exception it leaves the op index in `state[0]`. A lowered `run(fed)` takes the fed
#: arrays of a direct run (`compat.direct_run`; None, the default: the feed list's)
Runner = Callable[..., bool | None]


@dataclass(frozen=True)
class CompiledPlan:
    """The generated source of a plan and the two functions compiled from it."""

    source: str  # of `fast`
    observed_source: str
    filename: str
    fast: Runner
    observed: Runner
    #: [op index of the step that ran last]: read after an exception to name the op
    state: list[int]
    #: `fast` runs lowered steps (`compat.plan_lowering`) and returns True when a run left
    #: them (its buffers moved or dims changed): the plan then compiles its code again
    lowered: bool = False
    #: whether a bound buffer moved (`Binder.moved`; checked after an observed run)
    moved: Callable[[], bool] = lambda: False

    def runner(self) -> Runner:
        """The function for this run: `observed` when any kernel observer is attached."""
        return self.observed if KERNEL_OBSERVERS else self.fast

    @property
    def failed_at(self) -> int:
        return self.state[0]


def _refresh(outputs: list[tuple[Any, tuple[int, ...]]]) -> None:
    """Note the outputs' dims after a run that changed them (as `KernelStep.run` does)."""
    for i, (tensor, _) in enumerate(outputs):
        outputs[i] = (tensor, tensor.meta.dims)


def _comment(text: str) -> str:
    return " ".join(text.split())


def _call(k: int, compute: Callable[[], None], names: dict[str, Any]) -> str:
    """The statement calling step `k`'s kernel: a partial's function called with its
    arguments (globals, plain literals inline), anything else called as it is."""
    if not isinstance(compute, partial) or compute.keywords:
        names[f"compute_{k}"] = compute
        return f"compute_{k}()"
    fn = compute.func
    label = "".join(c if c.isalnum() or c == "_" else "_" for c in
                    getattr(fn, "__name__", "kernel"))
    names[f"{label}_{k}"] = fn
    args = []
    for i, arg in enumerate(compute.args):
        text = literal(arg)
        if text is None:
            names[f"a{k}_{i}"] = arg
            text = f"a{k}_{i}"
        args.append(text)
    return f"{label}_{k}({', '.join(args)})"


def _dims_check(k: int, step: Any, names: dict[str, Any], lowered: bool) -> list[str]:
    """After step `k`: when any of its outputs has other dims than after its last run, note
    them and let every later step infer again (in a lowered function: and call kernels)."""
    if not step.outputs:
        return []
    names[f"outs_{k}"] = step.outputs
    for j, (tensor, _) in enumerate(step.outputs):
        names[f"t_{k}_{j}"] = tensor
    changed = " or ".join(f"t_{k}_{j}.meta.dims != outs_{k}[{j}][1]"
                          for j in range(len(step.outputs)))
    return [f"if {changed}:", f"    refresh(outs_{k})",
            "    reinfer = slow = True" if lowered else "    reinfer = True"]


def _kernel_lines(k: int, step: Any, names: dict[str, Any], lowered: bool) -> list[str]:
    """Step `k`'s kernel call (inferring first when it must) and `_dims_check`."""
    bound = step.bound
    names[f"infer_{k}"] = bound.infer
    return [f"infer_{k}()" if bound.dynamic else f"if reinfer: infer_{k}()",
            _call(k, bound.compute, names), *_dims_check(k, step, names, lowered)]


def _step_lines(k: int, step: Any, observed: bool, names: dict[str, Any],
                next_index: int, lowering: tuple[Binder, list[str] | None] | None = None
                ) -> list[str]:
    """The statements of step `k` (the names they use are added to `names`). `lowering`:
    the plan's binder and the step's lowered statements (None: it calls its kernel), in a
    lowered function."""
    if step.kind is StepKind.TRANSFER:
        names[f"move_{k}"] = step
        return [f"# move {_comment(step.name)} to {_comment(str(step.target))} "
                f"({', '.join(step.kinds) or 'no change'})",
                f"at = {next_index}", f"move_{k}()"]
    if step.kind is StepKind.FRAMEWORK:
        names[f"op_{k}"], names[f"scope_{k}"], names[f"place_{k}"] = \
            step.op, step.scope, step.place
        return [f"# #{step.index} {_comment(step.op.type)}: runs itself (sub-blocks op by op)",
                f"at = {step.index}", f"op_{k}.run(scope_{k}, place_{k})", "reinfer = True"]
    choice, bound = step.choice, step.bound
    lines = [f"# #{step.index} {_comment(step.op.type)}: {_comment(choice.kernel_name)} "
             f"({_comment(str(choice.path))}, {_comment(choice.key_text)})"
             + (" lowered" if lowering is not None and lowering[1] is not None else ""),
             f"at = {step.index}"]
    if observed:
        names[f"type_{k}"], names[f"choice_{k}"], names[f"bound_{k}"] = \
            step.op.type, choice, bound
        return [*lines, f"run_bound(type_{k}, choice_{k}, bound_{k}, reinfer)",
                *_dims_check(k, step, names, lowered=False)]
    if lowering is None:
        return lines + _kernel_lines(k, step, names, lowered=False)
    binder, lowered = lowering
    kernel = _kernel_lines(k, step, names, lowered=True)
    if lowered is None:  # a kernel call whose outputs lowered steps may read
        moved = [f"{n} is not T{n}._holder"
                 for n in binder.bound_outputs([t for t, _ in step.outputs])]
        return lines + kernel + ([f"elif {' or '.join(moved)}:", "    slow = True"]
                                 if moved else [])
    return [*lines, "if slow:", *("    " + line for line in kernel), "else:",
            *("    " + line for line in lowered)]


def op_indices(steps: Sequence[Any]) -> list[int]:
    """Per step, the op index of the first non-transfer step from it on (the op a
    transfer moves a variable for; -1 when none follows)."""
    out, following = [0] * len(steps), -1
    for k in range(len(steps) - 1, -1, -1):
        following = getattr(steps[k], "index", following)
        out[k] = following
    return out


def generate_source(steps: Sequence[Any], observed: bool, lower: bool = False,
                    private: Collection[int] = ()) -> tuple[str, dict[str, Any], Binder | None]:
    """The source of `run()` for `steps` and the globals it needs; `lower`: with the steps
    that can lowered (`compat.plan_lowering`; only for steps `may_lower` accepts), and
    returning whether the run left them (`slow`); `private`: `Binder`'s), and the binder
    of the lowered steps' buffers (None when none lowered). The observed function returns
    whether any step's dims changed."""
    names: dict[str, Any] = {"refresh": _refresh, "run_bound": run_bound}
    lowered: list[list[str] | None] = []
    binder = Binder(names, private) if lower and not observed else None
    if binder is not None:
        lowered = [lower_step(k, step, binder) for k, step in enumerate(steps)]
        if not any(lines is not None for lines in lowered):
            binder = None
    body = ["state[0] = -1", "at = -1", "reinfer = False",
            *(binder.guard() if binder is not None else []), "try:"]
    nexts = op_indices(steps)
    for k, step in enumerate(steps):
        body += ["    " + line for line in _step_lines(
            k, step, observed, names, nexts[k],
            None if binder is None else (binder, lowered[k]))]
    body += ["    pass", "finally:", "    state[0] = at"]
    if binder is not None:
        body.append("return slow")
    elif observed:
        body.append("return reinfer")
    head = ("def run_observed():" if observed else
            "def run(fed=None):" if binder is not None else "def run():")
    return "\n".join([head, *("    " + line for line in body)]) + "\n", names, binder


def _compile(source: str, names: dict[str, Any], filename: str, fn: str) -> Runner:
    code = compile(source, filename, "exec")
    namespace = dict(names)
    exec(code, namespace)  # our own generated source (see the module doc)
    return namespace[fn]


def compile_plan(steps: Sequence[Any], name: str = "", lower: bool = False,
                 private: Collection[int] = ()) -> CompiledPlan:
    """Generate and compile the code of a plan's `steps` (see the module doc). `name` goes
    into the filename tracebacks show; `lower`: `fast` runs the steps that can lowered
    (`compat.plan_lowering`; `private`: the ids of the tensors of the plan's own scope)."""
    state = [-1]
    fast_src, fast_names, binder = generate_source(steps, observed=False, lower=lower,
                                                   private=private)
    obs_src, obs_names, _ = generate_source(steps, observed=True)
    filename = f"<fluidphi plan {name or 'program'}>"
    fast_names["state"] = obs_names["state"] = state
    fast = _compile(fast_src, fast_names, filename, "run")
    observed = _compile(obs_src, obs_names, filename + " (observed)", "run_observed")
    for fname, text in ((filename, fast_src), (filename + " (observed)", obs_src)):
        linecache.cache[fname] = (len(text), None, text.splitlines(True), fname)
    return CompiledPlan(fast_src, obs_src, filename, fast, observed, state,
                        binder is not None, binder.moved if binder is not None else _never)


def _never() -> bool:
    return False
