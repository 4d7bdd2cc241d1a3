"""The tensors of tests/io/data/unsigned_float8/ (written by make_paddle_fixtures.py).

var name -> (fluid VarType name, NumPy type of the stored bits, the stored bits). The
float8 tensors are given as their raw bytes (uint8): the bit patterns include NaN,
infinity (e5m2), -0, the largest finite value and subnormals.
"""

UNSIGNED_FLOAT8 = {
    "f8_e4m3fn": ("FP8_E4M3FN", "uint8", [[0x00, 0x38, 0x80, 0x7E], [0x7F, 0xFF, 0x01, 0xC4]]),
    "f8_e5m2": ("FP8_E5M2", "uint8", [[0x00, 0x3C, 0x80, 0x7B], [0x7C, 0xFC, 0x7E, 0x01]]),
    "u16": ("UINT16", "<u2", [[0, 1, 0x8000, 0xFFFF], [0x1234, 0xABCD, 7, 0x7FFF]]),
    "u32": ("UINT32", "<u4", [[0, 1, 0x80000000, 0xFFFFFFFF], [0x12345678, 3, 0x7FFFFFFF, 9]]),
    "u64": ("UINT64", "<u8", [[0, 1, 1 << 63, (1 << 64) - 1], [0x123456789ABCDEF0, 5, 6, 7]]),
}
