"""`AttributeType`: the types a kernel attribute can have, named by their Python hints."""

from __future__ import annotations

from phi.common.vocabulary import Vocabulary


class AttributeType(Vocabulary):
    """A kernel attribute's type, named by its Python hint (PHI's AttributeType)."""

    BOOL = "bool"
    INT = "int"
    FLOAT = "float"
    STR = "str"
    BOOLS = "list[bool]"
    INTS = "list[int]"
    FLOATS = "list[float]"
    STRS = "list[str]"
    SCALAR = "Scalar"
    SCALARS = "list[Scalar]"
    INT_ARRAY = "IntArray"
    DATA_TYPE = "DataType"
    DATA_LAYOUT = "DataLayout"
