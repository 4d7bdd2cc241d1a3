"""`Registry`: the one table type behind every registration in fluidphi.

PHI kernels, InferMeta bindings, legacy operators, legacy kernels, argument
mappings and base kernel names are all registries: a mapping with a duplicate
check, filled by registration calls that run when the modules of its
`loaders` packages are imported (the first lookup imports them), and a
`scoped()` context in which registrations land in a fresh table, so a test or
`migrate --verify` can run a module's registrations without touching the
process-wide tables.

A registry can instead be told to load lazily (`load_lazily`): until something needs
the whole table, a lookup imports only the modules that register its key's group,
as compat's registration index (generated from a full import) lists them.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class DuplicateRegistrationError(ValueError):
    """A key registered a second time with a different value."""


def describe(value: Any) -> str:
    """`module.qualname` of a function or class, else its repr (for duplicate messages)."""
    qualname = getattr(value, "__qualname__", None)
    if qualname is None:
        return repr(value)
    return f"{getattr(value, '__module__', '?')}.{qualname}"


def import_package(package: str) -> None:
    """Import `package` and every module below it, in name order."""
    pkg = importlib.import_module(package)
    for mod in sorted(pkgutil.walk_packages(getattr(pkg, "__path__", []), f"{package}."),
                      key=lambda m: m.name):
        importlib.import_module(mod.name)


#: Called with (registry, key) on each new entry while `watching_additions` is active
#: (compat's registration index records which module registered what).
_ADDITION_WATCHERS: list[Callable[[Registry[Any, Any], Any], None]] = []


@contextmanager
def watching_additions(watcher: Callable[[Registry[Any, Any], Any], None]) -> Iterator[None]:
    """`watcher(registry, key)` on every new entry of any registry inside the block."""
    _ADDITION_WATCHERS.append(watcher)
    try:
        yield
    finally:
        _ADDITION_WATCHERS.remove(watcher)


class Registry(Generic[K, V]):
    """key -> value, grouped by `group(key)` when given (e.g. kernel name for kernel keys).

    `identity(value)` is what two registrations under one key must share to be the
    same registration (a kernel's function, an operator's class); registering the
    same thing twice is harmless, anything else under a taken key is an error.
    """

    def __init__(
        self,
        what: str,
        *,
        loaders: tuple[str, ...] = (),
        group: Callable[[K], Hashable] | None = None,
        identity: Callable[[V], Any] = lambda v: v,
    ) -> None:
        self.what = what
        self.loaders = loaders
        self._group_of = group
        self._identity = identity
        self._entries: dict[K, V] = {}
        self._groups: dict[Hashable, dict[K, V]] = {}
        self._loaded = not loaders
        self._group_loader: Callable[[Hashable], None] | None = None
        self._groups_loaded: set[Hashable] = set()
        self._lazy_lock = threading.RLock()

    # -- filling -------------------------------------------------------------------------
    def add(self, key: K, value: V) -> V:
        old = self._entries.get(key)
        if old is not None:
            if self._identity(old) != self._identity(value):
                raise DuplicateRegistrationError(
                    f"{self.what} {self._key_text(key)} registered twice "
                    f"({describe(self._identity(old))} and {describe(self._identity(value))})"
                )
            return old
        self._entries[key] = value
        if self._group_of is not None:
            self._groups.setdefault(self._group_of(key), {})[key] = value
        for watcher in _ADDITION_WATCHERS:
            watcher(self, key)
        return value

    def group_of(self, key: K) -> Hashable:
        """The group `key` belongs to (the key itself in an ungrouped registry)."""
        return key if self._group_of is None else self._group_of(key)

    def ensure_loaded(self) -> None:
        """Import the loader packages once, so their registrations have run."""
        if self._loaded:
            return
        self._loaded = True
        self._group_loader = None
        for package in self.loaders:
            import_package(package)

    def load_lazily(self, group_loader: Callable[[Hashable], None]) -> None:
        """Until the whole table is needed, a lookup calls `group_loader(group)` once per
        group (the key itself for an ungrouped registry) instead of importing every
        loader module; the loader must register everything of that group. No effect
        once the table is loaded."""
        if not self._loaded:
            self._group_loader = group_loader

    @property
    def loaded(self) -> bool:
        """Whether the whole table is loaded (the loader packages imported)."""
        return self._loaded

    @property
    def lazy(self) -> bool:
        """Whether lookups still load one group at a time."""
        return self._group_loader is not None

    def _ensure_group(self, group: Hashable) -> None:
        loader = self._group_loader
        if loader is None:
            self.ensure_loaded()
        elif group not in self._groups_loaded:
            # marked loaded only once loaded: another thread asking meanwhile waits here
            with self._lazy_lock:
                if group not in self._groups_loaded:
                    loader(group)
                    self._groups_loaded.add(group)

    def _ensure_key(self, key: K) -> None:
        self._ensure_group(self.group_of(key))

    # -- reading ---------------------------------------------------------------------------
    def get(self, key: K) -> V | None:
        self._ensure_key(key)
        return self._entries.get(key)

    def __getitem__(self, key: K) -> V:
        value = self.get(key)
        if value is None:
            raise LookupError(f"no {self.what} {self._key_text(key)} is registered")
        return value

    def __contains__(self, key: object) -> bool:
        self._ensure_key(key)  # type: ignore[arg-type]
        return key in self._entries

    def __len__(self) -> int:
        self.ensure_loaded()
        return len(self._entries)

    def keys(self) -> list[K]:
        self.ensure_loaded()
        return list(self._entries)

    def items(self) -> list[tuple[K, V]]:
        self.ensure_loaded()
        return list(self._entries.items())

    def values(self) -> list[V]:
        self.ensure_loaded()
        return list(self._entries.values())

    def group(self, name: Hashable) -> dict[K, V]:
        """The entries of one group (empty when none), in registration order."""
        self._ensure_group(name)
        return dict(self._groups.get(name, {}))

    def has_group(self, name: Hashable) -> bool:
        self._ensure_group(name)
        return bool(self._groups.get(name))

    def group_names(self) -> list[Any]:
        self.ensure_loaded()
        return sorted(g for g, entries in self._groups.items() if entries)

    # -- scoping ---------------------------------------------------------------------------
    @contextmanager
    def scoped(self, *, inherit: bool = False) -> Iterator[Registry[K, V]]:
        """Registrations inside land in a fresh table, dropped on exit.

        The loader packages are imported first, so a first import inside the scope
        cannot strand the built-in registrations in it. `inherit` starts the scope
        with a copy of the current entries (lookups then see both).
        """
        self.ensure_loaded()
        saved = self._entries, self._groups
        if inherit:
            self._entries = dict(saved[0])
            self._groups = {g: dict(t) for g, t in saved[1].items()}
        else:
            self._entries, self._groups = {}, {}
        try:
            yield self
        finally:
            self._entries, self._groups = saved

    def _key_text(self, key: K) -> str:
        if isinstance(key, tuple):
            return " ".join(f"'{k}'" if isinstance(k, str) else str(k) for k in key)
        return f"'{key}'"

    def __repr__(self) -> str:
        return f"Registry({self.what!r}, {len(self._entries)} entries)"


@contextmanager
def scoped(*registries: Registry[Any, Any], inherit: bool = False) -> Iterator[None]:
    """Several registries scoped together (see `Registry.scoped`)."""
    with ExitStack() as stack:
        for registry in registries:
            stack.enter_context(registry.scoped(inherit=inherit))
        yield
