"""Regenerate compat/registration_index.json from a full import (run from the checkout root):

    python tools/gen_registration_index.py [--check]

`--check` writes nothing and exits 1 when the committed index differs from a fresh one.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's packages

from compat.registration_index import INDEX_FILE, build_index


def fresh_index_text() -> str:
    return json.dumps(build_index().to_json(), indent=1, sort_keys=True) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the committed index instead of writing it")
    args = parser.parse_args()
    text = fresh_index_text()
    if args.check:
        current = INDEX_FILE.read_text() if INDEX_FILE.exists() else ""
        if current != text:
            print(f"{INDEX_FILE.name} is stale: run tools/gen_registration_index.py",
                  file=sys.stderr)
            return 1
        return 0
    INDEX_FILE.write_text(text)
    print(f"wrote {INDEX_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
