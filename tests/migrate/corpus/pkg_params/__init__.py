"""Team P: kernels gathering what they read of their context into parameter objects."""
