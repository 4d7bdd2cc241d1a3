"""Errors raised while reading or writing model and parameter files."""

from __future__ import annotations

import os
from typing import Any


class ModelFormatError(ValueError):
    """A model or parameter file is missing, malformed, or contradicts its program.

    The message names the file and (when one is concerned) the variable, and
    says what was expected and what was found. The same facts are kept as
    attributes: `path`, `var`, `expected`, `found`.
    """

    def __init__(self, problem: str, *, path: str | os.PathLike[str] | None = None,
                 var: str | None = None, expected: Any = None, found: Any = None) -> None:
        self.problem = problem
        self.path = os.fspath(path) if path is not None else None
        self.var = var
        self.expected = expected
        self.found = found
        text = ""
        if self.path is not None:
            text += f"{self.path}: "
        if var is not None:
            text += f"variable '{var}': "
        text += problem
        if expected is not None or found is not None:
            text += f" (expected {expected}, found {found})"
        super().__init__(text)


class MissingModelFileError(ModelFormatError, FileNotFoundError):
    """A model or parameter file that the program needs does not exist."""
