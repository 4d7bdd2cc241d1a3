"""`Scope` and `Variable`: named holders of runtime values, nested for transfers."""

from __future__ import annotations

from typing import Any

from phi.core.dense_tensor import DenseTensor


class Variable:
    """Holds one value: a DenseTensor, a list of them (feed/fetch lists), or anything else."""

    __slots__ = ("name", "value")

    def __init__(self, name: str) -> None:
        self.name = name
        self.value: Any = None

    def get_tensor(self) -> DenseTensor:
        """The held DenseTensor, created on first use."""
        if self.value is None:
            self.value = DenseTensor()
        if not isinstance(self.value, DenseTensor):
            raise TypeError(
                f"variable '{self.name}' holds {type(self.value).__name__}, not a DenseTensor"
            )
        return self.value

    def get_list(self) -> list[Any]:
        if self.value is None:
            self.value = []
        if not isinstance(self.value, list):
            raise TypeError(f"variable '{self.name}' holds {type(self.value).__name__}, not a list")
        return self.value

    def is_initialized(self) -> bool:
        return self.value is not None

    def __repr__(self) -> str:
        return f"Variable({self.name!r}, {self.value!r})"


class Scope:
    """Variables by name; lookups fall through to the parent scope."""

    def __init__(self, parent: Scope | None = None) -> None:
        self.parent = parent
        self._vars: dict[str, Variable] = {}
        self._kids: list[Scope] = []

    def var(self, name: str) -> Variable:
        """Find or create `name` in this scope."""
        v = self._vars.get(name)
        if v is None:
            v = self._vars[name] = Variable(name)
        return v

    def find_var(self, name: str) -> Variable | None:
        scope: Scope | None = self
        while scope is not None:
            v = scope._vars.get(name)
            if v is not None:
                return v
            scope = scope.parent
        return None

    def find_local_var(self, name: str) -> Variable | None:
        return self._vars.get(name)

    def local_var_names(self) -> list[str]:
        return list(self._vars)

    def erase(self, names: list[str]) -> None:
        for n in names:
            self._vars.pop(n, None)

    def new_scope(self) -> Scope:
        kid = Scope(self)
        self._kids.append(kid)
        return kid

    def drop_kids(self) -> None:
        self._kids.clear()

    def delete_scope(self, kid: Scope) -> None:
        """Forget child scope `kid` (a step scope a while_grad has used up); a scope that is
        not a child of this one is left alone."""
        self._kids = [k for k in self._kids if k is not kid]

    @property
    def kids(self) -> list[Scope]:
        return list(self._kids)


_global_scope: Scope | None = None


def global_scope() -> Scope:
    """The process-wide default scope (created on first use)."""
    global _global_scope
    if _global_scope is None:
        _global_scope = Scope()
    return _global_scope
