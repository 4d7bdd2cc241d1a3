"""The imports a base's code needs where it is written into another module (issue 23, cm43):
`class ScaleV2Kernel(ScaleV1Kernel)` in `ops/scale_v2.py`, whose inherited compute() reads
`np` (`import numpy as np` in `legacy/scale_v1.py`), `_sqrt` (`from math import sqrt as
_sqrt`) and `_OFFSET` (a constant of scale_v1.py).

A name the subclass's module does not bind is imported there from where the base's module
gets it (`tree_origins.origin_of`): under its own name when a plain import binds it so
(`tree_origins.import_spec`), else under an alias, as Python spells it: `import numpy as
np` for a module outside the tree read under another name, `from math import sqrt as
_sqrt` for a name of a module (`from M import a as b` binds `M.a` whether `a` is an
attribute or a submodule), `from .helpers import scale as _scale` for one of the tree.
A name the base's module binds itself must be its constant: a function or a class
statement, or bound once to what the static reader evaluates to an immutable value
(`class_members.is_immutable`: numbers, strings, None, enum members, tuples of those),
with nothing rebinding or changing it (`Evaluator.changed`, `dynamic_namespaces`); or bound
once, at the module's top level, to what it computes at import or to a container (`P =
TypeVar("P")`, `log = logging.getLogger(__name__)`, issue 23, cm51), which an import binds
as the very object the base reads while nothing may rebind it (`module_rebinds.rebinding`).
Anything else is that module's own state (a name a function rebinds through `global`, one
bound in an `if`, one of a module another module hands on): the copy would read the value
it had when imported where the base reads the module's current one, so the kernel is
refused, naming it.

An aliased import is kept in the codemod's import sets as its spelling, `"numpy as np"`
(`import` of a module) or `("math", "sqrt as _sqrt")` (`from` import); `split_alias`
reads it back.
"""

from __future__ import annotations

from migrate.class_members import is_immutable
from migrate.dynamic_namespaces import dynamic_reason
from migrate.module_rebinds import rebinding
from migrate.static import ModuleInfo
from migrate.static_refs import UnresolvableError, code_of
from migrate.tree_origins import Origin, import_spec, relative_module

_AS = " as "


def split_alias(spelled: str) -> tuple[str, str | None]:
    """`"sqrt as _sqrt"` -> ("sqrt", "_sqrt"); `"numpy"` -> ("numpy", None)."""
    name, sep, alias = spelled.partition(_AS)
    return (name, alias) if sep else (name, None)


def bound_name(spelled: str) -> str:
    """The name an import spelled so binds: its alias, else its (first) name."""
    name, alias = split_alias(spelled)
    return alias if alias is not None else name.split(".")[0]


def moved_import(target: ModuleInfo, theirs: Origin, name: str) -> tuple[str, str] | None:
    """How `target`'s module imports `theirs` under `name` (as `import_spec` gives it, an
    alias added where none binds it under `name`); None when no import can."""
    assert target.path is not None
    module, _, last = theirs.qualified.rpartition(".")
    if module == "builtins":
        return None
    spec = import_spec(target.path, theirs, name)
    if spec is None and theirs.path is not None:  # of the tree: a plain import, aliased
        plain = import_spec(target.path, theirs, last)
        spec = None if plain is None or not plain[0] else (plain[0], f"{last}{_AS}{name}")
    elif spec is None:
        spec = (module, f"{last}{_AS}{name}") if module else ("", f"{last}{_AS}{name}")
    if spec is None or not spec[0] or theirs.path is None:
        return spec
    relative = relative_module(target.path, theirs.path)
    written = set(target.imports.from_modules.values())
    if module in written or relative in written:  # as the module imports that module
        return (module if module in written else relative, spec[1])
    if any(m.startswith(".") for m in written):
        # the module imports its tree relatively: so is this import spelled
        spec = (relative, spec[1])
    return spec


def own_state(owner: ModuleInfo, theirs: Origin, name: str) -> str:
    """Why `name`, bound by `owner`'s module itself (`theirs` is its binding there), is
    state of that module rather than a constant, in words; "" for a constant."""
    if owner.path is None or theirs.path is None or \
            theirs.path.resolve() != owner.path.resolve():
        return ""
    local = theirs.qualified.rpartition(".")[2]
    ev = owner.ev
    why = dynamic_reason(ev, local) or ev.changed(local)
    if why:
        return why
    if local in ev.functions or local in ev.classes:
        return ""
    if local not in ev.assigns:
        return "bound otherwise than by one assignment"
    try:
        value = ev.name(local, {})
    except UnresolvableError:
        value = None
    else:
        if is_immutable(value):
            return ""
    # bound once to what import computes (or to a container): the object an import binds,
    # unless something may still rebind it
    why = rebinding(owner, local)
    if not why:
        return ""
    shown = code_of(ev.assigns[local]).strip()
    return (f"`{local} = {shown}` is " + ("computed at import" if value is None else
                                          "a mutable value") + f", and {why}")
