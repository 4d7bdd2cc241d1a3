"""`migrate.register_reach.may_register`: a module of the tree is read for registration
helpers only when it, or a module its imports reach, spells a registering call."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from migrate.register_reach import may_register
from migrate.static import REGISTERING


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _touch(path: Path, text: str) -> None:
    """Rewrite `path` with a later mtime (the cache's key holds mtime and size)."""
    before = path.stat().st_mtime_ns
    path.write_text(text)
    os.utime(path, ns=(before + 10**9, before + 10**9))


_PKG = {"pkg/__init__.py": ""}
#: (files, the module asked about, the module being migrated, the answer)
CASES = {
    "no registering call reached": ({
        "pkg/math.py": "from . import util\n\ndef relu(x):\n    return util.top(x, 0)\n",
        "pkg/util.py": "import numpy as np\n\ndef top(x, y):\n    return np.maximum(x, y)\n",
        "pkg/kernels.py": "from .math import relu\n",
    }, "pkg/math.py", "pkg/kernels.py", False),
    # reached as `from .sub import deep` (the submodule, not a name of sub/__init__.py),
    # then by an import inside a function, spelled through an alias
    "a registering call anywhere in what it imports": ({
        "pkg/math.py": "from .sub import deep\n\ndef relu(x):\n    return deep.go(x)\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/deep.py": "def go(x):\n    from ..reg import add\n    return add(x)\n",
        "pkg/reg.py": ("from legacy_fluid.framework.op_kernel import register_op_kernel as r\n"
                       "def add(k):\n    r('op', 'CPU', k)\n"),
    }, "pkg/math.py", None, True),
    # kernels.py's text in memory may register where the file on disk does not
    "the module being migrated reached": ({
        "pkg/math.py": "from . import kernels\n\ndef relu(x):\n    return kernels.help(x)\n",
        "pkg/kernels.py": "def help(x):\n    return x\n",
        "pkg/other.py": "",
    }, "pkg/math.py", "pkg/kernels.py", True),
    "another module being migrated": ({
        "pkg/math.py": "from . import kernels\n",
        "pkg/kernels.py": "def help(x):\n    return x\n",
        "pkg/other.py": "",
    }, "pkg/math.py", "pkg/other.py", False),
    # what a module that does not parse imports is unknown
    "a module that does not parse reached": ({
        "pkg/math.py": "from . import broken\n",
        "pkg/broken.py": "def (:\n",
    }, "pkg/math.py", None, True),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_module_may_register_when_what_it_reaches_spells_a_registering_call(
        tmp_path: Path, case: str) -> None:
    files, asked, migrated, answer = CASES[case]
    root = _tree(tmp_path, {**_PKG, **files})
    assert may_register(root / asked, REGISTERING,
                        root / migrated if migrated else None) is answer


def test_the_answer_follows_the_files(tmp_path: Path) -> None:
    root = _tree(tmp_path, {**_PKG, "pkg/math.py": "from . import util\n",
                            "pkg/util.py": "X = 1\n"})
    assert may_register(root / "pkg/math.py", REGISTERING, None) is False
    _touch(root / "pkg/util.py", "from x import register_operator\n")
    assert may_register(root / "pkg/math.py", REGISTERING, None) is True


def test_a_module_nested_past_what_ast_parses_may_register(tmp_path: Path) -> None:
    deep = "x = " + "1 + " * 200_000 + "1\n"  # RecursionError building the ast
    root = _tree(tmp_path, {**_PKG, "pkg/math.py": "from . import deep\n",
                            "pkg/deep.py": deep})
    assert may_register(root / "pkg/math.py", REGISTERING, None) is True
