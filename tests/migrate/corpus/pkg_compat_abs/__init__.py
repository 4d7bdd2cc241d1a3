"""Team C: the framework re-exported by `_compat` (no `__all__`) and `_fw` (with one, the
team's own names), every module importing them by absolute name."""

from pkg_compat_abs.ops import aliased, bare, based, listed, named, teamed  # noqa: F401
