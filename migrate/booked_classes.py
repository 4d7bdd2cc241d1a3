"""Kernel classes booked by their class statement: `class SoftplusKernel(FunctorKernel,
op="hx_softplus", placement=FLOATS)` hands its keywords to the `__init_subclass__` of a
base, which may record the class for a later registration (a `BOOK` the package publishes).

Such a class is a kernel even where another kernel class derives from it (`class
AbsSquareRealKernel(AbsSquareKernel, op=..., placement=FLOATS)`): a base no registration
names is otherwise read as a template, not a kernel, and would get no row. Its row then
says how it is registered as the codemod's other readings find it (importing the tree,
under verify, shows where).
"""

from __future__ import annotations

from migrate.static import ModuleInfo


def booked_classes(info: ModuleInfo) -> set[str]:
    """The kernel classes of `info` whose class statement passes a keyword other than
    `metaclass` (to a base's `__init_subclass__`)."""
    return {name for name, cls in info.classes.items()
            if any(a.keyword is not None and a.keyword.value != "metaclass"
                   for a in cls.keywords)
            and info.is_subclass_of(name, "OpKernel")}
