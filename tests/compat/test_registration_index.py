"""The committed registration index is what a full import registers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_committed_index_is_current() -> None:
    done = subprocess.run([sys.executable, "tools/gen_registration_index.py", "--check"],
                          check=False, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
