"""What a registration helper does besides registering, and the kernels whose registration
therefore stays ("legacy registration kept").

A helper such as `def add_kernels(op, cls, types): for t in types: register_op_kernel(op,
"CPU", cls, t); _LEDGER.append((op, cls, t))` cannot have its registration taken out alone:
removing the call would also drop the ledger entry. When every registration of the call
is readable, the statement stays as it is, the legacy class stays (registered), and the
kernel is migrated beside it: the op runs on the PHI kernel under the default dispatch, the
legacy class under `--path legacy`.

An effect is accepted when it only *records*: a call of a method of a module-level
container of the helper's module (`_LEDGER.append(...)`, `_BY_OP.setdefault(op, []).append(cls)`,
`log.info(...)`), an item or attribute stored into one (`_BY_OP[op] = cls`), a `logging`
call, `print`. It is refused, naming why, when it may depend on the class being the one
registered: it calls the class or one of its methods, sets or deletes one of its
attributes, hands it to a function, or reads the legacy or PHI registries (whose contents
the write changes).
"""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.static_facts import Registration
from migrate.static_refs import ClassRef, UnresolvableError, code_of

#: functions that may be handed the kernel class without depending on it
_PURE = frozenset({"print", "str", "repr", "id", "tuple", "list", "dict", "set", "frozenset"})
_CONTAINERS = frozenset({"collections.defaultdict", "collections.OrderedDict",
                         "collections.deque"})
#: packages whose registries (upper-case module globals: `OP_KERNELS`, `KERNELS`) the write
#: changes
_REGISTRIES = ("legacy_fluid.", "phi.", "compat.")


def note_effect(effects: dict[int, list[str]], node: cst.CSTNode, index: int,
                env: dict[str, Any], ev: Any, helper: str) -> bool:
    """Record what `node` (a statement or call of helper `helper`'s body, read for the
    top-level statement `index`) does besides registering, when it only records; False
    when it is no such statement; UnresolvableError when it may depend on the class."""
    what = _effect(node, env, ev)
    if what is None:
        return False
    _check_class_uses(node, env, ev)
    text = f"{what} (`{_short(node)}` in `{helper}`)"
    if text not in effects.setdefault(index, []):
        effects[index].append(text)
    return True


def _short(node: cst.CSTNode) -> str:
    text = " ".join(code_of(node).split())
    return text if len(text) <= 60 else text[:57] + "..."


def _effect(node: cst.CSTNode, env: dict[str, Any], ev: Any) -> str | None:
    if isinstance(node, cst.Expr):
        node = node.value
    if isinstance(node, cst.Call):
        if isinstance(node.func, cst.Name) and node.func.value == "print" and "print" not in env:
            return "prints"
        root = _root(node.func)
        if root is None or not isinstance(node.func, cst.Attribute):
            return None
        if _is_logging(root, ev):
            return "logs"
        return f"records it in {root.value}" if _module_name(root, env, ev) else None
    targets: list[cst.BaseExpression] = []
    if isinstance(node, cst.Assign):
        targets = [t.target for t in node.targets]
    elif isinstance(node, cst.AugAssign):
        targets = [node.target]
    elif isinstance(node, cst.Del):
        targets = [node.target]
    if not targets:
        return None
    roots = []
    for target in targets:
        root = _root(target)
        if isinstance(target, cst.Name) or root is None:
            return None
        if isinstance(env.get(root.value), ClassRef):
            raise UnresolvableError(f"`{_short(node)}` changes the kernel class itself")
        if not _module_name(root, env, ev):
            return None
        roots.append(root.value)
    return f"records it in {', '.join(dict.fromkeys(roots))}"


def _root(node: cst.BaseExpression) -> cst.Name | None:
    """The name a chain of attributes, subscripts and method calls starts from."""
    while True:
        if isinstance(node, cst.Name):
            return node
        if isinstance(node, (cst.Attribute, cst.Subscript)):
            node = node.value
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            node = node.func.value
        else:
            return None


