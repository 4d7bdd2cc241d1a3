"""The import that reads a tree's registrations at run time (migrate/live_import.py) records
each class statement through `__build_class__`: a class keyword spelled like its own
arguments (`class K(Base, name="x")`) reaches the class, not the recorder."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

MODULE = '''
class Registry:
    seen = {}

    def __init_subclass__(cls, name=None, func=None, **kwargs):
        super().__init_subclass__(**kwargs)
        Registry.seen[name] = (cls, func)


class Sum(Registry, name="sum", func="add"):
    pass
'''


def test_a_class_keyword_named_like_the_recorders_arguments_reaches_the_class(
        tmp_path: Path) -> None:
    pkg = tmp_path / "kwpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "reducers.py").write_text(MODULE)
    script = ("import json, sys; from migrate.live_import import collect; "
              "print(json.dumps(collect(sys.argv[1:])))")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", script, str(pkg / "reducers.py")],
                          check=False, capture_output=True, text=True, cwd=root, timeout=120,
                          env={"PYTHONPATH": f"{root}:{tmp_path}", "PATH": ""})
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [v["error"] for v in out.values()] == [""], out
