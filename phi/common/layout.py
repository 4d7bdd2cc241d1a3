"""`DataLayout`: the memory format of a tensor (and of a kernel key)."""

from __future__ import annotations

from enum import IntEnum


class DataLayout(IntEnum):
    """Layouts a tensor or kernel can have.

    ``ALL_LAYOUT`` (== ``UNDEFINED`` == ``ANY``) matches every layout during
    kernel selection. Values follow fluid's ``DataLayout`` proto numbering
    where one exists (kNHWC = 0 there is shifted here to keep UNDEFINED = 0).
    """

    UNDEFINED = 0
    NHWC = 1
    NCHW = 2
    NCDHW = 3
    NDHWC = 4
    ONEDNN = 5
    SPARSE_COO = 6
    SPARSE_CSR = 7
    PSTRING_UNION = 8
    ALL_LAYOUT = 0
    ANY = 0

    def __str__(self) -> str:
        return "ALL_LAYOUT" if self is DataLayout.UNDEFINED else self.name

    @classmethod
    def from_str(cls, text: str) -> DataLayout:
        """Parse a layout string as op attributes spell it ("NCHW", "AnyLayout", ...)."""
        norm = text.strip().upper()
        aliases = {"ANYLAYOUT": cls.ANY, "ANY": cls.ANY, "": cls.ANY, "MKLDNN": cls.ONEDNN}
        if norm in aliases:
            return aliases[norm]
        try:
            return cls[norm]
        except KeyError:
            raise ValueError(
                f"unknown data layout {text!r}; expected one of "
                f"{', '.join(m for m in cls.__members__)}"
            ) from None
