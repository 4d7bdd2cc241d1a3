"""Team F's dtype lists."""

from phi.common import DataType

HALF_T = DataType.FLOAT32
WIDE_T = DataType.FLOAT64
I32_T = DataType.INT32
I64_T = DataType.INT64
REAL_KINDS = (DataType.FLOAT32, DataType.FLOAT64)
ALL_KINDS = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)
