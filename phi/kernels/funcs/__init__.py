"""Math shared by PHI kernels and legacy fluid kernels (array module passed in)."""
