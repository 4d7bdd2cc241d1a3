"""Team S: kernels running the clamps of `kit` on their own context."""
