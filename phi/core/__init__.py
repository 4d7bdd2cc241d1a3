"""PHI core: tensors, device contexts, kernel keys, registration and selection."""
