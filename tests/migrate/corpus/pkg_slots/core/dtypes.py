from phi.common import DataType

REAL = (DataType.FLOAT32, DataType.FLOAT64)
