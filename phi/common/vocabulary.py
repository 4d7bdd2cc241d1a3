"""`Vocabulary`: the base of every closed set of words fluidphi reads or writes.

Members are their own text (JSON and tables show the value); `parse` accepts only
the listed words and says which they are.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

V = TypeVar("V", bound="Vocabulary")


class Vocabulary(str, Enum):
    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls: type[V], text: object) -> V:
        """The member spelled `text`; ValueError naming the allowed words otherwise."""
        if isinstance(text, cls):
            return text
        try:
            return cls(text)
        except ValueError:
            words = ", ".join(m.value for m in cls)
            raise ValueError(f"{text!r} is not a {cls.__name__} (expected one of: {words})"
                             ) from None
