"""`BoundKernel` and `run_bound`: the end every op-run pipeline shares.

A pipeline chooses a kernel, moves the inputs where the kernel wants them and gathers
its arguments into a `BoundKernel`; `run_bound` then infers the outputs' meta and runs
the computation, reported to the kernel observers (`phi.core.kernel_observers`) when any
is attached. The executor, the dual dispatch and `migrate --verify` reach it through
`legacy_fluid.framework.kernel_run.run_kernel`, a plan through its kernel steps, and
`phi.api.call` directly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from phi.common import Place
from phi.core.kernel_observers import KERNEL_OBSERVERS, KernelCall, observed


@dataclass(frozen=True)
class BoundKernel:
    """One op's kernel call with every argument gathered: a plan calls `compute` each run,
    and `infer` only when the outputs' meta may have changed (`dynamic`: it always may,
    as when an attribute comes from a tensor or a legacy infer_shape reads values; then
    `infer` runs before every `compute`, gathering what changes). `compute` is the
    kernel alone, never inferring."""

    infer: Callable[[], None]
    compute: Callable[[], None]
    dynamic: bool = False


class KernelFacts(Protocol):
    """What observers are told of the kernel a `BoundKernel` calls (a `KernelRun`)."""

    @property
    def kernel_name(self) -> str: ...

    @property
    def key_text(self) -> str: ...

    @property
    def place(self) -> Place: ...

    @property
    def path(self) -> object:
        """Which kind of kernel it is, as its str() spells it ("phi", "legacy", "api")."""


def run_bound(op_type: str, facts: KernelFacts, bound: BoundKernel, infer: bool = True
              ) -> None:
    """Infer the outputs' meta (when `infer`, or always for a dynamic call), then compute
    them; the computation is observed when kernel observers are attached."""
    if infer or bound.dynamic:
        bound.infer()
    if KERNEL_OBSERVERS:
        observed(KernelCall(op_type, facts.kernel_name, facts.key_text, str(facts.path),
                            facts.place, bound.compute))
    else:
        bound.compute()
