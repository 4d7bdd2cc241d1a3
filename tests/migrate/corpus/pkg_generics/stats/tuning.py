"""Retunes a base module from outside: rebinds its type variable."""

from __future__ import annotations

from typing import TypeVar

from . import attr_params


def retype():
    attr_params.P = TypeVar("P", bound=float)
