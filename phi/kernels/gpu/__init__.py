"""GPU registrations of PHI kernels (CuPy; registered everywhere, runnable with a CUDA device)."""
