"""Ops whose own rules refuse verify's plain derived inputs: each needs inputs shaped or
valued a way only a fallback case gives."""

from . import shaped, valued  # noqa: F401
