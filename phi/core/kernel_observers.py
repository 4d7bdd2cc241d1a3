"""Observers of kernel calls: the hook the bench (and any profiler) attaches through.

Every op-run pipeline ends in `phi.core.bound_kernel.run_bound` (the executor, the dual
dispatch, `migrate --verify`, a plan's kernel steps and `phi.api.call`), which tests
`KERNEL_OBSERVERS` before a kernel's computation: empty, the
computation is called alone (nothing built or timed); with observers attached
(`observing`), it runs through `observed`: each call is timed and every observer's
`kernel_called` gets a `KernelCall` with the facts (op, kernel, key, dispatch path,
place) and the call itself, its arguments bound, which reruns the kernel alone (no
argument gathering, InferMeta or transfers). Observers never replace a pipeline's methods.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol, TypeVar

from phi.common import Place


@dataclass(frozen=True)
class KernelCall:
    """One kernel call as observers see it.

    `path` says which kind of kernel ran it ("phi", "legacy", "phi-cpu-fallback", ...,
    "api" for `phi.api.call`); `call` is the kernel with its arguments bound.
    """

    op_type: str
    kernel: str
    key: str
    path: str
    place: Place
    call: Callable[[], None]


class KernelObserver(Protocol):
    def kernel_called(self, call: KernelCall, seconds: float) -> None:
        """`call` just ran and took `seconds` (wall clock; device work not waited for)."""


#: The attached observers, in attachment order (empty: the pipelines time nothing).
KERNEL_OBSERVERS: list[KernelObserver] = []

ObserverT = TypeVar("ObserverT", bound=KernelObserver)


@contextmanager
def observing(observer: ObserverT) -> Iterator[ObserverT]:
    """`observer` attached to every kernel call inside the block."""
    KERNEL_OBSERVERS.append(observer)
    try:
        yield observer
    finally:
        KERNEL_OBSERVERS.remove(observer)


def observed(call: KernelCall) -> None:
    """Run `call` timed and report it to every attached observer."""
    start = time.perf_counter()
    call.call()
    seconds = time.perf_counter() - start
    for observer in tuple(KERNEL_OBSERVERS):
        observer.kernel_called(call, seconds)