def _is_logging(root: cst.Name, ev: Any) -> bool:
    """`logging` itself, or a module-level logger (`_log = logging.getLogger(...)`)."""
    bound = ev.assigns.get(root.value)
    node = bound.func if isinstance(bound, cst.Call) else root
    return (ev.imports.resolve(node) or "").split(".")[0] == "logging"


def _module_name(root: cst.Name, env: dict[str, Any], ev: Any) -> bool:
    """A module-level name of the helper's module (not a parameter or local of the helper)
    bound to a plain container: a list, dict or set display, or `dict()`, `list()`, `set()`,
    `collections.defaultdict(...)` / `OrderedDict()` / `deque()` (an object of another
    class may do anything when handed the kernel)."""
    if root.value in env or root.value not in ev.assigns:
        return False
    bound = ev.assigns[root.value]
    if isinstance(bound, (cst.Dict, cst.List, cst.Set)):
        return True
    if not isinstance(bound, cst.Call):
        return False
    if isinstance(bound.func, cst.Name) and bound.func.value in ("dict", "list", "set"):
        return True
    return (ev.imports.resolve(bound.func) or "") in _CONTAINERS


def _check_class_uses(node: cst.CSTNode, env: dict[str, Any], ev: Any) -> None:
    """UnresolvableError when the effect may depend on the kernel class being the one
    registered, or reads a registry the write changes."""
    for name in m.findall(node, m.Name()):
        assert isinstance(name, cst.Name)
        if name.value not in env:
            qualified = ev.imports.resolve(name) or ""
            if qualified.startswith(_REGISTRIES) and qualified.rpartition(".")[2].isupper():
                raise UnresolvableError(f"`{_short(node)}` reads `{name.value}` ({qualified}), "
                                        "whose contents the write changes")
    kernels = {n for n, v in env.items() if isinstance(v, ClassRef)}
    if not kernels:
        return
    finder = _ClassUses(kernels)
    node.visit(finder)
    if finder.why:
        raise UnresolvableError(f"`{_short(node)}` {finder.why}, which may depend on it being "
                                "the class registered")


class _ClassUses(cst.CSTVisitor):
    """The first use of a kernel-class parameter beyond storing or printing it."""

    def __init__(self, kernels: set[str]) -> None:
        super().__init__()
        self.kernels = kernels
        self.why = ""

    def _is_kernel(self, node: cst.BaseExpression) -> bool:
        return isinstance(node, cst.Name) and node.value in self.kernels

    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
        func = node.func
        if self._is_kernel(func):
            self.why = self.why or f"instantiates or calls the kernel class `{code_of(func)}`"
        elif isinstance(func, cst.Attribute) and self._is_kernel(func.value):
            self.why = self.why or f"calls `{code_of(func)}` of the kernel class"
        elif isinstance(func, cst.Name) and func.value not in _PURE and any(
                self._is_kernel(a.value) for a in node.args):
            self.why = self.why or f"hands the kernel class to `{func.value}`"


#: how the reason of a kernel migrated with its legacy registration kept begins
KEPT_REGISTERED = "migrated; legacy registration kept"


def kept_registrations(info: Any) -> dict[str, list[Registration]]:
    """Kernel class -> its registrations made by statements whose registering helper also
    does something else (those statements stay)."""
    out: dict[str, list[Registration]] = {}
    for r in info.registrations:
        if r.stmt_index in info.effects:
            out.setdefault(r.class_name, []).append(r)
    return out


def kept_reason(info: Any, regs: list[Registration]) -> str:
    """The row's reason for a kernel migrated with its legacy registration kept."""
    parts = []
    for index in dict.fromkeys(r.stmt_index for r in regs):
        stmt = info.module.body[index]  # its own first line, not a comment above it
        first = code_of(stmt.with_changes(leading_lines=())).strip().splitlines()[0]
        parts.append(f"`{first}` also {'; '.join(info.effects[index])}")
    return f"{KEPT_REGISTERED}: " + "; ".join(parts)


def self_registered_reason(name: str) -> str:
    """The row's reason for a kernel migrated whose class stays for its users, registering
    itself (its base's `__init_subclass__`) as before."""
    return (f"{KEPT_REGISTERED}: {name} registers itself through its base's "
            "`__init_subclass__`, and its class stays as it is")
