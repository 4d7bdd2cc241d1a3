"""The direct run: `run_model` on a lowered plan with nothing per call but the plan's code.

A model's usual call (the same arguments, host arrays of the same dims and dtypes) ends,
after its plan has been built and compiled, at a lowered plan (`compat.plan_lowering`)
whose code does the whole run. `run_model` then keeps a `DirectRun` for the call's
arguments (`remember`), made from that run: which arrays it may take (names, dtypes,
dims), the plan, its feed and fetch lists. From the next call on, `DirectRun.run`
checks that the call is one of those (each feed a C-contiguous NumPy array of the planned
dtype and dims, nothing else fed; the model's program and scope, the plan still the
executor's, compiled, lowered and not stale; no kernel observer attached) and runs the
code with the fed arrays as its argument (`fed`): no feed check, no DenseTensor per feed,
no executor or plan look-up, no feed signature. Anything else returns None and takes the
usual path, which checks and reports as always.

What a direct run does is what the usual path does, in the same order on the same plan: the
checks it skips are those whose answer the planned dims and dtypes fix (`check_feeds`
accepted exactly these; the plan is keyed by them); the feed list holds tensors of the
fed arrays (kept from run to run, only their arrays changed), so a step that calls its
kernel reads the feed list as ever; the lowered feed copies the array into its buffer as
the feed kernel does; no kernel is chosen in a lowered plan, so a crop file has nothing
to check; no control flow, so no block runner. Its results are the usual path's, bit for
bit (`tests/core/test_direct_run.py`).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import numpy as np

from compat.plan import Plan, PlannedExecutor, _op_error
from phi.core.dense_tensor import DenseTensor
from phi.core.kernel_observers import KERNEL_OBSERVERS

#: what `DirectRun.run` gives back: RunResult's fields (outputs, trace, seconds, lods)
Parts = tuple[dict[str, np.ndarray], list[Any], float, dict[str, list[list[int]]]]


class DirectRun:
    """One call's arguments, and the plan and arrays its direct runs take (module doc)."""

    __slots__ = ("builds", "dims", "dtypes", "executor", "feed_list", "fetch_list",
                 "fetch_names", "names", "plan", "tensors")

    def __init__(self, executor: PlannedExecutor, plan: Plan, names: list[str],
                 fetch_names: list[str]) -> None:
        """`names`: the plan's feeds, in column order, each with its tensor in the feed list
        as the run that made this left it (a host NumPy array's)."""
        self.executor, self.plan, self.builds = executor, plan, executor.builds
        self.names = tuple(names)
        self.feed_list: list[Any] = plan.scope.var(plan.feed_holder).get_list()  # type: ignore[arg-type]
        self.fetch_list: list[Any] = plan.scope.var(plan.fetch_holder).get_list()  # type: ignore[arg-type]
        self.tensors = [DenseTensor(dtype=t.dtype, dims=t.dims) for t in self.feed_list]
        self.dtypes = tuple(t._holder.dtype for t in self.feed_list)
        self.dims = tuple(t.dims for t in self.feed_list)
        self.fetch_names = fetch_names

    def valid(self, program: Any, scope: Any) -> bool:
        """Whether the plan may still run directly (module doc); the arrays are not looked
        at."""
        plan, executor = self.plan, self.executor
        code = plan.compiled
        if code is None or not code.lowered or plan.stale or KERNEL_OBSERVERS \
                or plan.source is not program or plan.source_scope is not scope:
            return False
        if executor.builds != self.builds:  # plans were built since: is this one kept?
            if executor._plans.get(plan.key) is not plan:
                return False
            self.builds = executor.builds
        return True

    def run(self, program: Any, scope: Any, feeds: Mapping[str, Any]) -> Parts | None:
        """Run the plan on `feeds` when they and everything else allow (module doc), else
        None (nothing was done)."""
        names = self.names
        if (type(feeds) is not dict and not isinstance(feeds, Mapping)) \
                or len(feeds) != len(names) or not self.valid(program, scope):
            return None
        fed = []
        for name, dtype, dims in zip(names, self.dtypes, self.dims):
            array = feeds.get(name)
            if type(array) is not np.ndarray or array.dtype != dtype \
                    or array.shape != dims or not array.flags.c_contiguous:
                return None
            fed.append(array)
        plan, executor = self.plan, self.executor
        for tensor, array in zip(self.tensors, fed):
            tensor._holder = array
        self.feed_list[:] = self.tensors
        fetched = self.fetch_list
        fetched.clear()
        plans = executor._plans
        if len(plans) > 1:  # the plans' order of use (which one a new plan evicts)
            plans.move_to_end(plan.key)
        code = plan.compiled
        start = time.perf_counter()
        try:
            slow = code.fast(fed)  # type: ignore[union-attr]
        except Exception as exc:
            plan.left_lowered()  # buffers may have moved before the failure
            raise _op_error(plan, code.failed_at, exc) from exc  # type: ignore[union-attr]
        seconds = time.perf_counter() - start
        if slow:
            plan.left_lowered()
        executor.last_plan, executor.last_trace = plan, plan.trace
        outputs, lods = {}, {}
        for name, tensor in zip(self.fetch_names, fetched):
            held = tensor._holder
            outputs[name] = held if type(held) is np.ndarray else tensor.numpy()
            if tensor.meta.lod:
                lods[name] = [list(level) for level in tensor.meta.lod]
        return outputs, list(plan.trace), seconds, lods


def remember(store: dict[Any, DirectRun], key: Any, executor: Any, feeds: Mapping[str, Any],
             fetch_names: list[str]) -> None:
    """After a usual run of `executor` on `feeds` (checked), keep a `DirectRun` under `key`
    (the call's arguments) when none valid is kept and the run allows one: its plan
    compiled and lowered, fed by feed ops with one NumPy array per feed, fetched by fetch
    ops."""
    kept = store.get(key)
    plan = getattr(executor, "last_plan", None)
    if not isinstance(executor, PlannedExecutor) or plan is None or plan.compiled is None \
            or not plan.compiled.lowered or plan.stale or plan.fetch_holder is None \
            or plan.feed_holder is None or KERNEL_OBSERVERS \
            or (kept is not None and kept.valid(plan.source, plan.source_scope)):
        return
    feed_list = plan.scope.var(plan.feed_holder).get_list()
    names = plan.feed_names
    if len(names) != len(feeds) or len(feed_list) != len(names) or any(
            feeds.get(n) is not t or type(t) is not DenseTensor or t.meta.lod
            or type(t._holder) is not np.ndarray for n, t in zip(names, feed_list)):
        return
    store[key] = DirectRun(executor, plan, names, fetch_names)
