"""Hashing ops.

- hash: XXH64 of each row's bytes with seeds 0 .. num_hash - 1, modulo mod_by (unsigned:
  a negative mod_by is 2**64 + mod_by), in X's dtype (int32 keeps the low 32 bits); Out is
  [rows, num_hash, 1] with X's LoD. Cases over int32 / int64, row lengths across XXH64's
  stripe / word / tail paths (1, 3, 8, 9 and 17 int32s: 4 to 68 bytes), num_hash 0, 1 and
  4, mod_by default, 1, above 2**31 and negative, a LoD input, empty X and no columns;
  a rank other than 2 is refused while Paddle builds the program (no fixture).
"""

from __future__ import annotations

from typing import Any

from .spec import Case, In, LoDIn


def _hash(name: str, x: In, raises: str | None = None, **attrs: Any) -> Case:
    return Case(f"hash_{name}", "hash", {"X": x}, attrs=attrs, raises=raises)


_BIG = 2**40 + 12345

CASES = [
    *(_hash(f"{dtype}_cols{cols}", In((4, cols), dtype, low=-1000, high=1000), num_hash=3)
      for dtype in ("int32", "int64") for cols in (1, 3, 8, 9, 17)),
    _hash("int64_extremes", In((2, 2), "int64", values=[[2**63 - 1, -(2**63)], [-1, 0]]),
          num_hash=2, mod_by=_BIG),
    _hash("default_attrs", In((5, 2), "int32", low=0, high=100)),
    _hash("mod_by_1", In((3, 2), "int64", low=0, high=100), num_hash=2, mod_by=1),
    _hash("int32_mod_by_big", In((3, 2), "int32", low=-50, high=50), num_hash=4, mod_by=_BIG),
    _hash("int64_mod_by_negative", In((3, 4), "int64", low=-50, high=50), num_hash=2,
          mod_by=-7),
    _hash("num_hash_0", In((3, 2), "int32", low=0, high=9), num_hash=0),
    _hash("lod", LoDIn((5, 1), "int64", low=0, high=30, lod=((0, 2, 5),)), num_hash=2,
          mod_by=1000),
    _hash("empty_rows", In((0, 2), "int32"), num_hash=2),
    _hash("no_columns", In((3, 0), "int64"), num_hash=2),
]
