"""Team P's helper module: no ops, only what the op modules share."""

from phi.common import DataType

FLOAT_TYPES = (DataType.FLOAT32, DataType.FLOAT64)


def clip01(xp, v):
    return xp.clip(v, 0, 1)
