"""Team C: kernels reading their attributes and place through helpers taking ctx."""
