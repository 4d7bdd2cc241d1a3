"""The API over PHI kernels: `call` runs one by name (what generated functions do)."""
