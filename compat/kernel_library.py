"""A run's kernel library preference (`--library`, `Config.enable_numba`).

fluid's ops ask for a library with an attribute (use_cudnn, use_mkldnn) and the kernel
choice falls back to the plain kernel where that library has none
(`legacy_fluid.framework.op_kernel_type.requested_library`). A library preference asks
the same for every op of a run: on the CPU an op whose expected kernel type is plain
expects the preferred library instead; the dual dispatch takes that library's kernel
where one is registered for the op and dtype, else the plain one (the reference). A
library an op's own attribute asks for wins over the preference. docs/devices.md
("Kernel libraries") describes the vocabulary.
"""

from __future__ import annotations

from legacy_fluid.framework.op_kernel_type import LibraryType, OpKernelType
from phi.common.vocabulary import Vocabulary


class KernelLibrary(Vocabulary):
    """The kernel libraries a run may prefer (`--library`)."""

    PLAIN = "plain"  # NumPy (CPU) / CuPy (GPU) kernels: the reference, always there
    NUMBA = "numba"  # CPU kernels JIT-compiled by Numba (the `jit` extra)

    @property
    def library_type(self) -> LibraryType:
        return {KernelLibrary.PLAIN: LibraryType.PLAIN,
                KernelLibrary.NUMBA: LibraryType.NUMBA}[self]


class LibraryUnavailableError(RuntimeError):
    """A library was asked for explicitly and cannot be loaded here."""


def use_library(library: KernelLibrary | str | None) -> KernelLibrary:
    """Parse `library` and make its kernels registered; `LibraryUnavailableError` saying
    what to install when it cannot be loaded. None means plain."""
    chosen = KernelLibrary.parse(library or KernelLibrary.PLAIN)
    if chosen is KernelLibrary.NUMBA:
        import phi.jit as numba_backend

        problem = numba_backend.unavailable_reason()
        if problem is not None:
            raise LibraryUnavailableError(
                f"kernel library 'numba' was asked for but cannot be loaded ({problem}); "
                "install fluidphi's 'jit' extra (pip install 'fluidphi[jit]') or run with "
                "the plain library")
        numba_backend.register_kernels()
    return chosen


def preferred(expected: OpKernelType, library: KernelLibrary) -> OpKernelType:
    """`expected` with the preferred library where it is plain and the library serves its
    place (the compiled library is CPU-only)."""
    if library is KernelLibrary.PLAIN or expected.library_type is not LibraryType.PLAIN:
        return expected
    if not expected.place.is_cpu:
        return expected
    return expected.with_library(library.library_type)
