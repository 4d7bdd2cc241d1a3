"""`migrate.tree_origins.origin_of`: a module-level name followed through the tree's
re-exports to where it is defined (LibCST's FullyQualifiedNameProvider at each hop);
`class_statement` on top of it, and `relative_module`."""

from __future__ import annotations

from pathlib import Path

import pytest

from migrate.tree_origins import Origin, class_statement, origin_of, relative_module

FILES = {
    "__init__.py": "",
    "base.py": "from phi.common import DataType\nimport numpy as np\n\n\nclass Base:\n"
               "    pass\n\n\nLIMIT = 3\n",
    "again.py": "from .base import DataType, Base as Renamed\n",
    "starred.py": "from .base import *  # noqa: F403\n",
    "user.py": "from .again import DataType, Renamed\nfrom . import base\n"
               "from .starred import LIMIT\n\n\nclass Own(Renamed):\n    pass\n",
    "shadow.py": "from .base import *  # noqa: F403\n\n\ndef np():\n    pass\n",
    "sub/__init__.py": "from ..starred import *  # noqa: F403\n",
    "sub/deep.py": "from . import Base\nfrom ..again import DataType\nfrom ..base import LIMIT\n"
                   "from ..twice import DataType as Twice\n",
    "twice.py": "try:\n    from phi.common import DataType\nexcept ImportError:\n"
                "    DataType = None\n",
}


@pytest.fixture()
def pkg(tmp_path: Path) -> Path:
    root = tmp_path / "tpkg"
    root.mkdir()
    for name, text in FILES.items():
        (root / name).parent.mkdir(exist_ok=True)
        (root / name).write_text(text)
    return root


def test_names_are_followed_through_re_exports_to_their_origin(pkg: Path) -> None:
    user = pkg / "user.py"
    assert origin_of(user, "DataType") == Origin("phi.common.DataType")
    assert origin_of(user, "Renamed") == Origin("tpkg.base.Base", (pkg / "base.py").resolve())
    assert origin_of(user, "base.Base") == origin_of(user, "Renamed")
    assert origin_of(user, "LIMIT") == Origin("tpkg.base.LIMIT", (pkg / "base.py").resolve())
    assert origin_of(user, "Own") == Origin("tpkg.user.Own", user.resolve())
    assert origin_of(user, "base") == Origin("tpkg.base")


def test_star_imports_builtins_and_unknowns(pkg: Path) -> None:
    assert origin_of(pkg / "starred.py", "np") == Origin("numpy")
    assert origin_of(pkg / "shadow.py", "np") == Origin("tpkg.shadow.np",
                                                         (pkg / "shadow.py").resolve())
    assert origin_of(pkg / "user.py", "len") == Origin("builtins.len")
    assert origin_of(pkg / "user.py", "nowhere") is None


def test_a_name_bound_two_ways_has_no_single_origin(pkg: Path) -> None:
    assert origin_of(pkg / "twice.py", "DataType") is None


def test_a_class_is_traced_to_its_class_statement_or_refused_with_why(pkg: Path) -> None:
    deep = pkg / "sub" / "deep.py"
    # `from . import Base`: sub's star import of starred.py, whose star import of base.py
    assert class_statement(deep, "Base") == Origin("tpkg.base.Base", (pkg / "base.py").resolve())
    assert class_statement(deep, "DataType") == Origin("phi.common.DataType")  # outside
    assert class_statement(deep, "LIMIT") == (
        "imported from tpkg.base, which the codemod cannot trace to its class statement "
        "(tpkg.base binds it other than by a class statement)")
    assert class_statement(deep, "Twice") == (
        "imported from tpkg.twice, which the codemod cannot trace to its class statement")


def test_relative_module_spells_one_module_from_another(pkg: Path) -> None:
    deep, base = pkg / "sub" / "deep.py", pkg / "base.py"
    assert relative_module(deep, base) == "..base"
    assert relative_module(base, deep) == ".sub.deep"
    assert relative_module(pkg / "sub" / "__init__.py", deep) == ".deep"
    assert relative_module(deep, pkg / "sub" / "__init__.py") == "."
    assert relative_module(pkg / "user.py", pkg / "__init__.py") == "."
