"""Per-device pieces: CPUContext on NumPy, GPUContext on CuPy, and the context pool."""
