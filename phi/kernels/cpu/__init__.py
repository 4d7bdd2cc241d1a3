"""CPU registrations of PHI kernels (NumPy)."""
