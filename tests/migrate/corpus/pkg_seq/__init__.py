"""Sequence ops whose kernels need a LoD on X (tests/migrate/test_migrate_package_seq.py)."""

from . import scans  # noqa: F401  (registers the ops)
