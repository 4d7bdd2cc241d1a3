"""`Registry`: duplicate checks, lazy loading, groups and scoping."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from phi.core.registry import DuplicateRegistrationError, Registry, scoped


def f() -> None: ...
def g() -> None: ...


def test_same_registration_twice_is_harmless_another_is_refused() -> None:
    reg: Registry[str, object] = Registry("thing")
    reg.add("a", f)
    reg.add("a", f)
    with pytest.raises(DuplicateRegistrationError, match=r"thing 'a' registered twice \(.*f and"):
        reg.add("a", g)
    assert reg.get("a") is f and reg.get("b") is None
    with pytest.raises(LookupError, match="no thing 'b' is registered"):
        reg["b"]


def test_groups_by_key_part() -> None:
    reg: Registry[tuple[str, int], str] = Registry("kernel", group=lambda k: k[0])
    reg.add(("add", 1), "x")
    reg.add(("add", 2), "y")
    reg.add(("mul", 1), "z")
    assert reg.group("add") == {("add", 1): "x", ("add", 2): "y"}
    assert reg.group_names() == ["add", "mul"] and not reg.has_group("sub")


def test_scoped_registrations_vanish_and_do_not_see_the_outer_table() -> None:
    a: Registry[str, object] = Registry("a")
    b: Registry[str, object] = Registry("b")
    a.add("kept", f)
    with scoped(a, b):
        assert "kept" not in a
        a.add("kept", g)  # no clash with the outer table
        b.add("temp", g)
        assert a.get("kept") is g and "temp" in b
    assert a.get("kept") is f and "temp" not in b
    with a.scoped(inherit=True):
        assert a.get("kept") is f
        a.add("more", g)
    assert "more" not in a


def test_first_use_imports_the_loader_packages(tmp_path: Path) -> None:
    """A scope entered before anything was loaded still leaves the built-ins in place."""
    script = (
        "from phi.core.kernel_factory import KERNELS\n"
        "with KERNELS.scoped():\n"
        "    inside = len(KERNELS)\n"
        "print(inside, KERNELS.has_kernel('scale'))\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["0", "True"]


def test_lazy_lookups_load_only_their_group_until_the_table_is_needed() -> None:
    reg: Registry[tuple[str, int], str] = Registry("kernel", loaders=("no_such_pkg_xyz",),
                                                   group=lambda k: k[0])
    asked: list[str] = []

    def load_group(name: object) -> None:
        asked.append(str(name))
        if name == "add":
            reg.add(("add", 1), "x")

    reg.load_lazily(load_group)
    assert reg.lazy
    assert reg.get(("add", 1)) == "x" and reg.has_group("add") and not reg.has_group("sub")
    assert reg.group("add") == {("add", 1): "x"}
    assert asked == ["add", "sub"]  # once per group
    with pytest.raises(ModuleNotFoundError, match="no_such_pkg_xyz"):
        reg.keys()  # the whole table: the loader packages are imported
    assert not reg.lazy
