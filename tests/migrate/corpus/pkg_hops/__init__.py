"""Team H: template kernels calling ctx helpers of a third module, and a helper reading
the attributes its `*names` name."""
